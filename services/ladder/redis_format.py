"""How the Redis ladder store lays out its keys and writes values as text.

Keys (``P`` is the key prefix, default ``arena``). Everything one operation touches
shares a hash tag (the part in braces), so each script runs on one Redis Cluster slot:

- ``{P:bots}:digests`` hash: token SHA-256 digest -> bot name
- ``{P:bots}:names`` hash: bot name -> token digest
- ``{P:queues}`` hash: queue id (the key of its ladder, ``GAME`` below) -> the queue's
  description as JSON (game, players, options); written by each gateway at start
- ``{P:ladder:GAME}:bots`` hash: bot name -> row: rating, games, win units, rank units,
  mu, sigma packed as six little-endian doubles (a row of the first four, written
  before skills were kept, reads as the starting skill ``skill.MU0``, ``skill.SIGMA0``)
- ``{P:ladder:GAME}:matches`` hash: match id -> record: n (distinct participants), the
  seat count, seq and n deltas packed as doubles, then the result (:func:`result_text`)
- ``{P:ladder:GAME}:history:NAME`` list, newest first: rating and Unix time as two
  little-endian doubles, then the match id. It keeps the newest ``history`` points
  (the store's setting); past :func:`history_trim_length` the apply script trims it back
- ``{P:ladder:GAME}:recent`` list, newest first: for each of the newest
  ``store.RECENT_MATCHES`` matches (a quarter more before a trim), its seq as a
  little-endian double, then its distinct participants' names joined by NUL; it tells a
  reader whose rows moved since a version it holds (``ladder_changes``)
- ``{P:ladder:GAME}:solo`` hash: bot name -> solo row: games, total score, best score,
  wins packed as four little-endian doubles
- ``{P:ladder:GAME}:solo_matches`` hash: solo match id -> the score as a little-endian
  double, then the bot name

Ratings and deltas are whole millionths (``elo.RATING_UNITS``), statistics whole
``elo.TALLY_UNITS``: every such number is an integer below 2**53, exact as a double;
mu and sigma are the doubles the update computed, stored as they are.
Numbers are packed (``struct``, which Redis's Lua has too) because that is what the
apply script reads and writes fastest, with no text conversion. Deltas are in order of
first seat.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass

from services.ladder.elo import MAX_SEATS, RATING_UNITS
from services.ladder.records import (
    AppliedMatch,
    AppliedSolo,
    BotTally,
    LadderEntry,
    RatingPoint,
    SoloEntry,
)
from services.ladder.skill import MU0, SIGMA0

_ROW = struct.Struct("<dddd")
_SKILL_ROW = struct.Struct("<dddddd")
_POINT = struct.Struct("<dd")
_HEADER = struct.Struct("<ddd")
_SCORE = struct.Struct("<d")


@dataclass(frozen=True, slots=True)
class GameKeys:
    """The keys of one game's ladder."""

    bots: str
    matches: str
    history_prefix: str
    solo: str
    solo_matches: str
    recent: str

    @classmethod
    def of(cls, prefix: str, game: str) -> GameKeys:
        tag = f"{{{prefix}:ladder:{game}}}"
        return cls(f"{tag}:bots", f"{tag}:matches", f"{tag}:history:", f"{tag}:solo",
                   f"{tag}:solo_matches", f"{tag}:recent")

    def history(self, name: str) -> str:
        return self.history_prefix + name


