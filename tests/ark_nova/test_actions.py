"""Spec 5.1-5.5: the five actions on both sides, at each strength."""

from __future__ import annotations

import pytest

from engine.ark_nova.cards.catalog import (
    ANIMALS,
    ASSOCIATION,
    BUILD,
    CARDS,
    CONTINENTS,
    SPONSORS,
)
from engine.ark_nova.map.buildings import (
    AVIARY_T,
    ENC_T,
    KIOSK_T,
    PAVILION_T,
    PETTING_T,
    REPTILE_T,
    SIZE,
)
from engine.ark_nova.model.state import (
    TASK_PARTNER,
    TASK_PROJECT,
    TASK_REPUTATION,
    TASK_UNIVERSITY,
)
from engine.ark_nova.model.steps import DECLINE
from engine.ark_nova.rules import (
    act_animals,
    act_build,
    act_cards,
    act_sponsors,
    association,
)
from engine.ark_nova.rules.act_animals import PlayAnimal
from engine.ark_nova.rules.act_build import BuildType, EngineerCopy
from engine.ark_nova.rules.act_cards import DrawCards, SnapInstead
from engine.ark_nova.rules.act_sponsors import (
    BreakForMoney,
    PickSponsor,
    PlaySponsor,
    PlaySponsorFromFolder,
)
from engine.ark_nova.rules.association import Donate, DoTask
from engine.ark_nova.rules.cardflow import FromDeck, FromFolder
from engine.ark_nova.rules.turn import Ctx, SpendX, UseCard, move_card, strength_range
from engine.toolkit import flow
from tests.ark_nova.cardscene import (
    add_fitting,
    scene,
)
from tests.ark_nova.helpers import (
    build,
    give,
    kind,
    options,
    pick,
    push,
    to_display,
)
from tests.ark_nova.helpers import (
    kind as step_kind,
)


def begin(sc, action: int, strength: int, side2: bool = False) -> None:
    s, me = sc.s, sc.me
    sc.p.side2[action] = side2
    s.steps.clear()
    s.asked.clear()
    s.asked_step = None
    module = {ANIMALS: act_animals, ASSOCIATION: association, BUILD: act_build,
              CARDS: act_cards, SPONSORS: act_sponsors}[action]
    module.begin(s, Ctx(me, action, strength, side2, me))

    flow.advance(s)


# ----------------------------------------------------------------------------- 5.1 cards


@pytest.mark.parametrize(("side2", "strength", "draw", "discard"), [
    (False, 1, 1, 1), (False, 2, 1, 0), (False, 3, 2, 1), (False, 4, 2, 0), (False, 5, 3, 1),
    (True, 1, 1, 0), (True, 2, 2, 1), (True, 3, 2, 0), (True, 4, 3, 1), (True, 5, 4, 1),
])
def test_cards_draw_and_discard_table(side2, strength, draw, discard):
    sc = scene()
    give(sc.s, sc.me, 223, 220)
    sc.snapshot()
    begin(sc, CARDS, strength, side2)
    if sc.s.asked and kind(sc.s) == "DRAW_OR_SNAP":
        pick(sc.s, sc.me, DrawCards.of())
    sc.answer(lambda s, seat, o: FromDeck.of() if FromDeck.of() in o else o[0])
    assert sc.delta("hand") == draw - discard
    assert sc.delta("break") == 2


@pytest.mark.parametrize(("side2", "strength", "snap"), [
    (False, 4, False), (False, 5, True), (True, 2, False), (True, 3, True)])
def test_cards_snap_from_strength_5_or_side_ii_3(side2, strength, snap):
    sc = scene()
    begin(sc, CARDS, strength, side2)
    offered = sc.s.asked and kind(sc.s) == "DRAW_OR_SNAP"
    assert bool(offered) == snap
    if snap:
        card = sc.s.display[5]
        pick(sc.s, sc.me, SnapInstead.of(6))  # any folder, ignoring reputation
        assert sc.p.hand == [card] and sc.s.display[5] == -1  # refilled at end of turn


