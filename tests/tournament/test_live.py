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
from services.tournament.config import TournamentConfig
from services.tournament.entrants import Entrant
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
    assert by_name["c"]["wins"] == 1.5 and by_name["c"]["mean_rank"] == round(5 / 3, 10)


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


def rendered(renderable: object, width: int = 80) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, force_terminal=False, color_system=None).print(renderable)
    return out.getvalue().splitlines()


def test_on_80_columns_the_bar_shows_the_total_and_the_table_names_seats(clock: Clock) -> None:
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=False, color_system=None)
    standings = LiveStandings(NAMES, 3)
    standings.add_table(records_table(BEFORE))
    view = TerminalView(standings, console)
    view.start("round-robin monster-my-neighbor, 3 players", total=1200, done=0)
    clock.now += 2.0
    view.update(41, force=True)
    view.stop()
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert "41/1,200 games" in lines[0] and "3%" in lines[0] and "20.5 games/s" in lines[0]
    header = " ".join(" ".join(lines).split())
    assert "bot seats wins win rate" in header and "games " not in header.replace(
        "41/1,200 games", "")


LONG = "docs/examples/big_hand_hunter.py:BigHandHunterWithAVeryLongName"
SUMMARY = {
    "games": 12_000,
    "entrants": {
        "heuristic": {"games": 30_000, "wins": 8123.5, "win_rate": 0.2707833333,
                      "win_rate_ci": [0.2657, 0.2759], "mean_score": 4.8412,
                      "mean_rank": 2.2404, "rating": 70.69, "rating_ci": [42.64, 107.39]},
        LONG: {"games": 30_000, "wins": 3876.5, "win_rate": 0.1292166667,
               "win_rate_ci": [0.1254, 0.1330], "mean_score": -3.37, "mean_rank": 3.2101,
               "rating": -1070.69, "rating_ci": [-1107.4, -1042.6]},
    },
    "sprt": {"llr": -2.9582397362, "lower": -2.9444389792, "upper": 2.9444389792,
             "decision": "H0", "games": 436,
             "verdict": "LLR -2.958 crossed the lower bound -2.944 after 436 games: accept "
                        "H0, x is not 10 Elo stronger than heuristic"},
}


def test_the_final_table_fits_80_columns_with_its_intervals_and_whole_names() -> None:
    from services.tournament.tables import summary_table

    lines = rendered(summary_table(SUMMARY, list(SUMMARY["entrants"]), "sprt mmn, runs/x"))
    assert all(len(line) <= 80 for line in lines), "\n".join(lines)
    text = "\n".join(lines)
    for cell in ("27.1% (26.6-27.6)", "+71 (+43, +107)", "12.9% (12.5-13.3)",
                 "-1071 (-1107, -1043)", "30000", "8123.50", "(95% CI)", "seats"):
        assert cell in text, cell
    # The long name wraps in its column: its first line, then lines holding only the
    # rest of it, spell it whole.
    first = next(i for i, line in enumerate(lines) if line.startswith(LONG[:5]))
    pieces = [lines[first].split()[0]]
    for line in lines[first + 1:]:
        if len(line.split()) != 1:
            break
        pieces.append(line.strip())
    assert "".join(pieces) == LONG
    assert "SPRT: LLR -2.958 crossed the lower bound" in " ".join(text.split())


def test_arena_play_and_tournament_tables_name_their_columns_alike() -> None:
    from services.cli.play import summary_table as play_table
    from services.tournament.results import RecordTally
    from services.tournament.run import InMemoryRun, RunOutcome
    from services.tournament.tables import summary_table as tournament_table

    config = TournamentConfig("monster-my-neighbor", 3, "round-robin",
                              tuple(Entrant(n, n, n) for n in NAMES), games=3, seed=1)
    standings, tally = LiveStandings(NAMES, 3), RecordTally()
    for record in BEFORE + AFTER:
        standings.add_table(tally.add(record))
    standings.add_table(tally.flush())
    played = InMemoryRun(RunOutcome(config, played=3, seconds=1.0, where="in this process"),
                         standings, tally)
    play = rendered(play_table(played))
    tournament = rendered(tournament_table(SUMMARY, list(SUMMARY["entrants"]), "t"))

    def headings(lines: list[str]) -> list[str]:
        rule = next(i for i, line in enumerate(lines) if set(line.strip()) == {"─"})
        return " ".join(" ".join(lines[rule - 2:rule]).split()).split()

    assert "seats" in headings(play) and "games" not in headings(play)
    assert set(headings(play)) <= set(headings(tournament)) | {"rate"}
    assert "played in this process" in " ".join(" ".join(play).split())


def test_the_last_line_says_what_was_played_in_plain_words() -> None:
    from services.cli.tournament import played_line
    from services.tournament.run import RunOutcome

    config = TournamentConfig("monster-my-neighbor", 3, "round-robin",
                              tuple(Entrant(n, n, n) for n in NAMES), games=1200)
    fresh = RunOutcome(config, played=1200, seconds=60.0, where="on 2 Ray workers (1 node)")
    assert played_line(fresh) == (
        "Played 1,200 games in 60.0 s (20.0 games/s) on 2 Ray workers (1 node).")
    resumed = RunOutcome(config, played=300, recorded_before=900, seconds=10.0,
                         where="in this process")
    assert played_line(resumed) == ("Played 300 more games in 10.0 s (30.0 games/s) in this "
                                     "process. 900 were recorded before this run resumed.")
    nothing = RunOutcome(config, recorded_before=1200)
    assert played_line(nothing) == "Nothing left to play: all 1,200 games were recorded before."
    assert nothing.games_per_second == 0.0  # no time measured: no division by zero
