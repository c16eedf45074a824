"""Effect primitives (spec 13): card effects are data, interpreted here op by op.

A :class:`CardEffect` step resolves one effect of one card: ``slot`` is the owning
attraction (for a hero, the attraction it stands at; -1 for a worker's discard ability).
Effects that need a choice push a small decision step, each with its option type:

- :class:`Place` (``PLACE_TOURIST``): place ``n`` tourists one by one, type-limited if
  given; :class:`PlaceTourist` a slot;
- :class:`Heal` (``CHOOSE_HERO_TO_HEAL``): :class:`HealHero` a slot;
- :class:`Repair` (``CHOOSE_ATTRACTION_TO_REPAIR``): :class:`RepairAttraction` a slot;
- :class:`Unlock` (``CHOOSE_ATTRACTION_TO_UNLOCK``): :class:`UnlockAttraction` a slot;
- :class:`Cash` (``CASH_OUT_TOURISTS``): :class:`CashOut` a count;
- :class:`Reposition` (``REPOSITION_HEROES``): :class:`RepositionHeroes` an arrangement.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import ClassVar

from engine.core.option import Option
from engine.epic_resort.card_defs import Effect
from engine.epic_resort.events import AttackEnded, AttackRedirected
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
from engine.epic_resort.steps import SeatAsk
from engine.toolkit.flow import Step


def push_effects(
    s: State, seat: int, slot: int, effects: tuple[Effect, ...], src_hero: int = -1
) -> None:
    """Queue ``effects`` so they resolve in card order."""
    for e in reversed(effects):
        s.steps.append(CardEffect(seat, slot, e, src_hero))


@dataclass(frozen=True, slots=True)
class CardEffect(Step):
    """Resolve one effect (spec 13). No legal target: the effect does nothing."""

    seat: int
    slot: int
    effect: Effect
    src_hero: int
    name: ClassVar[str] = "EFFECT"

    def run(self, s: State) -> None:
        seat, slot_i, e = self.seat, self.slot, self.effect
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
                s.steps.append(Place(seat, e.n, e.type))
        elif op == "cash_out_tourists":
            if slot is not None and slot.stack and slot.tourists:
                s.steps.append(Cash(seat, slot_i, e.resource, e.per_tourist))
        elif op == "draw_worker":
            draw_workers(s, p, e.n)
        elif op == "hero_heal":
            if e.target == "chosen_own_hero":
                if hero_slots(p):
                    s.steps.append(Heal(seat, e.n))
            elif e.target == "hero_here":
                if slot is not None:
                    heal(s, slot, e.n)
            elif e.target == "each_other_own_hero":
                for i in hero_slots(p):
                    if i != self.src_hero:
                        heal(s, p.slots[i], e.n)
        elif op == "hero_strength":
            if s.attack is not None:
                s.attack.hero_bonus += e.n
        elif op == "reposition_heroes":
            if len(RepositionHeroes.legal(s, seat)) > 1:
                s.steps.append(Reposition(seat))
        elif op == "remove_damage":
            if e.where == "this":
                if slot is not None and slot.stack:
                    slot.damage = max(0, slot.damage - e.n)
            elif any(sl.stack and sl.damage for sl in p.slots):
                s.steps.append(Repair(seat, e.n))
        elif op == "remove_lock":
            if any(sl.stack and sl.locked for sl in p.slots):
                s.steps.append(Unlock(seat))
        elif op == "force_attack_here":
            a = s.attack
            if a is not None and slot is not None and slot.stack:
                a.defender = seat
                a.targets = [slot_i]
                a.hit = 0
                a.window_start = seat
                a.window_k = 0
                a.epoch += 1
                s.log.append(AttackRedirected(seat, slot_i))
        elif op == "monster_strength":
            if s.attack is not None:
                s.attack.strength_mod += e.n
        elif op == "end_attack" and s.attack is not None:
            s.attack.ended = True
            s.log.append(AttackEnded(seat))


def _slot_label(s: State, seat: int, slot: int) -> str:
    return f"slot {slot}"


# ---------------------------------------------------------------------------- tourists


@dataclass(frozen=True, slots=True)
class Place(SeatAsk):
    """Place ``n`` more tourists one by one (of attraction type ``type`` if given)."""

    n: int
    type: str
    kind: ClassVar[str] = "PLACE_TOURIST"
    name: ClassVar[str] = "PLACE"

    def options(self, s: State, seat: int) -> list[PlaceTourist]:
        return PlaceTourist.legal(s, seat, self.type)

    def void(self, s: State) -> bool:
        """No attraction has room: the remaining tourists are lost."""
        return not tourist_slots(s, s.players[self.seat], self.type)


@dataclass(frozen=True, slots=True)
class PlaceTourist(Option):
    """One tourist onto an own attraction with room (spec 5.3.1)."""

    slot: int
    name: ClassVar[str] = "place_tourist"

    @classmethod
    def legal(cls, s: State, seat: int, typ: str) -> list[PlaceTourist]:
        return [cls.of(i) for i in tourist_slots(s, s.players[seat], typ)]

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, Place)
        s.players[seat].slots[self.slot].tourists += 1
        if step.n > 1:
            s.steps.append(Place(seat, step.n - 1, step.type))

    def describe(self, s: State, seat: int) -> str:
        return _slot_label(s, seat, self.slot)


# ---------------------------------------------------------------------------- heroes


@dataclass(frozen=True, slots=True)
class Heal(SeatAsk):
    """Heal one own hero by ``n``."""

    n: int
    kind: ClassVar[str] = "CHOOSE_HERO_TO_HEAL"
    name: ClassVar[str] = "HEAL"

    def options(self, s: State, seat: int) -> list[HealHero]:
        return HealHero.legal(s, seat)


@dataclass(frozen=True, slots=True)
class HealHero(Option):
    """The hero at ``slot`` regains health, up to its maximum."""

    slot: int
    name: ClassVar[str] = "heal_hero"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[HealHero]:
        return [cls.of(i) for i in hero_slots(s.players[seat])]

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, Heal)
        heal(s, s.players[seat].slots[self.slot], step.n)

    def describe(self, s: State, seat: int) -> str:
        return _slot_label(s, seat, self.slot)


@dataclass(frozen=True, slots=True)
class Reposition(SeatAsk):
    """Rearrange the seat's unlocked heroes."""

    kind: ClassVar[str] = "REPOSITION_HEROES"
    name: ClassVar[str] = "REPOSITION"

    def options(self, s: State, seat: int) -> list[RepositionHeroes]:
        return RepositionHeroes.legal(s, seat)


