"""``boss``: the strongest built-in bot of a game, a pruned and tuned ``mcts``.

It is the core's information-set MCTS (:mod:`engine.toolkit.mcts`) with two changes:

- **Root pruning by a prior.** When a decision has more than ``width`` options, the
  game's ``prior(observation, decision, rng)`` (a one-ply value per option, e.g. the
  greedy bot's heuristic on one sampled state) keeps the ``width`` best and the search
  spends its whole budget on those. Large decisions (which card, where to build) then
  get many rollouts per candidate instead of one or two per option.
- **Per-game defaults** chosen with the arena's own tools (``bench.tune`` and
  ``arena tournament --format sprt``; the trail is in ``docs/strength.md``).
- **Its own search, if the game gives one** (``boss_factory(search=...)``): e.g. Monster
  My Neighbor's boss samples hidden cards with a sharper belief than ``mcts`` does.

- **A deeper cut-off.** ``depth`` moves the rollout's horizon, where the game's
  evaluation scores the position, to ``depth`` of the game's units ahead (Ark Nova: turns),
  through the game's ``horizon_at(depth)``; 0 keeps the ``mcts`` horizon.

- **Defaults per table size** (``boss_factory(by_players=..., players=...)``): a game may
  tune the boss per seat count (Epic Resort 2p searches flat with common random
  numbers); they fill only the parameters a spec leaves out, and one bot re-fits itself
  when it is seated at a table of another size.

- **Named rule sets** (``rules``): a game may keep an earlier prior and rollout policy
  under a name (Ark Nova: ``basic``) so that a change to them can be measured against
  the previous boss in one tournament; empty (the default) uses the current ones.

- **Named evaluations** (``values``; the spec's ``value``, Ark Nova: ``basic`` and
  ``housable``): another ``Search.evaluate`` by name, for the same A/B runs, and for
  per-table-size defaults (Ark Nova's two-player boss scores with ``housable``).

Spec parameters are the ``mcts`` ones plus ``width`` (0: no pruning; 1: play the prior's
best option, i.e. the greedy bot), ``depth``, ``rules`` and ``value``. Only an iteration
budget keeps it deterministic for its rng stream; ``ms`` adds a time limit.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar

from engine.core.bot import BotFactory
from engine.core.decision import Decision
from engine.core.game import Game, GameState, Search
from engine.core.rng import GameRng
from engine.toolkit.mcts import MctsBot

T = TypeVar("T")

# A one-ply value per option of ``decision`` for the deciding seat (higher is better).
Prior = Callable[[Any, Decision, GameRng], Sequence[float]]
# A rollout horizon ``depth`` units ahead (see ``Search.horizon``).
HorizonAt = Callable[[int], Callable[[GameState, GameState], bool]]
# A named rule set: the prior and the rollout policy (``Search.policy``) it uses.
Rules = tuple[Prior, Callable[[GameState, int, GameRng], int]]
# How an observation tells the table's seat count.
Players = Callable[[Any], int]
# A ``Search.evaluate``: each seat's score in [0, 1] of a rollout's last state.
Evaluate = Callable[[GameState, GameState], Sequence[float]]


class BossBot(MctsBot):
    """See the module docstring."""

    name = "boss"
    PRIOR: Prior | None = None  # set per game by :func:`boss_factory`
    HORIZON_AT: HorizonAt | None = None  # likewise
    SEARCH: Search | None = None  # likewise: the boss's own search (None: the game's)
    RULES: Mapping[str, Rules] = {}  # likewise
    VALUES: Mapping[str, Evaluate] = {}  # likewise: other evaluations by name
    PLAYERS: Players | None = None  # likewise: needed by per-table-size defaults

    def __init__(
        self, game: Game, iterations: int = 200, ms: float = 0.0, c: float = 0.7,
        rollout: int = 0, tree: str = "all", crn: bool = False, width: int = 0,
        depth: int = 0, rules: str = "", seen: bool = False, value: str = "",
        expand: int = 1,
    ) -> None:
        super().__init__(game, iterations=iterations, ms=ms, c=c, rollout=rollout, tree=tree,
                         crn=crn, seen=seen, expand=expand)
        self.params: dict[str, Any] = {
            "iterations": iterations, "ms": ms, "c": c, "rollout": rollout, "tree": tree,
            "crn": crn, "width": width, "depth": depth, "rules": rules, "seen": seen,
            "value": value, "expand": expand}
        # Per seat count, the defaults that replace ``params`` there (see boss_factory).
        self.table_defaults: dict[int, dict[str, Any]] = {}
        self.table = 0
        own = type(self).SEARCH
        if own is not None:
            self.search = own
        if width < 0:
            raise ValueError("width must not be negative")
        prior = type(self).PRIOR
        if rules:
            prior, rollout_policy = named(game, "rules", rules, type(self).RULES)
            self.search = dataclasses.replace(self.search, policy=rollout_policy)
        self.rules = rules
        if value:
            evaluate = named(game, "value", value, type(self).VALUES)
            self.search = dataclasses.replace(self.search, evaluate=evaluate)
        self.value = value
        if width and prior is None:
            raise ValueError(f"{game.game_id} has no prior: width must be 0")
        self.width = width
        self.prior = prior
        if depth < 0:
            raise ValueError("depth must not be negative")
        horizon_at = type(self).HORIZON_AT
        if depth and horizon_at is None:
            raise ValueError(f"{game.game_id} has no horizon_at: depth must be 0")
        self.depth = depth
        if depth and horizon_at is not None:
            self.search = dataclasses.replace(self.search, horizon=horizon_at(depth))

    def fit_table(self, players: int) -> None:
        """Take this table size's defaults (the spec's own parameters stay)."""
        if players == self.table:
            return
        params, table_defaults = self.params, self.table_defaults
        type(self).__init__(self, self.game, **{**params, **table_defaults.get(players, {})})
        self.params, self.table_defaults, self.table = params, table_defaults, players

    def choose(self, observation: Any, decision: Decision, rng: GameRng) -> int:
        options = decision.options
        if len(options) == 1:
            return 0
        players = type(self).PLAYERS
        if self.table_defaults and players is not None:
            self.fit_table(players(observation))
        self.root_allowed = None
        if self.width and self.prior is not None and len(options) > self.width:
            values = self.prior(observation, decision, rng)
            ranked = sorted(range(len(options)), key=lambda i: -values[i])
            if self.width == 1:
                return ranked[0]
            self.root_allowed = frozenset(options[i] for i in ranked[: self.width])
        try:
            return super().choose(observation, decision, rng)
        finally:
            self.root_allowed = None


def named(game: Game, kind: str, name: str, table: Mapping[str, T]) -> T:
    """``table[name]``, or a clear error listing the names ``game`` has."""
    if name not in table:
        known = ", ".join(sorted(table)) or "none"
        raise ValueError(f"{game.game_id} has no {kind} {name!r} (named: {known})")
    return table[name]


def players_count(observation: Any) -> int:
    """The table's seat count of an observation with a ``players_count`` field (Epic
    Resort's, Ark Nova's): the usual ``players`` for :func:`boss_factory`."""
    return int(observation.players_count)


def boss_factory(defaults: Mapping[str, Any], prior: Prior | None = None,
                 horizon_at: HorizonAt | None = None, search: Search | None = None,
                 rules: Mapping[str, Rules] | None = None,
                 by_players: Mapping[int, Mapping[str, Any]] | None = None,
                 players: Players | None = None,
                 values: Mapping[str, Evaluate] | None = None) -> BotFactory:
    """A ``boss`` factory with a game's defaults (each one overridable by the spec);
    ``search`` replaces the game's search (e.g. another sampling) for the boss only;
    ``rules`` names earlier (prior, rollout policy) pairs and ``values`` other
    evaluations (for A/B runs, or a table size's default); ``by_players`` overrides ``defaults``
    per seat count, read from an observation by ``players``."""
    if by_players and players is None:
        raise ValueError("by_players needs players: how an observation tells the seat count")
    cls = type("BossBot", (BossBot,), {
        "PRIOR": staticmethod(prior) if prior else None,
        "HORIZON_AT": staticmethod(horizon_at) if horizon_at else None,
        "SEARCH": search,
        "RULES": dict(rules or {}),
        "VALUES": dict(values or {}),
        "PLAYERS": staticmethod(players) if players else None})
    made = partial(cls, **defaults)
    if not by_players:
        return made
    tables = {n: dict(d) for n, d in by_players.items()}

    def factory(game: Game, **params: Any) -> BossBot:
        bot = made(game, **params)
        # A parameter the spec names is the spec's at every table size.
        bot.table_defaults = {
            n: {k: v for k, v in d.items() if k not in params} for n, d in tables.items()}
        return bot

    # The spec parser reads the parameters (and their defaults) from the signature.
    factory.__signature__ = inspect.signature(made)  # type: ignore[attr-defined]
    return factory
