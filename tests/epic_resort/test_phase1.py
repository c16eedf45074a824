"""Spec section 4 - Phase I, Get to Work."""

from __future__ import annotations

import copy
import dataclasses

from engine.core.rng import GameRng
from engine.epic_resort.cards import DATA_FILE, parse_cards
from engine.epic_resort.events import Phase1Income
from engine.epic_resort.observation import observe
from engine.epic_resort.params import make_params
from engine.epic_resort.phase1 import (
    DRAW,
    FINISH_PLACING,
    PHASE1,
    PHASE1_RESOLVE,
    PlanSplit,
    PlanWorker,
)
from engine.epic_resort.season import SEASON
from engine.epic_resort.state import State
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
    worker,
)

APP, DAY, GM = worker("apprentice"), worker("day_worker"), worker("guildmaster")


def phase1(s: State) -> None:
    start(s, PHASE1, PHASE1_RESOLVE)


def test_rulebook_example_unmet_work_costs_tourists() -> None:
    """Beach (needs 1) unstaffed loses 1 of its 2 tourists and pays [2,1]; the Tiki Hut with
    two Apprentices keeps 2 tourists and pays [1,3] (4.5, 14.1)."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=2)
    put(s, 0, 1, "tiki_hut", tourists=2)
    s.players[0].hand = [APP, APP]
    phase1(s)
    assert set(pending(s)) == {0}  # seat 1 has nothing to send: auto "done"
    pick(s, 0, PlanWorker(APP, 1))
    pick(s, 0, PlanWorker(APP, 1))
    p = s.players[0]
    assert (p.flair, p.gold) == (3, 4)
    assert (p.slots[0].tourists, p.slots[1].tourists) == (1, 2)
    assert p.slots[1].workers == [APP, APP]


def test_placements_are_simultaneous_and_hidden_until_all_commit() -> None:
    s = bare(2)
    for seat in (0, 1):
        put(s, seat, 0, "beach", tourists=2)
        s.players[seat].hand = [APP, APP]
    phase1(s)
    assert pending(s) == (0, 1)
    before = observe(s, 1)
    pick(s, 0, PlanWorker(APP, 0))
    assert observe(s, 1) == before  # seat 0's pending placement is invisible to seat 1
    assert observe(s, 0) != before
    assert pending(s) == (0, 1)
    pick(s, 0, FINISH_PLACING)
    assert pending(s) == (1,)
    pick(s, 1, FINISH_PLACING)
    assert s.players[0].slots[0].workers == [APP]
    assert s.players[1].slots[0].workers == []
    # revealed once all have committed: the public log lists each seat's placements
    # (found by the fourth mutation campaign: the entry could go missing unnoticed)
    assert logged(s, "phase1") == ["seat 0 sends: Apprentice->slot 0", "seat 1 sends: nobody"]


def test_in_turn_order_mode_asks_one_seat_at_a_time() -> None:
    s = bare(2, {"phase_i_mode": "in_turn_order"})
    s.hm = 1
    for seat in (0, 1):
        put(s, seat, 0, "beach", tourists=2)
        s.players[seat].hand = [APP]
    phase1(s)
    assert pending(s) == (1,)
    pick(s, 1, PlanWorker(APP, 0))
    assert observe(s, 0).players[1].plan == ((APP, 0, ()),)
    assert pending(s) == (0,)  # seat 1's only option left, "done", was automatic


def test_day_worker_needs_projected_gold_and_pays_wages() -> None:
    """4.3.3: k Day-workers only if gold after the Phase I gains is at least k; 4.6 wages."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=0)  # unstaffed-proof: payout[0] = [3, 0]
    put(s, 0, 1, "tiki_hut", tourists=2)  # staffed: payout[2] = [1, 3]; else [2, 2]
    s.players[0].hand = [DAY, DAY, DAY]
    phase1(s)
    # projected gold with one Day-worker at the Tiki Hut: 3 >= 1
    assert PlanWorker(DAY, 1) in opts(s, 0)
    pick(s, 0, PlanWorker(DAY, 1))
    pick(s, 0, PlanWorker(DAY, 0))
    # a third would need gold 3 from payouts: Tiki Hut pays 3 -> still legal
    assert PlanWorker(DAY, 0) in opts(s, 0)
    pick(s, 0, PlanWorker(DAY, 0))  # hand now empty: "done" is automatic
    p = s.players[0]
    assert (p.flair, p.gold) == (3 + 1, 3 - 3)


def test_day_worker_refused_without_projected_gold() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=0)  # pays [3, 0] whatever happens
    s.players[0].hand = [DAY, APP]
    phase1(s)
    assert PlanWorker(DAY, 0) not in opts(s, 0)
    assert PlanWorker(APP, 0) in opts(s, 0)


