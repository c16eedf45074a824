"""Effect primitives (spec 13): card effects are data, interpreted here op by op.

An effect is resolved from an ``("EFFECT", seat, slot, effect, source_hero_slot)`` frame:
``slot`` is the owning attraction (for a hero, the attraction it stands at; -1 for a
worker's discard ability). Effects that need a choice push a small decision frame:

- ``("PLACE", seat, n, type)``: place ``n`` tourists one by one (type-limited if given);
- ``("HEAL", seat, n)``: pick an own hero to heal;
- ``("DAMAGE", seat, n)``: pick an own damaged attraction;
- ``("UNLOCK", seat)``: pick an own locked attraction;
- ``("CASH", seat, slot, resource, per_tourist)``: pick how many tourists to cash out;
- ``("REPOSITION", seat)``: pick an arrangement of the unlocked heroes.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import permutations

from engine.epic_resort.cards import Effect
from engine.epic_resort.resort import (
    draw_workers,
    gain,
    heal,
    hero_slots,
    lose_gold,
    room,
    tourist_slots,
)
from engine.epic_resort.state import NO_HERO, State

EFFECT_DECISIONS = {
    "PLACE": "PLACE_TOURIST",
    "HEAL": "CHOOSE_HERO_TO_HEAL",
    "DAMAGE": "CHOOSE_ATTRACTION_TO_REPAIR",
    "UNLOCK": "CHOOSE_ATTRACTION_TO_UNLOCK",
    "CASH": "CASH_OUT_TOURISTS",
    "REPOSITION": "REPOSITION_HEROES",
}


def push_effects(
    s: State, seat: int, slot: int, effects: tuple[Effect, ...], src_hero: int = -1
) -> None:
    """Queue ``effects`` so they resolve in card order."""
    for e in reversed(effects):
        s.frames.append(("EFFECT", seat, slot, e, src_hero))


def resolve(s: State, frame: tuple) -> None:
    """Resolve one EFFECT frame (spec 13). No legal target: the effect does nothing."""
    _, seat, slot_i, e, src_hero = frame
    p = s.players[seat]
    slot = p.slots[slot_i] if slot_i >= 0 else None
    op = e.op
    if op in ("gain_flair", "gain_gold"):
        k = e.n
        if e.per == "card_in_hand":
            k *= len(p.hand)
        elif e.per == "tourist_here":
            k *= slot.tourists if slot is not None and slot.stack else 0
        if op == "gain_flair":
            gain(s, p, k, 0)
        else:
            gain(s, p, 0, k)
    elif op == "lose_gold":
        lose_gold(p, e.n)
    elif op == "add_tourist":
        if e.where == "this":
            if slot is not None and slot.stack and (
                not e.type or s.cards.attractions[slot.top].type == e.type
            ):
                slot.tourists += min(e.n, room(s, slot))
        else:
            s.frames.append(("PLACE", seat, e.n, e.type))
    elif op == "cash_out_tourists":
        if slot is not None and slot.stack and slot.tourists:
            s.frames.append(("CASH", seat, slot_i, e.resource, e.per_tourist))
    elif op == "draw_worker":
        draw_workers(s, p, e.n)
    elif op == "hero_heal":
        if e.target == "chosen_own_hero":
            if hero_slots(p):
                s.frames.append(("HEAL", seat, e.n))
        elif e.target == "hero_here":
            if slot is not None:
                heal(s, slot, e.n)
        elif e.target == "each_other_own_hero":
            for i in hero_slots(p):
                if i != src_hero:
                    heal(s, p.slots[i], e.n)
    elif op == "hero_strength":
        if s.attack is not None:
            s.attack.hero_bonus += e.n
    elif op == "reposition_heroes":
        if len(reposition_options(s, seat)) > 1:
            s.frames.append(("REPOSITION", seat))
    elif op == "remove_damage":
        if e.where == "this":
            if slot is not None and slot.stack:
                slot.damage = max(0, slot.damage - e.n)
        elif any(sl.stack and sl.damage for sl in p.slots):
            s.frames.append(("DAMAGE", seat, e.n))
    elif op == "remove_lock":
        if any(sl.stack and sl.locked for sl in p.slots):
            s.frames.append(("UNLOCK", seat))
    elif op == "force_attack_here":
        a = s.attack
        if a is not None and slot is not None and slot.stack:
            a.defender = seat
            a.targets = [slot_i]
            a.hit = 0
            a.window_start = seat
            a.window_k = 0
            a.epoch += 1
            s.log.append(("redirect", seat, slot_i))
    elif op == "monster_strength":
        if s.attack is not None:
            s.attack.strength_mod += e.n
    elif op == "end_attack" and s.attack is not None:
        s.attack.ended = True
        s.log.append(("attack_ended", seat))


def reposition_options(s: State, seat: int) -> list[tuple[int, ...]]:
    """Arrangements of the seat's unlocked heroes over present attractions without a locked
    hero, one hero per attraction; each option gives the new slot of each unlocked hero in
    slot order. The first option is the current arrangement."""
    p = s.players[seat]
    movers = [i for i in hero_slots(p) if not p.slots[i].hero_locked]
    free = [i for i in p.present() if not (p.slots[i].hero != NO_HERO and p.slots[i].hero_locked)]
    current = tuple(movers)
    out = [current]
    for perm in permutations(free, len(movers)):
        if perm != current:
            out.append(perm)
    return out


def options(s: State, frame: tuple) -> list[Hashable]:
    kind = frame[0]
    seat = frame[1]
    p = s.players[seat]
    if kind == "PLACE":
        return list(tourist_slots(s, p, frame[3]))
    if kind == "HEAL":
        return hero_slots(p)
    if kind == "DAMAGE":
        return [i for i, sl in enumerate(p.slots) if sl.stack and sl.damage]
    if kind == "UNLOCK":
        return [i for i, sl in enumerate(p.slots) if sl.stack and sl.locked]
    if kind == "CASH":
        return list(range(p.slots[frame[2]].tourists + 1))
    if kind == "REPOSITION":
        return list(reposition_options(s, seat))
    raise KeyError(kind)


def apply(s: State, frame: tuple, option: Hashable) -> None:
    kind = frame[0]
    seat = frame[1]
    p = s.players[seat]
    if kind == "PLACE":
        p.slots[option].tourists += 1
        if frame[2] > 1:
            s.frames.append(("PLACE", seat, frame[2] - 1, frame[3]))
    elif kind == "HEAL":
        heal(s, p.slots[option], frame[2])
    elif kind == "DAMAGE":
        sl = p.slots[option]
        sl.damage = max(0, sl.damage - frame[2])
    elif kind == "UNLOCK":
        p.slots[option].locked = False
    elif kind == "CASH":
        sl = p.slots[frame[2]]
        sl.tourists -= option
        per = option * frame[4]
        gain(s, p, per if frame[3] == "flair" else 0, per if frame[3] == "gold" else 0)
    elif kind == "REPOSITION":
        movers = [i for i in hero_slots(p) if not p.slots[i].hero_locked]
        heroes = [(p.slots[i].hero, p.slots[i].hero_health) for i in movers]
        for i in movers:
            p.slots[i].hero, p.slots[i].hero_health = NO_HERO, 0
        for (card, health), dst in zip(heroes, option, strict=True):
            p.slots[dst].hero, p.slots[dst].hero_health = card, health
            p.slots[dst].hero_locked = False


def pending_place_is_void(s: State, frame: tuple) -> bool:
    """A PLACE frame with no attraction that has room: the remaining tourists are lost."""
    return not tourist_slots(s, s.players[frame[1]], frame[3])