def test_cards_ii_draws_from_the_display_in_range():
    sc = scene()
    sc.p.rep = 4  # folders 1-3
    begin(sc, CARDS, 1, True)  # draw 1, discard 0
    assert options(sc.s) == [FromDeck.of(), FromFolder.of(1), FromFolder.of(2),
                              FromFolder.of(3)]
    card = sc.s.display[2]
    pick(sc.s, sc.me, FromFolder.of(3))
    assert sc.p.hand == [card] and sc.s.display[2] == -1


# ----------------------------------------------------------------------------- 5.2 build


def test_build_i_one_building_within_strength_for_2_money_per_cell():
    sc = scene()
    add_fitting(sc.s, sc.me, ENC_T[1])
    sc.snapshot()
    begin(sc, BUILD, 3)
    codes = {o.building for o in options(sc.s)}
    assert codes == {KIOSK_T, PAVILION_T, ENC_T[1], ENC_T[2], ENC_T[3], PETTING_T}
    pick(sc.s, sc.me, BuildType.of(ENC_T[3]))
    sc.answer()
    assert sc.delta("buildings") == 1
    assert sc.delta("money") == -6 + bonus_money(sc)
    assert sc.p.bld[-1].code == ENC_T[3] and sc.p.bld_state[-1] == 0  # 7.3.5: placed empty


def bonus_money(sc) -> int:
    total = 0
    for b in sc.p.bld[sc.before["buildings"]:]:
        for c in b.cells:
            bonus = sc.p.map.bonus[c]
            if bonus and bonus.startswith("money_"):
                total += int(bonus.split("_")[1])
    return total


def test_build_ii_several_different_types_within_total_size():
    sc = scene()
    build(sc.s, sc.me, ENC_T[1], [(4, 5)])
    begin(sc, BUILD, 5, side2=True)
    codes = {o.building for o in options(sc.s)}
    assert {REPTILE_T, AVIARY_T} <= codes  # side II only
    pick(sc.s, sc.me, BuildType.of(ENC_T[3]))
    while kind(sc.s) != "BUILD":  # place it; then the menu comes back
        sc.step()
    codes = {o.building for o in options(sc.s) if o != DECLINE}
    assert ENC_T[3] not in codes  # different types
    assert all(act_build.SIZE[c] <= 2 for c in codes)  # total size <= 5
    assert DECLINE in options(sc.s)


def test_one_special_enclosure_of_a_kind_per_zoo():
    sc = scene()
    add_fitting(sc.s, sc.me, PETTING_T)
    begin(sc, BUILD, 5)
    assert PETTING_T not in {o.building for o in options(sc.s)}


def test_engineer_copies_a_type_outside_the_budget():
    sc = scene()
    add_fitting(sc.s, sc.me, ENC_T[5])
    sc.p.sponsors.append(217)
    begin(sc, BUILD, 2)
    pick(sc.s, sc.me, BuildType.of(ENC_T[2]))
    while kind(sc.s) != "BUILD":
        sc.step()
    assert EngineerCopy.of(ENC_T[2]) in options(sc.s)  # Build I's one-building limit lifted
    pick(sc.s, sc.me, EngineerCopy.of(ENC_T[2]))
    sc.answer(lambda s, seat, o: o[0])
    assert sum(b.code == ENC_T[2] for b in sc.p.bld) == 2


# ----------------------------------------------------------------------------- 5.3 animals


@pytest.mark.parametrize(("side2", "strength", "most"), [
    (False, 2, 1), (False, 4, 1), (False, 5, 2), (True, 1, 1), (True, 2, 1), (True, 3, 2),
    (True, 5, 2)])
def test_animals_per_action(side2, strength, most):
    sc = scene()
    for _ in range(3):
        add_fitting(sc.s, sc.me, ENC_T[1], water=1, rock=1)
    give(sc.s, sc.me, 484, 486, 488)  # three small reptiles without abilities
    rep = sc.p.rep
    begin(sc, ANIMALS, strength, side2)
    played = 0
    while sc.s.asked and kind(sc.s) in ("PLAY_ANIMAL", "CHOOSE_ENCLOSURE"):
        if kind(sc.s) == "PLAY_ANIMAL":
            opts = [o for o in options(sc.s) if o != DECLINE]
            if not opts:
                break
            played += 1
            pick(sc.s, sc.me, opts[0])
        else:
            sc.step()
    assert played == most
    assert sc.p.rep - rep >= (1 if side2 and strength >= 5 else 0)


