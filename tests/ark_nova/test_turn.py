"""Spec 4 (turn structure), 5.6 (X-token action), 5.7 (upgrades) and 6 (X-tokens,
multiplier, venom, constriction)."""

from __future__ import annotations

from engine.ark_nova.cards.catalog import (
    ANIMALS,
    ASSOCIATION,
    BUILD,
    CARDS,
    SPONSORS,
)
from engine.ark_nova.cards.catalog import CARDS as CARDS_ACTION
from engine.ark_nova.map.buildings import ENC_T
from engine.ark_nova.rules import (
    zoo,
)
from engine.ark_nova.rules.tracks import (
    Upgrade,
    UpgradeCard,
)
from engine.ark_nova.rules.turn import (
    SpendX,
    TakeX,
    UseCard,
    add_multiplier,
    move_card,
    strength_range,
)
from tests.ark_nova.cardscene import (
    housing_for,
    meet_conditions,
    scene,
)
from tests.ark_nova.helpers import (
    give,
    kind,
    options,
    pick,
    push,
    reask,
    table,
)
from tests.ark_nova.helpers import (
    kind as step_kind,
)

ORDER = [ANIMALS, CARDS, BUILD, ASSOCIATION, SPONSORS]  # slots 1..5


def start(n: int = 2, seed: int = 0):
    s = table(n, seed)
    seat = s.start_player
    p = s.players[seat]
    p.order = list(ORDER)
    reask(s)
    return s, seat, p


def test_strength_is_the_slot_and_the_used_card_moves_to_slot_1():
    s, seat, p = start()
    deck = len(s.deck)
    pick(s, seat, UseCard.of(CARDS))  # slot 2, side I: draw 1, discard 0
    assert len(p.hand) == 1 and len(s.deck) == deck - 1
    assert p.order == [CARDS, ANIMALS, BUILD, ASSOCIATION, SPONSORS]
    assert s.break_pos == 2  # the Cards action advances the break token 2 first
    assert s.active != seat  # the turn passed


def test_x_tokens_add_strength_and_are_spent():
    s, seat, p = start()
    p.x = 2
    reask(s)
    pick(s, seat, UseCard.of(CARDS))
    assert kind(s) == "SPEND_X_TOKENS"
    # Cards is worth nothing above strength 5: slot 2 + at most 2 X (no pointless spending).
    assert options(s) == [SpendX.of(0), SpendX.of(1), SpendX.of(2)]
    pick(s, seat, SpendX.of(2))  # strength 4, side I: draw 2, discard 0
    assert p.x == 0 and len(p.hand) == 2


def test_x_token_action_moves_any_card_and_clears_its_tokens():
    s, seat, p = start()
    p.venom[SPONSORS] = 1
    p.constriction[SPONSORS] = 1
    reask(s)
    pick(s, seat, TakeX.of(SPONSORS))
    assert p.x == 1
    assert p.order == [SPONSORS, ANIMALS, CARDS, BUILD, ASSOCIATION]
    assert p.venom[SPONSORS] == 0 and p.constriction[SPONSORS] == 0
    assert p.money == 25  # using the venom card cleared it: no venom payment


def test_no_x_token_action_with_5_tokens():
    s, _seat, p = start()
    p.x = 5
    reask(s)
    assert not any(isinstance(o, TakeX) for o in options(s))


def test_animals_side_i_cannot_be_chosen_at_strength_1():
    """D-37: Animals I at S = 1 has no legal execution."""
    s, _seat, _p = start()
    assert UseCard.of(ANIMALS) not in options(s)


def test_constriction_lowers_strength_by_2_and_x_can_lift_it():
    s, seat, p = start()
    p.order = [ANIMALS, BUILD, CARDS, ASSOCIATION, SPONSORS]  # cards in slot 3
    p.constriction[CARDS] = 1
    give(s, seat, 401)
    reask(s)
    pick(s, seat, UseCard.of(CARDS))  # strength 3 - 2 = 1: draw 1, discard 1
    assert kind(s) == "DISCARD" and len(p.hand) == 2
    s2, seat2, p2 = start()
    p2.order = [ANIMALS, CARDS, BUILD, ASSOCIATION, SPONSORS]
    p2.constriction[CARDS] = 1  # slot 2 - 2 = 0: unusable without X (D-32)
    reask(s2)
    assert UseCard.of(CARDS) not in options(s2)
    p2.x = 1
    reask(s2)
    discards = len(s2.discard)
    pick(s2, seat2, UseCard.of(CARDS))  # the one X must be spent (S = 1), asked no more
    assert p2.x == 0 and not p2.hand and len(s2.discard) == discards + 1  # draw 1, discard 1


