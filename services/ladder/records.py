"""What a ladder stores, and the pure step that settles one match into it.

Both stores keep the same four things per game: a rating per bot, a :class:`BotTally`
per bot, an :class:`AppliedMatch` per match id, and a bounded list of
:class:`RatingPoint` per bot (its rating history). :func:`settle_match` turns the
current values for a match's participants into the new ones, so the memory and Redis
stores differ only in how they read and write atomically.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from services.ladder.elo import (
    DEFAULT_K,
    INITIAL_RATING,
    match_deltas,
    mean_seat_ranks,
    round_rating,
    win_shares,
)


@dataclass(frozen=True, slots=True)
class BotTally:
    """Order-independent counters of one bot in one game's ladder."""

    games: int = 0
    wins: float = 0.0
    rank_sum: float = 0.0

    def to_json(self) -> str:
        return json.dumps({"games": self.games, "wins": self.wins, "rank_sum": self.rank_sum})

    @classmethod
    def from_json(cls, text: str | bytes) -> BotTally:
        data = json.loads(text)
        return cls(int(data["games"]), float(data["wins"]), float(data["rank_sum"]))


@dataclass(frozen=True, slots=True)
class LadderEntry:
    """One row of a ladder: a bot's rating and statistics in one game.

    ``wins`` counts first places, a k-way tie for first giving 1/k each; ``mean_rank`` is
    the mean finishing rank (1 = best) over ``games``.
    """

    name: str
    rating: float
    games: int
    wins: float
    mean_rank: float

    @classmethod
    def from_tally(cls, name: str, rating: float, tally: BotTally) -> LadderEntry:
        mean = tally.rank_sum / tally.games if tally.games else 0.0
        return cls(name, rating, tally.games, tally.wins, mean)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rating": self.rating,
            "games": self.games,
            "wins": self.wins,
            "mean_rank": self.mean_rank,
        }


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A bot's rating right after one of its matches: one point of its rating history.

    ``at`` is the Unix time (seconds) the store applied the match.
    """

    match_id: str
    rating: float
    at: float

    def to_json(self) -> dict[str, Any]:
        return {"match_id": self.match_id, "rating": self.rating, "at": self.at}


@dataclass(frozen=True, slots=True)
class AppliedMatch:
    """The record of a match already counted: kept so a repeat changes nothing.

    ``seq`` is its 1-based position in the order the game's ladder applied matches.
    """

    match_id: str
    seq: int
    participants: tuple[str, ...]
    ranks: tuple[int, ...]
    deltas: Mapping[str, float]

    def same_result(self, participants: Sequence[str], ranks: Sequence[int]) -> bool:
        return self.participants == tuple(participants) and self.ranks == tuple(ranks)

    def to_json(self) -> str:
        """JSON of everything but ``seq``, which a store keeps beside the record."""
        return json.dumps({
            "match_id": self.match_id,
            "participants": list(self.participants),
            "ranks": list(self.ranks),
            "deltas": dict(self.deltas),
        })

    @classmethod
    def from_json(cls, text: str | bytes, seq: int) -> AppliedMatch:
        data = json.loads(text)
        return cls(
            data["match_id"],
            seq,
            tuple(data["participants"]),
            tuple(int(r) for r in data["ranks"]),
            {str(k): float(v) for k, v in data["deltas"].items()},
        )


@dataclass(frozen=True, slots=True)
class MatchSettlement:
    """Everything one match writes: new ratings and tallies of its participants, and
    the record that makes a repeat of its id a no-op."""

    ratings: dict[str, float]
    tallies: dict[str, BotTally]
    record: AppliedMatch


def settle_match(
    match_id: str,
    seq: int,
    participants: Sequence[str],
    ranks: Sequence[int],
    ratings: Mapping[str, float | None],
    tallies: Mapping[str, BotTally | None],
    k: float = DEFAULT_K,
) -> MatchSettlement:
    """Apply one match to the current ratings and tallies of its participants.

    ``ratings`` and ``tallies`` map each distinct participant to its current value, or
    ``None`` for a bot new to this ladder. Each distinct participant counts one game;
    its rank for the statistics is the mean over the seats it held.
    """
    current: dict[str, float] = {}
    for name in participants:
        value = ratings.get(name)
        current[name] = INITIAL_RATING if value is None else float(value)
    deltas = match_deltas(participants, ranks, current, k)
    shares = win_shares(participants, ranks)
    seat_ranks = mean_seat_ranks(participants, ranks)
    new_ratings: dict[str, float] = {}
    new_tallies: dict[str, BotTally] = {}
    for name, delta in deltas.items():
        old = tallies.get(name) or BotTally()
        new_ratings[name] = round_rating(current[name] + delta)
        new_tallies[name] = BotTally(
            old.games + 1, old.wins + shares[name], old.rank_sum + seat_ranks[name]
        )
    record = AppliedMatch(match_id, seq, tuple(participants), tuple(ranks), deltas)
    return MatchSettlement(new_ratings, new_tallies, record)
