"""The ladder store contract and its errors.

A store holds registered bots (by token digest) and, per game, an Elo ladder and the
solo standings (one-seat matches, counted by score, not rated). Two
implementations share this contract: :class:`~services.ladder.memory_store.MemoryStore`
(in-process, the embedded default) and :class:`~services.ladder.redis_store.RedisStore`.
Validation and the rating maths live here and in :mod:`services.ladder.records`; an
implementation only supplies atomic reads and writes. :func:`~services.ladder.factory.open_store`
picks the implementation for a URL.
"""

from __future__ import annotations

import json
import math
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from types import TracebackType

from services.ladder.elo import DEFAULT_K, MAX_SEATS, validate_names, validate_result
from services.ladder.records import (
    LADDER_ORDERS,
    AppliedMatch,
    AppliedSolo,
    LadderChanges,
    LadderEntry,
    RatingPoint,
    SoloEntry,
)
from services.ladder.tokens import hash_token, new_token, validate_bot_name

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
_VALID_GAME_IDS: set[str] = set()
# Participant names that passed validation: a match of names seen before is checked by
# one set lookup. Names are few (registered bots, fill labels); the bound is a safety net.
_VALID_NAMES: set[str] = set()
_MAX_VALID_NAMES = 100_000
_INT_ONLY = {int}
MAX_MATCH_ID = 200
MAX_PARTICIPANT_NAME = 128
# Rating-history points kept per bot and game (the newest ones).
DEFAULT_HISTORY = 1000
# Matches per game whose participants a store remembers for ladder_changes (the newest).
RECENT_MATCHES = 1000


class StoreError(Exception):
    """Base of every ladder-store error."""


class BotAlreadyRegistered(StoreError):
    """``register_bot`` for a name that already has a token (pass ``rotate=True``)."""


class MatchConflict(StoreError):
    """A match id was applied before with different participants or ranks."""


class StoreUnavailable(StoreError):
    """The backing server could not be reached, even after bounded retries."""


