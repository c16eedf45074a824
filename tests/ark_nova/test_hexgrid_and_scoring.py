"""Spec 7.1-7.2 (coordinates, neighbours, distance, border, shapes and rotations) and the
scoring functions of spec 13.1 (appeal income), 13.3 (reputation range) and 15.1 (VP)."""

from __future__ import annotations

import pytest

from engine.ark_nova.map.buildings import TYPES
from engine.ark_nova.map.hexgrid import (
    BORDER_MASK,
    CELLS,
    INDEX,
    N_CELLS,
    SHAPES,
    distance,
    distinct_rotations,
    neighbours,
    placements,
    rotate,
)
from engine.ark_nova.rules.scoring import appeal_income, reputation_range, victory_points


def test_grid_has_58_cells_in_9_columns():
    assert N_CELLS == 58
    assert [r for c, r in CELLS if c == 0] == [1, 3, 5, 7, 9, 11]
    assert [r for c, r in CELLS if c == 1] == [0, 2, 4, 6, 8, 10, 12]
    assert bin(BORDER_MASK).count("1") == 26


def test_neighbours_and_distance():
    assert sorted(neighbours(4, 5)) == [(3, 4), (3, 6), (4, 3), (4, 7), (5, 4), (5, 6)]
    assert sorted(neighbours(0, 1)) == [(0, 3), (1, 0), (1, 2)]
    assert distance((0, 1), (0, 5)) == 2
    assert distance((0, 1), (3, 4)) == 3
    assert distance((2, 5), (3, 4)) == 1
    for a in CELLS:
        for b in neighbours(*a):
            assert distance(a, b) == 1


def test_axial_conversion_of_spec_7_1():
    for col, row in CELLS:
        x, y = (col + row - 1) // 2, (col - row + 1) // 2
        assert (x + y, x - y + 1) == (col, row)


def test_rotation_maps_neighbours_round_and_back():
    ring = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]
    for i, off in enumerate(ring):
        assert rotate(off, 1) == ring[(i + 1) % 6]
        assert rotate(off, 6) == off


@pytest.mark.parametrize(("building", "size", "rotations"), [
    ("kiosk", 1, 1), ("1-space enclosure", 1, 1), ("2-space enclosure", 2, 3),
    ("3-space enclosure", 3, 2), ("4-space enclosure", 4, 3), ("5-space enclosure", 5, 6),
    ("Petting Zoo", 3, 6), ("Reptile House", 5, 3), ("Large Bird Aviary", 5, 6),
    ("Rhesus Monkey Park", 4, 6), ("Meerkat Den", 3, 6), ("Barred Owl Hut", 3, 3),
    ("Sea Turtle Tank", 4, 2), ("Okapi Stable", 4, 3), ("Adventure Playground", 2, 3),
    ("Penguin Pool", 4, 6), ("Aquarium", 4, 6), ("Polar Bear Exhibit", 4, 3),
    ("Spotted Hyena Compound", 4, 6), ("Zoo School", 3, 6), ("Baboon Rock", 4, 6),
    ("Water Playground", 2, 3), ("Side Entrance", 2, 3), ("Cable Car", 4, 3),
])
def test_building_shapes_of_spec_7_2(building, size, rotations):
    t = next(t for t in TYPES if t.name == building)
    assert t.size == size
    assert distinct_rotations(SHAPES[t.shape]) == rotations


def test_anchor_never_moves():
    for shape in SHAPES.values():
        for rot in range(6):
            cells = shape.cells_at(INDEX[(4, 5)], rot)
            if cells is not None:
                assert cells[0] == INDEX[(4, 5)]


@pytest.mark.parametrize(("appeal", "income"), [
    (0, 5), (4, 9), (5, 10), (16, 15), (17, 16), (31, 20), (32, 21), (55, 26), (56, 27),
    (95, 34), (96, 35), (108, 37), (113, 37)])
def test_appeal_income_table_of_spec_13_1(appeal, income):
    assert appeal_income(appeal) == income


@pytest.mark.parametrize(("rep", "folders"), [
    (0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (6, 3), (7, 4), (9, 4), (10, 5), (12, 5),
    (13, 6), (15, 6)])
def test_reputation_range_of_spec_13_3(rep, folders):
    assert reputation_range(rep) == folders


@pytest.mark.parametrize(("appeal", "cp", "vp"), [
    (0, 0, -114), (114, 0, 0), (113, 0, -1), (94, 10, 0), (64, 20, 0), (63, 20, -1),
    (58, 22, 0), (55, 23, 0), (57, 22, -1), (113, 41, 112), (0, 41, -1), (0, 10, -94), (0, 11, -91),
])
def test_victory_points_at_the_track_edges(appeal, cp, vp):
    assert victory_points(appeal, cp) == vp


def test_target_appeal_worked_examples_of_d_04():
    """The rulebook examples: CP 22 -> target appeal 58, CP 23 -> 55; 64 appeal with 20
    CP has reached the end (the counters meet)."""
    for cp, target in ((22, 58), (23, 55), (20, 64), (10, 94), (0, 114)):
        assert victory_points(target, cp) == 0
        assert victory_points(target - 1, cp) == -1


def _turned(offset: tuple[int, int], steps: int) -> tuple[int, int]:
    """Spec 7.2's 60° rotation, written out from the spec: cube (q, r, s) -> (-r, -s, -q)."""
    q, r = offset[0], (offset[1] - offset[0]) // 2
    for _ in range(steps):
        q, r = -r, q + r  # (-r, -s) with s = -q - r
    return q, 2 * r + q


def test_a_5_space_enclosure_and_an_aviary_fit_in_each_of_their_6_rotations() -> None:
    """7.2: rotations 0..5 are all allowed; these two shapes differ in each of the six, so
    each rotation about the centre cell (4, 5) is a footprint of its own."""
    shapes = {
        "enclosure5": ((0, 0), (-1, -1), (-1, 1), (0, -2), (0, 2)),
        "aviary": ((0, 0), (-1, -1), (-1, 1), (0, 2), (1, -1)),
    }
    for name, offsets in shapes.items():
        offered = {pl.mask for pl in placements(SHAPES[name])}
        turns = set()
        for rot in range(6):
            cells = [(4 + dc, 5 + dr) for dc, dr in (_turned(o, rot) for o in offsets)]
            turns.add(sum(1 << INDEX[c] for c in cells))
        assert len(turns) == 6 and turns <= offered, name
