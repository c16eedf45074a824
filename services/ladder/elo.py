"""Elo rating maths for two- and multi-player matches. Pure functions, no I/O.

A match of N seats is scored as every pair of seats playing one Elo game: the better
rank wins, an equal rank is a draw. Each pair moves both sides by ``k_pair * (S - E)``
with ``k_pair = k / (N - 1)``, so a seat's total swing in an N-player match is bounded
by ``k`` exactly as in a two-player game. A pair of seats held by the same identity
(a built-in bot filling two seats) is skipped: nobody gains rating from beating itself.

Every pair moves its two sides by opposite amounts, so a match is zero-sum before
rounding. Rounding: each participant's summed change is rounded once, at the end, to
``DELTA_DECIMALS`` decimal places (Python's ``round``: half to even), and the stores
round a new rating the same way. That keeps values short and stable as text (Redis
stores them as strings); the only drift from exact zero-sum is that final rounding,
at most ``0.5 * 10**-DELTA_DECIMALS`` per participant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

INITIAL_RATING = 1500.0
DEFAULT_K = 32.0
ELO_SCALE = 400.0
DELTA_DECIMALS = 6


def expected_score(rating: float, opponent_rating: float) -> float:
    """Probability-like expected score of ``rating`` against ``opponent_rating``."""
    return 1.0 / (1.0 + 10.0 ** ((opponent_rating - rating) / ELO_SCALE))


def pair_score(rank: int, opponent_rank: int) -> float:
    """1 for a better (lower) rank, 0.5 for a tie, 0 for a worse rank."""
    if rank < opponent_rank:
        return 1.0
    if rank == opponent_rank:
        return 0.5
    return 0.0


def round_rating(value: float) -> float:
    """The rounding applied to every delta and every stored rating."""
    return round(value, DELTA_DECIMALS)


def validate_result(participants: Sequence[str], ranks: Sequence[int]) -> None:
    """Raise ValueError unless ``participants`` and ``ranks`` describe one finished match."""
    if len(participants) != len(ranks):
        raise ValueError(f"{len(participants)} participants but {len(ranks)} ranks")
    if len(participants) < 2:
        raise ValueError("a rated match needs at least two seats")
    for name in participants:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"participant names must be non-empty strings, got {name!r}")
    for rank in ranks:
        if isinstance(rank, bool) or not isinstance(rank, int) or rank < 1:
            raise ValueError(f"ranks must be integers >= 1, got {rank!r}")


def match_deltas(
    participants: Sequence[str],
    ranks: Sequence[int],
    ratings: Mapping[str, float],
    k: float = DEFAULT_K,
) -> dict[str, float]:
    """Rating change per distinct participant for one match.

    ``participants[i]`` holds seat ``i`` and finished with ``ranks[i]`` (1 = best, ties
    share a rank). ``ratings`` gives current ratings; a missing name is rated
    ``INITIAL_RATING``. Pairs are visited in seat order, so the result is deterministic.
    """
    validate_result(participants, ranks)
    seats = len(participants)
    k_pair = k / (seats - 1)
    totals = {name: 0.0 for name in participants}
    for a in range(seats):
        name_a = participants[a]
        rating_a = ratings.get(name_a, INITIAL_RATING)
        for b in range(a + 1, seats):
            name_b = participants[b]
            if name_a == name_b:
                continue
            rating_b = ratings.get(name_b, INITIAL_RATING)
            change = k_pair * (pair_score(ranks[a], ranks[b]) - expected_score(rating_a, rating_b))
            totals[name_a] += change
            totals[name_b] -= change
    return {name: round_rating(total) for name, total in totals.items()}


def win_shares(participants: Sequence[str], ranks: Sequence[int]) -> dict[str, float]:
    """Share of first place per distinct participant: a k-way tie for first gives each
    tied seat 1/k; an identity holding several seats sums its seats' shares."""
    validate_result(participants, ranks)
    best = min(ranks)
    firsts = sum(1 for r in ranks if r == best)
    shares = {name: 0.0 for name in participants}
    for name, rank in zip(participants, ranks, strict=True):
        if rank == best:
            shares[name] += 1.0 / firsts
    return shares


def mean_seat_ranks(participants: Sequence[str], ranks: Sequence[int]) -> dict[str, float]:
    """Rank per distinct participant for its statistics: the mean over the seats it held."""
    validate_result(participants, ranks)
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    for name, rank in zip(participants, ranks, strict=True):
        sums[name] = sums.get(name, 0.0) + rank
        counts[name] = counts.get(name, 0) + 1
    return {name: sums[name] / counts[name] for name in sums}
