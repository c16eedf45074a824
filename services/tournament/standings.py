"""Per-bot statistics of a tournament, accumulated one match record at a time.

Sums are kept as exact fractions, so the totals do not depend on the order in which
workers report games: one worker or many give identical standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from services.runner.batch import MatchRecord
from services.tournament.shares import first_place_shares


@dataclass(slots=True)
class BotTally:
    """Running totals of one bot over the seats it played."""

    seats: int = 0
    wins: Fraction = field(default_factory=Fraction)
    score_sum: Fraction = field(default_factory=Fraction)
    rank_sum: int = 0

    def add(self, score: float, rank: int, win_share: Fraction) -> None:
        self.seats += 1
        self.wins += win_share
        self.score_sum += Fraction(score)
        self.rank_sum += rank

    @property
    def mean_score(self) -> float | None:
        return float(self.score_sum / self.seats) if self.seats else None

    @property
    def mean_rank(self) -> float | None:
        return self.rank_sum / self.seats if self.seats else None

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.seats,
            "wins": float(self.wins),
            "mean_score": self.mean_score,
            "mean_rank": self.mean_rank,
        }


class Standings:
    """Tallies of every bot of a tournament, plus the number of games and decisions."""

    def __init__(self, bots: Sequence[str]) -> None:
        self.tallies: dict[str, BotTally] = {name: BotTally() for name in bots}
        self.games = 0
        self.decisions = 0
        # Timings vary run to run: reported for people, kept out of the compared results.
        self.engine_seconds = 0.0
        self.bot_seconds = 0.0

    def add(self, record: MatchRecord) -> None:
        shares = first_place_shares(record.ranks, record.scores)
        for seat, name in enumerate(record.labels):
            self.tallies[name].add(record.scores[seat], record.ranks[seat], shares[seat])
        self.games += 1
        self.decisions += record.decisions
        self.engine_seconds += record.engine_seconds
        self.bot_seconds += record.bot_seconds

    def bots_json(self) -> dict[str, dict[str, Any]]:
        return {name: tally.to_json() for name, tally in self.tallies.items()}
