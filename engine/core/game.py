"""The game interface. Every engine implements :class:`GameState` and describes itself
with a :class:`Game` value, registered through the ``tabletop_arena.games`` entry point.

The state API follows OpenSpiel's shape, extended for simultaneous decisions:

- ``pending_seats()``: the seats that owe a decision now. Usually one; several during a
  simultaneous step (each decides without seeing the others' pending choices).
- ``decision(seat)``: that seat's :class:`Decision` (kind and small option list).
- ``apply(seat, index)``: choose an option by index; illegal input raises
  :class:`IllegalChoice` and leaves the state unchanged.
- ``observation(seat)``: everything that seat may know, nothing more. This is the only
  gate for hidden information. ``observation(SPECTATOR)`` is the public view (what every
  seat knows), for games whose :class:`GameInfo` says ``spectator``.
- ``is_terminal()`` / ``result()``.

Randomness comes only from the state's own :class:`GameRng`, seeded at creation, so a
game is a pure function of (config, seed, choices).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, cast

from engine.core.board import BoardView
from engine.core.bot import BotFactory
from engine.core.decision import Decision
from engine.core.option import Option
from engine.core.result import Result
from engine.core.rng import GameRng
from engine.core.wire import WireCodec

SPECTATOR = -1
"""The seat of someone watching: ``observation(SPECTATOR)`` holds public information only."""


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How to set a game up: seat count, engine options, and optional card data.

    ``cards`` is the *text* of a user-supplied card file (not a path), so a replay that
    carries its config is self-contained. ``None`` means the embedded defaults.
    """

    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    cards: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "options": dict(self.options), "cards": self.cards}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameConfig:
        return cls(int(data["players"]), dict(data.get("options", {})), data.get("cards"))


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static metadata: the shape of a game before any rule is read.

    With ``hidden_information`` a search bot must determinize before simulating (without
    it, ``mcts`` samples once and simulates on clones of that state); with
    ``simultaneous_decisions`` several seats may be pending at once; ``chance`` says the
    state's rng drives shuffles and draws (so clones fork it). Bot authors and tools read
    the last two; ``tests/core/test_game_contract.py`` holds every installed game to all
    of them and to ``GameState.clone`` being an independent copy that replays identically.

    ``spectator``: the game's observation gate answers ``observation(SPECTATOR)`` with the
    public view (no hand, no private log, no pending choice); spectators of a live match
    see only that, so a game without it shows them no board until the match is over.
    """

    game_id: str
    name: str
    min_players: int
    max_players: int
    hidden_information: bool
    simultaneous_decisions: bool
    chance: bool = True
    spectator: bool = False


class GameState(ABC):
    """A game in progress. Mutable; ``clone()`` gives an independent copy cheaply."""

    __slots__ = ()

    @abstractmethod
    def pending_seats(self) -> tuple[int, ...]:
        """Seats that owe a decision now, ascending. Empty iff the game is over."""

    @abstractmethod
    def decision(self, seat: int) -> Decision:
        """The pending decision of ``seat``. Raises NotYourTurn if it owes none."""

    @abstractmethod
    def apply(self, seat: int, index: int) -> None:
        """Choose option ``index`` of ``seat``'s pending decision."""

    @abstractmethod
    def observation(self, seat: int) -> Any:
        """What ``seat`` may know: an immutable, equality-comparable value.

        ``seat`` may be :data:`SPECTATOR` when the game's info says ``spectator``.
        """

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """The final result. Only valid when terminal."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy (no deepcopy: games copy their own structures)."""

    def describe_option(self, seat: int, index: int) -> str:
        """A short human-readable label for one option (for logs and replays)."""
        return str(self.decision(seat).options[index])

    def describe_options(self, seat: int) -> list[str]:
        """The label of every option of ``seat``'s decision, in order (what
        ``describe_option`` gives for each; a game may list them in one go)."""
        return [self.describe_option(seat, i) for i in range(len(self.decision(seat).options))]

    def public_log(self) -> tuple[str, ...]:
        """Human-readable public events so far, for replay printing."""
        return ()


