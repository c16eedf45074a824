"""``arena play``'s plan and report (services/tournament/local.py)."""

from __future__ import annotations

from engine.core import GameConfig
from services.tournament.local import TournamentPlan, TournamentReport
from services.tournament.standings import Standings


def test_games_per_second_is_zero_when_no_time_was_measured() -> None:
    plan = TournamentPlan("epic-resort", GameConfig(2), ("random", "greedy"), 3, 1)
    standings = Standings(plan.bots)
    standings.games = 3
    assert TournamentReport(plan, standings, 2.0).games_per_second == 1.5
    assert TournamentReport(plan, standings, 0.0).games_per_second == 0.0
    assert TournamentReport(plan, standings, 0.0).to_json()["games_per_second"] == 0.0
