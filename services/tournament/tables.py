"""The standings tables of ``arena play``, ``arena tournament`` and ``arena report``
(live and final): the same columns in every command, fitting an 80-column terminal.
Only rich: a command imports it before the evaluation stack is loaded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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


def summary_table(summary: dict[str, Any], names: Sequence[str],
                  title: str) -> Table:
    """The per-entrant summary (and the SPRT verdict) as a table, best rating first;
    the columns of ``arena play``'s table plus the intervals, within 80 columns."""
    sprt = summary.get("sprt")
    entrants = summary["entrants"]
    lines = [f"SPRT: {sprt['verdict']}"] if sprt is not None else []
    failed = failure_line(entrants, names)
    if failed:
        lines.append(failed)
    caption = "\n".join(lines) or None
    table = standings_table(f"{title}: {summary['games']:,} games", caption, intervals=True)
    for name in sorted(names, key=lambda n: -(entrants[n]["rating"] or 0.0)):
        entry = entrants[name]
        table.add_row(
            name, str(entry["games"]), format_wins(entry["wins"]),
            _rate(entry["win_rate"], entry["win_rate_ci"]),
            fmt(entry["mean_score"], ".2f"), fmt(entry["mean_rank"], ".3f"),
            _rating(entry["rating"], entry["rating_ci"]),
        )
    return table


def failure_line(entrants: dict[str, Any], names: Sequence[str]) -> str | None:
    """``failures: go 2 timeout, 1 crash; rust 1 illegal`` (seats of hosted bots that
    timed out, crashed or replied illegally), or None when there were none."""
    parts = []
    for name in names:
        counts = entrants[name].get("failures") or {}
        kinds = [f"{count} {kind}" for kind, count in counts.items() if count]
        if kinds:
            parts.append(f"{name} {', '.join(kinds)}")
    return f"failures: {'; '.join(parts)}" if parts else None


def _rate(value: float | None, ci: list[float] | None) -> str:
    if value is None:
        return "-"
    if not ci:
        return f"{value:.1%}"
    return f"{value:.1%} ({ci[0] * 100:.1f}-{ci[1] * 100:.1f})"


def _rating(value: float | None, ci: list[float] | None) -> str:
    if value is None:
        return "-"
    return f"{value:+.0f} ({ci[0]:+.0f}, {ci[1]:+.0f})" if ci else f"{value:+.0f}"


def fmt(value: float | None, spec: str) -> str:
    """``value`` in ``spec``, or "-" when there is none."""
    return "-" if value is None else format(value, spec)
