"""Elo rating maths for two- and multi-player matches. Pure functions, no I/O.

A match of N seats is scored as every pair of seats playing one Elo game: the better
rank wins, an equal rank is a draw. Each pair moves both sides by ``k_pair * (S - E)``
with ``k_pair = k / (N - 1)``, so a seat's total swing in an N-player match is bounded
by ``k`` exactly as in a two-player game. A pair of seats held by the same identity
(a built-in bot filling two seats) is skipped: nobody gains rating from beating itself.

Every pair moves its two sides by opposite amounts, so a match is zero-sum before
rounding. Rounding: each participant's summed change is rounded once, at the end, to
the nearest millionth (half up), and the stores round a new rating the same way. A
rounded value is a whole number of ``RATING_UNITS`` per rating point, so stores keep
exact integers; the only drift from exact zero-sum is that final rounding, at most
``0.5 / RATING_UNITS`` per participant. The rounding is IEEE arithmetic only
(``floor(x * 1e6 + 0.5) / 1e6``), which the Redis store's Lua script computes to the
same bit.

Statistics are exact integers too: first places are the shares of
:mod:`engine.core.outcomes` (a k-way tie for first gives each tied seat
``TALLY_UNITS // k`` win units), and a seat rank counts ``TALLY_UNITS * rank`` rank
units (averaged over the seats one identity holds). ``TALLY_UNITS`` is the outcomes'
``SHARE_UNITS``, divisible by every seat count up to ``MAX_SEATS``, so no division ever
rounds. The pair score is the outcomes' too.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from engine.core.outcomes import MAX_SEATS, SHARE_UNITS, pair_score, share_units

INITIAL_RATING = 1500.0
DEFAULT_K = 32.0
ELO_SCALE = 400.0
RATING_UNITS = 1_000_000
DELTA_DECIMALS = 6  # log10(RATING_UNITS): rounded values have at most this many decimals
TALLY_UNITS = SHARE_UNITS  # 720720, the least common multiple of 1..MAX_SEATS


def expected_score(rating: float, opponent_rating: float) -> float:
    """Probability-like expected score of ``rating`` against ``opponent_rating``."""
    return 1.0 / (1.0 + 10.0 ** ((opponent_rating - rating) / ELO_SCALE))


def rating_units(value: float) -> int:
    """``value`` rounded to the nearest millionth (half up), in millionths."""
    return math.floor(value * RATING_UNITS + 0.5)


def round_rating(value: float) -> float:
    """The rounding applied to every delta and every stored rating."""
    return rating_units(value) / RATING_UNITS


def validate_result(participants: Sequence[str], ranks: Sequence[int]) -> None:
    """Raise ValueError unless ``participants`` and ``ranks`` describe one finished match."""
    if len(participants) != len(ranks):
        raise ValueError(f"{len(participants)} participants but {len(ranks)} ranks")
    if not 2 <= len(participants) <= MAX_SEATS:
        raise ValueError(f"a rated match has 2 to {MAX_SEATS} seats, got {len(participants)}")
    validate_names(participants)
    # Fast check first (this runs for every rated match); the details only on error.
    seats = len(ranks)
    if set(map(type, ranks)) != {int} or min(ranks) < 1 or max(ranks) > seats:
        bad = next(r for r in ranks if type(r) is not int or not 1 <= r <= seats)
        raise ValueError(f"ranks must be integers from 1 to the seat count {seats}, got {bad!r}")


def validate_names(names: Sequence[str]) -> None:
    """Raise ValueError unless every participant name (of a rated or a solo match) is a
    non-empty string without NUL."""
    # Fast check first (this runs for every match); the details only on error.
    names_ok = set(map(type, names)) == {str} and all(map(str.strip, names))
    if not names_ok or "\0" in "".join(names):
        bad = next(n for n in names if not isinstance(n, str) or not n.strip() or "\0" in n)
        raise ValueError(f"participant names must be non-empty strings without NUL, got {bad!r}")


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


def win_units(participants: Sequence[str], ranks: Sequence[int]) -> dict[str, int]:
    """First places per distinct participant, in ``TALLY_UNITS``: a k-way tie for first
    gives each tied seat 1/k; an identity holding several seats sums its seats' shares."""
    validate_result(participants, ranks)
    units = dict.fromkeys(participants, 0)
    # A rated match has two seats or more: its scores play no part in the shares.
    for name, seat_units in zip(participants, share_units(ranks, (0.0,) * len(ranks)),
                                strict=True):
        units[name] += seat_units
    return units


def rank_units(participants: Sequence[str], ranks: Sequence[int]) -> dict[str, int]:
    """Rank per distinct participant for its statistics, in ``TALLY_UNITS``: the mean
    over the seats it held."""
    validate_result(participants, ranks)
    sums = dict.fromkeys(participants, 0)
    counts = dict.fromkeys(participants, 0)
    for name, rank in zip(participants, ranks, strict=True):
        sums[name] += rank
        counts[name] += 1
    return {name: sums[name] * TALLY_UNITS // counts[name] for name in sums}
