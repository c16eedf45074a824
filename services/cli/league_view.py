"""What ``arena league`` shows while it runs: one line per finished match and, every
few seconds, each queue's standings (on a terminal, a live panel that redraws instead).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.console import Console, Group
from rich.live import Live
from rich.table import Table

from services.cli.ladder import ladder_table
from services.ladder.records import LadderEntry
from services.league.run import Counts, Finished

Standings = Callable[[], list[tuple[str, list[LadderEntry]]]]


def standings_table(queue: str, entries: list[LadderEntry], order: str) -> Table:
    """A queue's ladder as ``arena ladder`` prints it, titled with the order."""
    return ladder_table(queue, entries, title=f"{queue} (by {order})")


class LeagueView:
    """Progress and standings on ``console``: a live panel on a terminal, else lines."""

    def __init__(self, console: Console, counts: Callable[[], Counts],
                 standings: Standings, order: str, every: float = 10.0) -> None:
        self.console = console
        self.counts = counts
        self.standings = standings
        self.order = order
        self.every = every
        self.started = time.monotonic()
        self._shown = self.started
        self._live: Live | None = None

    def start(self) -> None:
        if self.console.is_terminal:
            self._live = Live(self._panel(), console=self.console, refresh_per_second=2,
                              transient=False)
            self._live.start()

    def finished(self, match: Finished) -> None:
        if self._live is not None:
            now = time.monotonic()
            if now - self._shown >= 1.0:
                self._shown = now
                self._live.update(self._panel())
            return
        seats = ", ".join(f"{label} {rank}" for label, rank in zip(match.labels, match.ranks,
                                                                     strict=False))
        self.console.print(f"{self.progress()} | {match.match_id} {match.queue} "
                           f"{match.status} in {match.seconds:.1f} s"
                           + (f": {seats}" if seats else ""), highlight=False)
        now = time.monotonic()
        if now - self._shown >= self.every:
            self._shown = now
            self.show_standings()

    def progress(self) -> str:
        counts = self.counts()
        elapsed = max(time.monotonic() - self.started, 1e-9)
        return (f"league: {counts.rated} rated, {counts.unrated} waiting for the store, "
                f"{counts.lost} lost, {counts.failed} failed, "
                f"{counts.started - counts.finished - counts.lost} running, "
                f"{counts.rated / elapsed * 60:.1f} rated/min")

    def show_standings(self) -> None:
        for queue, entries in self.standings():
            self.console.print(standings_table(queue, entries, self.order))

    def stop(self) -> None:
        if self._live is not None:
            self._live.update(self._panel())
            self._live.stop()
            self._live = None

    def _panel(self) -> Group:
        tables = [standings_table(queue, entries, self.order)
                  for queue, entries in self.standings()]
        return Group(self.progress(), *tables)
