"""The rating chart: one polyline vertex per match, newest on the right, bounded."""

from __future__ import annotations

import re
from itertools import pairwise

from services.web.charts import HEIGHT, MAX_POINTS, rating_chart


def vertices(svg: str) -> list[tuple[float, float]]:
    (points,) = re.findall(r'<polyline points="([^"]+)"', svg)
    return [(float(x), float(y)) for x, y in (p.split(",") for p in points.split())]


def test_each_match_is_a_vertex_and_higher_ratings_are_drawn_higher() -> None:
    history = [{"match_id": f"m{i}", "rating": 1500 + r} for i, r in enumerate((0, 8, -4, 20))]
    svg = rating_chart(history, "alice <rating>")
    drawn = vertices(svg)
    assert len(drawn) == 4 and [x for x, _ in drawn] == sorted(x for x, _ in drawn)
    assert drawn[3][1] < drawn[1][1] < drawn[0][1] < drawn[2][1]  # SVG y grows downwards
    assert svg.count("<circle") == 4 and 'data-match="m3"' in svg
    assert "alice &lt;rating&gt;" in svg  # titles are escaped


def test_long_histories_keep_the_newest_points_without_dots() -> None:
    history = [{"match_id": f"m{i}", "rating": 1500 + i % 7} for i in range(MAX_POINTS + 50)]
    svg = rating_chart(history, "t")
    assert len(vertices(svg)) == MAX_POINTS and "<circle" not in svg
    assert "no rated match" in rating_chart([], "t")


GRID_LINE = re.compile(
    r'<line x1="([^"]+)" y1="([^"]+)" x2="([^"]+)" y2="[^"]+" stroke="#e5e5e5"/>')
GRID_LABEL = re.compile(
    r'<text x="[^"]+" y="([^"]+)" text-anchor="end" font-size="11">(-?\d+)</text>')


def grid(svg: str) -> list[tuple[float, float, float, int]]:
    """The grid's lines, bottom first: (left x, right x, y, the value labelled)."""
    lines, labels = GRID_LINE.findall(svg), GRID_LABEL.findall(svg)
    assert len(lines) == len(labels)
    return [(float(x1), float(x2), float(y), int(value))
            for (x1, y, x2), (_, value) in zip(lines, labels, strict=True)]


def test_the_grid_is_five_evenly_spaced_lines_labelled_from_the_lower_bound_to_the_upper() -> None:
    history = [{"match_id": f"m{i}", "rating": r} for i, r in enumerate((1503, 1547, 1511))]
    lines = grid(rating_chart(history, "t"))
    assert [value for *_, value in lines] == [1500, 1512, 1525, 1538, 1550]
    ys = [y for _, _, y, _ in lines]
    steps = {round(lower - upper, 6) for lower, upper in pairwise(ys)}
    assert len(steps) == 1 and steps.pop() > 0  # evenly spaced, going up
    assert ys[-1] >= 0 and ys[0] <= HEIGHT  # all inside the picture
    # Ratings closer than 40 points get bounds 40 apart around them, on tens.
    flat = grid(rating_chart([{"match_id": "m", "rating": 1503.0}], "t"))
    assert (flat[0][3], flat[-1][3]) == (1480, 1530)


def test_the_line_spans_the_grid_from_the_oldest_match_to_the_newest() -> None:
    history = [{"match_id": f"m{i}", "rating": 1500 + r} for i, r in enumerate((0, 30, -12, 9))]
    svg = rating_chart(history, "t")
    lines, drawn = grid(svg), vertices(svg)
    left, right, bottom, top = lines[0][0], lines[0][1], lines[0][2], lines[-1][2]
    assert drawn[0][0] == left and drawn[-1][0] == right
    assert all(top <= y <= bottom for _, y in drawn)
    # A single match is drawn half way across.
    ((x, _),) = vertices(rating_chart(history[:1], "t"))
    assert x == (left + right) / 2


def test_the_chart_says_how_many_matches_it_shows() -> None:
    history = [{"match_id": f"m{i}", "rating": 1500.0} for i in range(MAX_POINTS + 50)]
    assert f"latest ({MAX_POINTS} matches)" in rating_chart(history, "t")
    assert "latest (4 matches)" in rating_chart(history[:4], "t")


def test_the_x_axis_is_time_with_round_ticks_when_points_have_times() -> None:
    start = 1_764_590_400  # 2025-12-01 12:00:00 UTC
    offsets = (0, 600, 900, 3 * 3600 + 1200)  # uneven gaps: drawn as they fell
    history = [{"match_id": f"m{i}", "rating": 1500 + i, "at": start + dt}
               for i, dt in enumerate(offsets)]
    svg = rating_chart(history, "t")
    xs = [x for x, _ in vertices(svg)]
    gaps = [b - a for a, b in pairwise(xs)]
    assert gaps[1] * 5 < gaps[0] * 4 and gaps[2] > 10 * gaps[0]  # spaced by time, not index
    assert abs((xs[1] - xs[0]) / (xs[3] - xs[0]) - 600 / offsets[3]) < 1e-3
    ticks = re.findall(r'class="tick">([^<]+)<', svg)
    assert ticks == ["12:00", "13:00", "14:00", "15:00"]
    assert "time (UTC), 01 Dec 2025 · 4 matches" in svg
    assert "m1: 1501.0 at 2025-12-01 12:10:00 UTC" in svg  # each dot's hover text
    weeks = [{"match_id": f"w{i}", "rating": 1500, "at": start + i * 3 * 86400}
             for i in range(6)]
    labels = re.findall(r'class="tick">([^<]+)<', rating_chart(weeks, "t"))
    assert labels == ["04 Dec", "11 Dec"]  # a week apart over a fortnight
    assert 'class="tick"' not in rating_chart([{"match_id": "a", "rating": 1500}], "t")
