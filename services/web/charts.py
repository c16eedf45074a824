"""The rating chart of a bot page: plain SVG drawn on the server, no script needed.

Each point is the rating after one match, oldest on the left; with few enough points,
each is drawn as a dot carrying its match id and rating.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.board import Svg

WIDTH, HEIGHT = 720, 240
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 16, 32
MAX_POINTS = 300


def _nice_bounds(low: float, high: float) -> tuple[float, float]:
    """Bounds rounded out to tens, at least 40 points apart."""
    if high - low < 40:
        middle = (high + low) / 2
        low, high = middle - 20, middle + 20
    return float(int(low // 10) * 10), float(int(-(-high // 10)) * 10)


def rating_chart(history: Sequence[Mapping[str, Any]], title: str) -> str:
    """An SVG line chart of ``history`` points ``{match_id, rating}`` (the newest
    :data:`MAX_POINTS`)."""
    points = [(str(p["match_id"]), float(p["rating"])) for p in history][-MAX_POINTS:]
    svg = Svg(WIDTH, HEIGHT, title, css_class="chart")
    svg.rect(0, 0, WIDTH, HEIGHT, fill="#ffffff")
    if not points:
        svg.text(WIDTH / 2, HEIGHT / 2, "no rated match yet", text_anchor="middle")
        return str(svg)
    low, high = _nice_bounds(min(r for _, r in points), max(r for _, r in points))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (len(points) - 1) if len(points) > 1 else plot_w / 2)

    def y(rating: float) -> float:
        return TOP + plot_h * (high - rating) / (high - low)

    for k in range(5):
        value = low + (high - low) * k / 4
        svg.line(LEFT, y(value), WIDTH - RIGHT, y(value), stroke="#e5e5e5")
        svg.text(LEFT - 6, y(value) + 4, f"{value:.0f}", text_anchor="end", font_size=11)
    svg.line(LEFT, TOP + plot_h, WIDTH - RIGHT, TOP + plot_h, stroke="#999")
    svg.text(LEFT, HEIGHT - 8, "older", font_size=11, fill="#777")
    svg.text(WIDTH - RIGHT, HEIGHT - 8, f"latest ({len(points)} matches)", text_anchor="end",
             font_size=11, fill="#777")
    svg.polyline([(x(i), y(r)) for i, (_, r) in enumerate(points)], fill="none",
                 stroke="#2e6da4", stroke_width=2, class_="rating-line")
    if len(points) <= 120:
        for i, (match_id, rating) in enumerate(points):
            svg.circle(x(i), y(rating), 3, fill="#2e6da4",
                       data_match=match_id, data_rating=f"{rating:.1f}")
    return str(svg)
