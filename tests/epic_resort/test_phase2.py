"""Spec section 5 - Phase II, Actions: turn structure, main actions, free actions."""

from __future__ import annotations

import copy
import dataclasses

from engine.core.rng import GameRng
from engine.epic_resort.actions import (
    SEASON_PASS,
    AttractHero,
    AttractTourists,
    DiscardWorker,
    GmSplit,
    SendWorker,
    SplitUnits,
    Train,
    Upgrade,
    UseAbility,
)
from engine.epic_resort.card_defs import TOURIST, Effect
from engine.epic_resort.effects import PlaceTourist
from engine.epic_resort.observation import observe
from engine.epic_resort.params import make_params
from engine.epic_resort.phase1 import PlanSplit, PlanWorker
from engine.epic_resort.state import State
from engine.epic_resort.turns import (
    END_TURN,
    NEXT_TURN,
    PASS,
    PHASE2,
    ChooseHarbormaster,
    HmChoice,
    Turn,
)
from tests.epic_resort.helpers import (
    CARDS,
    att,
    bare,
    hero,
    logged,
    opts,
    pending,
    pick,
    put,
    start,
    top_step,
    tourist,
    turn,
    worker,
)

APP, JOURNEYMAN, PERFORMER = worker("apprentice"), worker("journeyman"), worker("street_performer")


def two_resorts(n: int = 2) -> State:
    s = bare(n)
    for seat in range(n):
        put(s, seat, 0, "beach", tourists=0)
        put(s, seat, 1, "tiki_hut", tourists=0)
        s.players[seat].hand = [APP]  # keeps a free action open, so menus are not automatic
    return s


def test_turn_menu_pass_only_when_nothing_else() -> None:
    s = two_resorts()
    s.players[0].hand = []
    turn(s)
    # pass is the only legal option -> automatic; seat 0 passed and chose a Harbormaster
    assert s.players[0].passed
    assert pending(s) == (0,) and top_step(s) == HmChoice(0)


def test_end_turn_only_after_a_main_action() -> None:
    s = two_resorts()
    s.players[0].flair = 3
    s.dock = [tourist("friends")]  # 3 flair, 2 tourists
    turn(s)
    assert END_TURN not in opts(s, 0)
    pick(s, 0, AttractTourists(0))
    pick(s, 0, PlaceTourist(0))  # first tourist on the Beach
    pick(s, 0, PlaceTourist(1))  # second on the Tiki Hut
    assert END_TURN in opts(s, 0)
    # one main action a turn
    assert not any(isinstance(o, AttractTourists) or o == PASS for o in opts(s, 0))
    p = s.players[0]
    assert (p.flair, p.slots[0].tourists, p.slots[1].tourists) == (0, 1, 1)
    assert s.dock == [] and s.dock_discard == [tourist("friends")]


def test_attract_tourists_places_bonus_first_and_loses_what_does_not_fit() -> None:
    """5.3.1: Sunbathers (1 + 2 relaxing): the 2 relaxing go to the Beach, the base one
    anywhere; with the Beach holding 2 of 3, one bonus tourist is lost."""
    s = two_resorts()
    s.players[0].slots[0].tourists = 2  # Beach capacity 3
    s.players[0].flair = 3
    s.dock = [tourist("sunbathers")]
    turn(s)
    pick(s, 0, AttractTourists(0))
    # bonus tourist 1 goes automatically to the only relaxing attraction with room;
    # the second bonus tourist is lost; the base tourist has one place left (Tiki Hut)
    p = s.players[0]
    assert (p.slots[0].tourists, p.slots[1].tourists) == (3, 1)


def test_season_pass_holders_four_players_locked_after_use() -> None:
    s = two_resorts(4)
    s.players[0].flair = 5
    turn(s)
    pick(s, 0, SEASON_PASS)
    for _ in range(3):
        pick(s, 0, PlaceTourist(0))
    assert s.sph_locked and s.players[0].flair == 1
    assert s.players[0].slots[0].tourists == 3
    # 5.2: it was the turn's main action (found by the third mutation campaign)
    assert END_TURN in opts(s, 0) and PASS not in opts(s, 0)


