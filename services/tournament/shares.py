"""First-place shares: the one rule for who wins a game and how a tie splits the win.

A k-way tie for first gives each winner 1/k. A one-seat match (a solo game) has no first
place to take: it is won with a score of at least 0 (Ark Nova solo: VP >= 0).
`arena play`'s standings and the bench scripts count wins with
:func:`first_place_shares`, `arena tournament`'s totals (live and from a results file)
with :func:`takes_first` and :func:`split_units` over whole batches of games; the
totals keep shares in whole :data:`SHARE_UNITS`, so sums are exact in any order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

MAX_SEATS = 16  # the most seats a game may have: every tie for first then splits exactly
SHARE_UNITS = math.lcm(*range(1, MAX_SEATS + 1))  # 720720, divisible by every tie size


def check_seats(seats: int) -> None:
    """Raise ValueError for a game with more seats than shares can be counted for."""
    if seats > MAX_SEATS:
        raise ValueError(f"first-place shares are counted for games of at most {MAX_SEATS} "
                         f"seats, got {seats}")


def takes_first(rank: Any, score: Any, seats: int) -> Any:
    """Whether a seat takes first place: rank 1; in a one-seat game (solo) a score of at
    least 0. Comparisons only, so it applies elementwise to NumPy arrays as well."""
    return score >= 0 if seats == 1 else rank == 1


def split_units(first: Any, winners: Any) -> Any:
    """A seat's part of the win in ``SHARE_UNITS``: the seats taking first split it
    evenly (``winners`` of them, at least 1). Elementwise on NumPy arrays as well."""
    return first * (SHARE_UNITS // winners)


def first_place_shares(ranks: Sequence[int], scores: Sequence[float]) -> tuple[Fraction, ...]:
    """Each seat's share of the win (a k-way tie for first gives each winner 1/k; a solo
    game is won with a score of at least 0)."""
    seats = len(ranks)
    check_seats(seats)
    first = [takes_first(rank, score, seats) for rank, score in zip(ranks, scores, strict=True)]
    share = Fraction(split_units(True, max(sum(first), 1)), SHARE_UNITS)
    return tuple(share if f else Fraction(0) for f in first)
