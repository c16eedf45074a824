"""Scenarios for rule steps a deletion mutant showed untested (``mutate.py --kinds
delstmt``: one state-changing statement deleted at a time). Each names its rule."""

from __future__ import annotations

from engine.ark_nova.cards.catalog import (
    ANIMALS,
    ASSOCIATION,
    BUILD,
    CARDS,
    SCIENCE,
    SPONSORS,
    WATER,
)
from engine.ark_nova.cards.effects import Digging, TakeBaseProject
from engine.ark_nova.map.buildings import ENC_T
from engine.ark_nova.model.steps import DECLINE
from engine.ark_nova.rules import tracks, zoo
from engine.ark_nova.rules.cardflow import draw_one
from engine.ark_nova.rules.custom import DigFolder, DigHandCard, TakeBaseProjectCard
from engine.ark_nova.rules.projects import ChooseProject, SupportProject
from engine.ark_nova.rules.tracks import CpTwoChoice, Upgrade, UpgradeCard
from engine.ark_nova.rules.turn import TakeX, UseCard
from engine.toolkit import flow
from tests.ark_nova.cardscene import add_fitting, scene
from tests.ark_nova.helpers import (
    give,
    kind,
    new_game,
    options,
    pick,
    push,
    reask,
    run_effects,
    to_display,
)
from tests.ark_nova.test_actions import begin
from tests.ark_nova.test_turn import start


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
    while sc.s.asked and kind(sc.s) in ("PLAY_ANIMAL", "CHOOSE_ENCLOSURE"):
        if kind(sc.s) == "PLAY_ANIMAL":
            plays = [o for o in options(sc.s) if o != DECLINE]
            if not plays:
                break
            played.append(plays[0])
            pick(sc.s, sc.me, plays[0])
        else:
            sc.step()
    assert len(played) == 2
    assert {484, 486} <= set(sc.p.animals)


def test_an_empty_deck_takes_the_discard_pile_shuffled() -> None:
    """D-10: when the deck runs out, the discard pile is shuffled into a new deck (not
    drawn in the order it was discarded)."""
    sc = scene(seed=3)
    s = sc.s
    pile = list(s.deck)
    s.deck, s.discard = [], list(pile)
    drawn = [draw_one(s) for _ in range(len(pile))]
    assert sorted(drawn) == sorted(pile)
    assert drawn != pile[::-1]  # what popping the unshuffled pile would give
    assert draw_one(s) == -1


def test_venom_cleared_in_one_turn_is_due_again_in_the_next() -> None:
    """6.4: using a venom-marked card spares the payment of that turn only; at the end of
    the seat's next turn, with a venom token still on a card it did not use, 2 money are
    due again."""
    s, seat, p = start()
    p.venom[SPONSORS] = 1
    p.venom[CARDS] = 1
    money = p.money
    reask(s)
    pick(s, seat, UseCard.of(CARDS))  # the venom on Cards is cleared: nothing to pay
    assert p.money == money and s.active != seat
    pick(s, s.active, TakeX.of(BUILD))  # the other seat's turn
    assert s.active == seat and kind(s) == "CHOOSE_ACTION"
    pick(s, seat, TakeX.of(BUILD))  # no venom-marked card used this turn
    assert p.venom[SPONSORS] == 1 and p.money == money - 2


def test_the_animals_card_starts_in_slot_1_and_the_other_four_are_shuffled() -> None:
    """3.2 B: each player's Animals card goes to slot 1 and the other four action cards
    are shuffled into slots 2-5, so the starting rows differ from player to player."""
    rows = [tuple(p.order) for seed in range(10) for p in new_game(4, seed=seed).s.players]
    assert all(r[0] == ANIMALS and sorted(r) == [0, 1, 2, 3, 4] for r in rows)
    assert {r[1] for r in rows} == {CARDS, BUILD, ASSOCIATION, SPONSORS}
    assert {r[4] for r in rows} == {CARDS, BUILD, ASSOCIATION, SPONSORS}


