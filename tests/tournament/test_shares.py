"""One rule for first-place shares: `arena play`'s standings (one record at a time) and
`arena tournament`'s totals (whole batches of a results file, and the live display) give
every bot the same wins, for plain orders, ties of any size up to the seat limit and
solo games."""

from __future__ import annotations

import random

import pytest

from services.runner.batch import MatchRecord
from services.tournament.aggregate import Totals
from services.tournament.live import LiveStandings
from services.tournament.results import records_table
from services.tournament.shares import MAX_SEATS, first_place_shares
from services.tournament.standings import Standings

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


@pytest.mark.parametrize("players", [1, 2, 3, 5, 8, 9, 12, MAX_SEATS])
def test_play_standings_and_tournament_totals_count_the_same_wins(players: int) -> None:
    records = games(players, 300, seed=players)
    records.append(MatchRecord(300, 300, ("a",) * players, (1.0,) * players,
                               (1,) * players, 1, 0.0, 0.0))  # everyone ties for first
    standings = Standings(NAMES)
    for r in records:
        standings.add(r)
    totals = Totals(NAMES, players)
    totals.add_batch(records_table(records))
    live = LiveStandings(NAMES, players)
    live.add_table(records_table(records))
    played = standings.bots_json()
    by_live = {row["entrant"]: row["wins"] for row in live.rows()}
    for i, name in enumerate(NAMES):
        assert totals.entrants.wins()[i] == played[name]["wins"] == by_live[name]
    expected = sum(1 for r in records if r.scores[0] >= 0) if players == 1 else len(records)
    assert sum(b["wins"] for b in played.values()) == pytest.approx(expected, abs=1e-9)


def test_ties_split_the_win_and_a_solo_game_is_won_at_0() -> None:
    assert first_place_shares((2, 1, 1, 1), (0, 5, 5, 5)) == (0, *[pytest.approx(1 / 3)] * 3)
    assert [float(s) for s in first_place_shares((1,) * 9, (4,) * 9)] == [1 / 9] * 9
    assert first_place_shares((1,), (0.0,)) == (1,)
    assert first_place_shares((1,), (-0.5,)) == (0,)
    assert first_place_shares((1, 2), (-3.0, -4.0)) == (1, 0)  # VP >= 0 is only for solo


def test_a_game_of_more_seats_than_shares_can_count_is_refused() -> None:
    seats = MAX_SEATS + 1
    with pytest.raises(ValueError, match=f"at most {MAX_SEATS} seats"):
        first_place_shares((1,) * seats, (0,) * seats)
    record = MatchRecord(0, 0, ("a",) * seats, (0.0,) * seats, (1,) * seats, 1, 0.0, 0.0)
    with pytest.raises(ValueError, match=f"at most {MAX_SEATS} seats"):
        Totals(NAMES, seats).add_batch(records_table([record]))
