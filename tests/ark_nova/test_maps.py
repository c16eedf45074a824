"""Spec 21.3-21.4: the special rules of maps 1-8 and 1a, one scenario each (including the
ones that end when sponsor 219 lets the feature cell be covered), the left-track spaces
and rewards of every map (spec 21.1), and the ``map`` option with ``random`` drawing a
different advanced map per seat from the match seed (spec 3.2 A)."""

from __future__ import annotations

import pytest

from engine.ark_nova.cards.catalog import ANIMALS, SPONSORS
from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.map.buildings import ENC_T, KIOSK_T, PETTING_T, footprints
from engine.ark_nova.map.hexgrid import INDEX
from engine.ark_nova.map.maps import ADVANCED_MAPS, load_map
from engine.ark_nova.model.steps import Decline
from engine.ark_nova.rules import act_animals, harbour, map_rules, sponsor_play, zoo
from engine.ark_nova.rules.act_animals import ChooseHousing, HouseIn
from engine.ark_nova.rules.act_sponsors import PickSponsor, PlaySponsor
from engine.ark_nova.rules.breaks import Income
from engine.ark_nova.rules.metrics import kiosk_income, occupied_size1
from engine.ark_nova.rules.projects import release
from engine.ark_nova.rules.scoring import appeal_income
from engine.ark_nova.rules.turn import ChooseAction, FinishAction, StartTurn, base_strength
from engine.core import GameConfig
from engine.toolkit import flow
from tests.ark_nova.cardscene import Scene, scene
from tests.ark_nova.helpers import add_sponsor, build, give, kind, pick, push

FENNEC = 405  # size 1, Clever (declined here), no condition
SLOTH_BEAR = 408  # size 3, Boost (declined here), no condition
GOAT = 519  # a petting-zoo animal


def decline_all(s, seat, opts):
    return next((o for o in opts if isinstance(o, Decline)), opts[0])


def house(sc: Scene, card: int, building: int) -> None:
    """Play ``card`` from hand into ``building`` inside an Animals action; decline the rest."""
    s, me = sc.s, sc.me
    give(s, me, card)
    sc.snapshot()
    push(s, FinishAction(me, ANIMALS, me, base_strength(sc.p, ANIMALS)),
         ChooseHousing(me, card, 0))
    if s.asked and kind(s) == "CHOOSE_ENCLOSURE":
        pick(s, me, HouseIn.of(building))
    sc.answer(decline_all)


def cover_with_219(sc: Scene, col_row: tuple[int, int]) -> None:
    """Sponsor 219 lets water and rock be covered: a 1-space enclosure on ``col_row``."""
    add_sponsor(sc.s, sc.me, 219)
    build(sc.s, sc.me, ENC_T[1], [col_row])
    sc.p.pcache = {}


# ----------------------------------------------------------------------------- map 1 / 1a


@pytest.mark.parametrize(("map_id", "next_to_tower", "next_to_other_rock"),
                         [("1", (2, 5), (1, 10)), ("1a", (6, 5), (4, 1))])
def test_tower_gives_2_appeal_for_an_enclosure_next_to_it(map_id, next_to_tower,
                                                          next_to_other_rock):
    printed = scene().s.cards[FENNEC].appeal
    sc = scene(map_id=map_id)
    near = build(sc.s, sc.me, ENC_T[1], [next_to_tower])
    house(sc, FENNEC, near)
    assert sc.delta("appeal") == printed + 2
    sc = scene(map_id=map_id)
    far = build(sc.s, sc.me, ENC_T[1], [next_to_other_rock])
    house(sc, FENNEC, far)
    assert sc.delta("appeal") == printed  # next to a rock cell, not to the tower


def test_tower_ignores_special_enclosures_and_counts_again_after_a_release():
    sc = scene(map_id="1")
    pz = build(sc.s, sc.me, PETTING_T, [(2, 5), (2, 7), (3, 4)])
    house(sc, GOAT, pz)
    assert sc.delta("appeal") == 3  # the Petting Zoo animal's own 3, no tower bonus
    near = build(sc.s, sc.me, ENC_T[1], [(1, 8)])
    house(sc, FENNEC, near)
    assert sc.delta("appeal") == sc.s.cards[FENNEC].appeal + 2
    release(sc.s, sc.me, FENNEC)
    house(sc, FENNEC, near)
    assert sc.delta("appeal") == sc.s.cards[FENNEC].appeal + 2


