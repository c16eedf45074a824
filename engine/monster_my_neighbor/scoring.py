"""The end of a round and of the game (§6, §8, §9): scoring, then the next round."""

from __future__ import annotations

from engine.core import Result, competition_ranks
from engine.monster_my_neighbor.events import (
    ENDING_NAMES,
    ENDING_PLAYED,
    RoundEnded,
    RoundSummary,
)
from engine.monster_my_neighbor.setup import setup_round
from engine.monster_my_neighbor.state import State, clear_effect


def score_round(s: State, ending: int, monster_seat: int, catcher: int) -> tuple[int, ...]:
    """§8: each seat scored once, by the first line that applies; no stacking."""
    c = s.cards
    awarded = [0] * s.n
    for q in range(s.n):
        if ending == ENDING_PLAYED:
            if q == monster_seat:
                awarded[q] = c.score_monster_player + c.win_bonus[s.round_monster]
            elif s.friends[q]:
                awarded[q] = c.score_friend
        else:
            if q == monster_seat or s.friends[q]:
                continue
            awarded[q] = c.score_catcher if q == catcher else c.score_bystander
    return tuple(awarded)


def end_round(s: State, ending: int, monster_seat: int, catcher: int) -> None:
    """Score the round, then set up the next one or end the game."""
    awarded = score_round(s, ending, monster_seat, catcher)
    for q, v in enumerate(awarded):
        s.vp[q] += v
    s.finished.append(
        RoundSummary(s.round_no, s.round_monster, ending, monster_seat, catcher, awarded)
    )
    s.public_events.append(RoundEnded(s.round_no, ending, s.round_monster, awarded))
    s.removed.append(s.round_monster)
    if ending == ENDING_PLAYED:
        s.play_areas[monster_seat].pop()  # the Monster leaves the game (§9)
    clear_effect(s)
    if s.round_no >= s.rounds:
        s.terminal = True
        return
    setup_round(s)


def final_result(s: State) -> Result:
    """Scores are VP totals; ties share a rank; details are per-round summaries."""
    c = s.cards
    rounds = [
        {
            "round": r.round,
            "monster": c.names[r.monster],
            "ending": ENDING_NAMES[r.ending],
            "monster_seat": r.monster_seat,
            "catcher_seat": r.catcher_seat,
            "vp_awarded": list(r.vp_awarded),
        }
        for r in s.finished
    ]
    return Result(tuple(s.vp), competition_ranks(s.vp), {"rounds": rounds})
