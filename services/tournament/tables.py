"""The standings tables of ``arena play`` and ``arena tournament`` (live and final): the
same columns in both commands, fitting an 80-column terminal. Only rich: ``arena play``
imports it without the evaluation stack."""

from __future__ import annotations

from rich import box
from rich.table import Table


def standings_table(title: str | None = None, caption: str | None = None,
                    intervals: bool = False) -> Table:
    """The columns of every standings table of ``arena play`` and ``arena tournament``:
    one row per bot; ``seats`` is the seats it played (a game of N players is N
    seats), ``wins`` its first places (a k-way tie gives each 1/k), ``win rate`` wins
    per seat. ``intervals`` adds 95% intervals to the win rate and the rating column.
    No vertical rules, and only the bot's name wraps, so 80 columns hold it."""
    table = Table(title=title, caption=caption, box=box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False, collapse_padding=True, expand=False)
    table.add_column("bot", overflow="fold", min_width=8)
    for heading in ("seats", "wins", "win rate\n(95% CI)" if intervals else "win rate",
                    "mean\nscore", "mean\nrank"):
        table.add_column(heading, justify="right", no_wrap=True)
    if intervals:
        table.add_column("rating\n(95% CI)", justify="right", no_wrap=True)
    return table


def format_wins(wins: float) -> str:
    return f"{wins:.0f}" if float(wins).is_integer() else f"{wins:.2f}"