def test_tower_rule_ends_when_sponsor_219_covers_the_tower():
    sc = scene(map_id="1")
    near = build(sc.s, sc.me, ENC_T[1], [(2, 5)])
    cover_with_219(sc, (1, 6))
    house(sc, FENNEC, near)
    assert sc.delta("appeal") == sc.s.cards[FENNEC].appeal


# ----------------------------------------------------------------------------- map 2


def test_outdoor_area_makes_next_standard_enclosures_2_sizes_larger():
    sc = scene(map_id="2")
    s, me, p = sc.s, sc.me, sc.p
    near = build(s, me, ENC_T[1], [(6, 7)])
    far = build(s, me, ENC_T[1], [(7, 6)])
    card = s.cards[SLOTH_BEAR]
    assert map_rules.enclosure_size(p, near) == 3 and map_rules.enclosure_size(p, far) == 1
    assert zoo.housings(s, me, card) == [near]
    house(sc, SLOTH_BEAR, near)
    assert p.housing[SLOTH_BEAR] == near
    # A 1-space enclosure next to the outdoor area counts as size 3 for every purpose.
    assert occupied_size1(p) == 0
    house(sc, FENNEC, far)
    assert occupied_size1(p) == 1


def test_outdoor_area_leaves_special_enclosures_alone():
    sc = scene(map_id="2")
    pz = build(sc.s, sc.me, PETTING_T, [(6, 7), (6, 9), (7, 6)])
    assert map_rules.size_bonus(sc.p, sc.p.bld[pz]) == 0


def test_outdoor_area_rule_ends_when_sponsor_219_covers_the_lake_cell():
    sc = scene(map_id="2")
    s, me, p = sc.s, sc.me, sc.p
    near = build(s, me, ENC_T[1], [(6, 7)])
    assert zoo.housings(s, me, s.cards[SLOTH_BEAR]) == [near]
    cover_with_219(sc, (5, 8))
    assert map_rules.enclosure_size(p, near) == 1
    assert zoo.housings(s, me, s.cards[SLOTH_BEAR]) == []


# ----------------------------------------------------------------------------- map 4


def turn_menu(sc: Scene) -> list:
    s = sc.s
    s.steps.clear()
    push(s, StartTurn(sc.me))
    assert isinstance(s.asked_step, ChooseAction)
    return list(s.asked[sc.me])


def test_harbour_opens_once_its_cell_is_covered_and_serves_once_per_turn():
    sc = scene(map_id="4")
    s, me, p = sc.s, sc.me, sc.p
    give(s, me, 401, 402)
    assert harbour.USE_HARBOUR not in turn_menu(sc)  # not connected yet
    build(s, me, ENC_T[1], [(0, 11)])
    assert harbour.USE_HARBOUR in turn_menu(sc)
    money = p.money
    pick(s, me, harbour.USE_HARBOUR)
    assert kind(s) == "HARBOUR_CARD"
    pick(s, me, harbour.SellAtHarbour.of(401))
    assert p.money == money + 3 and p.hand == [402] and s.discard[-1] == 401
    assert isinstance(s.asked_step, ChooseAction)  # back to the menu, harbour spent
    assert harbour.USE_HARBOUR not in s.asked[me]
    assert harbour.offer(s, 1 - me) == []  # never in another player's turn
    assert harbour.USE_HARBOUR in turn_menu(sc)  # a new turn: usable again


def test_harbour_is_offered_at_the_end_of_the_turn_but_never_in_a_break():
    sc = scene(map_id="4")
    s, me, p = sc.s, sc.me, sc.p
    build(s, me, ENC_T[1], [(0, 11)])
    give(s, me, 401)
    s.steps.clear()
    push(s, StartTurn(me))
    pick(s, me, next(o for o in s.asked[me] if type(o).__name__ == "TakeX"))
    assert kind(s) == "HARBOUR_CARD" and isinstance(s.asked_step, harbour.HarbourLast)
    money = p.money
    pick(s, me, harbour.SellAtHarbour.of(401))
    assert p.money == money + 3
    give(s, me, 402)
    s.in_break = True
    assert not harbour.can_use(s, me)


def test_the_other_maps_never_offer_the_harbour():
    sc = scene(map_id="6")
    build(sc.s, sc.me, ENC_T[1], [(0, 11)])
    give(sc.s, sc.me, 401)
    assert harbour.USE_HARBOUR not in turn_menu(sc)


# ----------------------------------------------------------------------------- map 5, map 7


