"""Spec 22: each decision D-01..D-47 as a test (solo-only decisions D-23/D-24 are checked
for what they mean outside solo)."""

from __future__ import annotations

from engine.ark_nova.cards import effects
from engine.ark_nova.cards.catalog import (
    ANIMALS,
    ASSOCIATION,
    BUILD,
    CARDS,
    SPONSORS,
    load_cards,
)
from engine.ark_nova.map.buildings import ENC_T, KIOSK_T, PAVILION_T
from engine.ark_nova.map.hexgrid import INDEX, rotate
from engine.ark_nova.map.maps import load_map
from engine.ark_nova.model.state import FLOCK
from engine.ark_nova.model.steps import DECLINE
from engine.ark_nova.rules import (
    act_animals,
    association,
    cardflow,
    custom,
    dispatch,
    endgame,
    tracks,
    zoo,
)
from engine.ark_nova.rules.metrics import architectural, kiosk_income
from engine.ark_nova.rules.scoring import reputation_range, victory_points
from engine.ark_nova.rules.turn import HypnosisTarget, Hypnotise, UseCard
from engine.toolkit import flow
from tests.ark_nova.cardscene import add_fitting, scene
from tests.ark_nova.helpers import build, give, house_animal, options, pick, push, table

DATA = load_cards()


def test_d01_buildings_are_unlimited():
    sc = scene()
    p = sc.p
    for _ in range(26):  # more than the 24 kiosk/pavilion tiles
        f = zoo.footprints_for(sc.s, sc.me, PAVILION_T)
        zoo.add_building(p, PAVILION_T, f[0])
    assert zoo.can_place(sc.s, sc.me, PAVILION_T)


def test_d02_reputation_starts_at_1_and_0_reaches_folder_1():
    assert table(2).players[0].rep == 1 and reputation_range(0) == 1


def test_d03_cards_side_ii_lifts_the_reputation_cap():
    sc = scene()
    sc.p.side2[ASSOCIATION] = True
    tracks.gain_rep(sc.s, sc.me, 12)
    assert sc.p.rep == 9
    sc.s.steps.clear()
    sc.p.side2[CARDS] = True
    tracks.gain_rep(sc.s, sc.me, 3)
    assert sc.p.rep == 12


def test_d04_trigger_is_vp_0_and_latches():
    s = table(2)
    p = s.players[0]
    p.appeal, p.cp = 64, 20
    assert victory_points(64, 20) == 0 and endgame.anyone_reached(s)
    s.end_triggered, s.turns_left = True, 1
    p.appeal = 30  # a release later cannot cancel it
    assert s.end_triggered


def test_d05_project_row_limits():
    from engine.ark_nova.rules.projects import ROW_LIMIT

    assert (ROW_LIMIT[2], ROW_LIMIT[3], ROW_LIMIT[4]) == (2, 3, 4)


def test_d06_donation_costs():
    assert association.DONATION_COSTS[2] == (2, 5, 7, 10, 12)
    assert association.DONATION_COSTS[3] == association.DONATION_COSTS[4] == (
        2, 5, 5, 7, 7, 10, 10, 12)


def test_d07_cards_ii_draws_exactly_n():
    sc = scene()
    push(sc.s, cardflow.TakeCard(sc.me, 2))
    assert DECLINE not in options(sc.s)


def test_d08_rotations_only_no_mirror_images():
    rhesus = ((0, 0), (-1, -1), (0, 2), (0, 4))
    mirrored = tuple((-dc, dr) for dc, dr in rhesus)
    forms = {tuple(sorted(rotate(o, r) for o in rhesus)) for r in range(6)}

    def norm(cells):
        base = min(cells)
        return tuple(sorted((c - base[0], r - base[1]) for c, r in cells))

    assert norm(mirrored) not in {norm(f) for f in forms}


def test_d09_petting_zoo_animals_are_small():
    assert all(DATA[c].small for c in range(519, 529))


def test_d10_empty_deck_reshuffles_discards():
    sc = scene()
    sc.s.discard.extend(sc.s.deck)
    sc.s.deck.clear()
    assert cardflow.draw_one(sc.s) > 0


def test_d11_only_the_affected_player_needs_5_appeal():
    sc = scene()
    sc.p.appeal = 0
    sc.o.appeal = 5
    dispatch.fire(sc.s, sc.me, 449, effects.Venom(1))
    assert sc.o.venom[sc.o.order[0]] == 1
    sc2 = scene()
    sc2.o.appeal = 4
    dispatch.fire(sc2.s, sc2.me, 449, effects.Venom(1))
    assert not any(sc2.o.venom)


