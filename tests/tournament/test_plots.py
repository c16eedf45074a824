"""The report's two plots: what each figure shows (labels, scale, order, intervals)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import matplotlib.pyplot as plt
import pytest

from services.tournament.plots import ratings_figure, winrate_figure


@pytest.fixture(autouse=True)
def _close_figures() -> Iterator[None]:
    yield
    plt.close("all")


def _texts(labels: Any) -> list[str]:
    return [label.get_text() for label in labels]


def test_the_heat_map_names_rows_and_columns_and_labels_each_cell() -> None:
    names = ["alpha", "beta", "gamma"]
    h2h = {
        "alpha": {"beta": {"rate": 0.75, "rate_ci": [0.5, 0.9]}},
        "beta": {"alpha": {"rate": 0.25, "rate_ci": [0.1, 0.5]}},
    }
    fig = winrate_figure(h2h, names, 12345)
    ax = fig.axes[0]
    assert _texts(ax.get_yticklabels()) == names
    assert _texts(ax.get_xticklabels()) == names
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("opponent", "entrant")
    assert "12,345 games" in ax.get_title()
    cells = sorted(_texts(ax.texts))
    assert cells == ["25%\n[10%, 50%]", "75%\n[50%, 90%]"]
    image = ax.images[0]
    assert image.get_clim() == (0, 1)  # 50% is the middle colour whatever the data
    shown = image.get_array()
    assert shown[0, 1] == 0.75 and shown[1, 0] == 0.25
    assert shown.mask[0, 0] and shown.mask[2, 1]  # pairs that never met stay blank


def test_a_large_heat_map_drops_the_intervals_and_grows_with_the_entrants() -> None:
    names = [f"bot{i}" for i in range(10)]
    h2h = {"bot0": {"bot1": {"rate": 0.6, "rate_ci": [0.4, 0.8]}}}
    big = winrate_figure(h2h, names, 10)
    assert _texts(big.axes[0].texts) == ["60%"]
    small = winrate_figure(h2h, names[:2], 10)
    assert big.get_size_inches()[1] > small.get_size_inches()[1]


def test_long_names_keep_their_last_28_characters() -> None:
    fits = "x" * 28
    long = "module.path.to.a.very.long.strategy:Name"
    fig = winrate_figure({}, [fits, long], 1)
    labels = _texts(fig.axes[0].get_yticklabels())
    assert labels == [fits, "…" + "o.a.very.long.strategy:Name"]
    assert len(labels[1]) == 28


def test_ratings_run_best_at_the_top_with_their_intervals() -> None:
    entrants = {
        "weak": {"rating": -50.0, "rating_ci": [-80.0, -20.0]},
        "strong": {"rating": 120.0, "rating_ci": [90.0, 160.0]},
        "unrated": {"rating": None, "rating_ci": None},
        "middle": {"rating": 10.0, "rating_ci": None},
    }
    fig = ratings_figure(entrants, 3000)
    ax = fig.axes[0]
    # y grows upwards: the last tick label is drawn at the top.
    assert _texts(ax.get_yticklabels()) == ["weak", "middle", "strong"]
    assert "Elo scale" in ax.get_xlabel() and "95% bootstrap interval" in ax.get_xlabel()
    assert "3,000 games" in ax.get_title()
    bars = ax.collections[0].get_segments()  # the horizontal error bars, bottom to top
    spans = [(round(seg[0][0], 6), round(seg[1][0], 6)) for seg in bars]
    assert spans == [(-80.0, -20.0), (10.0, 10.0), (90.0, 160.0)]


CONTEXT = "round-robin of monster-my-neighbor, 5 players"


def _inside(fig: Any) -> list[str]:
    """The axes whose drawn artists (title, labels, tick labels) reach outside the
    figure: none, for a figure not clipped."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    outside = []
    for ax in fig.axes:
        box = ax.get_tightbbox(renderer)
        if box.x0 < -0.5 or box.y0 < -0.5 or box.x1 > width + 0.5 or box.y1 > height + 0.5:
            outside.append(ax.get_title() or ax.get_ylabel())
    return outside


@pytest.mark.parametrize("names", [
    ["random", "heuristic"],
    ["docs/examples/big_hand_hunter.py:BigHandHunter", "heuristic", "random", "r2", "h2"],
])
def test_the_heat_map_names_the_tournament_and_what_it_measures_and_is_not_clipped(
    names: list[str],
) -> None:
    h2h = {a: {b: {"rate": 0.62, "rate_ci": [0.57, 0.67]} for b in names if b != a}
           for a in names}
    fig = winrate_figure(h2h, names, 1200, CONTEXT)
    ax, bar = fig.axes
    title = ax.get_title()
    assert title.startswith("How often the row finished ahead of the column")
    assert " ".join(title.split()).endswith(f"{CONTEXT}, 1,200 games")
    assert bar.get_ylabel() == "finished ahead (a shared rank counts half)"
    assert "win rate" not in bar.get_ylabel()
    assert _inside(fig) == []


def test_the_ratings_plot_names_the_tournament_and_is_not_clipped() -> None:
    entrants = {"docs/examples/big_hand_hunter.py:BigHandHunter":
                {"rating": -15.8, "rating_ci": [-26.5, -6.1]},
                "heuristic": {"rating": 15.8, "rating_ci": [6.1, 26.5]}}
    fig = ratings_figure(entrants, 436, "sprt of monster-my-neighbor, 4 players")
    title = " ".join(fig.axes[0].get_title().split())
    assert title == "Bradley-Terry ratings sprt of monster-my-neighbor, 4 players, 436 games"
    assert _inside(fig) == []
