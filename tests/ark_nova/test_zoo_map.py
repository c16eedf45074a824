"""Spec 7.3-7.7: placement rules, building effects, placement bonuses, full coverage, start
buildings; spec 8.4-8.5 special enclosures and moving animals into them."""

from __future__ import annotations

import pytest

from engine.ark_nova.map.buildings import (
    AVIARY_T,
    ENC_T,
    KIOSK_T,
    PAVILION_T,
    REPTILE_T,
    TYPES,
    UNIQUE_OF_SPONSOR,
    footprints,
)
from engine.ark_nova.map.hexgrid import BORDER_MASK, INDEX
from engine.ark_nova.model.state import FLOCK
from engine.ark_nova.rules import (
    sponsor_play,
    zoo,
)
from engine.ark_nova.rules.final_scoring import card_points
from engine.ark_nova.rules.metrics import kiosk_income
from engine.ark_nova.rules.zoo import MoveAnimal
from engine.toolkit import flow
from tests.ark_nova.cardscene import (
    meet_conditions,
    play_sponsor,
    scene,
)
from tests.ark_nova.helpers import (
    build,
    cell_bit,
    house_animal,
    new_game,
)


def anchors(sc, code):
    return {f.p.anchor for f in zoo.footprints_for(sc.s, sc.me, code)}


def cells_of(sc, code):
    return {c for f in zoo.footprints_for(sc.s, sc.me, code) for c in f.p.cells}


def single(sc, col_row):
    p = sc.p
    return next(f for f in footprints(p.map, "single") if f.p.cells == (INDEX[col_row],))


def test_first_building_must_touch_the_border():
    sc = scene()
    assert cells_of(sc, ENC_T[1]) <= {c for c in range(58) if (BORDER_MASK >> c) & 1}
    assert all(f.p.mask & BORDER_MASK for f in zoo.footprints_for(sc.s, sc.me, ENC_T[3]))


def test_later_buildings_touch_an_existing_one():
    sc = scene()
    build(sc.s, sc.me, ENC_T[1], [(4, 5)])
    got = cells_of(sc, ENC_T[1])
    # the neighbours of (4,5) except the rock cell (5,4)
    assert got == {INDEX[c] for c in ((3, 4), (3, 6), (4, 3), (4, 7), (5, 6))}


def test_water_rock_and_covered_cells_are_never_covered():
    sc = scene()
    p = sc.p
    build(sc.s, sc.me, ENC_T[5], [(4, 5), (3, 4), (3, 6), (4, 3), (4, 7)])
    for f in zoo.footprints_for(sc.s, sc.me, ENC_T[2]):
        assert not f.p.mask & (p.map.water | p.map.rock | p.covered)


def test_build_ii_cells_need_build_side_ii():
    sc = scene()
    p = sc.p
    build(sc.s, sc.me, ENC_T[1], [(7, 10)])
    assert INDEX[(8, 11)] not in cells_of(sc, ENC_T[1])
    p.side2[2] = True
    p.pcache = {}
    assert INDEX[(8, 11)] in cells_of(sc, ENC_T[1])


def test_kiosks_keep_two_cells_apart():
    sc = scene()
    build(sc.s, sc.me, ENC_T[5], [(4, 5), (3, 4), (3, 6), (4, 3), (4, 7)])
    build(sc.s, sc.me, KIOSK_T, [(2, 5)])
    sc.p.pcache = {}
    from engine.ark_nova.map.hexgrid import CELLS, distance

    for f in zoo.footprints_for(sc.s, sc.me, KIOSK_T):
        assert distance(CELLS[f.p.anchor], (2, 5)) >= 3
    assert any(f.p.anchor == INDEX[(5, 2)] for f in zoo.footprints_for(sc.s, sc.me, KIOSK_T))


def test_unique_building_terrain_needs_and_sponsor_219():
    sc = scene()
    build(sc.s, sc.me, ENC_T[1], [(4, 5)])
    aquarium = UNIQUE_OF_SPONSOR[245]
    for f in zoo.footprints_for(sc.s, sc.me, aquarium):
        assert f.water_adj >= 2
    sc.p.sponsors.append(219)  # cover water and rock, ignore terrain needs
    sc.p.pcache = {}
    assert any(f.p.mask & sc.p.map.water for f in zoo.footprints_for(sc.s, sc.me, ENC_T[2]))


