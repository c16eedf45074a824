"""Scenarios for rule steps a deletion mutant showed untested (``mutate.py --kinds
delstmt``: one state-changing statement deleted at a time). Each names its rule."""

from __future__ import annotations

from engine.epic_resort.actions import SEASON_PASS, GmSplit, SendWorker, Train
from engine.epic_resort.game_state import final_result
from engine.epic_resort.observation import observe
from engine.epic_resort.params import IT_TIEBREAK
from engine.epic_resort.phase1 import DRAW, PHASE1, PHASE1_RESOLVE, PlanSplit, PlanWorker
from engine.epic_resort.turns import END_TURN, PHASE2, Turn
from tests.epic_resort.helpers import (
    CARDS,
    bare,
    logged,
    opts,
    pending,
    pick,
    put,
    start,
    top_step,
    turn,
    worker,
)


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


def test_italian_tiebreak_counts_attractions_before_harbormaster_order() -> None:
    """16.final_tiebreak (IT chain, 14.3): tied on score and on rested heroes, the player
    with more attractions wins, even against the first in Harbormaster order."""
    s = bare(2, {"final_tiebreak": list(IT_TIEBREAK)})
    s.terminal, s.hm = True, 0
    put(s, 0, 0, "beach")
    put(s, 1, 0, "beach")
    put(s, 1, 1, "tiki_hut")  # starting cards: 0 VP, so the scores stay tied at 0
    r = final_result(s)
    assert r.scores == (0.0, 0.0) and r.ranks == (2, 1)


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
