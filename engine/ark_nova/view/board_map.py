"""One zoo map as SVG: the 58 flat-topped hexes of spec 7.1 in 9 columns (terrain,
Build-II cells, placement bonuses still uncovered, map features), the buildings drawn
over them with their outlines, and the numbers of the animals each building houses."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.ark_nova.map.buildings import KIND, SPECIAL, STANDARD, TYPES
from engine.ark_nova.map.hexgrid import CELLS, INDEX, N_CELLS
from engine.ark_nova.map.maps import MapData
from engine.ark_nova.model.state import Building
from engine.ark_nova.view.board_style import (
    INK,
    LINE,
    MUTED,
    PLACEMENT,
    PLACEMENT_NAMES,
    TERRAIN_PLAIN,
    TERRAIN_ROCK,
    TERRAIN_WATER,
    building_fill,
    building_short,
)
from engine.toolkit.svg import Svg

HEX = 25.0  # centre to corner: a hex about 50 units across (the map 350 x 303)
ROW_STEP = math.sqrt(3) / 2 * HEX  # doubled rows: one row is half a hex height
MAP_W = 8 * 1.5 * HEX + 2 * HEX
MAP_H = 12 * ROW_STEP + 2 * ROW_STEP
CORNERS = tuple((HEX * math.cos(math.pi / 3 * k), HEX * math.sin(math.pi / 3 * k))
                for k in range(6))
# The neighbour across the edge from corner k to corner k+1 (y grows downwards).
EDGE_NEIGHBOUR = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))


def _centre(cell: int) -> tuple[float, float]:
    col, row = CELLS[cell]
    return HEX + col * 1.5 * HEX, ROW_STEP + row * ROW_STEP


def _hex_path(cell: int, shrink: float) -> str:
    cx, cy = _centre(cell)
    points = "L".join(f"{cx + dx * shrink:.1f} {cy + dy * shrink:.1f}" for dx, dy in CORNERS)
    return f"M{points}Z"


def _edge_path(cell: int, edge: int) -> str:
    cx, cy = _centre(cell)
    (ax, ay), (bx, by) = CORNERS[edge], CORNERS[(edge + 1) % 6]
    return f"M{cx + ax:.1f} {cy + ay:.1f}L{cx + bx:.1f} {cy + by:.1f}"


def _neighbour(cell: int, edge: int) -> int:
    col, row = CELLS[cell]
    dc, dr = EDGE_NEIGHBOUR[edge]
    return INDEX.get((col + dc, row + dr), -1)


# Map-local geometry, computed once: drawn inside a translated group.
CENTRES = tuple(_centre(c) for c in range(N_CELLS))
HEX_PATH = tuple(_hex_path(c, 1.0) for c in range(N_CELLS))
CELL_PATH = tuple(_hex_path(c, 0.97) for c in range(N_CELLS))
NEIGHBOUR_ACROSS = tuple(tuple(_neighbour(c, k) for k in range(6)) for c in range(N_CELLS))
EDGE_PATH = tuple(tuple(_edge_path(c, k) for k in range(6)) for c in range(N_CELLS))


def draw_map(
    svg: Svg, map_data: MapData, buildings: Sequence[tuple[Building, int]],
    housed: dict[int, list[int]], x0: float, y0: float,
) -> None:
    """The map at ``(x0, y0)``; ``housed`` maps a building index to the numbers of the
    animals in it (as listed beside the map)."""
    owner = [-1] * N_CELLS
    for index, (b, _) in enumerate(buildings):
        for c in b.cells:
            owner[c] = index
    features = {c: tag for tag, cells in map_data.special for c in cells}
    svg.open_group(class_="zoo-map", data_map=map_data.map_id,
                   transform=f"translate({x0:g},{y0:g})")
    for cell in range(N_CELLS):
        if owner[cell] < 0:
            _free_cell(svg, map_data, cell, features.get(cell))
    for index, (b, state) in enumerate(buildings):
        _building(svg, b, state, index, housed.get(index, []))
    for index, (b, state) in enumerate(buildings):  # over every outline
        svg.open_group(class_="building-label", data_index=index)
        svg.tooltip(building_title(b, state, housed.get(index, [])))
        _label(svg, b, state, housed.get(index, []))
        svg.close_group()
    svg.close_group()


def _free_cell(svg: Svg, m: MapData, cell: int, feature: str | None) -> None:
    bit = 1 << cell
    cx, cy = CENTRES[cell]
    terrain = "water" if m.water & bit else "rock" if m.rock & bit else "plain"
    fill = {"water": TERRAIN_WATER, "rock": TERRAIN_ROCK, "plain": TERRAIN_PLAIN}[terrain]
    build2 = bool(m.build2 & bit)
    svg.path(CELL_PATH[cell], fill=fill, stroke="#8a8f7a" if build2 else LINE,
                stroke_width=1.2 if build2 else 0.8,
                stroke_dasharray="3 2" if build2 else None, class_=f"cell {terrain}")
    if build2:
        svg.text(cx, cy - 11, "II", font_size=8, text_anchor="middle", fill=MUTED,
                 class_="build2")
    bonus = m.bonus[cell]
    if bonus is not None:
        svg.open_group(class_="bonus-cell")
        svg.tooltip(f"placement bonus: {PLACEMENT_NAMES.get(bonus, bonus)}, taken by the "
                    "first building to cover this space")
        svg.path(CELL_PATH[cell], fill="none", stroke="none", pointer_events="all")
        svg.text(cx, cy + 4, PLACEMENT.get(bonus, bonus), font_size=11, font_weight="bold",
                 text_anchor="middle", fill="#7a5200", class_="placement-bonus")
        svg.close_group()
    if feature is not None:
        svg.circle(cx, cy, HEX * 0.62, fill="none", stroke="#7d3c98", stroke_width=1.4,
                   class_="map-feature")
        svg.text(cx, cy + 15, feature.replace("_", " ")[:6], font_size=7.5,
                 text_anchor="middle", fill="#7d3c98")


def building_title(b: Building, state: int, animals: list[int]) -> str:
    """A building's hover text: its full name, what its label means, its animals."""
    kind, kind_type = KIND[b.code], TYPES[b.code]
    name = kind_type.name
    if kind == STANDARD:
        name += " (occupied)" if state > 0 else " (empty)"
    elif kind == SPECIAL:
        name += f": {state} of {kind_type.capacity} animals housed"
    return name + (f"; animals {', '.join(map(str, animals))} of the list" if animals else "")


