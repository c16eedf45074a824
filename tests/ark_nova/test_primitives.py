"""Spec 18: each effect primitive on its own (the cards of spec 19-20 are built from them),
and spec 2: the state copies cheaply and independently."""

from __future__ import annotations

from engine.ark_nova.cards import effects
from engine.ark_nova.cards import effects as fx
from engine.ark_nova.cards.catalog import (
    BUILD,
    CARDS,
    PREDATOR,
    SCIENCE,
)
from engine.ark_nova.map.buildings import ENC_T, KIOSK_T, UNIQUE_OF_SPONSOR
from engine.ark_nova.rules import (
    cardflow,
    dispatch,
    resolve,
)
from engine.ark_nova.rules.cardflow import draw_one
from engine.ark_nova.rules.turn import FinishAction
from engine.toolkit import flow
from tests.ark_nova.cardscene import (
    scene,
)
from tests.ark_nova.helpers import (
    build,
    check_invariants,
    give,
    pick,
    run_effects,
    take_out,
)


def fire(sc, *effects, src: int = 0) -> None:
    run_effects(sc.s, sc.me, effects, src)
    sc.answer()


def test_the_resolver_says_what_every_effect_kind_does():
    """Every value kind of ``effects.py`` has its one entry in the resolver's table, and
    the table is what firing reads."""
    kinds = {v for v in vars(fx).values()
             if isinstance(v, type) and issubclass(v, fx.Effect) and v is not fx.Effect}
    assert len(kinds) > 30
    assert set(resolve.TABLE) == kinds
    assert all(dispatch.HANDLERS[k] is resolve.TABLE[k] for k in kinds)


def test_gain_goes_through_the_track_rules():
    sc = scene()
    sc.snapshot()
    fire(sc, fx.Gain("money", 3), fx.Gain("appeal", 2), fx.Gain("x", 9), fx.Gain("rep", 1))
    assert (sc.delta("money"), sc.delta("appeal"), sc.p.x, sc.delta("rep")) == (3, 2, 5, 1)


def test_gain_per_with_divisor_and_cap_and_gain_tiers():
    sc = scene()
    sc.p.icons[SCIENCE] = 7
    sc.snapshot()
    fire(sc, fx.GainPer("money", 2, "icons:science", cap=10))
    assert sc.delta("money") == 10
    fire(sc, fx.GainPer("appeal", 3, "icons:science", div=2))
    assert sc.delta("appeal") == 9
    fire(sc, fx.GainTiers("rep", ((1, 1), (5, 2), (9, 3)), "icons:science"))
    assert sc.delta("rep") == 2


def test_others_gain():
    sc = scene()
    sc.p.icons[SCIENCE] = 2
    money = sc.o.money
    fire(sc, fx.OthersGain("money", 2, "icons:science"))
    assert sc.o.money == money + 4


def test_draw_take_card_and_snap():
    sc = scene()
    fire(sc, fx.Draw(2))
    assert len(sc.p.hand) == 2
    fire(sc, fx.TakeCard(1))
    assert len(sc.p.hand) == 3
    card = sc.s.display[5]
    run_effects(sc.s, sc.me, [fx.SnapCards(1)])
    from engine.ark_nova.rules.cardflow import SnapFolder

    pick(sc.s, sc.me, SnapFolder.of(6))
    assert card in sc.p.hand


def test_reveal_until():
    sc = scene()
    for c in (223, 401):
        take_out(sc.s, c)
    sc.s.deck.extend([223, 401])  # the top card is the last: 401, then 223
    discards = len(sc.s.discard)
    fire(sc, fx.RevealUntil("sponsor"))
    assert 223 in sc.p.hand and 401 in sc.s.discard and len(sc.s.discard) == discards + 1
    check_invariants(sc.s)


def test_hire_worker_upgrade_and_move_action_card():
    sc = scene()
    fire(sc, fx.HireWorker())
    assert sc.p.workers_total == 2
    fire(sc, fx.UpgradeCard())
    assert sum(sc.p.side2) == 1
    card = sc.p.order[3]
    fire(sc, fx.MoveActionCard(card, (1, 5)))
    assert card in (sc.p.order[0], sc.p.order[4])