def test_the_cp_2_bonus_can_upgrade_an_action_card() -> None:
    """13.2: reaching CP 2 offers an action-card upgrade as the alternative to a worker;
    choosing it lets the player flip a side-I card of his choice to side II."""
    sc = scene()
    s, p = sc.s, sc.p
    tracks.gain_cp(s, sc.me, 2)
    flow.advance(s)
    assert kind(s) == "CP2_BONUS"
    workers = p.workers_total
    pick(s, sc.me, CpTwoChoice.of(False))
    assert kind(s) == "UPGRADE_ACTION_CARD"
    assert options(s) == [Upgrade.of(a) for a in range(5)]
    pick(s, sc.me, Upgrade.of(BUILD))
    assert p.side2 == [a == BUILD for a in range(5)] and p.workers_total == workers


def test_digging_may_stop_before_its_n_times() -> None:
    """19 digging:N: "up to N times": each dig is optional, and stopping ends the ability
    with the display and the hand as they are."""
    sc = scene()
    s = sc.s
    give(s, sc.me, 401, 402)
    run_effects(s, sc.me, [Digging(3)])
    assert kind(s) == "DIG" and options(s)[-1] == DECLINE
    assert DECLINE.describe(s, sc.me) == "stop digging"
    discard = len(s.discard)
    pick(s, sc.me, DigFolder.of(1))
    assert len(s.discard) == discard + 1 and kind(s) == "DIG"
    display, hand = list(s.display), sorted(sc.p.hand)
    pick(s, sc.me, DECLINE)
    assert not s.asked and len(s.discard) == discard + 1
    assert s.display == display and sorted(sc.p.hand) == hand


def test_digging_a_hand_card_discards_it_and_draws_from_the_deck() -> None:
    """19 digging:N: the other choice of each dig: the hand card goes to the discard pile
    and the top card of the deck comes into the hand."""
    sc = scene()
    s, p = sc.s, sc.p
    give(s, sc.me, 401)
    top = s.deck[-1]
    run_effects(s, sc.me, [Digging(1)])
    pick(s, sc.me, DigHandCard.of(401))
    assert s.discard[-1] == 401 and 401 not in p.hand
    assert p.hand == [top] and not s.asked


def test_assertion_takes_exactly_one_base_project_from_the_unused_pile() -> None:
    """19 assertion: the player may take any 1 base project from the unused pile into his
    hand; it leaves the pile, and no second one is offered."""
    sc = scene()
    s, p = sc.s, sc.p
    pile = list(s.unused_base)
    assert len(pile) >= 2
    run_effects(s, sc.me, [TakeBaseProject()])
    assert kind(s) == "TAKE_BASE_PROJECT"
    assert options(s) == [*(TakeBaseProjectCard.of(c) for c in sorted(pile)), DECLINE]
    card = max(pile)
    pick(s, sc.me, TakeBaseProjectCard.of(card))
    assert not s.asked
    assert [c for c in p.hand if 101 <= c <= 112] == [card]
    assert sorted(s.unused_base) == sorted(c for c in pile if c != card)


def test_association_ii_supports_a_project_from_the_display_paying_its_folder() -> None:
    """12.4.2: with Association II a project in the display within reputation range may be
    supported for the folder number in money; the card goes to the row above the board."""
    sc = scene()
    s, p = sc.s, sc.p
    p.rep = 4  # folders 1-3
    to_display(s, 3, 132)  # Research: 5 / 4 / 2 science icons
    give(s, sc.me, 128)  # Aquatic in hand, so that a project is to be chosen
    p.icons[SCIENCE] = p.icons[WATER] = 5
    money = p.money
    push(s, ChooseProject(sc.me, True))
    assert options(s) == [SupportProject.of(128, 0), SupportProject.of(132, 3)]
    pick(s, sc.me, SupportProject.of(132, 3))
    assert kind(s) == "PROJECT_LEVEL"
    assert p.money == money - 3
    assert s.project_row[0] == 132 and 132 not in s.display


def test_upgrading_build_opens_the_build_ii_cells_at_once() -> None:
    """7.5 with 5.7: Build-II cells may be covered as soon as the Build card is upgraded,
    even where the zoo's legal placements were listed before the upgrade."""
    sc = scene()
    s, p = sc.s, sc.p
    before = zoo.footprints_for(s, sc.me, ENC_T[1])
    assert before and not any(f.p.mask & p.map.build2 for f in before)
    push(s, UpgradeCard(sc.me))
    pick(s, sc.me, Upgrade.of(BUILD))
    after = zoo.footprints_for(s, sc.me, ENC_T[1])
    assert any(f.p.mask & p.map.build2 for f in after)


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