def income_of(sc: Scene) -> int:
    p = sc.p
    money = p.money
    push(sc.s, Income(sc.me))
    sc.answer(decline_all)
    return p.money - money - appeal_income(p.appeal) - kiosk_income(p)


def test_park_restaurant_pays_per_covered_cell_around_it():
    sc = scene(map_id="5")
    assert income_of(sc) == 0
    build(sc.s, sc.me, ENC_T[2], [(3, 4), (3, 6)])
    build(sc.s, sc.me, ENC_T[1], [(5, 6)])
    build(sc.s, sc.me, ENC_T[1], [(6, 5)])  # not next to (4,5)
    assert income_of(sc) == 3
    build(sc.s, sc.me, ENC_T[1], [(4, 7)])
    build(sc.s, sc.me, ENC_T[1], [(5, 4)])
    assert income_of(sc) == 5  # all but the water cell (4,3)
    cover_with_219(sc, (4, 3))
    assert income_of(sc) == 6


def test_ice_cream_parlors_pay_per_kiosk_once_all_three_kiosk_cells_are_covered():
    sc = scene(map_id="7")
    for cell in ((1, 2), (5, 4)):
        build(sc.s, sc.me, KIOSK_T, [cell])
    build(sc.s, sc.me, KIOSK_T, [(8, 7)])
    assert income_of(sc) == 0  # (5,10) still free
    build(sc.s, sc.me, ENC_T[1], [(5, 10)])
    assert income_of(sc) == 3  # three kiosks, however built


# ----------------------------------------------------------------------------- map 6


def test_research_institute_lets_one_condition_be_missing():
    sc = scene(map_id="6")
    s, me, p = sc.s, sc.me, sc.p
    tiger = s.cards[406]  # needs 3 Asia icons
    build(s, me, ENC_T[5], [(2, 7), (1, 6), (1, 8), (2, 5), (2, 9)])
    p.icons[9] = 2
    assert not act_animals.playable(s, me, tiger, 0, False)
    build(s, me, ENC_T[1], [(0, 11)])
    assert act_animals.playable(s, me, tiger, 0, False)
    p.icons[9] = 1  # two missing: one is ignored, not two
    assert not act_animals.playable(s, me, tiger, 0, False)


def test_research_institute_never_waives_a_rock_or_water_need():
    sc = scene(map_id="6")
    s, me = sc.s, sc.me
    build(s, me, ENC_T[1], [(0, 11)])
    needs_water = next(c for c in s.cards.animals if s.cards[c].water_req
                       and not any(s.cards[c].req_icons) and s.cards[c].standard_size == 1)
    dry = build(s, me, ENC_T[1], [(1, 10)])
    assert s.players[me].bld[dry].water_adj == 0
    assert zoo.housings(s, me, s.cards[needs_water]) == []


# ----------------------------------------------------------------------------- map 8


def test_hollywood_cell_reveals_cards_until_a_sponsor():
    sc = scene(map_id="8")
    s, me, p = sc.s, sc.me, sc.p
    for c in (401, 402, 201):
        s.deck.remove(c)
    s.deck.extend([201, 402, 401])  # top card last: 401, 402, then sponsor 201
    fp = next(f for f in footprints(p.map, "single") if f.p.cells == (INDEX[(6, 9)],))
    s.steps.clear()
    zoo.place(s, me, ENC_T[1], fp)
    flow.advance(s)
    assert 201 in p.hand and 401 not in p.hand and s.discard[-2:] == [401, 402]


def test_hollywood_hills_lower_sponsor_levels_once_all_h_cells_are_covered():
    sc = scene(map_id="8")
    s, me = sc.s, sc.me
    card = s.cards[223]  # level 3, no condition
    build(s, me, ENC_T[1], [(1, 10)])
    build(s, me, ENC_T[1], [(4, 11)])
    assert sponsor_play.level(s, me, card) == 3
    build(s, me, ENC_T[1], [(6, 9)])
    assert sponsor_play.level(s, me, card) == 2
    give(s, me, 223)
    s.steps.clear()
    push(s, PickSponsor(me, False, 2, 2, 0))  # Sponsors I at strength 2 (D-44)
    assert PlaySponsor.of(223) in s.asked[me]


# ----------------------------------------------------------------------------- every map

LEFT_SPACE_4 = {"1": ("sponsor_for_money", True), "1a": ("sponsor_for_money", True),
                "2": ("conservation_1", False), "3": ("determination", False),
                "4": ("university", False), "5": ("free_special_enclosure", False),
                "6": ("clever_2", True), "7": ("pouch_2", True), "8": ("partner_zoo", False)}
