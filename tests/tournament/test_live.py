"""`arena tournament`'s live display: standings that start from the games recorded before
a resume, and a games/s rate (and ETA) counting only the games this run played. The
clock is a stub, so the rates are exact."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

from services.runner.batch import MatchRecord
from services.tournament import live as live_module
from services.tournament.aggregate import Totals
from services.tournament.live import JsonLinesView, LiveStandings, TerminalView
from services.tournament.results import records_table

NAMES = ("a", "b", "c")
BEFORE = [MatchRecord(0, 0, ("a", "b", "c"), (5.0, 3.0, 1.0), (1, 2, 3), 1, 0.0, 0.0),
          MatchRecord(1, 1, ("b", "c", "a"), (4.0, 4.0, 2.0), (1, 1, 3), 1, 0.0, 0.0)]
AFTER = [MatchRecord(2, 2, ("c", "a", "b"), (6.0, 1.0, 0.0), (1, 2, 3), 1, 0.0, 0.0)]


class Clock:
    """A monotonic clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture()
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    stub = Clock()
    monkeypatch.setattr(live_module.time, "monotonic", stub)
    return stub


def test_resumed_live_standings_count_the_games_recorded_before() -> None:
    totals = Totals(NAMES, 3)
    totals.add_batch(records_table(BEFORE))
    resumed = LiveStandings(NAMES, 3)
    resumed.seed(totals.entrants)
    resumed.add_table(records_table(AFTER))
    whole = LiveStandings(NAMES, 3)
    whole.add_table(records_table(BEFORE + AFTER))
    assert resumed.rows() == whole.rows()
    by_name = {row["entrant"]: row for row in resumed.rows()}
    assert by_name["a"]["games"] == 3 and by_name["a"]["wins"] == 1.0
    assert by_name["c"]["wins"] == 1.5 and by_name["c"]["mean_rank"] == 5 / 3


def test_json_progress_rates_only_the_games_this_run_played(clock: Clock) -> None:
    stream = io.StringIO()
    view = JsonLinesView(LiveStandings(NAMES, 3), stream, interval=60.0)
    view.start("round-robin", total=100, done=40)
    clock.now += 3.0
    view.update(50)  # within the interval: nothing
    view.update(50, force=True)
    start, progress = (json.loads(line) for line in stream.getvalue().splitlines())
    assert start == {"event": "start", "tournament": "round-robin", "total": 100, "games": 40}
    assert progress["games"] == 50 and progress["total"] == 100
    assert progress["games_per_second"] == 3.33  # 10 games in 3 s, to two places
    assert progress["eta_seconds"] == 15.0  # 50 left at 10/3 a second


def test_the_terminal_bar_rates_only_the_games_this_run_played(clock: Clock) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    view = TerminalView(LiveStandings(NAMES, 3), console)
    view.start("round-robin", total=100, done=40)
    clock.now += 4.0
    view.update(50, force=True)
    view.stop()
    text = out.getvalue()
    assert re.search(r"\b2\.5 games/s", text) and "50/100" in text  # 10 games in 4 s
