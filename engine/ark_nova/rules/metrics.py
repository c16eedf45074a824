"""Counting helpers used by effects and scoring (spec 9.2, 16, 18 ``gain_per`` metrics).

A metric is named by a string (``"icons:science"``, ``"small_animals"`` ...) and read by
``metric(s, seat, name)``; ``amount`` is what a gain effect is worth now. Map terrain
words follow spec 20: a cell is *connected* if it is not covered and has a covered
neighbour, *isolated* if it is not covered and has none; water/rock covered through
sponsor 219 no longer counts as water/rock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from engine.ark_nova.cards.catalog import CATEGORIES, CONTINENTS, ICON, Card
from engine.ark_nova.cards.effects import Gain, GainPer, GainTiers
from engine.ark_nova.map.buildings import ENC_T, KIOSK_T, STANDARD, TYPES, UNIQUE
from engine.ark_nova.map.hexgrid import (
    BORDER_MASK,
    NEIGHBOUR_MASK,
    NEIGHBOURS,
    cells_of,
    neighbourhood,
)
from engine.ark_nova.model.state import Player, State
from engine.ark_nova.rules import map_rules

Metric = Callable[[State, int], int]


def _cards(s: State) -> list[Card]:
    """The card of each id; every id a zoo holds has one."""
    return cast("list[Card]", s.cards.by_id)


def small_animals(s: State, p: Player) -> int:
    by_id = _cards(s)
    return sum(1 for a in p.animals if by_id[a].small)


def large_animals(s: State, p: Player) -> int:
    by_id = _cards(s)
    return sum(1 for a in p.animals if by_id[a].large)


def distinct(p: Player, kinds: range) -> int:
    icons = p.icons
    return sum(1 for i in kinds if icons[i])


def touched(p: Player) -> int:
    """Cells adjacent to some covered cell (and not covered)."""
    return neighbourhood(p.covered)


def terrain(p: Player, kind: str) -> int:
    """Water or rock cells of the map that are not covered."""
    m = p.map.water if kind == "water" else p.map.rock
    return m & ~p.covered


def connected(p: Player, cells: int) -> int:
    return (cells & ~p.covered & touched(p)).bit_count()


def isolated(p: Player, cells: int) -> int:
    return (cells & ~p.covered & ~touched(p)).bit_count()


def empty_groups_of_six(p: Player) -> int:
    """Sponsor 260 end: for each maximal group of adjacent empty building cells, size // 6."""
    empty = p.map.plain & ~p.covered
    total = 0
    while empty:
        seed = empty & -empty
        group = seed
        frontier = seed
        while frontier:
            grow = 0
            for c in cells_of(frontier):
                grow |= NEIGHBOUR_MASK[c]
            frontier = grow & empty & ~group
            group |= frontier
        empty &= ~group
        total += group.bit_count() // 6
    return total


def map_covered(p: Player) -> int:
    return int(p.map.plain & ~p.covered == 0)


def border_covered(p: Player) -> int:
    return int(BORDER_MASK & p.map.plain & ~p.covered == 0)


def kiosks(p: Player) -> int:
    return len(p.kiosk_cells)


def occupied_size1(p: Player) -> int:
    """Occupied 1-space enclosures (one next to Map 2's outdoor area counts as size 3)."""
    return sum(1 for b, st in zip(p.bld, p.bld_state, strict=True)
               if b.code == ENC_T[1] and st and not map_rules.size_bonus(p, b))


def architectural(p: Player) -> int:
    """Final scoring 004 (spec 16): one CP per criterion met."""
    return (int(isolated(p, terrain(p, "water")) == 0) + int(isolated(p, terrain(p, "rock")) == 0)
            + border_covered(p) + map_covered(p))


def empty_building_cells(p: Player) -> int:
    """Final scoring 006: plain cells not covered (Build-II cells included)."""
    return (p.map.plain & ~p.covered).bit_count()


def diverse_species(s: State, seat: int) -> int:
    """Final scoring 009: categories with strictly more icons than the previous player."""
    mine = s.players[seat].icons
    theirs = s.players[(seat - 1) % s.n].icons
    return min(4, sum(1 for i in CATEGORIES if mine[i] > theirs[i]))


def adjacent_buildings(p: Player, mask: int) -> set[int]:
    """Indices of the buildings touching ``mask`` from outside."""
    out = set()
    cell_bld = p.cell_bld
    for c in cells_of(mask):
        for m in NEIGHBOURS[c]:
            b = cell_bld[m]
            if b >= 0:
                out.add(b)
    return out - {cell_bld[c] for c in cells_of(mask)}


def counts_for_income(p: Player, idx: int) -> bool:
    """Every building but an empty standard enclosure (spec 7.4)."""
    return not (TYPES[p.bld[idx].code].kind == STANDARD and not p.bld_state[idx])


