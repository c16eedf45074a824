"""The two plots of a tournament report (matplotlib, no display needed).

- ``winrate.png``: a heat map of how often the row entrant finished ahead of the
  column entrant (every game read as the comparisons between its seats; a shared rank
  counts half), each cell labelled with the rate and its 95% Wilson interval. This is
  not the win rate of the summary (first places per seat).
- ``ratings.png``: Bradley-Terry ratings (Elo scale) with 95% bootstrap intervals,
  best at the top.

Both titles name the tournament (format, game, players, games) and are wrapped to the
figure's width; matplotlib's constrained layout keeps every label inside the figure.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib
import numpy as np

matplotlib.use("Agg")  # no display: before pyplot is first imported (in the functions)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

MAX_LABEL = 28


def _label(name: str) -> str:
    return name if len(name) <= MAX_LABEL else "…" + name[-(MAX_LABEL - 1):]


TITLE_SIZE = 11.0


def plot_winrate(head_to_head: Mapping[str, Mapping[str, Any]], names: Sequence[str],
                 path: Path, games: int, context: str = "") -> None:
    _save(winrate_figure(head_to_head, names, games, context), path)


def plot_ratings(entrants: Mapping[str, Mapping[str, Any]], path: Path, games: int,
                 context: str = "") -> None:
    _save(ratings_figure(entrants, games, context), path)


def _save(fig: Figure, path: Path) -> None:
    import matplotlib.pyplot as plt

    fig.savefig(path, dpi=120)
    plt.close(fig)


def _title(fig: Figure, what: str, context: str, games: int) -> str:
    """``what``, then the tournament and its games, each wrapped to the figure's width
    (an average character of the title font is taken as 0.62 of its size)."""
    chars = int(fig.get_size_inches()[0] * 72 * 0.85 / (TITLE_SIZE * 0.62))
    about = f"{context}, {games:,} games" if context else f"{games:,} games"
    return "\n".join([*textwrap.wrap(what, chars), *textwrap.wrap(about, chars)])


def winrate_figure(head_to_head: Mapping[str, Mapping[str, Any]], names: Sequence[str],
                   games: int, context: str = "") -> Figure:
    """The head-to-head heat map (close it with ``plt.close``)."""
    import matplotlib.pyplot as plt

    count = len(names)
    rates = np.full((count, count), np.nan)
    for i, row in enumerate(names):
        for j, col in enumerate(names):
            cell = head_to_head.get(row, {}).get(col)
            if cell is not None:
                rates[i, j] = cell["rate"]
    size = max(4.0, 1.1 * count + 2)
    fig, ax = plt.subplots(figsize=(size + 1.5, size + 0.5), layout="constrained")
    image = ax.imshow(np.ma.masked_invalid(rates), cmap="RdYlGn", vmin=0, vmax=1,
                      aspect="auto")  # square cells would defeat the layout of the labels
    ax.set_xticks(range(count), [_label(n) for n in names], rotation=45, ha="right")
    ax.set_yticks(range(count), [_label(n) for n in names])
    small = count > 8
    for i, row in enumerate(names):
        for j, col in enumerate(names):
            cell = head_to_head.get(row, {}).get(col)
            if cell is None:
                continue
            text = f"{cell['rate']:.0%}"
            if not small and cell.get("rate_ci"):
                lo, hi = cell["rate_ci"]
                text += f"\n[{lo:.0%}, {hi:.0%}]"
            ax.text(j, i, text, ha="center", va="center", fontsize=7 if small else 9)
    ax.set_xlabel("opponent")
    ax.set_ylabel("entrant")
    ax.set_title(_title(fig, "How often the row finished ahead of the column", context,
                        games), fontsize=TITLE_SIZE)
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04,
                 label="finished ahead (a shared rank counts half)")
    return fig


def ratings_figure(entrants: Mapping[str, Mapping[str, Any]], games: int,
                   context: str = "") -> Figure:
    """Ratings with their intervals, best at the top (close it with ``plt.close``)."""
    import matplotlib.pyplot as plt

    rated = [(name, e["rating"], e["rating_ci"]) for name, e in entrants.items()
             if e.get("rating") is not None]
    rated.sort(key=lambda item: item[1])
    count = len(rated)
    fig, ax = plt.subplots(figsize=(7.5, max(2.5, 0.45 * count + 1.5)), layout="constrained")
    ys = np.arange(count)
    values = np.array([rating for _, rating, _ in rated])
    # A bootstrap interval of a lopsided result (an entrant that never wins) may leave
    # out the estimate itself: its bar then starts at the point.
    lows = np.array([max(rating - ci[0], 0.0) if ci else 0.0 for _, rating, ci in rated])
    highs = np.array([max(ci[1] - rating, 0.0) if ci else 0.0 for _, rating, ci in rated])
    ax.errorbar(values, ys, xerr=[lows, highs], fmt="o", capsize=4, color="tab:blue")
    ax.axvline(0, color="grey", linewidth=0.8, linestyle="--")
    ax.set_yticks(ys, [_label(name) for name, _, _ in rated])
    ax.set_xlabel("rating (Elo scale, Bradley-Terry, mean 0) with 95% bootstrap interval")
    ax.set_title(_title(fig, "Bradley-Terry ratings", context, games), fontsize=TITLE_SIZE)
    ax.grid(axis="x", alpha=0.3)
    return fig