def test_side_entrance_on_two_border_cells_without_neighbours():
    sc = scene()
    build(sc.s, sc.me, ENC_T[1], [(4, 5)])
    side = UNIQUE_OF_SPONSOR[257]
    fs = zoo.footprints_for(sc.s, sc.me, side)
    assert fs and all(f.p.border_cells == 2 for f in fs)
    assert any(not f.p.around & sc.p.covered for f in fs)
    school = UNIQUE_OF_SPONSOR[254]
    assert all(f.p.border_cells >= 2 for f in zoo.footprints_for(sc.s, sc.me, school))


def test_pavilion_gives_1_appeal_and_bonuses_are_collected_once():
    sc = scene()
    sc.snapshot()
    zoo.place(sc.s, sc.me, PAVILION_T, single(sc, (0, 3)))  # X-token bonus
    flow.advance(sc.s)
    sc.answer()
    assert sc.delta("appeal") == 1 and sc.delta("x") == 1


@pytest.mark.parametrize(("cell", "key", "gain"), [
    ((0, 1), "rep", 2), ((0, 3), "x", 1), ((2, 9), "money", 5), ((8, 5), "money", 10),
    ((5, 6), "hand", 1), ((7, 2), "workers", 1)])
def test_placement_bonuses_of_map_a(cell, key, gain):
    sc = scene()
    if cell != (0, 1) and cell != (0, 3) and cell != (8, 5):
        col, row = cell
        near = next(n for n in ((col, row - 2), (col, row + 2), (col - 1, row - 1))
                    if n in INDEX and not (sc.p.map.water | sc.p.map.rock) >> INDEX[n] & 1)
        build(sc.s, sc.me, ENC_T[1], [near])
    sc.snapshot()
    zoo.place(sc.s, sc.me, ENC_T[1], single(sc, cell))
    flow.advance(sc.s)
    sc.answer()
    assert sc.delta(key) == gain


def test_clever_bonus_waits_for_the_end_of_the_action():
    sc = scene(seed=2)
    from engine.ark_nova.rules.turn import FinishAction

    sc.s.steps = [FinishAction(sc.me, 2, sc.me, 3)]
    m0 = new_game(2, 0, "0").s.players[0].map
    sc.p.map = m0  # map 0 has a clever bonus
    cell = next(c for c in range(58) if m0.bonus[c] == "clever")
    f = next(f for f in footprints(m0, "single") if f.p.cells == (cell,))
    zoo.place(sc.s, sc.me, ENC_T[1], f)
    flow.advance(sc.s)
    # the Build card went to slot 1 first; Clever is asked after the action
    assert sc.s.asked_step.kind == "MOVE_ACTION_CARD" and sc.p.order[0] == 2


def test_covering_every_plain_cell_gives_7_appeal_once():
    sc = scene()
    p = sc.p
    last = next(c for c in range(58) if (p.map.plain >> c) & 1 and not p.map.bonus[c])
    p.covered = p.map.plain & ~(1 << last)
    f = next(f for f in footprints(p.map, "single") if f.p.cells == (last,))
    sc.snapshot()
    zoo.place(sc.s, sc.me, ENC_T[1], f)
    flow.advance(sc.s)
    assert sc.delta("appeal") == 7


def test_kiosk_income_counts_distinct_neighbours_but_not_empty_enclosures():
    sc = scene()
    p = sc.p
    big = build(sc.s, sc.me, ENC_T[3], [(2, 5), (2, 7), (3, 6)])
    build(sc.s, sc.me, KIOSK_T, [(1, 6)])  # touches the enclosure on two sides
    assert kiosk_income(p) == 0  # empty standard enclosure
    p.bld_state[big] = 1
    assert kiosk_income(p) == 1  # one building, however many edges (D-36)
    build(sc.s, sc.me, PAVILION_T, [(1, 4)])
    assert kiosk_income(p) == 2


def test_map_a_start_buildings():
    s = new_game(2, 1).s
    p = s.players[0]
    cells = sorted(c for b in p.bld for c in b.cells)
    assert cells == sorted(INDEX[c] for c in ((0, 7), (0, 9), (0, 11), (1, 10)))