def kiosk_income(p: Player) -> int:
    """+1 per distinct adjacent building that is not an empty standard enclosure (D-36)."""
    total = 0
    for c in p.kiosk_cells:
        total += sum(1 for b in adjacent_buildings(p, 1 << c)
                     if p.bld[b].code != KIOSK_T and counts_for_income(p, b))
    return total


def unique_building(p: Player, sponsor: int) -> int:
    """Index of the unique building sponsor ``sponsor`` placed, or -1."""
    for idx, b in enumerate(p.bld):
        t = TYPES[b.code]
        if t.kind == UNIQUE and t.sponsor == sponsor:
            return idx
    return -1


def side_entrance_neighbours(p: Player) -> int:
    """Sponsor 257 income: buildings next to the Side Entrance, empty enclosures excepted."""
    idx = unique_building(p, 257)
    if idx < 0:
        return 0
    return sum(1 for b in adjacent_buildings(p, p.bld[idx].mask) if counts_for_income(p, b))


def _player_metric(fn: Callable[[Player], int]) -> Metric:
    return lambda s, seat: fn(s.players[seat])


METRICS: dict[str, Metric] = {
    "distinct_categories": _player_metric(lambda p: distinct(p, CATEGORIES)),
    "distinct_continents": _player_metric(lambda p: distinct(p, CONTINENTS)),
    "distinct_icon_types": _player_metric(
        lambda p: distinct(p, CATEGORIES) + distinct(p, CONTINENTS)),
    "small_animals": lambda s, seat: small_animals(s, s.players[seat]),
    "large_animals": lambda s, seat: large_animals(s, s.players[seat]),
    "universities": _player_metric(lambda p: len(p.universities)),
    "projects_supported": _player_metric(lambda p: p.supported),
    "x_tokens": _player_metric(lambda p: p.x),
    "kiosks": _player_metric(kiosks),
    "occupied_size1_enclosures": _player_metric(occupied_size1),
    "reputation": _player_metric(lambda p: p.rep),
    "sponsors": _player_metric(lambda p: len(p.sponsors)),
    "water_plus_rock": _player_metric(lambda p: p.icons[ICON["water"]] + p.icons[ICON["rock"]]),
    "min_water_rock": _player_metric(lambda p: min(p.icons[ICON["water"]], p.icons[ICON["rock"]])),
    "connected_water": _player_metric(lambda p: connected(p, terrain(p, "water"))),
    "connected_rock": _player_metric(lambda p: connected(p, terrain(p, "rock"))),
    "connected_border_empty": _player_metric(
        lambda p: connected(p, BORDER_MASK & p.map.plain)),
    "connected_bonus_cells": _player_metric(lambda p: connected(p, p.map.bonus_mask)),
    "isolated_water": _player_metric(lambda p: isolated(p, terrain(p, "water"))),
    "isolated_rock": _player_metric(lambda p: isolated(p, terrain(p, "rock"))),
    "isolated_bonus_cells": _player_metric(lambda p: isolated(p, p.map.bonus_mask)),
    "no_isolated_water": _player_metric(lambda p: int(isolated(p, terrain(p, "water")) == 0)),
    "no_isolated_rock": _player_metric(lambda p: int(isolated(p, terrain(p, "rock")) == 0)),
    "empty_groups_of_6": _player_metric(empty_groups_of_six),
    "map_covered": _player_metric(map_covered),
    "border_covered": _player_metric(border_covered),
    "architectural": _player_metric(architectural),
    "empty_building_cells": _player_metric(empty_building_cells),
    "diverse_species": diverse_species,
    "side_entrance_neighbours": _player_metric(side_entrance_neighbours),
}


def metric(s: State, seat: int, name: str) -> int:
    """Read a metric; ``icons:<icon>`` counts own icons, ``icons_all:<icon>`` all zoos'."""
    fn = METRICS.get(name)
    if fn is not None:
        return fn(s, seat)
    kind, _, icon = name.partition(":")
    i = ICON[icon]
    if kind == "icons":
        return s.players[seat].icons[i]
    if kind == "icons_all":
        return sum(p.icons[i] for p in s.players)
    raise KeyError(name)


def known(name: str) -> bool:
    kind, _, icon = name.partition(":")
    return name in METRICS or (kind in ("icons", "icons_all") and icon in ICON)


def amount(s: State, seat: int, e: Gain | GainPer | GainTiers) -> int:
    """How much of ``e.res`` the gain effect ``e`` gives ``seat`` now."""
    if isinstance(e, Gain):
        return e.n
    if isinstance(e, GainPer):
        n = e.k * (metric(s, seat, e.metric) // e.div)
        return min(n, e.cap) if e.cap else n
    m = metric(s, seat, e.metric)
    best = 0
    for threshold, value in e.tiers:
        if m >= threshold:
            best = value
    return best
