"""What a running tournament shows: a progress bar with games/s and ETA and a live
standings table on a terminal (rich), or JSON lines when the output is not a terminal.

:class:`LiveStandings` keeps per-entrant totals for the display only, as of the last
results written (at most one flush interval old); the summary is computed afterwards
from the results file.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TextIO

import pyarrow as pa
from rich.console import Console, Group
from rich.live import Live
from rich.progress import (
    BarColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from services.tournament.aggregate import Sums, decode_seats
from services.tournament.tables import format_wins, standings_table


class LiveStandings:
    """Per-entrant totals for the display, updated with each table of records written
    (vectorised: nothing is done per game)."""

    def __init__(self, names: Sequence[str], players: int) -> None:
        self.names = list(names)
        self.players = players
        self.sums = Sums(len(names))
        self._names = pa.array(self.names)

    def seed(self, sums: Sums) -> None:
        """Start from the totals of already recorded games."""
        self.sums = sums

    def add_table(self, table: pa.Table | None) -> None:
        if table is not None and table.num_rows:
            seats = decode_seats(table, self._names, self.players)
            self.sums.add_seats(seats, seats.entrants)

    def rows(self) -> list[dict[str, Any]]:
        """Entrants by win rate, best first."""
        rows = [{"entrant": name, **self.sums.row(i)} for i, name in enumerate(self.names)]
        rows.sort(key=lambda row: -(row["win_rate"] or 0.0))
        return rows


Note = Callable[[], str]


class View(Protocol):
    def start(self, title: str, total: int, done: int, note: Note) -> None:
        """Show a run of ``total`` games, ``done`` already; ``note`` is a status line."""

    def update(self, done: int, force: bool = False) -> None:
        """Show progress (throttled unless ``force``)."""

    def stop(self) -> None: ...


class TerminalView:
    """A rich progress bar (games done of the total, games/s, ETA) above the live
    standings table, both fitting an 80-column terminal."""

    def __init__(self, standings: LiveStandings, console: Console | None = None) -> None:
        self.standings = standings
        self.console = console or Console(stderr=True)
        self.note: Note = str
        self.title = ""
        self._progress = Progress(
            TextColumn("{task.fields[count]}"),
            BarColumn(bar_width=BAR_WIDTH),
            TaskProgressColumn(),
            TextColumn("{task.fields[rate]}"),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=self.console,
        )
        self._live = Live(self, console=self.console, refresh_per_second=4, transient=False)
        self._task: Any = None
        self._total = 0
        self._started = 0.0
        self._first = 0
        self._last = 0.0

    def __rich__(self) -> Group:
        return Group(self._progress, self._table())

    def _table(self) -> Table:
        table = standings_table(self.title, self.note() or None)
        for row in self.standings.rows():
            table.add_row(
                row["entrant"], str(row["games"]), format_wins(row["wins"]),
                _fmt(row["win_rate"], ".1%"), _fmt(row["mean_score"], ".2f"),
                _fmt(row["mean_rank"], ".3f"),
            )
        return table

    def start(self, title: str, total: int, done: int, note: Note = str) -> None:
        self.note, self.title, self._total = note, title, total
        self._task = self._progress.add_task(title, total=total, completed=done, rate="",
                                             count=self._count(done))
        self._started, self._first = time.monotonic(), done
        self._live.start()

    def update(self, done: int, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last < 0.1:
            return
        self._last = now
        elapsed = now - self._started
        rate = (done - self._first) / elapsed if elapsed > 0 else 0.0
        self._progress.update(self._task, completed=done, rate=f"{rate:,.1f} games/s",
                              count=self._count(done))

    def stop(self) -> None:
        self._live.stop()

    def _count(self, done: int) -> str:
        return f"{done:,}/{self._total:,} games"


BAR_WIDTH = 24  # the whole progress line stays within 80 columns


class JsonLinesView:
    """One JSON object per line every ``interval`` seconds: progress and standings."""

    def __init__(self, standings: LiveStandings, stream: TextIO | None = None,
                 interval: float = 2.0) -> None:
        self.standings = standings
        self.stream = stream or sys.stdout
        self.interval = interval
        self._total = 0
        self._started = 0.0
        self._first = 0
        self._last = 0.0
        self._note: Note = str

    def start(self, title: str, total: int, done: int, note: Note = str) -> None:
        self._total, self._first, self._note = total, done, note
        self._started = self._last = time.monotonic()
        self._emit({"event": "start", "tournament": title, "total": total, "games": done})

    def update(self, done: int, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last < self.interval:
            return
        self._last = now
        self._emit(self._progress(done, now))

    def _progress(self, done: int, now: float) -> dict[str, Any]:
        elapsed = now - self._started
        rate = (done - self._first) / elapsed if elapsed > 0 else 0.0
        remaining = max(self._total - done, 0)
        return {
            "event": "progress", "games": done, "total": self._total,
            "games_per_second": round(rate, 2),
            "eta_seconds": round(remaining / rate, 1) if rate > 0 else None,
            "note": self._note() or None, "standings": self.standings.rows(),
        }

    def stop(self) -> None:
        pass

    def _emit(self, event: dict[str, Any]) -> None:
        self.stream.write(json.dumps(event) + "\n")
        self.stream.flush()


def _fmt(value: float | None, spec: str) -> str:
    return "-" if value is None else format(value, spec)
