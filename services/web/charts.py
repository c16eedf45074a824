"""The rating chart of a bot page: plain SVG drawn on the server, no script needed.

Each point is the rating after one match, oldest on the left. When every point has its
time, the x axis is time (UTC), with ticks at round minutes, hours or days; otherwise the
points are evenly spaced. With few enough points, each is drawn as a dot carrying its
match id, rating and time.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from engine.toolkit.svg import Svg

WIDTH, HEIGHT = 720, 250
LEFT, RIGHT, TOP, BOTTOM = 56, 20, 16, 42
MAX_POINTS = 300


def _nice_bounds(low: float, high: float) -> tuple[float, float]:
    """Bounds rounded out to tens, at least 40 points apart."""
    if high - low < 40:
        middle = (high + low) / 2
        low, high = middle - 20, middle + 20
    return float(int(low // 10) * 10), float(int(-(-high // 10)) * 10)


MINUTE, HOUR, DAY = 60, 3600, 86400
TICK_STEPS = (MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR,
              12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 91 * DAY, 365 * DAY)
MAX_TICKS = 6


def time_ticks(start: float, end: float) -> list[tuple[float, str]]:
    """Round UTC times between ``start`` and ``end`` (at most :data:`MAX_TICKS`), each
    with its label: the time of day within a day and a half, else the date."""
    span = end - start
    step = next((s for s in TICK_STEPS if span / s <= MAX_TICKS - 1), TICK_STEPS[-1])
    first = -(-start // step) * step
    ticks = []
    at = first
    while at <= end:
        form = "%H:%M" if span <= 1.5 * DAY else "%d %b" if span <= 300 * DAY else "%b %Y"
        ticks.append((at, time.strftime(form, time.gmtime(at))))
        at += step
    return ticks


def rating_chart(history: Sequence[Mapping[str, Any]], title: str) -> str:
    """An SVG line chart of ``history`` points ``{match_id, rating, at}`` (the newest
    :data:`MAX_POINTS`; ``at`` a Unix time or None)."""
    points = [(str(p["match_id"]), float(p["rating"]), p.get("at")) for p in history]
    points = points[-MAX_POINTS:]
    svg = Svg(WIDTH, HEIGHT, title, css_class="chart")
    svg.rect(0, 0, WIDTH, HEIGHT, fill="#ffffff")
    if not points:
        svg.text(WIDTH / 2, HEIGHT / 2, "no rated match yet", text_anchor="middle")
        return str(svg)
    low, high = _nice_bounds(min(r for _, r, _ in points), max(r for _, r, _ in points))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    times = [float(at) for _, _, at in points if at is not None]
    timed = len(times) == len(points)
    first, last = (min(times), max(times)) if timed else (0.0, 0.0)

    def x(i: int) -> float:
        if timed and last > first:
            return LEFT + plot_w * (times[i] - first) / (last - first)
        return LEFT + (plot_w * i / (len(points) - 1) if len(points) > 1 else plot_w / 2)

    def y(rating: float) -> float:
        return TOP + plot_h * (high - rating) / (high - low)

    for k in range(5):
        value = low + (high - low) * k / 4
        svg.line(LEFT, y(value), WIDTH - RIGHT, y(value), stroke="#e5e5e5")
        svg.text(LEFT - 6, y(value) + 4, f"{value:.0f}", text_anchor="end", font_size=11)
    base = TOP + plot_h
    svg.line(LEFT, base, WIDTH - RIGHT, base, stroke="#999")
    if timed and last > first:
        svg.open_group(class_="time-axis")
        for at, label in time_ticks(first, last):
            tx = LEFT + plot_w * (at - first) / (last - first)
            svg.line(tx, base, tx, base + 5, stroke="#999")
            svg.text(tx, base + 17, label, text_anchor="middle", font_size=11, fill="#555",
                     class_="tick")
        svg.close_group()
        day = "%d %b %Y"
        dates = [time.strftime(day, time.gmtime(t)) for t in (first, last)]
        span = dates[0] if dates[0] == dates[1] else f"{dates[0]} to {dates[1]}"
        caption = f"time (UTC), {span} · {len(points)} matches"
    elif timed:
        caption = time.strftime("%d %b %Y %H:%M UTC", time.gmtime(first))
    else:
        svg.text(LEFT, HEIGHT - 8, "older", font_size=11, fill="#777")
        caption = f"latest ({len(points)} matches)"
    svg.text(WIDTH - RIGHT, HEIGHT - 6, caption, text_anchor="end", font_size=11,
             fill="#777", class_="axis-caption")
    svg.polyline([(x(i), y(r)) for i, (_, r, _) in enumerate(points)], fill="none",
                 stroke="#2e6da4", stroke_width=2, class_="rating-line")
    if len(points) <= 120:
        for i, (match_id, rating, stamp) in enumerate(points):
            when = None if stamp is None else time.strftime(
                "%Y-%m-%d %H:%M:%S UTC", time.gmtime(float(stamp)))
            svg.open_group(class_="point")
            svg.tooltip(f"{match_id}: {rating:.1f}" + (f" at {when}" if when else ""))
            svg.circle(x(i), y(rating), 3, fill="#2e6da4",
                       data_match=match_id, data_rating=f"{rating:.1f}")
            svg.close_group()
    return str(svg)
