"""The ladder counts wins by the outcome rules of engine/core/outcomes.py, in Python
(memory store) and in its Lua scripts (Redis store) alike: a bot's wins are the sum of
its seats' first-place shares (a k-way tie for first: 1/k each), and a solo game counts
as won exactly when the rules say so; pair scores drive the Elo update."""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

from engine.core.outcomes import SHARE_UNITS, first_place_shares, pair_score, solo_won
from services.ladder.elo import INITIAL_RATING, expected_score, round_rating
from services.ladder.store import LadderStore

GAME = "monster-my-neighbor"
NAMES = ("ann", "bo", "cy", "di")


def test_ladder_wins_are_the_sum_of_first_place_shares(store: LadderStore) -> None:
    rng = random.Random(5)
    wins: dict[str, Fraction] = defaultdict(Fraction)
    for i in range(60):
        seats = rng.randint(2, 6)
        names = [rng.choice(NAMES) for _ in range(seats)]
        scores = [rng.choice((0, 1, 1, 2)) for _ in range(seats)]  # many ties for first
        ranks = [1 + sum(other > s for other in scores) for s in scores]
        if len(set(names)) < 2:
            names[0] = next(n for n in NAMES if n != names[1])
        store.apply_match(GAME, f"m{i}", names, ranks)
        for name, share in zip(names, first_place_shares(ranks, scores), strict=True):
            wins[name] += share
    ladder = {entry.name: entry.wins for entry in store.ladder(GAME)}
    assert ladder == {name: float(share) for name, share in wins.items()}
    assert all((share * SHARE_UNITS).denominator == 1 for share in wins.values())


def test_solo_wins_follow_the_solo_verdict(store: LadderStore) -> None:
    scores = [3.0, -0.5, 0.0, -0.0, -12.0, 1e-9]
    for i, score in enumerate(scores):
        store.apply_solo("ark-nova", f"s{i}", "solo", score)
    entry = store.solo_stats("ark-nova", "solo")
    assert entry is not None
    assert entry.wins == sum(1 for score in scores if solo_won(score)) == 4


def test_a_two_seat_rating_change_is_the_pair_score_against_the_expectation(
        store: LadderStore) -> None:
    deltas = store.apply_match(GAME, "tie", ["ann", "bo"], [1, 1])
    assert deltas == {"ann": 0.0, "bo": 0.0}
    deltas = store.apply_match(GAME, "win", ["ann", "bo"], [2, 1])
    change = 32.0 * (pair_score(1, 2) - expected_score(INITIAL_RATING, INITIAL_RATING))
    assert deltas == {"ann": -round_rating(change), "bo": round_rating(change)}
