"""One rule for first-place shares (engine/core/outcomes.py) in every total of the
tournament pipeline: a results file's totals, the live standings and `arena play`'s
summary (the same Sums) give every bot the sum of its games' shares, for plain orders,
ties of any size up to the seat limit and solo games, in any order of the records."""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

import pytest

from engine.core.outcomes import MAX_SEATS, SHARE_UNITS, first_place_shares
from services.runner.batch import MatchRecord
from services.tournament.aggregate import Totals
from services.tournament.live import LiveStandings
from services.tournament.results import RecordTally, records_table

NAMES = ("a", "b", "c")


def games(players: int, count: int, seed: int) -> list[MatchRecord]:
    """Games of ``players`` seats with many ties for first (and any VP sign in solo)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        scores = tuple(float(rng.choice((-2, 0, 3, 3, 7))) for _ in range(players))
        ranks = tuple(1 + sum(other > s for other in scores) for s in scores)
        labels = tuple(rng.choice(NAMES) for _ in range(players))
        out.append(MatchRecord(i, i, labels, scores, ranks, 1, 0.0, 0.0))
    return out


def expected_wins(records: list[MatchRecord]) -> dict[str, Fraction]:
    wins: dict[str, Fraction] = defaultdict(Fraction)
    for r in records:
        for name, share in zip(r.labels, first_place_shares(r.ranks, r.scores), strict=True):
            wins[name] += share
    return wins


@pytest.mark.parametrize("players", [1, 2, 3, 5, 8, 9, 12, MAX_SEATS])
def test_every_total_counts_the_shares_of_the_outcome_rules(players: int) -> None:
    records = games(players, 300, seed=players)
    records.append(MatchRecord(300, 300, ("a",) * players, (1.0,) * players,
                               (1,) * players, 1, 0.0, 0.0))  # everyone ties for first
    totals = Totals(NAMES, players)
    totals.add_batch(records_table(records))
    live = LiveStandings(NAMES, players)  # what `arena play` reports from, record by record
    tally = RecordTally(flush_rows=7)
    for r in random.Random(players).sample(records, len(records)):
        live.add_table(tally.add(r))
    live.add_table(tally.flush())
    wins = expected_wins(records)
    by_live = {row["entrant"]: row["wins"] for row in live.rows()}
    for i, name in enumerate(NAMES):
        assert Fraction(int(totals.entrants.win_units[i]), SHARE_UNITS) == wins[name]
        assert by_live[name] == round(float(wins[name]), 10)
    expected = sum(1 for r in records if r.scores[0] >= 0) if players == 1 else len(records)
    assert sum(wins.values()) == expected
    assert tally.games == len(records) and tally.decisions == len(records)


def test_a_game_of_more_seats_than_shares_can_count_is_refused() -> None:
    seats = MAX_SEATS + 1
    record = MatchRecord(0, 0, ("a",) * seats, (0.0,) * seats, (1,) * seats, 1, 0.0, 0.0)
    with pytest.raises(ValueError, match=f"at most {MAX_SEATS} seats"):
        Totals(NAMES, seats).add_batch(records_table([record]))


def test_standing_rows_count_seats_wins_means_and_no_means_without_a_seat() -> None:
    records = [
        MatchRecord(0, 0, ("a", "b", "a"), (10, 7, 3), (1, 2, 3), 30, 0.0, 0.0),
        MatchRecord(1, 1, ("b", "a", "b"), (5, 5, 9), (2, 2, 1), 12, 0.0, 0.0),
        MatchRecord(2, 2, ("a", "b", "a"), (4, 4, 4), (1, 1, 1), 8, 0.0, 0.0),
    ]
    live = LiveStandings(NAMES, 3)
    live.add_table(records_table(records))
    rows = {row["entrant"]: row for row in live.rows()}
    assert rows["a"] == {"entrant": "a", "games": 5, "wins": round(5 / 3, 10),
                         "win_rate": round(5 / 3 / 5, 10), "mean_score": 26 / 5,
                         "mean_rank": 8 / 5}
    assert rows["b"]["wins"] == round(4 / 3, 10) and rows["b"]["games"] == 4
    assert rows["c"] == {"entrant": "c", "games": 0, "wins": 0.0, "win_rate": None,
                         "mean_score": None, "mean_rank": None}