def test_moving_animals_into_a_new_reptile_house():
    sc = scene()
    s, p = sc.s, sc.p
    enc = build(s, sc.me, ENC_T[2], [(4, 5), (4, 7)])
    house_animal(s, sc.me, 472, enc)  # Rock Monitor: reptile house size 1, rock 1
    taken = p.covered | p.map.water | p.map.rock | p.map.bonus_mask
    fp = next(f for f in footprints(p.map, "reptile_house")
              if f.rock_adj >= 1 and not f.p.mask & taken)
    zoo.place(s, sc.me, REPTILE_T, fp)
    flow.advance(s)
    assert s.asked_step.kind == "MOVE_ANIMAL_IN"
    flow.choose(s, sc.me, list(s.asked[sc.me]).index(MoveAnimal.of(472)))
    house = len(p.bld) - 1
    assert p.housing[472] == house and p.bld_state[enc] == 0 and p.bld_state[house] == 1


def test_aviary_and_reptile_house_capacity_and_zero_capacity_reptiles():
    sc = scene()
    s, p = sc.s, sc.p
    fp = next(f for f in footprints(p.map, "reptile_house")
              if not f.p.mask & (p.map.water | p.map.rock) and f.rock_adj and f.water_adj)
    house = zoo.add_building(p, REPTILE_T, fp)
    p.bld_state[house] = 5  # full
    assert house not in zoo.housings(s, sc.me, s.cards[472])  # needs 1
    assert house in zoo.housings(s, sc.me, s.cards[473])  # uses 0 (D-20)
    assert FLOCK not in zoo.housings(s, sc.me, s.cards[473])
    assert AVIARY_T != REPTILE_T


def test_water_covered_through_sponsor_219_no_longer_counts_for_card_004() -> None:
    """7.3.6: a water cell covered (only sponsor 219 allows it) is no longer water, so it
    cannot be an isolated water cell for final scoring card 004."""
    sc = scene(seed=4)
    p = sc.p
    p.covered = p.map.plain & ~cell_bit((7, 2))  # water (8,1) loses its only covered neighbour
    assert card_points(sc.s, sc.me, 4) == 2  # rock and border only
    p.covered |= cell_bit((8, 1))  # now covered by a building
    assert card_points(sc.s, sc.me, 4) == 3


UNIQUE_BUILDINGS = {  # spec 7.2 and 20.2: the sponsor that places each unique building
    243: "Meerkat Den", 244: "Penguin Pool", 245: "Aquarium", 246: "Cable Car",
    247: "Baboon Rock", 248: "Rhesus Monkey Park", 249: "Barred Owl Hut",
    250: "Sea Turtle Tank", 251: "Polar Bear Exhibit", 252: "Spotted Hyena Compound",
    253: "Okapi Stable", 254: "Zoo School", 255: "Adventure Playground",
    256: "Water Playground", 257: "Side Entrance",
}


def test_playing_sponsor_219_lets_the_next_building_cover_water_at_once() -> None:
    """20.2.219 with 7.3.1: once Diversity Researcher is in the zoo, water and rock cells
    may be covered, even where the zoo's legal placements were listed before it came."""
    sc = scene()
    s, p = sc.s, sc.p
    build(s, sc.me, ENC_T[1], [(4, 5)])
    before = zoo.footprints_for(s, sc.me, ENC_T[2])
    assert not any(f.p.mask & p.map.water for f in before)
    meet_conditions(s, sc.me, s.cards[219])
    sponsor_play.play_sponsor(s, sc.me, 219)
    after = zoo.footprints_for(s, sc.me, ENC_T[2])
    assert any(f.p.mask & p.map.water for f in after)


def test_each_unique_building_sponsor_places_its_own_building() -> None:
    """20.2.243-257 with 7.2: each of these sponsors places its own unique building (its
    shape, its terrain needs), never another sponsor's."""
    for sponsor, name in UNIQUE_BUILDINGS.items():
        sc = scene()
        play_sponsor(sc, sponsor)
        (placed,) = sc.p.bld
        assert TYPES[placed.code].name == name, sponsor


def test_a_placed_building_covers_its_cells_for_the_next_placement() -> None:
    """7.3.1: a building may cover uncovered cells only; once a building is placed, the
    next one is offered no footprint over it, even where the zoo's legal placements were
    listed before."""
    sc = scene()
    s = sc.s
    first = zoo.footprints_for(s, sc.me, ENC_T[1])[0]
    zoo.place(s, sc.me, ENC_T[1], first)
    after = zoo.footprints_for(s, sc.me, ENC_T[1])
    assert after and not any(f.p.mask & first.p.mask for f in after)
