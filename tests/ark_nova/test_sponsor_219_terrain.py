"""Spec 7.3.6: water and rock covered through sponsor 219 stop counting as water and
rock for sponsors 241 (Hydrologist) and 242 (Geologist).

Their trigger pays $1 per newly covered cell next to a water (241) or rock (242) cell.
Each test places the same single-cell enclosure twice, from the same position: once with
the terrain next to it uncovered (it pays) and once with that terrain covered as sponsor
219 allows (it pays nothing)."""

from __future__ import annotations

import pytest

from engine.ark_nova.map.buildings import ENC_T, footprints
from engine.ark_nova.map.hexgrid import NEIGHBOURS
from engine.ark_nova.rules import zoo
from engine.toolkit import flow
from tests.ark_nova.cardscene import Scene, play_sponsor, scene


def _bonusless_cell_next_to(sc: Scene, terrain: int) -> tuple[int, int]:
    """A plain cell without a placement bonus and the terrain cells next to it."""
    p = sc.p
    for f in footprints(p.map, "single"):
        (cell,) = f.p.cells
        near = sum(1 << m for m in NEIGHBOURS[cell] if (terrain >> m) & 1)
        if near and not p.map.bonus[cell]:
            return cell, near
    raise AssertionError("the map has no such cell")


def _money_for_enclosure(sponsor: int, kind: str, cover_terrain: bool) -> tuple[int, int]:
    """Money gained by placing a one-cell enclosure next to ``kind`` cells (and how many
    such cells there are), with those cells covered (via 219) or not."""
    sc = scene(seed=3)
    play_sponsor(sc, sponsor)
    p = sc.p
    terrain = p.map.water if kind == "water" else p.map.rock
    cell, near = _bonusless_cell_next_to(sc, terrain)
    if cover_terrain:
        p.covered |= near  # as a building placed with sponsor 219 would
    f = next(f for f in footprints(p.map, "single") if f.p.cells == (cell,))
    money = p.money
    zoo.place(sc.s, sc.me, ENC_T[1], f)
    flow.advance(sc.s)
    sc.answer()
    return p.money - money, near.bit_count()


@pytest.mark.parametrize(("sponsor", "kind"), [(241, "water"), (242, "rock")])
def test_terrain_covered_through_sponsor_219_no_longer_pays_241_and_242(
    sponsor: int, kind: str
) -> None:
    paid, _ = _money_for_enclosure(sponsor, kind, cover_terrain=False)
    assert paid == 1  # one newly covered cell next to uncovered terrain
    paid, near = _money_for_enclosure(sponsor, kind, cover_terrain=True)
    assert near >= 1
    assert paid == 0  # the covered terrain is no longer water or rock
