"""A hand-tuned position value for bots: points now plus the worth of what will become
points (resting heroes, tourists, gold, flair, workers), relative to the best opponent."""

from __future__ import annotations

from engine.epic_resort.phase1 import PHASE1_RESOLVE, phase1_income, planned_units
from engine.epic_resort.resort import hero_def, supplied
from engine.epic_resort.season import score_parts
from engine.epic_resort.state import NO_HERO, State

W_TOURIST = 0.35
W_GOLD = 0.3
W_FLAIR = 0.18
W_HAND = 0.05
W_SKILLED = 0.35
W_DAMAGE = 0.6


def seat_value(s: State, seat: int) -> float:
    p = s.players[seat]
    hero_vp, att_vp, resting = score_parts(s, seat)
    if s.terminal:
        return hero_vp + att_vp + resting + 0.01 * p.flair
    value = float(hero_vp + att_vp + resting)
    flair, gold = p.flair, p.gold
    tourists = 0
    if s.phase == 1 and PHASE1_RESOLVE in s.steps:
        units, at = planned_units(s, seat, None)
        flair, gold, rows = phase1_income(s, p, units, at)
        tourists = -sum(r[1] for r in rows)
    atts = s.cards.attractions
    for sl in p.slots:
        if sl.hero != NO_HERO:
            h = hero_def(s, sl)
            value += 0.7 * h.vp * sl.hero_health / h.max
        if sl.stack:
            top = atts[sl.top]
            tourists += sl.tourists
            value -= W_DAMAGE * sl.damage / top.damage_limit * (1 + len(sl.stack))
            if top.ability is not None and not sl.locked and s.phase == 2 \
                    and supplied(s, sl) >= top.ability.work:
                value += 0.3
    skilled = sum(1 for w in p.hand + p.draw + p.discard if s.cards.workers[w].klass != "basic")
    value += W_TOURIST * tourists + W_GOLD * gold + W_FLAIR * flair
    value += W_HAND * len(p.hand) + W_SKILLED * skilled
    return value


def relative_value(s: State, seat: int) -> float:
    mine = seat_value(s, seat)
    best = max(seat_value(s, o) for o in range(s.n) if o != seat)
    return mine - best
