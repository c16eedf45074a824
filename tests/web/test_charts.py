"""The rating chart: one polyline vertex per match, newest on the right, bounded."""

from __future__ import annotations

import re

from services.web.charts import MAX_POINTS, rating_chart


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