def test_animals_ii_plays_from_the_display_paying_the_folder():
    sc = scene()
    add_fitting(sc.s, sc.me, ENC_T[2])
    to_display(sc.s, 2, 405)
    sc.p.rep = 2  # folders 1-2
    sc.snapshot()
    begin(sc, ANIMALS, 2, side2=True)  # the only playable animal: played at once
    sc.answer()
    assert 405 in sc.p.animals and sc.delta("money") == -(8 + 2)


def test_animals_i_cannot_play_an_animals_ii_card():
    sc = scene()
    add_fitting(sc.s, sc.me, ENC_T[5], water=1, rock=1)
    give(sc.s, sc.me, 421)  # needs Animals II
    begin(sc, ANIMALS, 2)
    assert not sc.s.asked or PlayAnimal.of(421) not in options(sc.s)
    assert not act_animals.playable(sc.s, sc.me, sc.s.cards[421], 0, False)
    assert act_animals.playable(sc.s, sc.me, sc.s.cards[421], 0, True)


# ----------------------------------------------------------------------------- 5.4 association


def test_association_i_one_task_of_value_at_most_s():
    sc = scene()
    sc.p.workers_active = sc.p.workers_total = 2
    begin(sc, ASSOCIATION, 3)
    assert options(sc.s) == [DoTask.of(TASK_REPUTATION), DoTask.of(TASK_PARTNER)]
    pick(sc.s, sc.me, DoTask.of(TASK_REPUTATION))
    assert sc.p.rep == 3 and not sc.s.asked  # one task only
    assert sc.p.workers_on[TASK_REPUTATION] == 1 and sc.p.workers_active == 1


def test_association_ii_different_tasks_summing_to_s_then_one_donation():
    sc = scene()
    sc.p.workers_active = sc.p.workers_total = 3
    begin(sc, ASSOCIATION, 5, side2=True)
    pick(sc.s, sc.me, DoTask.of(TASK_REPUTATION))  # value 2, 3 left
    assert set(options(sc.s)) == {DoTask.of(TASK_PARTNER), Donate.of(), DECLINE}
    money = sc.p.money
    pick(sc.s, sc.me, Donate.of())
    assert sc.p.money == money - 2 and sc.p.cp == 1 and sc.s.donations == 1
    assert Donate.of() not in options(sc.s)  # one per action


def test_workers_second_time_costs_two_and_a_third_is_closed():
    from engine.ark_nova.rules.association import workers_needed

    sc = scene()
    p = sc.p
    assert workers_needed(p, TASK_UNIVERSITY) == 1
    p.workers_on[TASK_UNIVERSITY] = 1
    assert workers_needed(p, TASK_UNIVERSITY) == 2
    p.workers_on[TASK_UNIVERSITY] = 3
    assert workers_needed(p, TASK_UNIVERSITY) > 4
    assert association.task_value(p, TASK_PROJECT) == 5


# ----------------------------------------------------------------------------- 5.5 sponsors


def test_sponsors_i_one_sponsor_of_level_at_most_s_or_break_for_money():
    sc = scene()
    give(sc.s, sc.me, 223, 220)  # levels 3 and 4
    begin(sc, SPONSORS, 3)
    assert options(sc.s) == [BreakForMoney.of(), PlaySponsor.of(223)]
    pick(sc.s, sc.me, PlaySponsor.of(223))
    assert 223 in sc.p.sponsors and not sc.s.asked


@pytest.mark.parametrize(("side2", "money"), [(False, 4), (True, 8)])
def test_break_for_money(side2, money):
    sc = scene()
    sc.snapshot()
    begin(sc, SPONSORS, 4, side2)  # no sponsor in hand: option B is the only one
    assert sc.delta("money") == money and sc.delta("break") == 4


