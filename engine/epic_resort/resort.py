"""Resort bookkeeping shared by every phase: resources, units of work, tourists, heroes,
drawing workers and destroying stacks (spec 0, 4.4, 7.10, 11)."""

from __future__ import annotations

from engine.epic_resort.events import AttractionDestroyed
from engine.epic_resort.state import CAP, NO_HERO, Player, Slot, State


def gain_capped(s: State, have: int, amount: int) -> int:
    """``have`` after gaining ``amount`` under the cap (spec 11.1): with option
    ``overflow = clamp`` a gain beyond the cap stops at it, with ``forfeit`` it is lost."""
    if amount <= 0:
        return have
    if have + amount > CAP:
        return have if s.params.overflow == "forfeit" else CAP
    return have + amount


def gain(s: State, p: Player, flair: int, gold: int) -> None:
    """Gain resources subject to the cap (spec 11.1)."""
    p.flair = gain_capped(s, p.flair, flair)
    p.gold = gain_capped(s, p.gold, gold)


def lose_gold(p: Player, n: int) -> None:
    p.gold = max(0, p.gold - n)


def supplied(s: State, slot: Slot) -> int:
    """Units of work at a slot (spec 4.4): workers' work plus type bonus, plus Guildmaster units."""
    if not slot.stack:
        return 0
    typ = s.cards.attractions[slot.stack[-1]].type
    workers = s.cards.workers
    total = slot.gm_units
    for w in slot.workers:
        d = workers[w]
        if d.split_total:
            continue
        total += d.work + d.bonus_at(typ)
    return total


def room(s: State, slot: Slot) -> int:
    if not slot.stack:
        return 0
    return s.cards.attractions[slot.stack[-1]].capacity - slot.tourists


def tourist_slots(s: State, p: Player, typ: str = "") -> list[int]:
    """Present attractions with free capacity (of type ``typ`` if given)."""
    atts = s.cards.attractions
    out = []
    for i, slot in enumerate(p.slots):
        if slot.stack and slot.tourists < atts[slot.stack[-1]].capacity and (
            not typ or atts[slot.stack[-1]].type == typ
        ):
            out.append(i)
    return out


def draw_workers(s: State, p: Player, n: int) -> int:
    """Draw up to ``n`` workers into hand, reshuffling the discard pile (spec 0.6)."""
    drawn = 0
    for _ in range(n):
        if not p.draw:
            if not p.discard:
                break
            p.draw = p.discard
            p.discard = []
            s.rng.shuffle(p.draw)
        p.hand.append(p.draw.pop())
        drawn += 1
    return drawn


def hero_slots(p: Player) -> list[int]:
    return [i for i, slot in enumerate(p.slots) if slot.hero != NO_HERO]


def hero_def(s: State, slot: Slot):
    return s.cards.heroes[s.cards.main_cards[slot.hero][1]]


def heal(s: State, slot: Slot, n: int) -> None:
    if slot.hero != NO_HERO:
        slot.hero_health = min(hero_def(s, slot).max, slot.hero_health + n)


def destroy_if_needed(s: State, seat: int, i: int) -> None:
    """Spec 7.10: a stack whose damage reaches the top card's limit is removed from play."""
    slot = s.players[seat].slots[i]
    if not slot.stack:
        return
    if slot.damage >= s.cards.attractions[slot.stack[-1]].damage_limit:
        s.log.append(AttractionDestroyed(seat, i, slot.stack[-1]))
        slot.stack = []
        slot.tourists = 0
        slot.damage = 0
        slot.locked = False
        slot.stranded.extend(slot.workers)
        slot.workers = []
        slot.gm_units = 0
        if slot.hero != NO_HERO:  # cannot happen by the rules (7.10); kept safe
            s.dock_discard.append(slot.hero)
            slot.hero = NO_HERO
            slot.hero_locked = False


def move_hero(src: Slot, dst: Slot, lock: bool) -> None:
    dst.hero, dst.hero_health = src.hero, src.hero_health
    dst.hero_locked = lock or src.hero_locked
    src.hero, src.hero_health, src.hero_locked = NO_HERO, 0, False


def worker_splits(total: int, cap: int, n: int) -> list[tuple[int, ...]]:
    """Allocations of a Guildmaster's units over ``n`` attractions, each <= cap (spec 4.3.2)."""
    usable = min(total, cap * n)
    out: list[tuple[int, ...]] = []

    def rec(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == n - 1:
            if left <= cap:
                out.append((*prefix, left))
            return
        for k in range(min(cap, left), -1, -1):
            rec((*prefix, k), left - k)

    if n:
        rec((), usable)
    return out


def send_label(s: State, worker: int, slot: int) -> str:
    """The label of sending ``worker`` to ``slot`` (-1: a Guildmaster, split next), in
    Phase I plans and Phase II alike."""
    where = "split over attractions" if slot < 0 else f"slot {slot}"
    return f"send {s.cards.workers[worker].name} to {where}"


def split_label(units: tuple[int, ...]) -> str:
    """The label of a Guildmaster's units per present attraction."""
    return "Guildmaster units " + "/".join(str(u) for u in units)


def place_worker(s: State, p: Player, w: int, slot_i: int, alloc: tuple[int, ...]) -> None:
    """Attach a worker to a slot; a Guildmaster spreads ``alloc`` over present slots."""
    if alloc:
        present = p.present()
        for k, units in zip(present, alloc, strict=True):
            p.slots[k].gm_units += units
        best = max(range(len(alloc)), key=lambda j: (alloc[j], -j))
        p.slots[present[best]].workers.append(w)
    else:
        p.slots[slot_i].workers.append(w)