def test_season_pass_holders_not_in_two_player_game() -> None:
    s = two_resorts(2)
    s.players[0].flair = 5
    s.dock = [tourist("friends")]
    turn(s)
    assert SEASON_PASS not in opts(s, 0)


def test_attract_hero_then_on_attract_effects() -> None:
    """5.3.3: the Princess adds 2 tourists to her attraction."""
    s = two_resorts()
    s.players[0].flair = 5
    s.dock = [hero("princess")]
    turn(s)
    assert AttractHero(0, 2) not in opts(s, 0)  # slot 2 is empty: no attraction there
    pick(s, 0, AttractHero(0, 1))
    sl = s.players[0].slots[1]
    assert (sl.hero, sl.hero_health, sl.tourists) == (hero("princess"), 2, 2)
    assert s.players[0].flair == 0
    # 5.2: it was the turn's main action, and the public log names the hero and where it
    # went (both found by the fourth mutation campaign)
    assert END_TURN in opts(s, 0) and PASS not in opts(s, 0)
    assert logged(s, "attract_hero") == ["seat 0 attracts Princess to slot 1"]


def test_upgrade_rules_tier_and_name_and_refill() -> None:
    """5.3.4: upgrade an empty slot or a lower tier; covered cards keep VP; state reset."""
    s = two_resorts()
    p = s.players[0]
    p.gold = 14
    p.slots[0].tourists = 3
    p.slots[0].damage = 1
    p.slots[0].workers = [APP]
    s.draft_avail = [[att("drakuzzi"), att("festa")], [att("regata")], []]
    s.draft_piles = [[att("parata")], [], []]
    turn(s)
    legal = opts(s, 0)
    assert Upgrade(0, 0, 2) in legal  # empty slot
    assert Upgrade(0, 0, 0) in legal  # over a starting card
    pick(s, 0, Upgrade(0, 0, 0))
    assert p.slots[0].stack == [att("beach"), att("drakuzzi")]
    assert (p.slots[0].tourists, p.slots[0].damage, p.slots[0].workers) == (0, 0, [APP])
    assert p.gold == 9
    assert s.draft_avail[0] == [att("festa"), att("parata")] and s.draft_piles[0] == []


def test_upgrade_refuses_same_tier_and_duplicate_names() -> None:
    s = two_resorts()
    p = s.players[0]
    p.gold = 14
    put(s, 0, 2, "drakuzzi")
    s.draft_avail = [[att("festa")], [], []]
    turn(s)
    legal = opts(s, 0)
    assert Upgrade(0, 0, 2) not in legal  # tier I over tier I
    assert Upgrade(0, 0, 0) in legal


def test_train_removes_trainer_locks_pile_and_discounts_journeyman() -> None:
    s = two_resorts()
    p = s.players[0]
    p.gold = 1
    p.hand = [APP, JOURNEYMAN]
    s.worker_piles = [[CARDS.day_worker, 6, False], [worker("maitre_d"), 4, False]]
    turn(s)
    legal = opts(s, 0)
    assert Train(APP, 1) not in legal  # costs 4
    assert Train(JOURNEYMAN, 1) in legal  # 4 - 4 = 0
    assert Train(APP, 0) in legal  # Day-worker costs 0
    pick(s, 0, Train(JOURNEYMAN, 1))
    assert sorted(p.hand) == sorted([APP, worker("maitre_d")])
    assert p.removed == [JOURNEYMAN] and p.gold == 1
    assert s.worker_piles[1] == [worker("maitre_d"), 3, True]


