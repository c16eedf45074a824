"""A kit's bot directory is an entrant of every tournament format, played in this
process (``--workers 0``): hosted in the sandbox, one process per seat it holds at once
(not per game), every seat ``ok``, and the report counts no failures."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.tournament.config import SprtParams
from tests.hosted.harness import built_kit, play, rows, seat_statuses, summary

pytestmark = [pytest.mark.timeout(600), pytest.mark.usefixtures("restore_logging")]


@pytest.mark.parametrize("fmt", ["round-robin", "gauntlet", "swiss", "sprt"])
def test_a_kit_plays_every_format_in_this_process(tmp_path: Path, fmt: str) -> None:
    go = str(built_kit("go"))
    baseline = "random" if fmt == "sprt" else "heuristic"  # sprt: a kit against random
    entrants: list[tuple[str | None, str]] = [("go", go), (None, baseline)]
    if fmt in ("gauntlet", "swiss"):
        entrants += [(None, "random"), ("r2", "random")]
    sprt = SprtParams() if fmt == "sprt" else None
    out = tmp_path / "out"
    outcome = play(out, entrants, games=8, fmt=fmt, sprt=sprt)
    assert outcome.played == len(rows(out)) > 0
    statuses = seat_statuses(out)
    assert set(statuses["go"]) == {"ok"}, statuses
    assert summary(out)["entrants"]["go"]["failures"] == {"timeout": 0, "crash": 0,
                                                         "illegal": 0}
    # A game's result is the engine's: every seat got a rank, the game's decisions count.
    assert all(len(row["ranks"]) == 4 and row["decisions"] > 0 for row in rows(out))
    # Started once per seat it holds in one game (up to 4 here), not once per game.
    logs = list((out / "bot-logs").glob("go-*.log"))
    most_seats = max(row["bots"].count("go") for row in rows(out))
    assert len(logs) == most_seats, [log.name for log in logs]
    assert all("connected as go" in log.read_text() for log in logs)