def test_d12_venom_without_2_money_costs_nothing():
    from engine.ark_nova.rules.turn import venom_payment

    sc = scene()
    sc.p.venom[0] = 1
    sc.p.money = 1
    venom_payment(sc.s, sc.me)
    assert sc.p.money == 1


def test_d13_ties_let_the_actor_choose_and_d14_hypnosis_uses_his_card():
    s = table(3)
    me = s.start_player
    a, b = (me + 1) % 3, (me + 2) % 3
    s.players[a].appeal = s.players[b].appeal = 20
    s.players[me].appeal = 20  # a tie with the actor still makes the others eligible
    push(s, HypnosisTarget(me, 3))
    assert set(options(s)) == {Hypnotise.of(a), Hypnotise.of(b)}
    target = s.players[a]
    target.order = [CARDS, ANIMALS, BUILD, ASSOCIATION, SPONSORS]
    target.side2[CARDS] = True
    target.mult_active[CARDS] = 1
    pick(s, me, Hypnotise.of(a))
    assert UseCard.of(CARDS) in options(s) and UseCard.of(SPONSORS) not in options(s)
    pick(s, me, UseCard.of(CARDS))  # his Cards II at slot 1: draw 1
    while s.asked and s.asked_step.seat == me and s.asked_step.kind != "CHOOSE_ACTION":
        pick(s, me, options(s)[0])
    assert len(s.players[me].hand) == 1  # the effect is the actor's
    assert target.order[0] == CARDS and target.mult_active[CARDS] == 1  # his multiplier unused


def test_d15_partner_zoos_and_universities_play_icons():
    sc = scene()
    sc.p.sponsors.append(202)
    push(sc.s, association.ChooseUniversity(sc.me))
    flow.choose(sc.s, sc.me, list(sc.s.asked[sc.me]).index(association.University.of(2)))
    sc.answer()
    assert sc.p.rep == 3


def test_d16_flock():
    sc = scene()
    home = add_fitting(sc.s, sc.me, ENC_T[5])
    house_animal(sc.s, sc.me, 426, home)  # a size-5 herbivore
    assert FLOCK in zoo.housings(sc.s, sc.me, DATA[447])


def test_d17_to_d21_map_data():
    assert load_map("1").special[0][1] == (INDEX[(1, 6)],)
    assert load_map("1a").special[0][1] == (INDEX[(7, 6)],)
    assert load_map("1a").bonus[INDEX[(1, 8)]] == "x_token"  # D-18
    assert all(load_map(m).left_track[0].bonus == "snap_1" for m in ("A", "0", "1a"))  # D-19
    assert DATA[473].reptile_house == 0  # D-20
    assert load_map("4").special[0][1] == (INDEX[(0, 11)],)  # D-21


def test_d22_track_ends():
    sc = scene()
    tracks.gain_appeal(sc.s, sc.me, 200)
    assert sc.p.appeal == 113


def test_d23_d24_solo_only_card_009_stays_in_multiplayer_games():
    s = table(2)
    assert 9 in s.final_deck + [c for p in s.players for c in p.finals]


def test_d25_reputation_requirements():
    assert [DATA[c].req_reputation for c in (243, 244, 245, 228, 227, 263)] == [3, 3, 3, 3, 6, 6]


def test_d26_caps_of_219_and_222():
    from engine.ark_nova.cards.sponsors import get

    assert get(219).end[0].cap == 6 and get(222).immediate[0].cap == 3


def test_d29_useless_reputation_task_is_legal():
    sc = scene()
    sc.p.rep = 9
    assert association.task_possible(sc.s, sc.me, 0, False)


def test_d33_free_partner_zoo_keeps_the_limits():
    sc = scene()
    sc.p.partner_zoos = [7, 8]
    assert association.partner_choices(sc.s, sc.me) == []


def test_d34_university_reputation():
    sc = scene()
    push(sc.s, association.ChooseUniversity(sc.me))
    flow.choose(sc.s, sc.me, list(sc.s.asked[sc.me]).index(association.University.of(0)))
    sc.answer()
    assert sc.p.rep == 2


