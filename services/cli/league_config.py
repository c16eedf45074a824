"""``arena league --config FILE``: the YAML file, read and checked into a league plan.

```yaml
queues:
  - game: monster-my-neighbor
    players: 4
    entrants: [random, heuristic, go=clients/go, mybot]
    # optional, as arena serve's --config: options, id, fill, cards
matchmaking:        # optional; the defaults below
  rating: mu        # what proximity is measured in: mu (the skill's mean) or elo
  spread: 3         # accepted at once (mu: 3; elo: 100 points)
  widen: 1          # more per second waited (mu: 1; elo: 50)
  gather: 5         # seconds until any spread goes and short tables get fill seats
  cooldown: 0       # seconds before the same line-up meets again
```

An entrant is ``SPEC`` or ``NAME=SPEC`` (or ``{name: ..., bot: ...}``), tried in this
order: a bot directory (a path, relative to the working directory or else to the file;
its ladder name is NAME or its manifest's), a built-in bot of the game (``builtin:SPEC``
unless named), a submitted bot (``arena bots submit``: its newest version, ``NAME:vN``;
``NAME:vN`` names one version). Every problem is one line naming the file, the queue and
the entrant.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import yaml

from engine.core import ConfigError
from engine.toolkit.bots import make_bot
from services.botdir import find_bot_dir
from services.cli.serve_queues import build_queue, config_queue_entries
from services.gateway.queues import check_distinct
from services.league.plan import (
    RATINGS,
    LeagueEntrant,
    LeaguePlan,
    LeagueQueue,
    builtin_label,
    submitted_spec,
)
from services.matchmaking.policy import Policy
from services.tournament.entrants import Entrant, bot_dir_entrant, entrant_item

_QUEUE_KEYS = ("game", "players", "options", "id", "fill", "cards", "entrants")
_MATCHMAKING_KEYS = ("rating", "spread", "widen", "gather", "cooldown")
_DEFAULTS = {"mu": {"spread": 3.0, "widen": 1.0}, "elo": {"spread": 100.0, "widen": 50.0}}
DEFAULT_GATHER = 5.0
_VERSION = re.compile(r"(.+):v([1-9][0-9]*)")


class Submitted:
    """Looks submitted bots up (in Redis, opened when first needed)."""

    def __init__(self, redis_url: str | None, key_prefix: str) -> None:
        self.redis_url = redis_url
        self.key_prefix = key_prefix
        self._store: Any = None

    def find(self, spec: str) -> tuple[str, str] | None:
        """(label, worker spec) of the submitted bot ``spec`` names, or None."""
        from services.botstore import BotStore

        if self.redis_url is None:
            return None
        if self._store is None:
            self._store = BotStore(self.redis_url, self.key_prefix)
        pinned = _VERSION.fullmatch(spec)
        name = pinned.group(1) if pinned else spec
        versions = self._store.versions(name)
        if pinned:
            versions = [v for v in versions if v.version == int(pinned.group(2))]
        if not versions:
            return None
        version = versions[-1]
        return version.label, submitted_spec(version.hash)

    def close(self) -> None:
        if self._store is not None:
            self._store.close()


def read_league(path: Path, submitted: Submitted) -> tuple[LeaguePlan, list[Entrant]]:
    """The league plan of the file at ``path``, and the bot directories among its
    entrants (to ship to the workers); ConfigError on anything wrong."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise ConfigError(f"--config {path}: cannot read it: {exc}") from None
    if not isinstance(data, dict) or "queues" not in data \
            or not set(data) <= {"queues", "matchmaking"}:
        raise ConfigError(f"--config {path}: wants queues (a list of queues) and optionally "
                          "matchmaking")
    rating, settings = _matchmaking(path, data.get("matchmaking") or {})
    queues, directories = [], []
    for where, fields in config_queue_entries(path, data["queues"], _QUEUE_KEYS,
                                              ("game", "players", "entrants"), min_players=2):
        items = fields.pop("entrants")
        spec = build_queue(where, fields, "random")
        if not isinstance(items, list) or not items:
            raise ConfigError(f"{where}: entrants must be a non-empty list")
        entrants = []
        for item in items:
            try:
                name, bot = entrant_item(item)
            except ConfigError as exc:
                raise ConfigError(f"{where}: {exc}") from None
            entrant, directory = _entrant(where, spec.game, name, bot, path.parent, submitted)
            entrants.append(entrant)
            if directory is not None:
                directories.append(directory)
        labels = [e.label for e in entrants]
        repeated = sorted({label for label in labels if labels.count(label) > 1})
        if repeated:
            raise ConfigError(f"{where}: entrants must differ (repeated: "
                              f"{', '.join(repeated)}); name them with NAME=SPEC")
        policy = Policy(players=spec.players, min_bots=min(spec.players, len(entrants)),
                        spread=settings["spread"], widen=settings["widen"],
                        full_after=settings["gather"], cooldown=settings["cooldown"])
        queues.append(LeagueQueue(spec, tuple(entrants), policy))
    try:
        check_distinct([q.spec for q in queues])
    except ValueError as exc:
        raise ConfigError(f"--config {path}: {exc}") from None
    return LeaguePlan(tuple(queues), rating), directories  # type: ignore[arg-type]


def _matchmaking(path: Path, given: Any) -> tuple[str, dict[str, float]]:
    where = f"--config {path}, matchmaking"
    if not isinstance(given, dict):
        raise ConfigError(f"{where}: wants a mapping ({', '.join(_MATCHMAKING_KEYS)})")
    unknown = sorted(set(map(str, given)) - set(_MATCHMAKING_KEYS))
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r} (keys: "
                          f"{', '.join(_MATCHMAKING_KEYS)})")
    rating = str(given.get("rating", "mu"))
    if rating not in RATINGS:
        raise ConfigError(f"{where}: rating is one of {', '.join(RATINGS)}, not {rating!r}")
    settings = {**_DEFAULTS[rating], "gather": DEFAULT_GATHER, "cooldown": 0.0}
    for key in ("spread", "widen", "gather", "cooldown"):
        if key in given:
            value = given[key]
            if isinstance(value, bool) or not isinstance(value, int | float) \
                    or not math.isfinite(value) or value < 0:
                raise ConfigError(f"{where}: {key} must be a number >= 0, not {value!r}")
            settings[key] = float(value)
    return rating, settings


def _entrant(where: str, game: str, name: str | None, bot: str, base: Path,
             submitted: Submitted) -> tuple[LeagueEntrant, Entrant | None]:
    directory = find_bot_dir(bot)
    if directory is None and not Path(bot).is_absolute():
        directory = find_bot_dir(str(base / bot))
    if directory is not None:
        try:
            entrant = bot_dir_entrant(name, bot, directory)
        except ConfigError as exc:
            raise ConfigError(f"{where}: entrant {bot!r}: {exc}") from None
        return LeagueEntrant(entrant.name, entrant.worker_spec), entrant
    try:
        make_bot(game, bot)
    except ConfigError:
        pass
    else:
        return LeagueEntrant(name or builtin_label(bot), bot), None
    found = submitted.find(bot)
    if found is not None:
        label, spec = found
        return LeagueEntrant(name or label, spec), None
    looked = "submitted bots (arena bots list)" if submitted.redis_url else \
        "submitted bots (none without --redis)"
    raise ConfigError(f"{where}: entrant {bot!r} is not a bot directory, a built-in bot of "
                      f"{game} or one of the {looked}")
