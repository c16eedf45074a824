"""Spec 8 (playing an animal: conditions, cost, size classes), 9 (icons and triggers),
10 (cards, deck, display, hand limit) and 11 (sponsor conditions)."""

from __future__ import annotations

from engine.ark_nova.cards.catalog import AMERICAS, PREDATOR, SCIENCE, load_cards
from engine.ark_nova.map.buildings import ENC_T
from engine.ark_nova.model.state import UNI_HAND
from engine.ark_nova.rules import act_animals, breaks, cardflow, icons, sponsor_play
from engine.ark_nova.rules.association import PartnerZoo, University
from engine.toolkit import flow
from tests.ark_nova.cardscene import add_fitting, scene
from tests.ark_nova.helpers import give, push

CARDS = load_cards()


def test_conditions_count_icons_partner_zoo_and_animals_ii():
    sc = scene()
    s, p = sc.s, sc.p
    lion = CARDS[402]  # needs 3 predator icons
    assert act_animals.missing_conditions(s, sc.me, lion, False) == 3
    p.icons[PREDATOR] = 2
    assert act_animals.missing_conditions(s, sc.me, lion, False) == 1
    leopard = CARDS[403]  # partner zoo of its continent
    assert act_animals.missing_conditions(s, sc.me, leopard, False) == 1
    p.partner_zoos.append(AMERICAS)
    assert act_animals.missing_conditions(s, sc.me, leopard, False) == 1  # wrong continent
    p.partner_zoos.append(7)  # Africa
    assert act_animals.missing_conditions(s, sc.me, leopard, False) == 0
    assert act_animals.missing_conditions(s, sc.me, CARDS[421], False) == 1  # Animals II


def test_ignore_one_condition_for_large_animals_with_263():
    sc = scene()
    s, p = sc.s, sc.p
    add_fitting(s, sc.me, ENC_T[4])
    p.icons[PREDATOR] = 2  # Lion needs 3
    assert not act_animals.playable(s, sc.me, CARDS[402], 0, False)
    p.sponsors.append(263)
    assert act_animals.playable(s, sc.me, CARDS[402], 0, False)
    p.icons[PREDATOR] = 1  # two missing: too many
    assert not act_animals.playable(s, sc.me, CARDS[402], 0, False)


def test_cost_partner_zoo_discount_once_per_zoo_d47():
    sc = scene()
    s, p = sc.s, sc.p
    bison = CARDS[436]  # two Americas icons
    assert act_animals.cost(s, sc.me, bison, 0) == 18
    p.partner_zoos.append(AMERICAS)
    assert act_animals.cost(s, sc.me, bison, 0) == 15  # -3, not -6
    assert act_animals.cost(s, sc.me, bison, 4) == 19  # + folder number
    p.money = 18
    add_fitting(s, sc.me, ENC_T[5])
    p.icons[AMERICAS] += 3
    assert act_animals.playable(s, sc.me, bison, 0, False)
    p.money = 14
    assert not act_animals.playable(s, sc.me, bison, 0, False)  # full cost first


def test_size_classes():
    assert CARDS[405].small and not CARDS[405].large  # size 1
    assert CARDS[404].small  # size 2
    assert not CARDS[403].small and not CARDS[403].large  # size 3: medium
    assert CARDS[402].large  # size 4
    assert CARDS[519].small  # petting-zoo animal (D-09)


def test_each_icon_copy_fires_a_trigger_and_partner_zoos_fire_too():
    sc = scene()
    s, p = sc.s, sc.p
    p.sponsors.append(239)  # +3 money per predator icon played into any zoo
    money = p.money
    icons.schedule_triples(s, icons.add_icons(s, sc.other, CARDS[401].icons))  # 2 predators
    flow.advance(s)
    assert p.money == money + 6
    p.sponsors.append(210)  # Expert on the Americas: own americas icon -> free kiosk
    from engine.ark_nova.rules.association import ChoosePartnerZoo

    push(s, ChoosePartnerZoo(sc.me))
    flow.choose(s, sc.me, list(s.asked[sc.me]).index(PartnerZoo.of(AMERICAS)))
    assert s.asked_step.kind == "FREE_BUILDING"  # D-15: a partner zoo plays its icon


def test_university_research_icons_fire_triggers():
    sc = scene()
    s, p = sc.s, sc.p
    p.sponsors.append(202)  # Spokesperson: own research icon -> +1 reputation
    from engine.ark_nova.rules.association import ChooseUniversity

    push(s, ChooseUniversity(sc.me))
    flow.choose(s, sc.me, list(s.asked[sc.me]).index(University.of(2)))  # double research
    sc.answer()
    assert p.icons[SCIENCE] == 2 and p.rep == 1 + 2


def test_empty_deck_takes_the_shuffled_discard_pile_d10():
    sc = scene()
    s = sc.s
    s.discard.extend(s.deck)
    s.deck.clear()
    cardflow.draw(s, sc.me, 2)
    assert len(sc.p.hand) == 2 and s.deck
    s.discard.clear()
    s.discard.extend(s.deck)
    s.deck.clear()
    total = len(s.discard)
    cardflow.draw(s, sc.me, total + 3)  # more than exist: skipped
    assert not s.deck and not s.discard


def test_display_keeps_its_folders_until_the_end_of_the_turn():
    sc = scene()
    s = sc.s
    fourth, fifth = s.display[3], s.display[4]
    cardflow.take_folder(s, 4)
    assert s.display[3] == -1 and s.display[4] == fifth  # folder numbers do not move
    cardflow.refill_display(s)
    assert s.display[3] == fifth and fourth not in s.display and -1 not in s.display


def test_hand_limit_is_checked_in_breaks_only():
    sc = scene()
    s, p = sc.s, sc.p
    give(s, sc.me, 401, 402, 403, 404, 405, 406)
    push(s, breaks.HandLimit(sc.me))
    assert s.asked_step.kind == "DISCARD" and s.asked_step.left == 3
    sc.answer()
    assert len(p.hand) == 3
    p.universities.append(UNI_HAND)
    give(s, sc.me, 407, 408, 409)
    push(s, breaks.HandLimit(sc.me))
    sc.answer()
    assert len(p.hand) == 5


def test_sponsor_conditions():
    sc = scene()
    s, p = sc.s, sc.p
    assert not sponsor_play.conditions_met(s, sc.me, CARDS[243], False)  # rep >= 3
    p.rep = 3
    add_fitting(s, sc.me, ENC_T[1])
    assert sponsor_play.conditions_met(s, sc.me, CARDS[243], False)
    assert not sponsor_play.conditions_met(s, sc.me, CARDS[201], False)  # Sponsors II
    assert sponsor_play.conditions_met(s, sc.me, CARDS[201], True)
    p.appeal = 26
    assert not sponsor_play.conditions_met(s, sc.me, CARDS[258], True)  # max 25 appeal
    p.appeal = 25
    assert sponsor_play.conditions_met(s, sc.me, CARDS[258], True)
    assert not sponsor_play.conditions_met(s, sc.me, CARDS[215], True)  # 2 partner zoos
    p.partner_zoos += [7, 8]
    assert sponsor_play.conditions_met(s, sc.me, CARDS[215], True)