class ShellState(GameState):
    """A :class:`GameState` that wraps a game's plain data object ``s`` (which has a
    ``terminal`` flag and its own ``clone()``), and whose options label themselves with
    ``option.describe(s, seat)``: the part every game's state shell shares."""

    __slots__ = ("s",)

    def __init__(self, s: Any) -> None:
        self.s = s

    def is_terminal(self) -> bool:
        return self.s.terminal

    def clone(self) -> ShellState:
        return type(self)(self.s.clone())

    def _options(self, seat: int) -> Sequence[Option]:
        return cast("Sequence[Option]", self.decision(seat).options)

    def describe_option(self, seat: int, index: int) -> str:
        return self._options(seat)[index].describe(self.s, seat)

    def describe_options(self, seat: int) -> list[str]:
        s = self.s
        return [option.describe(s, seat) for option in self._options(seat)]


@dataclass(frozen=True, slots=True)
class Search:
    """What a game gives the generic search bot (:mod:`engine.toolkit.mcts`).

    - ``sample(observation, rng)``: a full state consistent with the observation (whose
      seat is the observer), hidden parts drawn from ``rng``. It reads the observation
      only, so it cannot leak hidden truth.
    - ``policy(state, seat, rng)``: the game's fast rollout policy, an option index for
      ``seat`` (it may read the sampled state); None plays uniformly at random.
    - ``horizon(start, now)``: True to stop a rollout early (end of a round or season);
      ``evaluate(start, now)`` then scores each seat in [0, 1]. Without them rollouts
      run to the end and score by rank.
    - ``defaults``: the game's default ``mcts`` parameters (its default budget).
    - ``seen(state, seat)``: a hashable key of what ``seat`` holds and has privately
      learned in ``state``; ``mcts`` with ``seen=true`` keeps that seat's decisions apart
      by it. None: the option is not offered.
    """

    sample: Callable[[Any, GameRng], GameState]
    policy: Callable[[GameState, int, GameRng], int] | None = None
    horizon: Callable[[GameState, GameState], bool] | None = None
    evaluate: Callable[[GameState, GameState], Sequence[float]] | None = None
    defaults: Mapping[str, Any] = field(default_factory=dict)
    seen: Callable[[GameState, int], Hashable] | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """A game: metadata, the factory ``new_state(config, seed)`` and what services need.

    ``validate_config`` raises ConfigError for an unusable config. ``observation_to_json``
    turns an observation into plain JSON data (for logs and --json output). ``wire``
    lazily builds the protobuf codec (imported only by services that need it; None: remote
    bots see option labels only). ``card_text`` returns the embedded card file, which the
    gateway sends to bots so they can read every card's numbers. ``board`` lazily builds
    the game's SVG :class:`~engine.core.board.BoardView` (for the web front end; None: no
    board drawn). ``bots`` are the game's own built-in bots (``random`` and, with
    ``search``, ``mcts`` come from :mod:`engine.toolkit.bots`).
    """

    info: GameInfo
    new_state: Callable[[GameConfig, int], GameState]
    validate_config: Callable[[GameConfig], None]
    observation_to_json: Callable[[Any], Any]
    default_options: Mapping[str, Any] = field(default_factory=dict)
    wire: Callable[[], WireCodec] | None = None
    card_text: Callable[[], str] | None = None
    board: Callable[[], BoardView] | None = None
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    search: Search | None = None

    @property
    def game_id(self) -> str:
        return self.info.game_id

    def determinize(self, source: GameState | Any, seat: int, rng: GameRng) -> GameState:
        """A full state consistent with what ``seat`` may know, hidden parts from ``rng``.

        ``source`` is a state or ``seat``'s observation; a state is reduced to
        ``observation(seat)`` first, so the sample never depends on hidden truth.
        """
        if self.search is None:
            raise NotImplementedError(f"{self.game_id} cannot be determinized")
        observation = source.observation(seat) if isinstance(source, GameState) else source
        return self.search.sample(observation, rng)


def lazy(module: str, name: str) -> Callable[[], Any]:
    """A factory for :class:`Game`'s ``wire`` and ``board``: the first call imports
    ``module``, and each call returns a new ``name()`` from it. Rules and bots never load
    the protobuf and SVG code those need."""

    def make() -> Any:
        return getattr(import_module(module), name)()

    make.__qualname__ = f"lazy({module}.{name})"
    return make