def test_venom_costs_2_money_at_the_end_of_a_turn_unless_cleared():
    s, seat, p = start()
    p.venom[SPONSORS] = 1
    reask(s)
    pick(s, seat, UseCard.of(CARDS))
    assert p.money == 23
    s, seat, p = start()
    p.venom[SPONSORS] = 1
    p.money = 1  # D-12: cannot pay, pays nothing
    reask(s)
    pick(s, seat, UseCard.of(CARDS))
    assert p.money == 1


def test_multiplier_on_another_card_is_active_at_once_and_doubles_its_next_use():
    s, seat, p = start()
    add_multiplier(s, seat, CARDS)  # not the card in use: active at once
    assert p.mult_active[CARDS] == 1
    reask(s)
    pick(s, seat, UseCard.of(CARDS))  # two executions at strength 2: draw 1 twice
    assert len(p.hand) == 2 and p.mult_active[CARDS] == 0
    assert s.break_pos == 4


def test_multiplier_on_the_card_in_use_waits_for_its_next_use():
    """Spec 6.3 / D-31: inactive until spec 4 step 5."""
    s, seat, p = start()
    s.steps.clear()
    from engine.ark_nova.rules.turn import FinishAction

    s.steps.append(FinishAction(seat, CARDS, seat, 2))
    add_multiplier(s, seat, CARDS)
    assert p.mult_inactive[CARDS] == 1 and p.mult_active[CARDS] == 0
    push(s)
    assert p.mult_active[CARDS] == 1 and p.mult_inactive[CARDS] == 0
    assert p.order[0] == CARDS


def test_upgrade_flips_a_side_i_card_and_is_lost_without_one():
    s, seat, p = start()
    push(s, UpgradeCard(seat))
    assert kind(s) == "UPGRADE_ACTION_CARD" and len(options(s)) == 5
    pick(s, seat, Upgrade.of(BUILD))
    assert p.side2[BUILD] and p.order == ORDER  # stays in its slot
    p.side2 = [True] * 5
    push(s, UpgradeCard(seat))
    assert not s.asked or kind(s) != "UPGRADE_ACTION_CARD"


def test_x_tokens_for_animals_are_offered_up_to_strength_5_on_either_side() -> None:
    """4.2 with 8.1: Animals does nothing more above strength 5 on side I or II, so the X
    spend offered stops there (a small decision instead of a wasted token)."""
    sc = scene()
    s, p = sc.s, sc.p
    card = s.cards[401]
    meet_conditions(s, sc.me, card)
    housing_for(s, sc.me, card)
    give(s, sc.me, 401)
    move_card(p, ANIMALS, 4)
    p.x = 3
    for side2 in (False, True):
        p.side2[ANIMALS] = side2
        assert strength_range(s, sc.me, sc.me, ANIMALS) == (4, 0, 1), side2


def test_using_one_venom_card_spares_the_payment_though_another_keeps_venom() -> None:
    """6.4: the venom payment is due only in a turn in which no venom-marked card was used;
    using one clears it, and a second venom-marked card left unused changes nothing."""
    s, seat, p = start()
    p.venom[SPONSORS] = 1
    p.venom[CARDS_ACTION] = 1
    money = p.money
    reask(s)
    pick(s, seat, UseCard.of(CARDS_ACTION))
    assert p.money == money and p.venom[SPONSORS] == 1 and p.venom[CARDS_ACTION] == 0


def test_the_x_token_spend_options_read_their_count_and_strength() -> None:
    """4.2: the spend options read "spend 0 X-tokens", "spend 1 X-token", "spend 2 X-tokens"
    with the strength each gives."""
    s, seat, p = start()
    p.x = 2
    reask(s)
    pick(s, seat, UseCard.of(CARDS_ACTION))  # slot 2
    labels = [o.describe(s, seat) for o in options(s)]
    assert labels == ["spend 0 X-tokens: strength 2", "spend 1 X-token: strength 3",
                      "spend 2 X-tokens: strength 4"]


def test_venom_cleared_in_one_turn_is_due_again_in_the_next() -> None:
    """6.4: using a venom-marked card spares the payment of that turn only; at the end of
    the seat's next turn, with a venom token still on a card it did not use, 2 money are
    due again."""
    s, seat, p = start()
    p.venom[SPONSORS] = 1
    p.venom[CARDS_ACTION] = 1
    money = p.money
    reask(s)
    pick(s, seat, UseCard.of(CARDS_ACTION))  # the venom on Cards is cleared: nothing to pay
    assert p.money == money and s.active != seat
    pick(s, s.active, TakeX.of(BUILD))  # the other seat's turn
    assert s.active == seat and step_kind(s) == "CHOOSE_ACTION"
    pick(s, seat, TakeX.of(BUILD))  # no venom-marked card used this turn
    assert p.venom[SPONSORS] == 1 and p.money == money - 2


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