def test_extra_action_and_after_finishing():
    sc = scene()
    sc.s.steps = [FinishAction(sc.me, BUILD, sc.me, 3)]
    dispatch.schedule(sc.s, sc.me, 0, [fx.AfterFinishing(fx.ExtraAction(CARDS))])

    flow.advance(sc.s)
    assert sc.s.asked_step.kind == "CHOOSE_ACTION" and sc.p.order[0] == BUILD


def test_build_free_place_unique_and_tokens():
    sc = scene()
    build(sc.s, sc.me, ENC_T[1], [(4, 5)])
    fire(sc, fx.BuildFree((KIOSK_T,)))
    assert sum(b.code == KIOSK_T for b in sc.p.bld) == 1 and sc.p.money == 100
    fire(sc, fx.PlaceUnique(UNIQUE_OF_SPONSOR[248]))
    assert any(b.code == UNIQUE_OF_SPONSOR[248] for b in sc.p.bld)
    fire(sc, fx.TokensOnSelf(3), src=253)
    assert sc.p.card_tokens[253] == 3 and sc.p.supply_tokens == 15
    fire(sc, fx.PlaceToken(CARDS))
    assert sc.p.mult_active[CARDS] == 1


def test_pouch_sell_and_sponsor_for_money():
    sc = scene()
    give(sc.s, sc.me, 223, 220, 261)
    fire(sc, fx.Pouch(1), src=401)
    assert len(sc.p.pouched[401]) == 1 and sc.p.appeal == 2
    money = sc.p.money
    fire(sc, fx.SellCards(1, 4))
    assert sc.p.money == money + 4
    fire(sc, fx.PlaySponsorForMoney())
    assert len(sc.p.sponsors) == 1


def test_partner_zoo_university_and_advance_break():
    sc = scene()
    fire(sc, fx.PartnerZooFree(), fx.UniversityFree(), fx.AdvanceBreak(3))
    assert len(sc.p.partner_zoos) == 1 and len(sc.p.universities) == 1
    assert sc.s.break_pos == 3


def test_state_clone_is_independent():
    sc = scene()
    c = sc.s.clone()
    c.players[sc.me].hand.append(401)
    c.players[sc.me].icons[PREDATOR] += 1
    c.deck.pop()
    build(c, sc.me, ENC_T[1], [(4, 5)])
    assert 401 not in sc.p.hand and sc.p.icons[PREDATOR] == 0
    assert len(c.deck) == len(sc.s.deck) - 1 and not sc.p.bld


def _pile(s, deck: list[int], discard: list[int]) -> None:
    for c in deck + discard:
        take_out(s, c)
    s.deck, s.discard = list(reversed(deck)), discard  # deck[0] is revealed first


def test_drawing_from_an_empty_deck_and_discard_pile_draws_nothing() -> None:
    """10.1 with D-10: an empty deck takes the discard pile; with both empty no card comes
    (the hand is unchanged, no placeholder card)."""
    sc = scene()
    s, p = sc.s, sc.p
    s.deck, s.discard = [], []
    assert cardflow.draw_one(s) == -1
    cardflow.draw(s, sc.me, 2)
    assert p.hand == []


def test_reveal_until_finds_a_sponsor_under_the_reshuffled_discard_pile() -> None:
    """18 reveal_until (Map 8 in the seeds): revealed cards are discarded after the search,
    so when the deck runs out the discard pile alone becomes the deck (D-10) and its
    sponsor is found (engine bug found by mutation campaign 2: each revealed card went
    to the discard pile at once and the search gave up after deck + discard + 1 draws)."""
    sc = scene()
    s, p = sc.s, sc.p
    _pile(s, [401, 402, 403, 404], [223])
    dispatch.fire(s, sc.me, 0, effects.RevealUntil("sponsor"))
    assert p.hand == [223] and s.deck == [] and sorted(s.discard) == [401, 402, 403, 404]


def test_reveal_until_without_a_match_reveals_each_card_once() -> None:
    """18 reveal_until: no sponsor in the deck or the discard pile: every card is revealed
    once and all of them end on the discard pile (nothing taken, nothing lost)."""
    sc = scene()
    s, p = sc.s, sc.p
    _pile(s, [401, 402, 403], [404, 405])
    dispatch.fire(s, sc.me, 0, effects.RevealUntil("sponsor"))
    assert p.hand == [] and s.deck == [] and sorted(s.discard) == [401, 402, 403, 404, 405]


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