REWARDS = {  # partner zoo #2-#4, university #2-#3, hiring the last worker (spec 21.1)
    "1": (("upgrade", "worker", "2cp"), ("upgrade", "1cp"), None),
    "1a": (("upgrade", "worker", "2cp"), ("upgrade", "1cp"), None),
    "2": (("upgrade", "worker", None), ("upgrade", "2cp"), "1cp"),
    "3": (("upgrade", "worker", "1cp"), ("upgrade", "2cp"), None),
    "4": (("upgrade", "worker", "1cp"), ("upgrade", "1cp"), "1cp"),
    "5": (("upgrade", "worker", "2cp"), ("upgrade", None), "1cp"),
    "6": (("upgrade", "worker", "1cp"), ("upgrade", None), "2cp"),
    "7": (("upgrade", "worker", None), ("upgrade", "1cp"), "2cp"),
    "8": (("upgrade", "worker", "1cp"), ("upgrade", "1cp"), "1cp"),
}
NAMES = {"upgrade_action_card": "upgrade", "hire_worker": "worker", "conservation_1": "1cp",
         "conservation_2": "2cp", None: None}


@pytest.mark.parametrize("map_id", sorted(LEFT_SPACE_4))
def test_left_track_and_rewards_of_every_advanced_map(map_id):
    m = load_map(map_id)
    spaces = [(sp.bonus, sp.recurring) for sp in m.left_track]
    assert spaces[:3] == [("snap_1", True), ("free_enclosure_size_2", True), ("money_5", True)]
    assert spaces[3] == LEFT_SPACE_4[map_id]
    assert spaces[4:] == [("hire_worker", False), ("money_12", False), ("x_token_3", False)]
    partner, university, last = REWARDS[map_id]
    assert tuple(NAMES[r] for r in m.partner_zoo_rewards[2:]) == partner
    assert tuple(NAMES[r] for r in m.university_rewards[2:]) == university
    assert NAMES[m.last_worker_reward] == last
    assert m.full_cover_appeal == 7


@pytest.mark.parametrize(("map_id", "asked"), [
    ("3", "CHOOSE_ACTION"), ("4", "UNIVERSITY"), ("5", "FREE_BUILDING"),
    ("6", "MOVE_ACTION_CARD"), ("7", "POUCH_CARD"), ("8", "PARTNER_ZOO"),
    ("1", "SPONSOR_FOR_MONEY")])
def test_left_space_4_pays_its_bonus(map_id, asked):
    from engine.ark_nova.rules.projects import LeftToken, TakeLeftToken

    sc = scene(map_id=map_id)
    s, me, p = sc.s, sc.me, sc.p
    give(s, me, 401, 223)
    p.money = 50
    s.levels[s.base_row[0]] = [-1, -1, -1]
    s.steps.clear()
    push(s, FinishAction(me, 1, me, 5), TakeLeftToken(me, s.base_row[0], 1))
    pick(s, me, LeftToken.of(3))
    seen = []
    while s.asked:
        seen.append(kind(s))
        if kind(s) == asked:
            break
        flow.choose(s, me, 0)
    assert asked in seen


def test_random_maps_differ_per_seat_and_follow_the_seed():
    drawn = []
    for seed in range(30):
        g = ArkNovaState.new(GameConfig(4, {"map": "random"}), seed)
        maps = [p.map.map_id for p in g.s.players]
        assert len(set(maps)) == 4 and set(maps) <= set(ADVANCED_MAPS)
        again = ArkNovaState.new(GameConfig(4, {"map": "random"}), seed)
        assert [p.map.map_id for p in again.s.players] == maps
        drawn.extend(maps)
    assert set(drawn) == set(ADVANCED_MAPS)


def test_hollywood_discount_applies_to_the_sponsors_ii_budget():
    sc = scene(map_id="8")
    s, me, p = sc.s, sc.me, sc.p
    for cell in ((1, 10), (4, 11), (6, 9)):
        build(s, me, ENC_T[1], [cell])
    p.side2[SPONSORS] = True
    give(s, me, 223, 261)  # two level-3 sponsors: 2 + 2 fit a side-II budget of 4
    s.steps.clear()
    push(s, PickSponsor(me, True, 3, 4, 0))
    pick(s, me, PlaySponsor.of(223))
    sc.answer(lambda s_, seat, opts: PlaySponsor.of(261) if PlaySponsor.of(261) in opts
              else decline_all(s_, seat, opts))
    assert {223, 261} <= set(p.sponsors)
