"""A fast rule-based policy for search rollouts: sensible, cheap, slightly random.

It reads the (determinized) state directly; it is only ever run on simulator copies.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.option import Option
from engine.core.rng import GameRng
from engine.epic_resort.actions import (
    AttractHero,
    AttractSeasonPass,
    AttractTourists,
    DiscardWorker,
    Train,
    Upgrade,
    UseAbility,
)
from engine.epic_resort.attacks import HeroChoice, Respond
from engine.epic_resort.effects import Cash, Place, PlaceTourist
from engine.epic_resort.phase1 import Phase1, PlanSplit, PlanWorker, planned_units
from engine.epic_resort.setup import Layout
from engine.epic_resort.state import State
from engine.epic_resort.turns import EndTurn, Pass, Turn

EXPLORE = 0.08


def rollout_choice(s: State, seat: int, opts: Sequence[Option], rng: GameRng) -> int:
    n = len(opts)
    if n == 1:
        return 0
    if rng.random() < EXPLORE:
        return rng.randrange(n)
    step = s.steps[-1]
    if isinstance(step, Phase1):
        return _phase1(s, seat, opts, rng)
    if isinstance(step, Turn):
        return _turn(s, seat, opts, rng)
    if isinstance(step, Respond):
        return _respond(s, seat, opts)
    if isinstance(step, Cash):
        return n - 1
    if isinstance(step, Place):
        atts = s.cards.attractions
        slots = s.players[seat].slots

        def tier(i: int) -> int:
            option = opts[i]
            assert isinstance(option, PlaceTourist)
            return atts[slots[option.slot].top].tier

        return max(range(n), key=tier)
    if isinstance(step, HeroChoice | Layout):
        return 0
    return rng.randrange(n)


def _phase1(s: State, seat: int, opts: Sequence[Option], rng: GameRng) -> int:
    if isinstance(opts[0], PlanSplit):
        return rng.randrange(len(opts))
    units, _ = planned_units(s, seat, None)
    p = s.players[seat]
    atts = s.cards.attractions
    workers = s.cards.workers
    best, best_gain = len(opts) - 1, 0
    for i, o in enumerate(opts):
        if not isinstance(o, PlanWorker):
            continue
        d = workers[o.worker]
        if o.slot < 0:
            return i  # a Guildmaster: always worth sending
        if d.work == 0:
            continue
        slot = p.slots[o.slot]
        top = atts[slot.top]
        short = top.work_required - units.get(o.slot, 0)
        gain = min(short, d.work + d.bonus_at(top.type)) * (1 + slot.tourists)
        if d.staffing_gold:
            gain -= 1
        if gain > best_gain:
            best, best_gain = i, gain
    return best


def _turn(s: State, seat: int, opts: Sequence[Option], rng: GameRng) -> int:
    cards = s.cards
    p = s.players[seat]
    best_i, best_v = -1, 0.0
    end_i = -1
    for i, o in enumerate(opts):
        v = 0.0
        if isinstance(o, UseAbility):
            v = 10.0
        elif isinstance(o, Upgrade):
            a = cards.attractions[s.draft_avail[o.tier][o.index]]
            slot = p.slots[o.slot]
            v = 4.0 + a.cost * 0.3 - (0.5 * slot.tourists if slot.stack else 0.0)
        elif isinstance(o, AttractHero):
            h = cards.heroes[cards.main_cards[s.dock[o.dock_pos]][1]]
            v = 3.0 + h.vp + 0.2 * p.slots[o.slot].tourists
        elif isinstance(o, AttractTourists):
            t = cards.tourists[cards.main_cards[s.dock[o.dock_pos]][1]]
            v = 2.0 + t.tourists + 0.5 * t.bonus_n
        elif isinstance(o, AttractSeasonPass):
            v = 4.5
        elif isinstance(o, Train):
            v = 2.0 if p.gold >= 6 else 0.5
        elif isinstance(o, DiscardWorker):
            dis = cards.workers[o.worker].discard
            v = 0.6 if dis is not None and dis.effects[0].op in ("gain_flair", "gain_gold") else 0.0
        elif isinstance(o, Pass | EndTurn):
            end_i = i
            v = 0.1
        v += rng.random() * 0.5
        if v > best_v:
            best_i, best_v = i, v
    if best_i < 0:
        return end_i if end_i >= 0 else 0
    return best_i


def _respond(s: State, seat: int, opts: Sequence[Option]) -> int:
    a = s.attack
    done = len(opts) - 1
    if a is None or a.defender != seat:
        return done
    at_risk = sum(s.players[seat].slots[i].tourists for i in a.targets)
    for i, o in enumerate(opts):
        if isinstance(o, DiscardWorker):
            dis = s.cards.workers[o.worker].discard
            if dis is not None and dis.effects[0].op in ("end_attack", "monster_strength") \
                    and at_risk >= 2:
                return i
    return done
