"""Who won a game, and by how much: the one home of the outcome rules.

- **First place.** The seats of the best (lowest) rank take it and split it evenly: a
  k-way tie for first gives each tied seat 1/k of a win. Shares are counted exactly in
  whole :data:`SHARE_UNITS` (divisible by every tie size up to :data:`MAX_SEATS`), so
  sums of any number of games, in any order, are exact.
- **A one-seat (solo) game** has no first place to take: the game's own verdict decides
  (:attr:`engine.core.result.Result.won`; Ark Nova solo: VP >= 0). A game scores its solo
  seat so that the verdict can be read back from the score alone (:func:`solo_won`: a
  score of at least :data:`SOLO_WIN_SCORE`), and ``Result`` refuses a verdict its score
  contradicts; so wherever only the score travels (a MatchEnd on the wire, the ladder's
  solo standings, a tournament's results file) the same games count as won.
- **Pair score.** Two seats compared: the better rank scores 1, an equal rank 0.5 each,
  the worse 0. Seats held by one identity are not compared. The ladder's Elo update and
  the tournament's head-to-head matrix, Bradley-Terry ratings, Swiss standings and SPRT
  all read games this way.

Mirrors kept equal to these rules by tests: the ladder's Lua scripts
(``services/ladder/lua/apply_match.lua``: shares and pair scores;
``apply_solo.lua``: the solo verdict) and the starter kits' win counting (``clients/*``,
from a MatchEnd). Every function here compares and adds only, so :func:`solo_won`,
:func:`takes_first` and :func:`split_units` apply elementwise to NumPy arrays as well.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

MAX_SEATS = 16  # the most seats a game may have: every tie for first then splits exactly
SHARE_UNITS = math.lcm(*range(1, MAX_SEATS + 1))  # 720720, divisible by every tie size
SOLO_WIN_SCORE = 0.0  # a one-seat game is won with a score of at least this


def check_seats(seats: int) -> None:
    """Raise ValueError for a game with more seats than shares can be counted for."""
    if seats > MAX_SEATS:
        raise ValueError(f"first-place shares are counted for games of at most {MAX_SEATS} "
                         f"seats, got {seats}")


def solo_won(score: Any) -> Any:
    """Whether a one-seat game with this final score was won (Ark Nova solo: VP >= 0)."""
    return score >= SOLO_WIN_SCORE


def takes_first(rank: Any, best: Any, score: Any, seats: int) -> Any:
    """Whether a seat takes first place: the best rank of its game; in a one-seat game,
    a winning score (:func:`solo_won`)."""
    return solo_won(score) if seats == 1 else rank == best


def split_units(first: Any, winners: Any) -> Any:
    """A seat's part of the win in ``SHARE_UNITS``: the ``winners`` seats taking first
    (at least 1) split it evenly."""
    return first * (SHARE_UNITS // winners)


def share_units(ranks: Sequence[int], scores: Sequence[float]) -> tuple[int, ...]:
    """Each seat's share of the win in ``SHARE_UNITS`` (see the module doc)."""
    seats = len(ranks)
    check_seats(seats)
    best = min(ranks)
    first = [takes_first(rank, best, score, seats)
             for rank, score in zip(ranks, scores, strict=True)]
    unit = split_units(1, max(sum(first), 1))
    return tuple(unit if taken else 0 for taken in first)


def first_place_shares(ranks: Sequence[int], scores: Sequence[float]) -> tuple[Fraction, ...]:
    """Each seat's share of the win, exactly (a k-way tie for first gives 1/k each; a
    solo game is won with a score of at least ``SOLO_WIN_SCORE``)."""
    return tuple(Fraction(units, SHARE_UNITS) for units in share_units(ranks, scores))


def pair_score(rank: int, opponent_rank: int) -> float:
    """1 for a better (lower) rank, 0.5 for a tie, 0 for a worse rank."""
    if rank < opponent_rank:
        return 1.0
    if rank == opponent_rank:
        return 0.5
    return 0.0


def comparisons(labels: Sequence[str], ranks: Sequence[int]) -> Iterator[tuple[str, str, float]]:
    """(entrant, opponent, entrant's pair score) for every pair of seats of different
    entrants, once per pair, in seat order."""
    seats = len(labels)
    for a in range(seats):
        for b in range(a + 1, seats):
            if labels[a] != labels[b]:
                yield labels[a], labels[b], pair_score(ranks[a], ranks[b])


def head_to_head(labels: Sequence[str], ranks: Sequence[int], entrant: str, opponent: str
                 ) -> float | None:
    """``entrant``'s mean pair score over its comparisons with ``opponent`` in one game
    (1 for a two-player win, 0.5 a draw); None if they did not both play."""
    total = 0.0
    count = 0
    for first, second, points in comparisons(labels, ranks):
        if (first, second) == (entrant, opponent):
            total += points
            count += 1
        elif (first, second) == (opponent, entrant):
            total += 1.0 - points
            count += 1
    return total / count if count else None
