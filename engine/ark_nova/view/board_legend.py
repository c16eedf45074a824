"""The key to the Ark Nova board's symbols, drawn once above the zoo panels: terrain and
buildings as they look on the maps, what each abbreviation on the maps stands for (only
those the shown maps use), and how the tracks, action cards and the score read."""

from __future__ import annotations

from collections.abc import Iterable

from engine.ark_nova.map.buildings import KIND, TYPES, UNIQUE
from engine.ark_nova.map.maps import load_map
from engine.ark_nova.view.board_style import (
    EMPTY_FILL,
    INK,
    KIND_FILL,
    LINE,
    MINUS,
    MUTED,
    OCCUPIED_FILL,
    PLACEMENT,
    PLACEMENT_NAMES,
    SPECIAL_SHORT,
    TERRAIN_PLAIN,
    TERRAIN_ROCK,
    TERRAIN_WATER,
    TIMES,
    UNIQUE_SHORT,
)
from engine.ark_nova.view.observation import Observation
from engine.toolkit.svg import Svg, text_width, wrap

FONT_SIZE = 10.0
ROW_H = 17.0
LEFT, RIGHT = 12.0, 988.0
SWATCH = 12.0
GAP = 14.0

# (swatch fill, dashed outline, the swatch's own text, what it means)
MAP_KEYS = (
    (TERRAIN_PLAIN, False, "", "free space"),
    (TERRAIN_WATER, False, "", "water"),
    (TERRAIN_ROCK, False, "", "rock"),
    (TERRAIN_PLAIN, True, "II", "needs Build upgraded to side II"),
    (EMPTY_FILL, False, "3", "empty enclosure (its size)"),
    (OCCUPIED_FILL, False, "", "occupied enclosure"),
    (KIND_FILL["kiosk"], False, "K", "kiosk"),
    (KIND_FILL["pavilion"], False, "P", "pavilion"),
    (KIND_FILL["special"], False, "1/3", "special enclosure: animals housed / room"),
    (KIND_FILL["unique"], False, "", "unique building"),
    ("#1d3b12", False, "4", "animal 4 of the zoo's list, housed here"),
)
READING = (
    "VP if it ended now = appeal + 2 per conservation point (CP) up to 10 + 3 per CP past "
    f"10 {MINUS} 114",
    "conservation bar ticks: the bonus spaces at 2, 5, 8 and 10 CP",
    "reputation bar line: its cap of 9 while Cards is on side I",
    f"action cards: slot 1-5 is the strength; V venom, C constriction, {TIMES}2 multiplier",
    "hover over a name, building or space for its full text",
)


def _map_words(obs: Observation) -> list[tuple[str, str]]:
    """(abbreviation, meaning) of every placement bonus and named building on the maps."""
    bonuses: set[str] = set()
    uniques: set[int] = set()
    specials: set[int] = set()
    for view in obs.players:
        bonuses.update(b for b in load_map(view.map_id).bonus if b is not None)
        for building, _ in view.buildings:
            if KIND[building.code] == UNIQUE:
                uniques.add(building.code)
            elif building.code in SPECIAL_SHORT:
                specials.add(building.code)
    words = [(PLACEMENT.get(b, b), PLACEMENT_NAMES.get(b, b)) for b in sorted(bonuses)]
    words += [(SPECIAL_SHORT[c], TYPES[c].name) for c in sorted(specials)]
    words += [(UNIQUE_SHORT.get(c, TYPES[c].name), TYPES[c].name) for c in sorted(uniques)]
    return words


def _flow(items: Iterable[tuple[float, str]], width: float) -> list[list[tuple[float, str]]]:
    """Items (own width, key) broken into rows no wider than ``width``."""
    rows: list[list[tuple[float, str]]] = [[]]
    used = 0.0
    for item in items:
        if rows[-1] and used + item[0] > width:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += item[0] + GAP
    return rows


class Legend:
    """Lays the key out for one observation; :attr:`height` before :meth:`draw`."""

    def __init__(self, obs: Observation) -> None:
        width = RIGHT - LEFT - 56
        self.map_rows = _flow(((SWATCH + 4 + text_width(k[3], FONT_SIZE), str(i))
                               for i, k in enumerate(MAP_KEYS)), width)
        words = _map_words(obs)
        self.words = dict(words)
        self.word_rows = _flow(((text_width(f"{a} {m}", FONT_SIZE) + 4, a) for a, m in words),
                               width) if words else []
        self.read_rows = [[(width, line)] for line in wrap(" · ".join(READING), width,
                                                           FONT_SIZE)]
        rows = len(self.map_rows) + len(self.word_rows) + len(self.read_rows)
        self.height = 4 + rows * ROW_H + 10

    def draw(self, svg: Svg, y: float) -> None:
        svg.open_group(class_="legend", font_size=FONT_SIZE)
        svg.rect(6, y, RIGHT, self.height - 6, rx=6, fill="#fbfaf5", stroke=LINE)
        k = 0
        for title, rows, draw in (("key: map", self.map_rows, self._map_key),
                                  ("on maps", self.word_rows, self._word),
                                  ("reading", self.read_rows, self._reading)):
            for n, row in enumerate(rows):
                row_y = y + 4 + (k + 1) * ROW_H - 4
                if n == 0:
                    svg.text(LEFT, row_y, title, fill=MUTED, font_style="italic",
                             font_weight="bold" if k == 0 else None)
                x = LEFT + 56
                for item_width, key in row:
                    draw(svg, x, row_y, key)
                    x += item_width + GAP
                k += 1
        svg.close_group()

    @staticmethod
    def _map_key(svg: Svg, x: float, y: float, key: str) -> None:
        fill, dashed, mark, meaning = MAP_KEYS[int(key)]
        svg.open_group(class_="legend-key")
        svg.rect(x, y - SWATCH + 2, SWATCH, SWATCH, rx=2, fill=fill,
                 stroke="#8a8f7a" if dashed else INK, stroke_width=0.8,
                 stroke_dasharray="3 2" if dashed else None)
        if mark:
            svg.text(x + SWATCH / 2, y - 1, mark, font_size=7 if len(mark) > 1 else 8.5,
                     text_anchor="middle", font_weight="bold",
                     fill="#fff" if fill in (KIND_FILL["special"], "#1d3b12",
                                             KIND_FILL["kiosk"], KIND_FILL["pavilion"])
                     else INK)
        svg.text(x + SWATCH + 4, y, meaning)
        svg.close_group()

    def _word(self, svg: Svg, x: float, y: float, key: str) -> None:
        svg.open_group(class_="legend-word")
        svg.text(x, y, key, font_weight="bold", fill="#7a5200")
        svg.text(x + text_width(key, FONT_SIZE) + 4, y, self.words[key])
        svg.close_group()

    @staticmethod
    def _reading(svg: Svg, x: float, y: float, key: str) -> None:
        svg.text(x, y, key, class_="legend-reading")