def history_trim_length(history: int) -> int:
    """The length past which a history list is trimmed back to ``history`` points.

    Trimming on every push cost about a tenth of the apply script's server time (an
    ``LTRIM`` per participant and match); with a quarter's slack a list is trimmed once
    per ``history // 4`` pushes. Readers ask for at most ``history`` points, so the
    slack never shows; it bounds a list at 1.25 times its points."""
    return history + max(1, history // 4)


def bot_keys(prefix: str) -> tuple[str, str]:
    """The (digests, names) hashes of registered bots."""
    tag = f"{{{prefix}:bots}}"
    return f"{tag}:digests", f"{tag}:names"


def queue_key(prefix: str) -> str:
    """The hash of registered queues: queue id (its ladder's key) -> description (JSON)."""
    return f"{{{prefix}:queues}}"


def validate_key_prefix(prefix: str) -> None:
    """Raise ValueError unless ``prefix`` can start every key (no space, no braces)."""
    if not prefix or any(c.isspace() or c in "{}" for c in prefix):
        raise ValueError(f"invalid key prefix {prefix!r}: no spaces or braces")


# Seat bytes of n distinct participants: seat i holds participant i.
_IN_ORDER = tuple(bytes(range(1, n + 1)) for n in range(MAX_SEATS + 1))


def seat_bytes(participants: Sequence[str], ranks: Sequence[int]) -> tuple[list[str], bytes]:
    """The distinct participants in order of first seat, and the seat bytes: for each
    seat its participant's number (1-based), then for each seat its rank."""
    if len(set(participants)) == len(participants):  # the common case: no shared seats
        return list(participants), _IN_ORDER[len(participants)] + bytes(ranks)
    names = list(dict.fromkeys(participants))
    number = {name: i for i, name in enumerate(names, start=1)}
    return names, bytes(map(number.__getitem__, participants)) + bytes(ranks)


def result_text(participants: Sequence[str], ranks: Sequence[int]) -> bytes:
    """The canonical result a repeat of a match id must carry: the seat bytes, then the
    distinct names joined by NUL (names never contain NUL)."""
    names, seats = seat_bytes(participants, ranks)
    return seats + "\0".join(names).encode("utf-8")


def parse_result(seats: int, raw: bytes) -> tuple[tuple[str, ...], tuple[int, ...]]:
    names = raw[2 * seats :].decode("utf-8").split("\0")
    participants = tuple(names[number - 1] for number in raw[:seats])
    return participants, tuple(raw[seats : 2 * seats])


def parse_entry(name: str, row: bytes) -> LadderEntry:
    """A bot's ladder entry from its row in the ``bots`` hash."""
    if len(row) == _SKILL_ROW.size:
        rating, games, wins, ranks, mu, sigma = _SKILL_ROW.unpack(row)
    else:
        (rating, games, wins, ranks), mu, sigma = _ROW.unpack(row), MU0, SIGMA0
    tally = BotTally(int(games), int(wins), int(ranks))
    return LadderEntry.from_tally(name, rating / RATING_UNITS, tally, mu, sigma)


def parse_match(match_id: str, raw: bytes) -> AppliedMatch:
    """A match record: n, the seat count, seq and n deltas as doubles, then the result."""
    count, seats, seq = _HEADER.unpack_from(raw)
    n = int(count)
    units = struct.unpack_from(f"<{n}d", raw, _HEADER.size)
    participants, ranks = parse_result(int(seats), raw[_HEADER.size + 8 * n :])
    names = dict.fromkeys(participants)
    deltas = dict(zip(names, [unit / RATING_UNITS for unit in units], strict=True))
    return AppliedMatch(match_id, int(seq), participants, ranks, deltas)


def parse_point(raw: bytes) -> RatingPoint:
    rating, at = _POINT.unpack_from(raw)
    return RatingPoint(raw[_POINT.size :].decode("utf-8"), rating / RATING_UNITS, at)


def pack_score(score: float) -> bytes:
    return _SCORE.pack(score)


def parse_solo_entry(name: str, row: bytes) -> SoloEntry:
    """A bot's solo standing from its row in the ``solo`` hash."""
    games, total, best, wins = _ROW.unpack(row)
    return SoloEntry(name, int(games), total, best, int(wins))


def parse_solo_match(match_id: str, raw: bytes) -> AppliedSolo:
    """A solo match record: the score as a double, then the bot name."""
    (score,) = _SCORE.unpack_from(raw)
    return AppliedSolo(match_id, raw[_SCORE.size :].decode("utf-8"), score)