def test_guildmaster_split_fixed_and_capped_at_three() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=0)
    put(s, 0, 1, "tiki_hut", tourists=0)
    s.players[0].hand = [GM]
    phase1(s)
    pick(s, 0, PlanWorker(GM, -1))
    splits = opts(s, 0)
    assert splits == [PlanSplit((3, 1)), PlanSplit((2, 2)), PlanSplit((1, 3))]
    pick(s, 0, PlanSplit((1, 3)))
    p = s.players[0]
    assert (p.slots[0].gm_units, p.slots[1].gm_units) == (1, 3)
    assert p.slots[1].workers == [GM]  # sits with the attraction with the most units


def test_guildmaster_has_twelve_splits_over_three_attractions() -> None:
    s = bare(2)
    put(s, 0, 0, "beach")
    put(s, 0, 1, "tiki_hut")
    put(s, 0, 2, "drakuzzi")
    s.players[0].hand = [GM]
    phase1(s)
    pick(s, 0, PlanWorker(GM, -1))
    assert len(opts(s, 0)) == 12


def test_payout_bonus_and_type_bonus_follow_the_top_card() -> None:
    s = bare(2)
    put(s, 0, 0, "tiki_hut", tourists=2)  # food, needs 2
    s.players[0].hand = [worker("chef")]  # 1 + 1 at food; +1 flair at food
    phase1(s)
    pick(s, 0, PlanWorker(worker("chef"), 0))
    p = s.players[0]
    assert p.slots[0].tourists == 2
    assert (p.flair, p.gold) == (1 + 1, 3)


def test_gains_are_capped_at_fourteen() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=0)
    s.players[0].flair = 13
    s.players[0].gold = 14
    phase1(s)
    assert (s.players[0].flair, s.players[0].gold) == (14, 14)


def test_overflow_forfeit_option_loses_whole_gain() -> None:
    s = bare(2, {"overflow": "forfeit"})
    put(s, 0, 0, "beach", tourists=0)
    s.players[0].flair = 13
    phase1(s)
    assert s.players[0].flair == 13


def test_unstaffed_penalty_flair_option() -> None:
    s = bare(2, {"unstaffed_penalty": "flair"})
    put(s, 0, 0, "tiki_hut", tourists=2)  # short by 2: keeps tourists, pays [1,3], -2 flair
    s.players[0].flair = 5
    phase1(s)
    p = s.players[0]
    assert p.slots[0].tourists == 2
    assert (p.flair, p.gold) == (5 - 2 + 1, 3)


def test_unstaffed_flair_is_removed_before_the_payout_is_gained() -> None:
    """EN: "Be sure to remove Flair for missing Unit of Work symbols at each Attraction
    before gaining Flair or Gold." With no flair to give back, the payout is kept whole;
    at 13 flair the payout after the loss is not clipped by the cap."""
    s = bare(2, {"unstaffed_penalty": "flair"})
    put(s, 0, 0, "tiki_hut", tourists=2)  # short by 2, pays [1, 3]
    phase1(s)
    assert (s.players[0].flair, s.players[0].gold) == (1, 3)  # not max(0, 1 - 2) = 0
    s = bare(2, {"unstaffed_penalty": "flair"})
    put(s, 0, 0, "tiki_hut", tourists=2)
    s.players[0].flair = 14
    phase1(s)
    assert s.players[0].flair == 13  # 14 - 2 + 1, not min(14, 15) - 2 = 12


def _beach_and_short_tiki_hut(beach_left: bool, flair: int) -> tuple[int, int]:
    """A staffed Beach (2 tourists, pays [1, 2]) beside a Tiki Hut two units short
    (2 tourists, pays [1, 3]) with option ``unstaffed_penalty = flair``: (flair, gold)."""
    s = bare(2, {"unstaffed_penalty": "flair"})
    beach, tiki = (0, 1) if beach_left else (1, 0)
    put(s, 0, beach, "beach", tourists=2, workers=("apprentice",))
    put(s, 0, tiki, "tiki_hut", tourists=2)
    s.players[0].flair = flair
    phase1(s)
    assert (s.players[0].slots[beach].tourists, s.players[0].slots[tiki].tourists) == (2, 2)
    return s.players[0].flair, s.players[0].gold


def test_unstaffed_flair_penalty_is_taken_before_every_gain_in_any_order() -> None:
    """EN quick summary: "lose 1 Flair for each Unit of Work not supplied by workers, then
    gain Flair and Gold". All of the seat's penalties come before any attraction's
    payout, so the layout's order does not matter (it did: the Beach's flair, gained
    first, was then taken by the Tiki Hut's penalty, giving (1, 5) one way and (2, 5)
    the other)."""
    # 0 flair: max(0, 0 - 2) = 0, then +1 (Beach) +1 (Tiki Hut); gold 2 + 3.
    assert _beach_and_short_tiki_hut(beach_left=True, flair=0) == (2, 5)
    assert _beach_and_short_tiki_hut(beach_left=False, flair=0) == (2, 5)
    # At the cap: 14 - 2 = 12, then +1 +1 = 14 (the Beach's flair is not lost to the cap).
    assert _beach_and_short_tiki_hut(beach_left=True, flair=14) == (14, 5)
    assert _beach_and_short_tiki_hut(beach_left=False, flair=14) == (14, 5)
    # 1 flair, 3 units short over two attractions: one loss of 3, floored at 0 once.
    s = bare(2, {"unstaffed_penalty": "flair"})
    put(s, 0, 0, "beach", tourists=2)  # short by 1, keeps its tourists: pays [1, 2]
    put(s, 0, 1, "tiki_hut", tourists=2)  # short by 2: pays [1, 3]
    s.players[0].flair = 1
    phase1(s)
    assert (s.players[0].flair, s.players[0].gold) == (2, 5)