def test_d35_release_frees_the_recorded_enclosure():
    from engine.ark_nova.rules.projects import release

    sc = scene()
    small = add_fitting(sc.s, sc.me, ENC_T[5])
    other = add_fitting(sc.s, sc.me, ENC_T[5])
    house_animal(sc.s, sc.me, 402, other)
    sc.p.bld_state[small] = 1
    release(sc.s, sc.me, 402)
    assert sc.p.bld_state[other] == 0 and sc.p.bld_state[small] == 1


def test_d36_kiosk_counts_each_neighbour_once():
    sc = scene()
    enc = build(sc.s, sc.me, ENC_T[3], [(2, 5), (2, 7), (3, 6)])
    sc.p.bld_state[enc] = 1
    build(sc.s, sc.me, KIOSK_T, [(1, 6)])
    assert kiosk_income(sc.p) == 1


def test_d37_animals_i_at_strength_1_is_not_performable():
    from engine.ark_nova.rules.turn import Ctx

    sc = scene()
    assert not act_animals.feasible(sc.s, Ctx(sc.me, ANIMALS, 1, False, sc.me))


def test_d38_cp10_discard_is_exactly_one_card():
    sc = scene()
    sc.p.finals.append(sc.s.final_deck.pop())
    tracks.gain_cp(sc.s, sc.me, 10)
    flow.advance(sc.s)
    sc.answer(lambda s, seat, o: o[0])
    assert len(sc.p.finals) == 2 and len(sc.o.finals) == 1


def test_d39_architectural_connected_means_a_covered_neighbour():
    sc = scene()
    p = sc.p
    p.covered = p.map.plain
    assert architectural(p) == 4


def test_d40_pilfer_victim_chooses():
    sc = scene()
    sc.o.appeal = 10
    sc.o.money = 10
    give(sc.s, sc.other, 223)
    push(sc.s)
    dispatch.fire(sc.s, sc.me, 456, effects.Pilfering(1))
    flow.advance(sc.s)
    assert sc.s.asked_step.kind == "PILFER_GIVE" and sc.s.asked_step.seat == sc.other
    assert len(options(sc.s)) == 2
    pick(sc.s, sc.other, custom.Give.of(custom.GIVE_CARD))
    assert sc.p.hand == [223] and sc.o.money == 10


def test_d41_names_are_informational():
    assert DATA[215].name == "Global Breeding Program" and DATA[246].name == "Aerial Cableway"


def test_d42_default_order_printed_gains_then_ability_then_triggers():
    sc = scene()
    sc.p.sponsors.append(239)  # predator icon -> +3 money (a trigger)
    home = add_fitting(sc.s, sc.me, ENC_T[4])
    give(sc.s, sc.me, 417)  # Wolf: appeal 4, Pack
    from engine.ark_nova.rules.act_animals import play_animal

    sc.s.steps.clear()
    play_animal(sc.s, sc.me, 417, 0, home)
    kinds = [type(step.effect).__name__ for step in reversed(sc.s.steps)]
    assert kinds == ["Gain", "GainPer", "Gain"]  # appeal, pack, then 239's money


def test_d43_universities_follow_the_italian_summary():
    assert association.UNIVERSITY_LIMIT == (2, 3) and association.PARTNER_LIMIT == (2, 4)


def test_d44_sponsors_below_strength_3_only_break_for_money():
    from engine.ark_nova.rules.act_sponsors import BreakForMoney, PickSponsor

    sc = scene()
    give(sc.s, sc.me, 223)
    push(sc.s, PickSponsor(sc.me, False, 2, 2, 0))
    assert sc.p.money == 102 and not sc.s.asked  # only option B: applied at once
    assert BreakForMoney.of()


def test_d45_no_track_bonuses_in_final_scoring():
    s = table(2)
    p = s.players[0]
    p.finals = [7]
    p.rep, p.cp = 15, 9
    s.cp10_done = True
    s.steps.clear()
    endgame.finish(s)
    flow.advance(s)
    assert s.terminal and p.cp == 13 and not s.asked  # passed 10: no discard, no bonus


def test_d46_discard_at_final_scoring_if_nobody_reached_cp_10():
    s = table(2)
    s.steps.clear()
    endgame.finish(s)
    flow.advance(s)
    assert s.asked_step.kind == "DISCARD_FINAL_SCORING"


def test_d47_partner_zoo_discount_once():
    sc = scene()
    sc.p.partner_zoos.append(8)
    assert act_animals.cost(sc.s, sc.me, DATA[436], 0) == DATA[436].cost - 3