class LadderStore(ABC):
    """Bot tokens and per-game ladders (Elo and skill). Every public method is
    thread-safe."""

    def __init__(self, k: float = DEFAULT_K, history: int = DEFAULT_HISTORY) -> None:
        if history < 1:
            raise ValueError(f"the rating history keeps at least one point, got {history}")
        self.k = k
        self.history = history

    # -- bots ---------------------------------------------------------------------------

    def register_bot(self, name: str, *, rotate: bool = False) -> str:
        """Create a bot and return its new secret token (shown once, stored hashed).

        Raises BotAlreadyRegistered if ``name`` exists, unless ``rotate`` is true: then
        the old token stops working and the new one replaces it.
        """
        validate_bot_name(name)
        token = new_token()
        self._save_token(name, hash_token(token), rotate)
        return token

    def authenticate(self, token: str) -> str | None:
        """The name of the bot owning ``token``, or None for an unknown token."""
        if not isinstance(token, str) or not token:
            return None
        return self._name_for_digest(hash_token(token))

    @abstractmethod
    def registered_bots(self) -> list[str]:
        """Names of all registered bots, sorted."""

    # -- ladders ------------------------------------------------------------------------

    def apply_match(
        self, game: str, match_id: str, participants: Sequence[str], ranks: Sequence[int]
    ) -> dict[str, float]:
        """Rate one finished match, atomically and at most once per (game, match_id).

        ``participants[i]`` held seat ``i`` and finished ``ranks[i]`` (1 = best, ties
        share a rank); a name may hold several seats. Returns the rating change of each
        distinct participant. Applying a match id again changes nothing and returns the
        deltas of the first application; raises MatchConflict if the repeat carries
        different participants or ranks.
        """
        participants = list(participants)
        ranks = list(ranks)
        validate_match(game, match_id, participants, ranks)
        return self._apply(game, match_id, participants, ranks)

    def applied_match(self, game: str, match_id: str) -> AppliedMatch | None:
        """The record of an applied match, or None if it was never applied."""
        validate_game_id(game)
        return self._applied_match(game, match_id)

    def applied_matches(self, game: str) -> list[AppliedMatch]:
        """Every applied match of a game, in the order they were applied."""
        validate_game_id(game)
        return sorted(self._applied_matches(game), key=lambda m: m.seq)

    def ladder(
        self, game: str, limit: int | None = None, order: str = "elo",
    ) -> list[LadderEntry]:
        """The game's ladder, best first: by Elo rating (``order="elo"``) or by skill,
        mu - 3 sigma (``order="skill"``), descending, then name ascending."""
        validate_game_id(game)
        if order not in LADDER_ORDERS:
            raise ValueError(f"a ladder is ordered by one of {', '.join(LADDER_ORDERS)}, "
                             f"got {order!r}")
        entries = sorted(self._entries(game), key=lambda e: e.order_key(order))
        return entries if limit is None else entries[:limit]

    def bot_stats(self, game: str, name: str) -> LadderEntry | None:
        """One bot's ladder entry, or None if it has no rated match in this game."""
        validate_game_id(game)
        return self._entry(game, name)

    def rating_history(self, game: str, name: str, limit: int | None = None) -> list[RatingPoint]:
        """The bot's rating after each of its latest matches in ``game``, oldest first.

        The store keeps the newest ``history`` points per bot and game; ``limit`` returns
        only the newest ``limit`` of those. Empty for a bot with no rated match.
        """
        validate_game_id(game)
        if limit is not None and limit < 1:
            raise ValueError(f"limit must be at least 1, got {limit}")
        return self._history(game, name, min(limit or self.history, self.history))

    def last_rated(self, game: str, names: Sequence[str]) -> dict[str, RatingPoint]:
        """Each named bot's newest rating point in ``game`` (the web's "last active"),
        read at once; bots with no rated match there are left out."""
        validate_game_id(game)
        return self._last_rated(game, list(names))

    def ladder_version(self, game: str) -> int | None:
        """A number that changes whenever the game's ladder (ratings, tallies, rating
        histories) changes: the count of applied matches, read in one cheap step, so a
        reader can keep what it built from the ladder until it moves. None if this
        store cannot tell."""
        validate_game_id(game)
        return self._ladder_version(game)

    def ladder_changes(self, game: str, since: int) -> LadderChanges | None:
        """The ladder's version now and the entries of the bots whose rows moved after
        version ``since`` (every participant of a match applied since), read in one
        atomic step: a reader holding the ladder of version ``since`` replaces those
        rows and has the ladder of the returned version. None if the store cannot
        tell: ``since`` is ahead of the ladder, or more than :data:`RECENT_MATCHES`
        matches behind it (the store remembers the participants of that many).
        Then read the whole :meth:`ladder` again."""
        validate_game_id(game)
        if since < 0:
            raise ValueError(f"a ladder version is at least 0, got {since}")
        return self._ladder_changes(game, since)

    # -- queues -------------------------------------------------------------------------

    def register_queue(self, queue: str, description: Mapping[str, object]) -> None:
        """Record that ladder ``queue`` is a queue's (a gateway hosts it), with its
        ``description`` (game, players, options: anything JSON), so readers can list
        every queue's ladder. Registering it again replaces the description."""
        validate_game_id(queue)
        self._save_queue(queue, json.dumps(dict(description), sort_keys=True))

    def queues(self) -> dict[str, dict[str, object]]:
        """Every registered queue's description, by queue id (sorted)."""
        found = {}
        for queue, text in sorted(self._queues().items()):
            try:
                value = json.loads(text)
            except ValueError:
                continue  # not ours to read: left out
            if isinstance(value, dict):
                found[queue] = value
        return found

    def _save_queue(self, queue: str, description: str) -> None:
        raise NotImplementedError

    def _queues(self) -> dict[str, str]:
        return {}

    # -- solo standings -----------------------------------------------------------------

    def apply_solo(self, game: str, match_id: str, name: str, score: float) -> bool:
        """Count one finished one-seat match of ``name`` scoring ``score``, atomically and
        at most once per (game, match_id); it is not rated. True if counted now, False if
        the match id was counted before with the same bot and score; raises MatchConflict
        if it was counted with another. Solo match ids are apart from rated ones."""
        validate_game_id(game)
        validate_match_id(match_id)
        validate_names((name,))
        check_name_lengths((name,))
        if isinstance(score, bool) or not isinstance(score, int | float) \
                or not math.isfinite(score):
            raise ValueError(f"a solo score must be a finite number, got {score!r}")
        return self._apply_solo(game, match_id, name, float(score))

    def applied_solo(self, game: str, match_id: str) -> AppliedSolo | None:
        """The record of a counted solo match, or None if it was never counted."""
        validate_game_id(game)
        return self._applied_solo(game, match_id)

    def solo_standings(self, game: str, limit: int | None = None) -> list[SoloEntry]:
        """The game's solo standings, best first (mean score, then best score descending,
        then name ascending)."""
        validate_game_id(game)
        entries = sorted(self._solo_entries(game), key=lambda e: (-e.mean, -e.best, e.name))
        return entries if limit is None else entries[:limit]

    def solo_stats(self, game: str, name: str) -> SoloEntry | None:
        """One bot's solo standing, or None if it finished no solo match of ``game``."""
        validate_game_id(game)
        return self._solo_entry(game, name)

    @abstractmethod
    def ping(self) -> None:
        """Raise StoreUnavailable if the backing server cannot be reached."""

    @abstractmethod
    def close(self) -> None:
        """Release connections; the store must not be used afterwards."""

    def __enter__(self) -> LadderStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- what an implementation provides -------------------------------------------------

    @abstractmethod
    def _save_token(self, name: str, digest: str, rotate: bool) -> None:
        """Atomically bind ``digest`` to ``name`` (dropping an old digest when rotating)."""

    @abstractmethod
    def _name_for_digest(self, digest: str) -> str | None: ...

    @abstractmethod
    def _apply(
        self, game: str, match_id: str, participants: list[str], ranks: list[int]
    ) -> dict[str, float]:
        """Atomically settle the match unless its id is recorded; return its deltas.

        Raise :func:`conflict` if the id is recorded with another result."""

    @abstractmethod
    def _applied_match(self, game: str, match_id: str) -> AppliedMatch | None: ...

    @abstractmethod
    def _applied_matches(self, game: str) -> list[AppliedMatch]: ...

    @abstractmethod
    def _entries(self, game: str) -> list[LadderEntry]: ...

    @abstractmethod
    def _entry(self, game: str, name: str) -> LadderEntry | None: ...

    @abstractmethod
    def _history(self, game: str, name: str, limit: int) -> list[RatingPoint]:
        """The newest ``limit`` points of the bot's history, oldest first."""

    def _ladder_version(self, game: str) -> int | None:
        return None

    def _ladder_changes(self, game: str, since: int) -> LadderChanges | None:
        return None

    def _last_rated(self, game: str, names: list[str]) -> dict[str, RatingPoint]:
        """One read per bot; a store that can batch them overrides this."""
        found = {}
        for name in names:
            points = self._history(game, name, 1)
            if points:
                found[name] = points[-1]
        return found

    @abstractmethod
    def _apply_solo(self, game: str, match_id: str, name: str, score: float) -> bool:
        """Atomically count the solo match unless its id is recorded; True if counted.

        Raise :func:`solo_conflict` if the id is recorded with another bot or score."""

    @abstractmethod
    def _applied_solo(self, game: str, match_id: str) -> AppliedSolo | None: ...

    @abstractmethod
    def _solo_entries(self, game: str) -> list[SoloEntry]: ...

    @abstractmethod
    def _solo_entry(self, game: str, name: str) -> SoloEntry | None:
        """One bot's solo standing, read on its own (not the whole game's standings)."""