@dataclass(frozen=True, slots=True)
class RepositionHeroes(Option):
    """The new slot of each unlocked hero, in slot order."""

    slots: tuple[int, ...]
    name: ClassVar[str] = "reposition"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[RepositionHeroes]:
        """Arrangements of the unlocked heroes over present attractions without a locked
        hero, one hero per attraction. The first option is the current arrangement."""
        p = s.players[seat]
        movers = [i for i in hero_slots(p) if not p.slots[i].hero_locked]
        free = [i for i in p.present()
                if not (p.slots[i].hero != NO_HERO and p.slots[i].hero_locked)]
        current = tuple(movers)
        out = [cls.of(current)]
        for perm in permutations(free, len(movers)):
            if perm != current:
                out.append(cls.of(perm))
        return out

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        p = s.players[seat]
        movers = [i for i in hero_slots(p) if not p.slots[i].hero_locked]
        heroes = [(p.slots[i].hero, p.slots[i].hero_health) for i in movers]
        for i in movers:
            p.slots[i].hero, p.slots[i].hero_health = NO_HERO, 0
        for (card, health), dst in zip(heroes, self.slots, strict=True):
            p.slots[dst].hero, p.slots[dst].hero_health = card, health
            p.slots[dst].hero_locked = False

    def describe(self, s: State, seat: int) -> str:
        return "heroes to " + ", ".join(_slot_label(s, seat, i) for i in self.slots)


# ---------------------------------------------------------------------------- attractions


@dataclass(frozen=True, slots=True)
class Repair(SeatAsk):
    """Remove up to ``n`` damage from one own damaged attraction."""

    n: int
    kind: ClassVar[str] = "CHOOSE_ATTRACTION_TO_REPAIR"
    name: ClassVar[str] = "DAMAGE"

    def options(self, s: State, seat: int) -> list[RepairAttraction]:
        return RepairAttraction.legal(s, seat)


@dataclass(frozen=True, slots=True)
class RepairAttraction(Option):
    slot: int
    name: ClassVar[str] = "repair"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[RepairAttraction]:
        return [cls.of(i) for i, sl in enumerate(s.players[seat].slots) if sl.stack and sl.damage]

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, Repair)
        sl = s.players[seat].slots[self.slot]
        sl.damage = max(0, sl.damage - step.n)

    def describe(self, s: State, seat: int) -> str:
        return _slot_label(s, seat, self.slot)


@dataclass(frozen=True, slots=True)
class Unlock(SeatAsk):
    """Unlock one own locked attraction."""

    kind: ClassVar[str] = "CHOOSE_ATTRACTION_TO_UNLOCK"
    name: ClassVar[str] = "UNLOCK"

    def options(self, s: State, seat: int) -> list[UnlockAttraction]:
        return UnlockAttraction.legal(s, seat)


@dataclass(frozen=True, slots=True)
class UnlockAttraction(Option):
    slot: int
    name: ClassVar[str] = "unlock"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[UnlockAttraction]:
        return [cls.of(i) for i, sl in enumerate(s.players[seat].slots) if sl.stack and sl.locked]

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        s.players[seat].slots[self.slot].locked = False

    def describe(self, s: State, seat: int) -> str:
        return _slot_label(s, seat, self.slot)


@dataclass(frozen=True, slots=True)
class Cash(SeatAsk):
    """Cash out tourists at ``slot`` for ``per_tourist`` of ``resource`` each."""

    slot: int
    resource: str
    per_tourist: int
    kind: ClassVar[str] = "CASH_OUT_TOURISTS"
    name: ClassVar[str] = "CASH"

    def options(self, s: State, seat: int) -> list[CashOut]:
        return CashOut.legal(s, seat, self.slot)


@dataclass(frozen=True, slots=True)
class CashOut(Option):
    """How many tourists to cash out (0 up to all of them)."""

    tourists: int
    name: ClassVar[str] = "cash_out"

    @classmethod
    def legal(cls, s: State, seat: int, slot: int) -> list[CashOut]:
        return [cls.of(k) for k in range(s.players[seat].slots[slot].tourists + 1)]

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, Cash)
        p = s.players[seat]
        p.slots[step.slot].tourists -= self.tourists
        amount = self.tourists * step.per_tourist
        gain(s, p, amount if step.resource == "flair" else 0,
             amount if step.resource == "gold" else 0)

    def describe(self, s: State, seat: int) -> str:
        return f"cash out {self.tourists} tourists"