def test_it_journeyman_discount_option() -> None:
    s = two_resorts()
    s = bare(2, {"journeyman_discount": 3})
    put(s, 0, 0, "beach")
    p = s.players[0]
    p.gold = 0
    p.hand = [JOURNEYMAN]
    s.worker_piles = [[worker("maitre_d"), 4, False]]
    turn(s)
    assert Train(JOURNEYMAN, 0) not in opts(s, 0)  # 4 - 3 = 1 > 0 gold


def test_first_passer_chooses_harbormaster() -> None:
    """5.3.6: choosing the current Harbormaster adds a token; choosing another moves the
    card and pays its tokens."""
    s = two_resorts()
    s.hm = 0
    s.hm_tokens = 2
    s.players[1].gold = 13
    s.players[0].hand = [APP]
    turn(s)
    pick(s, 0, PASS)
    assert top_step(s) == HmChoice(0)
    pick(s, 0, ChooseHarbormaster(1))
    assert (s.hm, s.hm_tokens, s.players[1].gold) == (1, 0, 14)


def test_first_passer_keeps_harbormaster_adds_token() -> None:
    s = two_resorts()
    s.hm = 0
    s.players[0].hand = [APP]
    turn(s)
    pick(s, 0, PASS)
    pick(s, 0, ChooseHarbormaster(0))
    assert (s.hm, s.hm_tokens) == (0, 1)


def test_it_first_passer_takes_it_option() -> None:
    s = bare(2, {"harbormaster_on_first_pass": "first_passer_takes_it"})
    put(s, 1, 0, "beach")
    s.hm = 0
    s.hm_tokens = 3
    s.players[1].hand = [APP]
    s.players[0].passed = True
    turn(s, 1)
    pick(s, 1, PASS)
    assert (s.hm, s.players[1].gold) == (1, 3)


def test_turns_go_clockwise_skipping_passed_players() -> None:
    s = two_resorts(3)
    s.players[1].passed = True
    s.first_pass_done = True
    s.players[0].flair = 2
    s.dock = [tourist("day_trippers")]
    turn(s, 0)
    pick(s, 0, AttractTourists(0))
    pick(s, 0, PlaceTourist(0))
    pick(s, 0, END_TURN)
    assert top_step(s) == Turn(2) and pending(s) == (2,)


def test_free_actions_send_discard_ability() -> None:
    s = two_resorts()
    p = s.players[0]
    put(s, 0, 2, "festa", tourists=0, workers=("apprentice", "apprentice"))
    p.hand = [APP, PERFORMER, worker("day_worker")]
    turn(s)
    legal = opts(s, 0)
    assert SendWorker(worker("day_worker"), 0) not in legal  # no gold to pay it
    assert UseAbility(2) not in legal  # Party needs 3 units, has 2
    pick(s, 0, SendWorker(APP, 2))
    assert UseAbility(2) in opts(s, 0)
    pick(s, 0, UseAbility(2))
    assert p.flair == 2 and p.slots[2].locked
    assert UseAbility(2) not in opts(s, 0)
    pick(s, 0, DiscardWorker(PERFORMER))
    assert p.flair == 3 and p.discard == [PERFORMER]


def test_lazy_peon_discard_only_during_attack() -> None:
    s = two_resorts()
    s.players[0].hand = [worker("lazy_peon"), APP]
    turn(s)
    assert DiscardWorker(worker("lazy_peon")) not in opts(s, 0)


def test_tourist_kind_constant() -> None:
    assert CARDS.main_cards[tourist("friends")][0] == TOURIST




def test_an_upgrade_staffed_enough_can_use_its_ability_at_once() -> None:
    """5.3.4 step 4: the workers stay; if they supply enough, the new top's ability is usable."""
    s = bare(2)
    p = s.players[0]
    put(s, 0, 0, "beach", workers=("apprentice", "apprentice", "apprentice"))
    put(s, 0, 1, "tiki_hut")
    p.hand, p.gold = [APP], 14
    s.draft_avail = [[att("festa")], [], []]
    turn(s)
    assert UseAbility(0) not in opts(s, 0)  # the Beach has no ability
    pick(s, 0, Upgrade(0, 0, 0))
    assert UseAbility(0) in opts(s, 0)  # Party needs 3 units: the 3 Apprentices stayed
    pick(s, 0, UseAbility(0))
    assert p.flair == 2 and p.slots[0].locked


