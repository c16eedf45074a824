"""Per-bot tallies: shared wins, means, and independence from reporting order."""

from __future__ import annotations

import random
from fractions import Fraction

from services.runner.batch import MatchRecord
from services.tournament.shares import first_place_shares
from services.tournament.standings import Standings


def record(index: int, labels: tuple[str, ...], scores: tuple[float, ...],
           ranks: tuple[int, ...], decisions: int = 10) -> MatchRecord:
    return MatchRecord(index, index, labels, scores, ranks, decisions, 0.0, 0.0)


def test_ties_for_first_share_the_win() -> None:
    assert first_place_shares((1, 2, 3), (9, 5, 1)) == (1, 0, 0)
    assert first_place_shares((1, 1, 3), (4, 4, 1)) == (Fraction(1, 2), Fraction(1, 2), 0)
    assert first_place_shares((2, 1, 1, 1), (0, 2, 2, 2)) == (
        0, Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))


def test_a_solo_match_is_won_with_a_score_of_at_least_0() -> None:
    assert first_place_shares((1,), (3.0,)) == (1,)
    assert first_place_shares((1,), (0.0,)) == (1,)
    assert first_place_shares((1,), (-2.0,)) == (0,)
    standings = Standings(("solo",))
    for i, vp in enumerate((-12.0, 4.0, 0.0, -1.0)):
        standings.add(record(i, ("solo",), (vp,), (1,)))
    assert standings.bots_json()["solo"] == {
        "games": 4, "wins": 2.0, "mean_score": -9 / 4, "mean_rank": 1.0}


def test_tallies_count_seats_wins_scores_and_ranks() -> None:
    standings = Standings(("a", "b"))
    standings.add(record(0, ("a", "b", "a"), (10, 7, 3), (1, 2, 3), decisions=30))
    standings.add(record(1, ("b", "a", "b"), (5, 5, 9), (2, 2, 1), decisions=12))
    standings.add(record(2, ("a", "b", "a"), (4, 4, 4), (1, 1, 1), decisions=8))
    bots = standings.bots_json()
    assert standings.games == 3
    assert standings.decisions == 50
    assert bots["a"] == {
        "games": 5,
        "wins": float(1 + 0 + Fraction(2, 3)),
        "mean_score": (10 + 3 + 5 + 4 + 4) / 5,
        "mean_rank": (1 + 3 + 2 + 1 + 1) / 5,
    }
    assert bots["b"] == {
        "games": 4,
        "wins": float(0 + 1 + Fraction(1, 3)),
        "mean_score": (7 + 5 + 9 + 4) / 4,
        "mean_rank": (2 + 2 + 1 + 1) / 4,
    }
    assert sum(b["games"] for b in bots.values()) == 3 * 3
    assert abs(sum(b["wins"] for b in bots.values()) - 3) < 1e-12


def test_a_bot_that_never_sat_has_no_means() -> None:
    standings = Standings(("a", "b", "c"))
    standings.add(record(0, ("a", "b"), (1, 0), (1, 2)))
    assert standings.bots_json()["c"] == {
        "games": 0, "wins": 0.0, "mean_score": None, "mean_rank": None,
    }


def test_reporting_order_does_not_change_the_standings() -> None:
    rng = random.Random(4)
    records = []
    for i in range(500):
        scores = tuple(rng.choice((0.1, 0.7, 1 / 3, 2.5, 9)) for _ in range(5))
        ranks = tuple(1 + sum(other > s for other in scores) for s in scores)
        labels = tuple(("a", "b", "c")[(s + i) % 3] for s in range(5))
        records.append(record(i, labels, scores, ranks, decisions=rng.randrange(100)))
    in_order = Standings(("a", "b", "c"))
    for r in records:
        in_order.add(r)
    shuffled = Standings(("a", "b", "c"))
    for r in rng.sample(records, len(records)):
        shuffled.add(r)
    assert in_order.bots_json() == shuffled.bots_json()
    assert in_order.decisions == shuffled.decisions