def conflict(
    game: str, match_id: str, participants: Sequence[str], ranks: Sequence[int]
) -> MatchConflict:
    """The error for a match id already applied with these other participants/ranks."""
    return MatchConflict(
        f"match {match_id!r} of {game} was applied with participants "
        f"{list(participants)} and ranks {list(ranks)}"
    )


def solo_conflict(game: str, match_id: str, name: str, score: float) -> MatchConflict:
    """The error for a solo match id already counted for this other bot or score."""
    return MatchConflict(
        f"solo match {match_id!r} of {game} was counted for {name!r} with score {score:g}"
    )


def validate_game_id(game: str) -> None:
    if game in _VALID_GAME_IDS:
        return
    if not isinstance(game, str) or not _GAME_ID.fullmatch(game):
        raise ValueError(f"invalid game id {game!r}")
    if len(_VALID_GAME_IDS) < 1024:  # a few games per process; the bound is a safety net
        _VALID_GAME_IDS.add(game)


def validate_match(game: str, match_id: str, participants: list[str], ranks: list[int]) -> None:
    """Raise ValueError unless this is a valid rated match of a valid game and match id.

    Runs for every rated match, so a match of a known game and known names is checked
    with a few comparisons; anything else takes the detailed checks, which name the
    problem."""
    seats = len(ranks)
    try:
        if (
            game in _VALID_GAME_IDS
            and type(match_id) is str
            and 0 < len(match_id) <= MAX_MATCH_ID
            and len(participants) == seats
            and 2 <= seats <= MAX_SEATS
            and _VALID_NAMES.issuperset(participants)
            and set(map(type, ranks)) == _INT_ONLY
            and min(ranks) >= 1
            and max(ranks) <= seats
        ):
            return
    except TypeError:  # an unhashable participant: the detailed checks report it
        pass
    validate_game_id(game)
    validate_match_id(match_id)
    validate_result(participants, ranks)
    check_name_lengths(participants)
    if len(_VALID_NAMES) < _MAX_VALID_NAMES:
        _VALID_NAMES.update(participants)


def check_name_lengths(names: Sequence[str]) -> None:
    """Raise ValueError if a participant name (checked by :func:`validate_names`) is
    longer than ``MAX_PARTICIPANT_NAME``."""
    if max(map(len, names)) > MAX_PARTICIPANT_NAME:
        raise ValueError(f"participant name longer than {MAX_PARTICIPANT_NAME}")


def validate_match_id(match_id: str) -> None:
    if not isinstance(match_id, str) or not match_id or len(match_id) > MAX_MATCH_ID:
        raise ValueError(f"match ids must be 1-{MAX_MATCH_ID} characters, got {match_id!r}")