def test_a_trained_worker_may_be_sent_at_once() -> None:
    """5.3.5 step 3: the new card goes to the hand and may be sent in the same turn."""
    s = bare(2)
    p = s.players[0]
    put(s, 0, 0, "beach")
    p.hand, p.gold = [worker("journeyman")], 0
    s.worker_piles = [[worker("maitre_d"), 4, False]]
    turn(s)
    pick(s, 0, Train(worker("journeyman"), 0))
    assert SendWorker(worker("maitre_d"), 0) in opts(s, 0)


def test_an_attracted_tourist_card_leaves_the_dock_and_the_others_keep_their_order() -> None:
    """5.3.1 step 3: the card goes to the dock discard pile; the rest keep their order."""
    s = bare(2)
    put(s, 0, 0, "beach")
    put(s, 0, 1, "tiki_hut")
    s.players[0].flair, s.players[0].hand = 3, [APP]
    dock = [tourist("families"), tourist("friends"), tourist("day_trippers"), hero("monk")]
    s.dock = list(dock)
    turn(s)
    pick(s, 0, AttractTourists(1))
    while s.asked.get(0) and isinstance(opts(s, 0)[0], PlaceTourist):
        pick(s, 0, opts(s, 0)[0])
    assert s.dock == [dock[0], dock[2], dock[3]]
    assert s.dock_discard == [tourist("friends")]


def test_a_new_harbormaster_does_not_change_the_turns_still_to_come() -> None:
    """5.1: seat 0 passes first and hands the card to seat 2; seat 1 still plays next. Phase
    II starts at the Harbormaster whichever seat played last before it, and the pass is
    seat 0's main action (5.2; both found by the third mutation campaign)."""
    s = bare(3)
    for seat in range(3):
        put(s, seat, 0, "beach")
        s.players[seat].hand = [APP]
    s.hm = 0
    s.turn_seat, s.main_done = 1, True  # where the Phase II before ended
    start(s, PHASE2)
    assert pending(s) == (0,) and observe(s, 2).turn_seat == 0 and not observe(s, 2).main_done
    pick(s, 0, PASS)
    assert observe(s, 2).main_done  # while seat 0 picks the next Harbormaster
    pick(s, 0, ChooseHarbormaster(2))
    assert s.hm == 2
    assert top_step(s) == Turn(1) and pending(s) == (1,)


def test_a_tier_iii_attraction_can_be_built_over_a_tier_ii() -> None:
    """5.3.4: every tier is on offer, tier III included (found by the mutation campaign:
    only tiers I and II were ever offered in a test)."""
    s = bare(2)
    p = s.players[0]
    put(s, 0, 0, "regata")
    put(s, 0, 1, "tiki_hut")
    p.hand, p.gold = [APP], 14
    s.draft_avail = [[], [], [att("terme")]]
    turn(s)
    assert Upgrade(2, 0, 0) in opts(s, 0)  # Hot Springs (III, 10 gold) over the Regatta (II)
    pick(s, 0, Upgrade(2, 0, 0))
    assert p.slots[0].stack == [att("regata"), att("terme")] and p.gold == 4


def test_a_day_worker_sent_in_phase_ii_pays_its_gold() -> None:
    """5.4.1: sending a Day-worker costs its staffing gold (found by the mutation campaign:
    the tests only checked that it cannot be sent without the gold)."""
    s = bare(2)
    p = s.players[0]
    put(s, 0, 0, "beach")
    put(s, 0, 1, "tiki_hut")
    p.hand, p.gold = [APP, worker("day_worker")], 3
    turn(s)
    pick(s, 0, SendWorker(worker("day_worker"), 0))
    assert p.gold == 2 and p.slots[0].workers == [worker("day_worker")]


