"""Spec 14 (the break) and 15 (end trigger, last turns, final scoring, tie-break)."""

from __future__ import annotations

from engine.ark_nova.cards.catalog import ANIMALS, ASSOCIATION, BUILD, CARDS, SPONSORS
from engine.ark_nova.model.events import EndTriggered
from engine.ark_nova.rules import (
    breaks,
    endgame,
)
from engine.ark_nova.rules.act_sponsors import BreakForMoney
from engine.ark_nova.rules.endgame import FinalScoring
from engine.ark_nova.rules.metrics import kiosk_income
from engine.ark_nova.rules.scoring import appeal_income, victory_points
from engine.ark_nova.rules.turn import TakeX, UseCard
from engine.core.result import Result
from engine.toolkit import flow
from tests.ark_nova.cardscene import (
    scene,
)
from tests.ark_nova.helpers import (
    give,
    kind,
    pick,
    push,
    reask,
    table,
)

ORDER = [ANIMALS, CARDS, BUILD, ASSOCIATION, SPONSORS]


def start(n: int = 2, seed: int = 0):
    s = table(n, seed)
    for p in s.players:
        p.order = list(ORDER)
    reask(s)
    return s, s.start_player


def test_a_break_runs_its_six_steps():
    s, me = start()
    other = 1 - me
    p, o = s.players[me], s.players[other]
    give(s, other, 401, 402, 403, 404, 405)  # 5 cards: 2 over the limit
    o.venom[BUILD] = 1
    o.constriction[ANIMALS] = 1
    p.mult_active[CARDS] = 1
    p.mult_inactive[BUILD] = 1
    p.workers_on[0], p.workers_active = 1, 0
    s.partner_avail, s.univ_avail = 0, 0  # every partner zoo and university taken
    first_two = s.display[:2]
    rest = s.display[2:]
    p.appeal = 10
    money = p.money
    s.break_pos = s.break_len - 4
    reask(s)
    pick(s, me, UseCard.of(SPONSORS))  # slot 5, side I: break for money 5
    if s.asked and kind(s) == "PLAY_SPONSOR":
        pick(s, me, BreakForMoney.of())
    assert s.asked_step.kind == "DISCARD" and s.asked_step.seat == other  # step 1
    while kind(s) == "DISCARD":
        pick(s, other, s.asked[other][0])
    assert len(o.hand) == 3
    assert o.venom == [0] * 5 and p.mult_active == [0] * 5  # step 2
    assert o.constriction == [0] * 5 and p.mult_inactive == [0] * 5
    assert p.workers_active == 1 and p.workers_on == [0] * 4  # step 3
    assert s.partner_avail == 0b11111 and s.univ_avail == 0b111
    assert all(c in s.discard for c in first_two)  # step 4
    assert s.display[:4] == rest
    income = appeal_income(10) + kiosk_income(p)
    assert p.money == money + 5 + income  # option B, then step 5a/5b
    assert p.x == 1  # triggering the break
    assert s.break_pos == 0 and not s.break_due and s.break_trigger == -1  # step 6
    assert s.active == other and kind(s) == "CHOOSE_ACTION"


def test_end_at_the_end_of_a_turn_gives_every_other_player_one_turn():
    s, me = start(3)
    p = s.players[me]
    p.appeal, p.cp = 94, 10  # VP 0
    reask(s)
    pick(s, me, TakeX.of(ANIMALS))
    assert s.end_triggered and s.turns_left == 2
    nxt = (me + 1) % 3
    assert s.active == nxt
    pick(s, nxt, TakeX.of(ANIMALS))
    third = (me + 2) % 3
    assert s.active == third and not s.terminal
    pick(s, third, TakeX.of(ANIMALS))
    # final scoring: nobody reached CP 10 during the game? me did (it is set), no discard
    while s.asked:
        pick(s, s.asked_step.seat, s.asked[s.asked_step.seat][0])
    assert s.terminal