def _building(svg: Svg, b: Building, state: int, index: int, animals: list[int]) -> None:
    fill = building_fill(b.code, state)
    kind = KIND[b.code]
    svg.open_group(class_="building", data_kind=kind, data_code=b.code, data_index=index,
                   data_state=state)
    svg.tooltip(building_title(b, state, animals))
    members = set(b.cells)
    svg.path("".join(HEX_PATH[c] for c in b.cells), fill=fill, stroke=fill,
             stroke_width=0.8)
    # The outline: every edge not shared with another cell of the same building.
    edges = [EDGE_PATH[c][k] for c in b.cells for k in range(6)
             if NEIGHBOUR_ACROSS[c][k] not in members]
    svg.path("".join(edges), fill="none", stroke=INK, stroke_width=1.7,
             stroke_linecap="round", class_="outline")
    svg.close_group()


def _label_cell(b: Building) -> int:
    """The building's cell nearest its centroid (a centroid may fall outside a bent shape)."""
    points = [CENTRES[c] for c in b.cells]
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    return min(b.cells, key=lambda c: (CENTRES[c][0] - mx) ** 2 + (CENTRES[c][1] - my) ** 2)


def _label(svg: Svg, b: Building, state: int, animals: list[int]) -> None:
    """The building's name (standard enclosures: their size while empty) on its middle
    cell, and one numbered token per animal on the other cells, top to bottom."""
    middle = _label_cell(b)
    x, y = CENTRES[middle]
    if KIND[b.code] == STANDARD:
        if not animals:
            svg.text(x, y + 5, TYPES[b.code].size, font_size=13, text_anchor="middle",
                     fill="#6d8a58", class_="enclosure-size")
        _badges(svg, animals, x, y)
        return
    short = building_short(b.code, state)
    crowded = len(animals) >= len(b.cells)  # the rest go under the name
    svg.text(x, y + (-5 if crowded else 5), short,
             font_size=14 if len(short) <= 2 else 10, font_weight="bold",
             text_anchor="middle", fill="#fff", stroke=building_fill(b.code, state),
             stroke_width=2.5, paint_order="stroke", class_="building-label")
    others = sorted((c for c in b.cells if c != middle), key=lambda c: CENTRES[c][::-1])
    for cell, number in zip(others, animals, strict=False):
        _badges(svg, [number], *CENTRES[cell])
    _badges(svg, animals[len(others):], x, y + 9)


def _badges(svg: Svg, animals: list[int], x: float, y: float) -> None:
    """The numbers of the housed animals, as dark round tokens centred on ``(x, y)``."""
    step = 18.0
    left = x - step * (len(animals) - 1) / 2
    for i, number in enumerate(animals):
        bx = left + i * step
        svg.circle(bx, y, 9, fill="#1d3b12", stroke="#fff", stroke_width=1.2,
                   class_="housed", data_animal=number)
        svg.text(bx, y + 4, number, font_size=11.5 if number < 10 else 10,
                 font_weight="bold", fill="#fff", text_anchor="middle")
