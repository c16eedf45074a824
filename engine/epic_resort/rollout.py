"""A fast rule-based policy for search rollouts: sensible, cheap, slightly random.

It reads the (determinized) state directly; it is only ever run on simulator copies.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from engine.core.rng import GameRng
from engine.epic_resort.phases import planned_units
from engine.epic_resort.state import State

EXPLORE = 0.08


def rollout_choice(s: State, seat: int, opts: Sequence[Hashable], rng: GameRng) -> int:
    n = len(opts)
    if n == 1:
        return 0
    if rng.random() < EXPLORE:
        return rng.randrange(n)
    k = s.frames[-1][0]
    if k == "PHASE1":
        return _phase1(s, seat, opts, rng)
    if k == "TURN":
        return _turn(s, seat, opts, rng)
    if k == "RESPOND":
        return _respond(s, seat, opts)
    if k in ("HERO", "LAYOUT"):
        return 0
    if k == "CASH":
        return n - 1
    if k == "PLACE":
        atts = s.cards.attractions
        slots = s.players[seat].slots
        return max(range(n), key=lambda i: atts[slots[opts[i]].top].tier)  # type: ignore[index]
    return rng.randrange(n)


def _phase1(s: State, seat: int, opts: Sequence[Hashable], rng: GameRng) -> int:
    if opts[0][0] == "split":  # type: ignore[index]
        return rng.randrange(len(opts))
    units, _ = planned_units(s, seat, None)
    p = s.players[seat]
    atts = s.cards.attractions
    workers = s.cards.workers
    best, best_gain = len(opts) - 1, 0
    for i, o in enumerate(opts):
        if o[0] != "send":  # type: ignore[index]
            continue
        w, slot = o[1], o[2]  # type: ignore[index]
        d = workers[w]
        if slot < 0:
            return i  # a Guildmaster: always worth sending
        if d.work == 0:
            continue
        top = atts[p.slots[slot].top]
        short = top.work_required - units.get(slot, 0)
        gain = min(short, d.work + d.bonus_at(top.type)) * (1 + p.slots[slot].tourists)
        if d.staffing_gold:
            gain -= 1
        if gain > best_gain:
            best, best_gain = i, gain
    return best


def _turn(s: State, seat: int, opts: Sequence[Hashable], rng: GameRng) -> int:
    cards = s.cards
    p = s.players[seat]
    best_i, best_v = -1, 0.0
    end_i = -1
    for i, o in enumerate(opts):
        kind = o[0]  # type: ignore[index]
        v = 0.0
        if kind == "ability":
            v = 10.0
        elif kind == "upgrade":
            a = cards.attractions[s.draft_avail[o[1]][o[2]]]  # type: ignore[index]
            slot = p.slots[o[3]]  # type: ignore[index]
            v = 4.0 + a.cost * 0.3 - (0.5 * slot.tourists if slot.stack else 0.0)
        elif kind == "hero":
            h = cards.heroes[cards.main_cards[s.dock[o[1]]][1]]  # type: ignore[index]
            v = 3.0 + h.vp + 0.2 * p.slots[o[2]].tourists  # type: ignore[index]
        elif kind == "tourists":
            t = cards.tourists[cards.main_cards[s.dock[o[1]]][1]]  # type: ignore[index]
            v = 2.0 + t.tourists + 0.5 * t.bonus_n
        elif kind == "sph":
            v = 4.5
        elif kind == "train":
            v = 2.0 if p.gold >= 6 else 0.5
        elif kind == "discard":
            dis = cards.workers[o[1]].discard  # type: ignore[index]
            v = 0.6 if dis is not None and dis.effects[0].op in ("gain_flair", "gain_gold") else 0.0
        elif kind in ("pass", "end_turn"):
            end_i = i
            v = 0.1
        v += rng.random() * 0.5
        if v > best_v:
            best_i, best_v = i, v
    if best_i < 0:
        return end_i if end_i >= 0 else 0
    return best_i


def _respond(s: State, seat: int, opts: Sequence[Hashable]) -> int:
    a = s.attack
    done = len(opts) - 1
    if a is None or a.defender != seat:
        return done
    at_risk = sum(s.players[seat].slots[i].tourists for i in a.targets)
    for i, o in enumerate(opts):
        if o[0] == "discard":  # type: ignore[index]
            op = s.cards.workers[o[1]].discard.effects[0].op  # type: ignore[index, union-attr]
            if op in ("end_attack", "monster_strength") and at_risk >= 2:
                return i
    return done

