"""End of the game (spec 15): the trigger check, the missing CP-10 discard, final scoring
with the final scoring cards and sponsor end effects (no track bonuses, D-45), and the
result with its tie-break."""

from __future__ import annotations

from dataclasses import dataclass

from engine.ark_nova.cards import sponsors
from engine.ark_nova.model.events import FinalScored
from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import Step
from engine.ark_nova.rules import final_scoring, tracks
from engine.ark_nova.rules.metrics import amount
from engine.ark_nova.rules.scoring import APPEAL_MAX, CP_MAX, victory_points
from engine.core.result import Result, competition_ranks


def anyone_reached(s: State) -> bool:
    """Some player's appeal and CP counters met or crossed (VP >= 0, D-04). The solo game
    never calls it: crossing the tracks ends nothing there (spec 17)."""
    return any(victory_points(p.appeal, p.cp) >= 0 for p in s.players)


def finish(s: State) -> None:
    """Start final scoring: first the discard if nobody reached CP 10 (D-46)."""
    s.steps.append(FinalScoring())
    if not s.cp10_done:
        s.cp10_done = True
        s.steps.extend(tracks.DiscardFinal(seat) for seat in reversed(range(s.n)))


def end_points(s: State, seat: int) -> tuple[int, int, list[int]]:
    """(CP, appeal, CP per final scoring card) that final scoring adds for ``seat``."""
    p = s.players[seat]
    per_card = [final_scoring.card_points(s, seat, c) for c in sorted(p.finals)]
    cp = sum(per_card)
    appeal = 0
    for sid in p.sponsors:
        for e in sponsors.get(sid).end:
            n = amount(s, seat, e)  # type: ignore[arg-type]
            if e.res == "cp":  # type: ignore[attr-defined]
                cp += n
            else:
                appeal += n
    return cp, appeal, per_card


@dataclass(frozen=True, slots=True)
class FinalScoring(Step):
    def run(self, s: State) -> None:
        gains = [end_points(s, seat) for seat in range(s.n)]
        for p, (cp, appeal, _) in zip(s.players, gains, strict=True):
            p.cp = min(CP_MAX, p.cp + cp)
            p.appeal = min(APPEAL_MAX, p.appeal + appeal)
        s.log.append(FinalScored(tuple(tuple(g[2]) for g in gains)))
        s.terminal = True


def final_result(s: State) -> Result:
    if not s.terminal:
        raise RuntimeError("the game is not over")
    vp = [victory_points(p.appeal, p.cp) for p in s.players]
    keys = [(vp[i], s.players[i].supported) for i in range(s.n)]
    details = {
        "appeal": [p.appeal for p in s.players],
        "conservation": [p.cp for p in s.players],
        "projects_supported": [p.supported for p in s.players],
        "turns": s.turn_no,
        "maps": [p.map.map_id for p in s.players],
    }
    won = None
    if s.n == 1:  # solo (spec 17): the score is the VP, a win is VP >= 0
        details["solo_difficulty"] = s.params.solo_difficulty
        won = vp[0] >= 0
    return Result(tuple(float(v) for v in vp), competition_ranks(keys), details, won)