def test_end_found_at_the_end_of_a_break_gives_everyone_one_more_turn():
    s, me = start(2)
    other = 1 - me
    o = s.players[other]
    o.appeal, o.cp = 93, 10  # one short; the recurring CP space pays it in the break
    o.left_tokens &= ~(1 << 3)  # map A space 4: recurring +1 CP
    s.break_pos = s.break_len - 2
    reask(s)
    pick(s, me, UseCard.of(CARDS))  # +2 break: break at the end of this turn
    while s.asked and s.turn_no == 1:
        pick(s, s.asked_step.seat, s.asked[s.asked_step.seat][0])
    assert s.end_triggered and s.turns_left == 2  # both players, the trigger player last
    assert s.log.count(EndTriggered(2)) == 1  # the public log says so, once
    assert s.active == other
    pick(s, other, TakeX.of(ANIMALS))
    assert s.active == me and not s.terminal
    pick(s, me, TakeX.of(ANIMALS))
    while s.asked:
        pick(s, s.asked_step.seat, s.asked[s.asked_step.seat][0])
    assert s.terminal


def test_final_scoring_discards_when_nobody_reached_cp_10_then_scores_cards_and_sponsors():
    s, me = start(2)
    p = s.players[me]
    p.finals = [7, 8]  # Favorite Zoo (reputation), Sponsored Zoo
    p.rep = 12
    s.players[1 - me].finals = [1, 2]
    p.sponsors.append(220)  # end: 1 CP at reputation >= 9
    s.steps.clear()
    endgame.finish(s)

    flow.advance(s)
    assert kind(s) == "DISCARD_FINAL_SCORING"
    pick(s, s.asked_step.seat, s.asked[s.asked_step.seat][0])
    while s.asked:
        pick(s, s.asked_step.seat, s.asked[s.asked_step.seat][0])
    assert s.terminal and len(p.finals) == 1
    scored = 3 if p.finals == [7] else 0  # rep 12: 3 CP
    assert p.cp == scored + 1


def test_result_ranks_by_vp_then_supported_projects():
    s, _ = start(3)
    for q, (appeal, cp, tokens) in enumerate([(60, 10, 0b1111100), (60, 10, 0b1111110),
                                              (70, 10, 0b1111111)]):
        s.players[q].appeal, s.players[q].cp, s.players[q].left_tokens = appeal, cp, tokens
    s.terminal = True
    r: Result = endgame.final_result(s)
    assert r.scores == (victory_points(60, 10), victory_points(60, 10), victory_points(70, 10))
    assert r.ranks == (2, 3, 1)
    s.players[1].left_tokens = 0b1111100
    assert endgame.final_result(s).ranks == (2, 2, 1)  # still tied: shared


def test_public_log_records_the_game():
    from tests.ark_nova.helpers import play_random

    g = play_random(2, 4)
    log = g.public_log()
    assert any(line.startswith("--- break") for line in log)
    assert sum(line.startswith("--- the end is triggered") for line in log) == 1
    assert log[-1].startswith("final scoring cards")
    assert any(" plays " in line for line in log) and any(" places " in line for line in log)


def test_final_scoring_adds_a_sponsors_end_appeal() -> None:
    """15.3.2: sponsor end effects add their appeal at final scoring (found by the mutation
    campaign: only a CP end effect was checked). Sponsor 214 gives 1 appeal per X-token."""
    sc = scene(seed=4)
    p = sc.p
    p.finals, p.sponsors, p.x, p.appeal, p.cp = [], [214], 3, 10, 2
    FinalScoring().run(sc.s)
    assert (p.appeal, p.cp, sc.s.terminal) == (13, 2, True)


def test_a_hand_at_the_limit_discards_nothing_in_a_break() -> None:
    """14.1: discard down to 3 cards; a hand of exactly 3 is not asked to discard (found by
    the mutation campaign: only hands over the limit were checked)."""
    sc = scene()
    s, p = sc.s, sc.p
    give(s, sc.me, 401, 402, 403)
    push(s, breaks.HandLimit(sc.me))
    assert s.asked_step is None and sorted(p.hand) == [401, 402, 403]