def test_training_pays_the_cost_of_the_pile_taken() -> None:
    """5.3.5.1: the price is the pile's worker cost less the trainer's discount: a Valet
    (5) trained by an Apprentice (no discount) costs 5 (found by the mutation campaign:
    the pile checked before held a worker whose cost equals its count)."""
    s = bare(2)
    p = s.players[0]
    put(s, 0, 0, "beach")
    put(s, 0, 1, "tiki_hut")
    p.hand, p.gold = [APP, APP], 6
    s.worker_piles = [[CARDS.day_worker, 6, False], [worker("valet"), 3, False]]
    turn(s)
    pick(s, 0, Train(APP, 1))
    assert p.gold == 1 and worker("valet") in p.hand


def test_phase_ii_is_observed_as_phase_2() -> None:
    """5, 8: during the action turns the game is in Phase II, and an observation says so
    (found by the second mutation campaign: Phase II's number was never checked)."""
    s = bare(2)
    put(s, 0, 0, "beach")
    s.hm = 0
    start(s, PHASE2)
    assert pending(s) == (0,)
    assert s.phase == 2 and observe(s, 0).phase == 2 and observe(s, 1).phase == 2


def test_the_last_seat_not_passed_keeps_taking_turns() -> None:
    """5.1-5.2: Phase II ends only when every player has passed; when the others have
    passed, the seat that just ended its turn plays again (found by the second mutation
    campaign: the search for the next seat could skip the current one unnoticed)."""
    s = bare(3)
    for seat in range(3):
        put(s, seat, 0, "beach")
    s.players[0].hand = [APP]
    s.players[1].passed = s.players[2].passed = True
    s.turn_seat, s.phase = 0, 2
    start(s, NEXT_TURN)
    assert top_step(s) == Turn(0) and pending(s) == (0,)


def test_no_two_attractions_of_a_resort_share_a_name() -> None:
    """5.3.4: after an upgrade no two top cards of a resort share a name; the card being
    covered does not count. The packaged cards all have different names, so a card file
    names a tier II card "Party" like the tier I Festa (found by the third mutation
    campaign: the name check was never exercised)."""
    cards = copy.copy(CARDS)
    trophy = att("sala_dei_trofei")
    cards.attractions = list(CARDS.attractions)
    cards.attractions[trophy] = dataclasses.replace(CARDS.attractions[trophy], name="Party")
    s = State(cards, make_params({}), 2, GameRng(0))
    s.season = 1
    put(s, 0, 0, "festa")
    put(s, 0, 1, "beach")
    s.players[0].gold = 14
    s.draft_avail = [[], [trophy], []]
    turn(s)
    legal = opts(s, 0)
    assert Upgrade(1, 0, 0) in legal  # over the Party itself: it is covered
    assert Upgrade(1, 0, 1) not in legal  # over the Beach: two Parties on top
    assert Upgrade(1, 0, 2) not in legal  # on the empty slot: two Parties too


def test_worker_option_labels_name_the_slot_or_the_split() -> None:
    """15.2, 15.3: a human player chooses by the option labels: sending a worker names its
    slot (slot 0 too), a Guildmaster says it splits, a split lists its units, in Phase I
    and in Phase II (found by the third mutation campaign: these labels were never read,
    and a broken Phase I split label raised)."""
    s = bare(2)
    gm = worker("guildmaster")
    for send in (PlanWorker, SendWorker):
        assert send(APP, 0).describe(s, 0) == "send Apprentice to slot 0"
        assert send(APP, 2).describe(s, 0) == "send Apprentice to slot 2"
        assert send(gm, -1).describe(s, 0) == "send Guildmaster to split over attractions"
    for split in (PlanSplit, SplitUnits):
        assert split((2, 0, 2)).describe(s, 0) == "Guildmaster units 2/0/2"


