"""What a ladder stores, and the pure step that settles one match into it.

Both stores keep the same five things per game: an Elo rating per bot, a skill
(:mod:`services.ladder.skill`: mu and sigma) per bot, a :class:`BotTally` per bot, an
:class:`AppliedMatch` per match id, and a bounded list of :class:`RatingPoint` per bot.
:func:`settle_match` turns the current values for a match's participants into the new
ones; the Redis store runs the same arithmetic, step
for step, in its Lua script (``lua/apply_match.lua``), so both stores agree to the bit.

One-seat (solo) matches are not rated: :class:`SoloEntry` counts them per bot and game
(games, total and best score, wins), and :class:`AppliedSolo` makes each count once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.outcomes import solo_won
from services.ladder.elo import (
    DEFAULT_K,
    INITIAL_RATING,
    TALLY_UNITS,
    match_deltas,
    rank_units,
    round_rating,
    win_units,
)
from services.ladder.skill import MU0, SIGMA0, provisional, rate_ladder_match, skill

# How a ladder can be ordered: by Elo rating, or by skill (mu - 3 sigma).
LADDER_ORDERS = ("elo", "skill")


@dataclass(frozen=True, slots=True)
class BotTally:
    """Order-independent counters of one bot in one game's ladder: games played, and
    first places and the sum of finishing ranks, both in ``elo.TALLY_UNITS``."""

    games: int = 0
    win_units: int = 0
    rank_units: int = 0


@dataclass(frozen=True, slots=True)
class LadderEntry:
    """One row of a ladder: a bot's Elo rating, skill and statistics in one game.

    ``wins`` counts first places, a k-way tie for first giving 1/k each; ``mean_rank`` is
    the mean finishing rank (1 = best) over ``games``. ``mu`` and ``sigma`` are its
    Bayesian skill (:mod:`services.ladder.skill`); ``skill`` is ``mu - 3 sigma`` and
    ``provisional`` is true until sigma falls under ``skill.PROVISIONAL_SIGMA``.
    """

    name: str
    rating: float
    games: int
    wins: float
    mean_rank: float
    mu: float = MU0
    sigma: float = SIGMA0

    @classmethod
    def from_tally(
        cls, name: str, rating: float, tally: BotTally, mu: float = MU0, sigma: float = SIGMA0,
    ) -> LadderEntry:
        games = tally.games
        mean = tally.rank_units / (TALLY_UNITS * games) if games else 0.0
        return cls(name, rating, games, tally.win_units / TALLY_UNITS, mean, mu, sigma)

    @property
    def skill(self) -> float:
        return skill(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return provisional(self.sigma)

    def order_key(self, order: str) -> tuple[float, str]:
        """Sort key, best first, for ``order`` (one of :data:`LADDER_ORDERS`)."""
        return (-(self.skill if order == "skill" else self.rating), self.name)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rating": self.rating,
            "games": self.games,
            "wins": self.wins,
            "mean_rank": self.mean_rank,
            "mu": self.mu,
            "sigma": self.sigma,
            "skill": self.skill,
            "provisional": self.provisional,
        }


@dataclass(frozen=True, slots=True)
class LadderChanges:
    """What moved in a ladder since an earlier version: the version now and the current
    entry of every bot rated in a match applied after the earlier one, read together
    (the entries are those of exactly ``version``)."""

    version: int
    entries: dict[str, LadderEntry]


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


@dataclass(frozen=True, slots=True)
class MatchSettlement:
    """Everything one match writes: new ratings, skills (mu, sigma) and tallies of its
    participants, and the record that makes a repeat of its id a no-op."""

    ratings: dict[str, float]
    skills: dict[str, tuple[float, float]]
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
    skills: Mapping[str, tuple[float, float] | None] | None = None,
) -> MatchSettlement:
    """Apply one match to the current ratings, skills and tallies of its participants.

    ``ratings``, ``tallies`` and ``skills`` (mu, sigma) map each distinct participant
    to its current value, or ``None`` for a bot new to this ladder (no ``skills``: all
    new). Each distinct participant counts one game;
    its rank for the statistics is the mean over the seats it held.
    """
    current: dict[str, float] = {}
    for name in participants:
        value = ratings.get(name)
        current[name] = INITIAL_RATING if value is None else float(value)
    deltas = match_deltas(participants, ranks, current, k)
    wins = win_units(participants, ranks)
    seat_ranks = rank_units(participants, ranks)
    new_ratings: dict[str, float] = {}
    new_tallies: dict[str, BotTally] = {}
    for name, delta in deltas.items():
        old = tallies.get(name) or BotTally()
        new_ratings[name] = round_rating(current[name] + delta)
        new_tallies[name] = BotTally(
            old.games + 1, old.win_units + wins[name], old.rank_units + seat_ranks[name]
        )
    new_skills = rate_ladder_match(participants, ranks, skills or {})
    record = AppliedMatch(match_id, seq, tuple(participants), tuple(ranks), deltas)
    return MatchSettlement(new_ratings, new_skills, new_tallies, record)


@dataclass(frozen=True, slots=True)
class SoloEntry:
    """One bot's solo standing in one game: a one-seat match has nobody to be rated
    against, so it counts its score instead. ``wins`` counts the games won
    (:func:`engine.core.outcomes.solo_won`: scored >= 0; Ark Nova solo: the final VP)."""

    name: str
    games: int
    total: float
    best: float
    wins: int

    @property
    def mean(self) -> float:
        return self.total / self.games if self.games else 0.0

    def counting(self, score: float) -> SoloEntry:
        """This standing after one more game scoring ``score``."""
        best = score if self.games == 0 else max(self.best, score)
        return SoloEntry(self.name, self.games + 1, self.total + score, best,
                         self.wins + bool(solo_won(score)))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "games": self.games, "mean_score": self.mean,
                "best_score": self.best, "wins": self.wins}


@dataclass(frozen=True, slots=True)
class AppliedSolo:
    """The record of a solo match already counted: a repeat of its id changes nothing."""

    match_id: str
    name: str
    score: float
