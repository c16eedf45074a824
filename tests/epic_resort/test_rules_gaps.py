"""Rules the coverage table (tests/spec_coverage) found without a scenario of their own."""

from __future__ import annotations

import copy
import dataclasses

from engine.core.rng import GameRng
from engine.epic_resort.actions import (
    AttractTourists,
    DiscardWorker,
    SendWorker,
    SplitUnits,
    Train,
    Upgrade,
    UseAbility,
)
from engine.epic_resort.attacks import StartAttack
from engine.epic_resort.cards import DATA_FILE, Effect, parse_cards
from engine.epic_resort.effects import PlaceTourist, RepositionHeroes
from engine.epic_resort.events import MainDeckReshuffled, Phase1Income
from engine.epic_resort.observation import observe
from engine.epic_resort.params import make_params
from engine.epic_resort.phase1 import FINISH_PLACING, PHASE1, PHASE1_RESOLVE, PlanSplit, PlanWorker
from engine.epic_resort.season import PHASE3, PHASE4, PHASE5, REFILL, SEASON, CardDone
from engine.epic_resort.state import State
from engine.epic_resort.turns import NEXT_TURN, PASS, PHASE2, ChooseHarbormaster, Turn
from tests.epic_resort.helpers import (
    CARDS,
    att,
    attack,
    attack_card,
    bare,
    hero,
    monster,
    new_game,
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

APP = worker("apprentice")


def test_most_heroes_target_is_the_resort_with_the_most_heroes() -> None:
    """7.3 most_heroes: the Restless Spirit ignores tourists and gold and goes for heroes."""
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", tourists=3)
    s.players[0].gold = 9
    put(s, 1, 0, "beach", tourists=1, hero_name="archer", health=2)
    attack(s, "restless_spirit")
    assert s.players[0].slots[0].tourists == 3
    assert s.players[1].slots[0].hero == -1  # drained from 2 health to 0: defeated


def test_a_resort_without_attractions_is_not_hit_but_extra_attack_still_follows() -> None:
    """7.4 n = 0: the attack has no target and nothing happens; extra_attack still triggers."""
    s = bare(2)
    s.hm = 0  # the Kraken goes for the Harbormaster, who has no attraction
    put(s, 1, 0, "beach", tourists=3)
    s.monster_deck = [monster("wild_boar", 1), monster("goblin_raiders"), monster("kraken")]
    c = attack_card("attack_01")
    start(s, StartAttack(c), CardDone(c))
    assert s.monster_discard == [monster("kraken"), monster("goblin_raiders")]
    assert s.players[1].slots[0].tourists == 1  # the follow-up Goblins (2) hit seat 1
    assert all(not sl.stack for sl in s.players[0].slots)


def test_an_empty_main_deck_is_rebuilt_from_the_dock_discard_pile() -> None:
    """6.2.1: the refill loop shuffles the dock discard pile into a new main deck."""
    s = bare(2)
    s.monster_deck = [monster("goblin_raiders")]
    s.dock = [tourist("friends", k) for k in range(3)]
    s.main_deck = []
    s.dock_discard = [tourist("day_trippers", k) for k in range(4)]
    start(s, REFILL)
    assert len(s.dock) == 6 and s.dock[:3] == [tourist("friends", k) for k in range(3)]
    assert sorted(s.dock[3:] + s.main_deck) == sorted(tourist("day_trippers", k) for k in range(4))
    assert s.dock_discard == []


def test_a_negative_payout_gives_nothing_and_costs_nothing() -> None:
    """4.5.3, 11.3, 14.16: a box worth less than 0 leaves flair and gold as they were."""
    cards = copy.copy(CARDS)
    beach = att("beach")
    cards.attractions = list(CARDS.attractions)
    cards.attractions[beach] = dataclasses.replace(
        CARDS.attractions[beach], payout=((-2, -3),) * len(CARDS.attractions[beach].payout))
    s = State(cards, make_params({}), 2, GameRng(0))
    s.season = 1
    put(s, 0, 0, "beach", tourists=2)
    s.players[0].flair, s.players[0].gold = 4, 5
    start(s, PHASE1, PHASE1_RESOLVE)
    for seat in pending(s):
        pick(s, seat, FINISH_PLACING)
    assert s.players[0].slots[0].tourists == 1  # Phase I resolved: unstaffed, one tourist left
    assert (s.players[0].flair, s.players[0].gold) == (4, 5)
    # the income record shows the 0 flair and 0 gold gained, not the negative box (campaign 2)
    assert Phase1Income(0, ((0, 1, 0, 0),), 0) in s.log


def test_the_first_harbormaster_is_random_and_holds_no_gold_tokens() -> None:
    """2.7: a random first Harbormaster; the Harbormaster card starts with 0 gold tokens."""
    firsts = set()
    for seed in range(12):
        s = new_game(3, seed).s
        firsts.add(s.hm)
        assert s.hm_tokens == 0
    assert firsts == {0, 1, 2}


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


def test_clean_up_keeps_damage_and_the_harbormaster() -> None:
    """9.4: damage stays on attractions and the Harbormaster does not change in Phase V."""
    s = bare(3)
    s.hm, s.hm_tokens = 2, 1
    put(s, 0, 0, "beach", damage=2)
    start(s, PHASE5)
    assert s.players[0].slots[0].damage == 2 and (s.hm, s.hm_tokens) == (2, 1)


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


def test_plunder_takes_its_amount_only_when_no_hero_defends() -> None:
    """7.7.2-7.7.3: an undefended attraction costs the defender `plunder n` gold, with or
    without tourists; 7.7.1: a defending hero keeps the gold ("plunder does not apply")."""
    s = bare(2)
    s.hm = 0
    s.players[1].gold = 5
    put(s, 1, 0, "beach", tourists=3)
    attack(s, "pirate_scallywags")  # most gold: seat 1; eats 2, plunders 1
    assert (s.players[1].slots[0].tourists, s.players[1].gold) == (1, 4)
    s.players[1].slots[0].tourists = 0
    attack(s, "pirate_scallywags")  # no tourists, no hero: 1 damage and the plunder
    assert (s.players[1].slots[0].damage, s.players[1].gold) == (1, 3)
    put(s, 1, 0, "beach", tourists=3, hero_name="knight", health=2)
    attack(s, "pirate_scallywags")  # defended: no plunder
    assert s.players[1].gold == 3


def test_dragon_scorch_only_when_no_tourist_is_left() -> None:
    """7.7.2 dragon_scorch: 1 damage only if the attraction is left with 0 tourists."""
    s = bare(2)
    put(s, 0, 0, "drakuzzi", tourists=4)
    attack(s, "dragon_whelp")  # strength 3: one tourist stays
    assert (s.players[0].slots[0].tourists, s.players[0].slots[0].damage) == (1, 0)


def test_extra_damage_adds_exactly_its_amount() -> None:
    """7.7.3: no hero, no tourists: 1 + extra_damage.n damage (the Troll: 2), so a starting
    attraction (damage limit 3) survives it."""
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", tourists=0)
    attack(s, "troll")
    assert s.players[0].slots[0].damage == 2 and s.players[0].slots[0].stack


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


def test_hero_health_option_a_drained_hero_guards_no_less_than_nothing() -> None:
    """16 defended_loss_uses=hero_health with a drain (7.7.1, 13.spirit_drain): an Archer on
    1 health loses 2 and is defeated; the health left counts as 0, not -1, so the Restless
    Spirit (2) takes 2 of 3 tourists (found by the mutation campaign)."""
    s = bare(2, {"defended_loss_uses": "hero_health"})
    put(s, 0, 0, "beach", tourists=3, hero_name="archer", health=1)
    attack(s, "restless_spirit")
    sl = s.players[0].slots[0]
    assert (sl.hero, sl.tourists) == (-1, 1)


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


def test_phase_iv_is_observed_as_phase_4() -> None:
    """8: while the hero rewards resolve the game is in Phase IV, and an observation says so
    (found by the mutation campaign: the phase number of Phase IV was never checked)."""
    s = bare(2)
    PHASE4.run(s)
    assert s.phase == 4 and observe(s, 0).phase == 4


def test_phase_ii_is_observed_as_phase_2() -> None:
    """5, 8: during the action turns the game is in Phase II, and an observation says so
    (found by the second mutation campaign: Phase II's number was never checked)."""
    s = bare(2)
    put(s, 0, 0, "beach")
    s.hm = 0
    start(s, PHASE2)
    assert pending(s) == (0,)
    assert s.phase == 2 and observe(s, 0).phase == 2 and observe(s, 1).phase == 2


def test_phase_i_income_is_recorded_as_gained() -> None:
    """4.5.3: a staffed Beach with 3 tourists pays its (0 flair, 3 gold) box; the public
    income record says +0 flair +3 gold (found by the second mutation campaign)."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    s.players[0].hand = [APP]
    start(s, PHASE1, PHASE1_RESOLVE)
    pick(s, 0, PlanWorker(APP, 0))
    for seat in pending(s):
        pick(s, seat, FINISH_PLACING)
    assert (s.players[0].flair, s.players[0].gold) == (0, 3)
    assert Phase1Income(0, ((0, 0, 0, 3),), 0) in s.log


def test_the_type_bonus_follows_the_top_card_of_the_stack() -> None:
    """4.4: a Ride Operator (work 1, +2 at exciting) at a Jousting Arena (exciting, needs 2)
    built over the Beach (relaxing) supplies 3 units: no tourist is lost (found by the
    second mutation campaign: no stack mixed types under a type-bonus worker)."""
    s = bare(2)
    ride = worker("ride_operator")
    put(s, 0, 0, "beach", tourists=2)
    s.players[0].slots[0].stack = [att("beach"), att("arena_delle_giostre")]
    s.players[0].hand = [ride]
    start(s, PHASE1, PHASE1_RESOLVE)
    pick(s, 0, PlanWorker(ride, 0))
    for seat in pending(s):
        pick(s, seat, FINISH_PLACING)
    assert s.players[0].slots[0].tourists == 2
    assert Phase1Income(0, ((0, 0, 2, 3),), 0) in s.log


def test_a_day_worker_projection_counts_only_the_guildmaster_units_allocated() -> None:
    """4.3.3 with 4.3.2: the Guildmaster puts 0/1/3 units on Beach (1 tourist, needs 1)/
    Tiki Hut/Beach; at 0 gold the Day-worker may go only where it saves the tourist that
    pays the gold for its wages (found by the second mutation campaign)."""
    s = bare(2)
    gm, day = worker("guildmaster"), CARDS.day_worker
    put(s, 0, 0, "beach", tourists=1)
    put(s, 0, 1, "tiki_hut")
    put(s, 0, 2, "beach")
    s.players[0].hand, s.players[0].gold = [gm, day], 0
    start(s, PHASE1, PHASE1_RESOLVE)
    pick(s, 0, PlanWorker(gm, -1))
    pick(s, 0, PlanSplit((0, 1, 3)))
    sends = [o for o in opts(s, 0) if isinstance(o, PlanWorker)]
    assert sends == [PlanWorker(day, 0)]
    # the seat's own view: the split is planned, no Guildmaster awaits one (campaign 2)
    own = observe(s, 0)
    assert own.guildmaster_pending == -1 and own.players[0].plan == ((gm, -1, (0, 1, 3)),)


def test_a_monster_without_plunder_takes_no_gold() -> None:
    """7.7.2-7.7.3: only a `plunder n` monster costs gold; the Goblins eat tourists and then
    damage an empty attraction, and the gold stays (found by the second mutation campaign:
    a card without the ability defaulting to plunder 1 went unnoticed)."""
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", tourists=1)
    s.players[0].gold = 5
    attack(s, "goblin_raiders")
    assert (s.players[0].slots[0].tourists, s.players[0].gold) == (0, 5)
    attack(s, "goblin_raiders")
    assert (s.players[0].slots[0].damage, s.players[0].gold) == (1, 5)


def test_a_destroyed_attraction_leaves_its_damage_in_the_supply() -> None:
    """7.10: tourists, damage and locks of a destroyed stack return to the supply; the empty
    slot shows 0 damage, so a later attraction there starts undamaged (found by the second
    mutation campaign); its workers are stranded and a Guildmaster's units there are gone,
    so a later attraction there starts unstaffed (third campaign)."""
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", damage=2, locked=True, workers=("guildmaster",))
    s.players[0].slots[0].gm_units = 2
    attack(s, "goblin_raiders")
    sl = s.players[0].slots[0]
    assert (sl.stack, sl.tourists, sl.damage, sl.locked) == ([], 0, 0, False)
    assert (sl.workers, sl.gm_units, sl.stranded) == ([], 0, [worker("guildmaster")])


def test_a_guildmaster_listed_first_in_a_card_file_still_asks_for_its_split() -> None:
    """4.3.2, 14.1: the decision after sending a Guildmaster is GUILDMASTER_SPLIT even when
    a user card file gives the Guildmaster worker id 0 (found by the second mutation
    campaign: with the packaged file the id 0 is the Apprentice)."""
    text = DATA_FILE.read_text()
    start_gm = text.index("  - id: guildmaster\n")
    block = text[start_gm:text.index("  - id: chef\n")]
    text = text.replace(block, "").replace("  - id: apprentice\n", block + "  - id: apprentice\n")
    cards = parse_cards(text)
    assert cards.worker_index["guildmaster"] == 0
    s = State(cards, make_params({}), 2, GameRng(0))
    s.season = 1
    for i in (0, 1):
        s.players[0].slots[i].stack = [cards.attraction_index["beach"]]
    s.players[0].hand = [0]
    start(s, PHASE1, PHASE1_RESOLVE)
    assert top_step(s).kind_for(s, 0) == "SEND_WORKER"
    pick(s, 0, PlanWorker(0, -1))
    assert top_step(s).kind_for(s, 0) == "GUILDMASTER_SPLIT"
    assert opts(s, 0) == [PlanSplit((3, 1)), PlanSplit((2, 2)), PlanSplit((1, 3))]


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


# ------------------------------------------------------------ third mutation campaign (seed 4)


def test_phase_iii_is_observed_as_phase_3() -> None:
    """6, 8: when the ship arrives the game is in Phase III, and an observation says so
    (found by the third mutation campaign: Phase III's number was never checked)."""
    s = bare(2)
    s.dock = [tourist("friends", 0), tourist("friends", 1)]
    PHASE3.run(s)
    assert s.dock == [tourist("friends", 1)]
    assert s.phase == 3 and observe(s, 0).phase == 3 and observe(s, 1).phase == 3


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



def test_repositioned_heroes_leave_no_health_behind() -> None:
    """13.reposition_heroes: the heroes take their health to their new attractions; an
    attraction left empty shows no hero and 0 health (third mutation campaign)."""
    s = bare(2)
    put(s, 0, 0, "sentiero_natura", tourists=3, workers=("apprentice",) * 3, hero_name="monk",
        health=1)
    put(s, 0, 1, "beach", tourists=1)
    attack(s, "goblin_raiders", "attack_06")  # right -> slot 1
    pick(s, 0, UseAbility(0))
    pick(s, 0, RepositionHeroes((1,)))
    left, right = observe(s, 1).players[0].slots[:2]
    assert (left.hero, left.hero_health) == (-1, 0)
    assert (right.hero, right.hero_health) == (hero("monk"), 1)


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


def test_a_rebuilt_main_deck_is_shuffled() -> None:
    """6.2.1: the dock discard pile is shuffled into the new main deck, so its order is
    not the discard pile's (found by the third mutation campaign, statement deletion: the
    rebuilding test sorted the cards, so an unshuffled deck passed)."""
    pile = [tourist("friends", k) for k in range(3)]
    pile += [tourist("day_trippers", k) for k in range(4)]
    orders = set()
    for seed in range(4):
        s = bare(2, seed=seed)
        s.monster_deck = [monster("goblin_raiders")]
        s.main_deck, s.dock_discard = [], list(pile)
        start(s, REFILL)
        orders.add(tuple(s.dock + s.main_deck))
        assert s.log.count(MainDeckReshuffled()) == 1  # public (fourth campaign)
    assert len(orders) > 1


def test_day_workers_sent_last_season_do_not_count_against_this_one() -> None:
    """4.3.3: a Day-worker may be sent if this Phase I's income covers the wages of the
    Day-workers sent in this Phase I; those of the season before do not count (found by
    the third mutation campaign, statement deletion: a season that kept the old count)."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    s.p1_day = [3, 0]  # sent in the season before
    s.players[0].draw = [CARDS.day_worker]
    start(s, SEASON)
    assert s.season == 2 and PlanWorker(CARDS.day_worker, 0) in opts(s, 0)