def test_a_worker_discard_ability_stands_at_no_attraction() -> None:
    """13.gain_gold, 13.cash_out_tourists, 5.4.2: "per tourist here" and "cash out the
    tourists here" mean the attraction whose ability it is; a worker discarded from hand
    stands at none, so a card file that gives the Valet "1 gold per tourist here, then cash
    out the tourists here" gains nothing and asks nothing (found by the third mutation
    campaign: no packaged discard ability reads its attraction)."""
    cards = copy.copy(CARDS)
    valet = worker("valet")
    ability = CARDS.workers[valet].discard
    assert ability is not None
    per_tourist = dataclasses.replace(ability.effects[0], per="tourist_here")
    cash_out = Effect("cash_out_tourists", resource="gold", per_tourist=1)
    cards.workers = list(CARDS.workers)
    cards.workers[valet] = dataclasses.replace(
        CARDS.workers[valet], discard=dataclasses.replace(ability, effects=(per_tourist, cash_out)))
    s = State(cards, make_params({}), 2, GameRng(0))
    s.season = 1
    put(s, 0, 0, "beach", tourists=2)
    put(s, 0, 1, "tiki_hut", tourists=1)
    put(s, 0, 2, "drakuzzi", tourists=2)
    p = s.players[0]
    p.hand, p.gold = [APP, valet], 3
    turn(s)
    pick(s, 0, DiscardWorker(valet))
    assert s.steps[-1] == Turn(0)  # back at the turn menu: no cash-out asked
    assert p.gold == 3 and p.discard == [valet]
    assert [sl.tourists for sl in p.slots] == [2, 1, 2]


def test_a_guildmaster_can_be_sent_in_phase_ii_and_then_splits() -> None:
    """5.4.1 with 4.3.2: in a Phase II turn a Guildmaster in hand is a free action like
    any worker (sent to no single slot), and its split is asked next."""
    s = bare(2)
    put(s, 0, 0, "beach")
    put(s, 0, 1, "tiki_hut")
    gm = worker("guildmaster")
    s.players[0].hand = [gm]
    turn(s)
    assert SendWorker(gm, -1) in opts(s, 0)
    assert SendWorker(gm, 0) not in opts(s, 0)
    pick(s, 0, SendWorker(gm, -1))
    assert top_step(s) == GmSplit(0, gm)


def test_phase_ii_turns_go_round_the_table_while_no_one_passes() -> None:
    """5.1: turns go clockwise from the Harbormaster, and every seat that has not passed
    gets its turn in order; the observation names the seat whose turn it is (found by
    the fourth mutation campaign: with the turn seat not moved on, seat 1 played again
    after its own turn, and no test played two rounds of Phase II turns without a pass)."""
    s = bare(2)
    apprentice = worker("apprentice")
    for seat in range(2):
        put(s, seat, 0, "beach")
        s.players[seat].hand = [apprentice] * 3  # a trainer each turn, and one to send
    s.worker_piles = [[CARDS.day_worker, 6, False] for _ in range(3)]
    s.hm = 0
    start(s, PHASE2)
    for k, seat in enumerate((0, 1, 0)):
        assert pending(s) == (seat,) and top_step(s) == Turn(seat)
        assert observe(s, 1 - seat).turn_seat == seat
        pick(s, seat, Train(apprentice, k))
        pick(s, seat, END_TURN)
    assert pending(s) == (1,) and top_step(s) == Turn(1)


def test_attracting_the_season_pass_holders_is_in_the_public_log() -> None:
    """5.3.2 (4 players): attracting the Season Pass Holders is a main action everyone
    sees; the public log names the seat (found by the fourth mutation campaign: the log
    entry could go missing unnoticed)."""
    s = bare(4)
    put(s, 2, 0, "beach")
    s.players[2].flair = 5
    s.players[2].hand = [worker("apprentice")]
    turn(s, 2)
    pick(s, 2, SEASON_PASS)  # its 3 tourists all go to the Beach
    assert logged(s, "attract_sph") == ["seat 2 attracts Season Pass Holders"]