def test_sponsors_ii_budget_s_plus_1_from_hand_and_display():
    sc = scene()
    give(sc.s, sc.me, 223)  # level 3
    to_display(sc.s, 1, 261)  # level 3
    sc.snapshot()
    begin(sc, SPONSORS, 5, side2=True)  # budget 6
    pick(sc.s, sc.me, PlaySponsor.of(223))
    assert PlaySponsorFromFolder.of(1) in options(sc.s)
    pick(sc.s, sc.me, PlaySponsorFromFolder.of(1))
    sc.answer()
    assert {223, 261} <= set(sc.p.sponsors)
    assert sc.delta("money") == -1  # folder 1


def test_strength_options_stop_where_more_x_changes_nothing():
    sc = scene()
    sc.p.x = 5
    sc.p.order = [ANIMALS, CARDS, BUILD, ASSOCIATION, SPONSORS]
    push(sc.s, __import__("engine.ark_nova.rules.turn", fromlist=["ChooseAction"]).ChooseAction(
        sc.me, 0))
    pick(sc.s, sc.me, UseCard.of(CARDS))
    assert options(sc.s) == [SpendX.of(k) for k in range(4)]  # slot 2 + 3 = strength 5


def test_an_animal_costs_at_least_0_however_large_the_discounts() -> None:
    """8.2.3: partner-zoo and sponsor-229 discounts stop at a cost of 0 (no money back)."""
    sc = scene()
    p, by_id = sc.p, sc.s.cards.by_id
    card = min((by_id[i] for i in sc.s.cards.animals
                if by_id[i].small and any(by_id[i].icons[z] for z in CONTINENTS)),
               key=lambda c: c.cost)
    p.partner_zoos.append(next(z for z in CONTINENTS if card.icons[z]))
    p.sponsors.append(229)
    assert card.cost - 3 - 3 < 0  # the discounts alone would go below 0
    assert act_animals.cost(sc.s, sc.me, card, 0) == 0


def test_a_building_costs_2_money_per_cell_exactly() -> None:
    """5.2: 2 money x size; a player with exactly that much may build it, 1 less may not."""
    sc = scene()
    p = sc.p
    for code in (ENC_T[1], ENC_T[3]):
        p.money = 2 * SIZE[code]
        assert act_build.buildable(sc.s, sc.me, code, 5)
        p.money -= 1
        assert not act_build.buildable(sc.s, sc.me, code, 5)


def test_x_tokens_for_sponsors_are_offered_without_a_cap() -> None:
    """4.2 with 5.5: every X-token adds a level to the sponsor budget or S money to option B,
    so all the seat's X-tokens may be spent on Sponsors, on side I as on side II."""
    sc = scene()
    s, p = sc.s, sc.p
    move_card(p, SPONSORS, 2)
    p.x = 3
    for side2 in (False, True):
        p.side2[SPONSORS] = side2
        assert strength_range(s, sc.me, sc.me, SPONSORS) == (2, 0, 3), side2


def test_break_for_money_names_the_money_of_its_side() -> None:
    """5.5 option B: S money on side I, 2 S on side II; the option reads as it pays."""
    sc = scene()
    s = sc.s
    for side2, money in ((False, 3), (True, 6)):
        s.steps = [PickSponsor(sc.me, side2, 3, 3 + side2, 0)]
        assert BreakForMoney.of().describe(s, sc.me) == (
            f"break for money: +{money} money, break token +3")


def test_animals_ii_plays_a_second_animal_after_one_from_the_display() -> None:
    """8.2 with 5.3 (Animals II, strength 3: two animals): an animal taken from a display
    folder still counts one play, and the action goes on to the next."""
    sc = scene()
    for _ in range(2):
        add_fitting(sc.s, sc.me, ENC_T[1], water=1, rock=1)
    to_display(sc.s, 1, 484)  # small reptiles without abilities
    to_display(sc.s, 2, 486)
    sc.p.rep = 2  # folders 1-2 in range
    begin(sc, ANIMALS, 3, side2=True)
    played = []
    while sc.s.asked and step_kind(sc.s) in ("PLAY_ANIMAL", "CHOOSE_ENCLOSURE"):
        if step_kind(sc.s) == "PLAY_ANIMAL":
            plays = [o for o in options(sc.s) if o != DECLINE]
            if not plays:
                break
            played.append(plays[0])
            pick(sc.s, sc.me, plays[0])
        else:
            sc.step()
    assert len(played) == 2
    assert {484, 486} <= set(sc.p.animals)