def test_start_of_season_hero_ability_then_draw() -> None:
    """4.1 then 4.2: the Enchantress gives 1 flair, then 5 workers are drawn."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=0, hero_name="enchantress")
    s.players[0].draw = [APP] * 7
    start(s, SEASON)
    assert s.players[0].flair == 1
    assert len(s.players[0].hand) == 5 and len(s.players[0].draw) == 2
    assert s.season == 2
    assert hero("enchantress") == s.players[0].slots[0].hero


def test_draw_reshuffles_discard_and_stops_when_empty() -> None:
    s = bare(2)
    p = s.players[0]
    p.draw = [APP, APP]
    p.discard = [DAY]
    start(s, DRAW)
    assert sorted(p.hand) == sorted([APP, APP, DAY])
    assert not p.draw and not p.discard




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


def test_a_planned_workers_gold_bonus_pays_for_a_day_worker() -> None:
    """4.3.3 with 4.5: a Day-worker may be planned only if the projected Phase I gold
    covers its wages, and that projection counts the payout bonus of the workers already
    planned (the Accountant's +1 gold) at their attraction."""
    s = bare(2)
    put(s, 0, 0, "beach")
    put(s, 0, 1, "beach")
    accountant, day = worker("accountant"), CARDS.day_worker
    s.players[0].hand, s.players[0].gold = [accountant, day], 0
    start(s, PHASE1, PHASE1_RESOLVE)
    assert not [o for o in opts(s, 0) if o == PlanWorker(day, 0) or o == PlanWorker(day, 1)]
    pick(s, 0, PlanWorker(accountant, 0))
    assert PlanWorker(day, 0) in opts(s, 0) and PlanWorker(day, 1) in opts(s, 0)


def test_a_guildmasters_planned_units_pay_for_a_day_worker_elsewhere() -> None:
    """4.3.3 with 4.3.2: the projection counts a planned Guildmaster's units where it put
    them; here they keep the Beach's tourist, whose gold pays a Day-worker on any slot."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=1)
    put(s, 0, 1, "tiki_hut")
    gm, day = worker("guildmaster"), CARDS.day_worker
    s.players[0].hand, s.players[0].gold = [gm, day], 0
    start(s, PHASE1, PHASE1_RESOLVE)
    pick(s, 0, PlanWorker(gm, -1))
    pick(s, 0, PlanSplit((3, 1)))
    assert PlanWorker(day, 0) in opts(s, 0) and PlanWorker(day, 1) in opts(s, 0)


def test_an_empty_draw_pile_takes_the_worker_discard_pile_shuffled() -> None:
    """0.6: drawing from an empty draw pile first shuffles the discard pile to form the
    new draw pile: the discard pile is then empty, and what is drawn does not follow its
    order (found by the fourth mutation campaign, statement deletion: a discard pile kept
    beside the new draw pile was only noticed by the random games' worker count; the
    reshuffle test drew every card, so neither the order nor the old pile mattered)."""
    names = ("apprentice", "valet", "accountant", "squire", "chef", "lifeguard", "bouncer")
    drawn = set()
    for seed in range(4):
        s = bare(2, seed=seed)
        p = s.players[0]
        p.discard = [worker(n) for n in names]
        start(s, DRAW)
        assert len(p.hand) == 5 and not p.discard
        assert sorted(p.hand + p.draw) == sorted(map(worker, names))
        drawn.add(tuple(p.hand))
    assert len(drawn) > 1


def test_each_day_worker_planned_counts_against_the_projected_gold() -> None:
    """4.3.3: k Day-workers may be sent in Phase I only if the gold after this Phase I's
    gains is at least k: with 1 gold to come, the first is offered and a second is not
    (found by the fourth mutation campaign: the planned Day-workers were not counted, so
    each was checked as if it were the only one)."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=0)  # pays 3 flair, 0 gold, staffed or not
    p = s.players[0]
    p.hand, p.gold = [CARDS.day_worker, CARDS.day_worker, worker("apprentice")], 1
    start(s, PHASE1, PHASE1_RESOLVE)
    pick(s, 0, PlanWorker(CARDS.day_worker, 0))
    assert PlanWorker(CARDS.day_worker, 0) not in opts(s, 0)
    assert PlanWorker(worker("apprentice"), 0) in opts(s, 0)
