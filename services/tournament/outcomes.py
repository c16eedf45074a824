"""Pairwise outcomes of one game: who finished ahead of whom.

A game of P seats is read as the P(P-1)/2 head-to-head comparisons between its seats:
the better rank scores 1, a shared rank 0.5 each. Seats of the same entrant are not
compared. These comparisons feed the win-rate matrix, Bradley-Terry, Swiss standings
and the SPRT's game score.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def comparisons(labels: Sequence[str], ranks: Sequence[int]) -> Iterator[tuple[str, str, float]]:
    """(entrant, opponent, entrant's points) for every pair of seats of different entrants,
    once per pair."""
    seats = len(labels)
    for a in range(seats):
        for b in range(a + 1, seats):
            if labels[a] == labels[b]:
                continue
            points = 1.0 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0.0
            yield labels[a], labels[b], points


def head_to_head(labels: Sequence[str], ranks: Sequence[int], entrant: str, opponent: str
                 ) -> float | None:
    """``entrant``'s mean points over its comparisons with ``opponent`` in one game
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
