"""Attacks (spec 7): reveal, defender, attacked attractions, response window, hero
decisions, resolution, destruction, follow-ups and the end trigger (6.4).

:class:`StartAttack` pushes ``AttackEnd``, ``Hits`` and ``Window``. ``Window`` asks a
:class:`Respond` of each seat clockwise from the defender; ``Hits`` runs a
:class:`HeroChoice` then a :class:`Hit` per attacked attraction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.option import Option
from engine.epic_resort.actions import free_actions
from engine.epic_resort.card_defs import MonsterDef
from engine.epic_resort.effects import push_effects
from engine.epic_resort.events import (
    AttackStarted,
    Damaged,
    Defended,
    HeroDefeated,
    HeroDodged,
    HeroMovedIn,
    MonsterDeckEmpty,
    TouristsEaten,
)
from engine.epic_resort.resort import destroy_if_needed, hero_def, lose_gold, move_hero, supplied
from engine.epic_resort.state import NO_HERO, Attack, State
from engine.epic_resort.steps import SeatAsk
from engine.toolkit.flow import Ask, Step

POSITION = {"left": 0, "center": 1, "right": 2}


def defender_for(s: State, target: str) -> int:
    """Spec 7.3, ties to the first tied player in Harbormaster order."""
    if target == "harbormaster":
        return s.hm
    best, best_v = -1, -1
    for seat in s.hm_order():
        p = s.players[seat]
        if target == "most_tourists":
            v = sum(sl.tourists for sl in p.slots if sl.stack)
        elif target == "most_heroes":
            v = sum(1 for sl in p.slots if sl.hero != NO_HERO)
        else:
            v = p.gold
        if v > best_v:
            best, best_v = seat, v
    return best


def attacked_slots(s: State, seat: int, card: int, two_heads: bool) -> list[int]:
    """Spec 7.4: attacked slots, left to right."""
    present = s.players[seat].present()
    n = len(present)
    if n == 0:
        return []
    if n == 1:
        return [present[0]]
    att = s.cards.attacks[s.cards.main_cards[card][1]]
    if two_heads:
        if n == 2:
            return present[:]
        outer = present[0] if att.two == "left" else present[2]
        return sorted([present[1], outer])
    if n == 2:
        return [present[0 if att.two == "left" else 1]]
    return [present[POSITION[att.three]]]


@dataclass(frozen=True, slots=True)
class StartAttack(Step):
    """Spec 7.2-7.4: reveal a monster for an Attack! card and pick its targets."""

    card: int
    name: ClassVar[str] = "ATTACK"

    def run(self, s: State) -> None:
        if s.end_triggered or not s.monster_deck:
            return
        m = s.monster_deck.pop()
        a = Attack(self.card, m)
        md = s.cards.monsters[s.cards.monster_copies[m][0]]
        a.defender = defender_for(s, md.target)
        a.targets = attacked_slots(s, a.defender, self.card, md.two_heads)
        a.window_start = a.defender
        s.attack = a
        s.log.append(AttackStarted(m, a.defender, tuple(a.targets)))
        s.steps += (ATTACK_END, HITS, WINDOW)


@dataclass(frozen=True, slots=True)
class Window(Step):
    """Spec 7.5: the response window, one seat at a time clockwise from the defender."""

    name: ClassVar[str] = "WINDOW"

    def run(self, s: State) -> None:
        a = s.attack
        assert a is not None
        if a.ended or a.window_k >= s.n:
            return
        s.steps.append(WINDOW)
        s.steps.append(Respond((a.window_start + a.window_k) % s.n, a.epoch))


@dataclass(frozen=True, slots=True)
class Respond(SeatAsk):
    """A seat's turn in the response window: free actions, then done."""

    epoch: int
    kind: ClassVar[str] = "ATTACK_RESPONSE"
    name: ClassVar[str] = "RESPOND"

    def options(self, s: State, seat: int) -> list[Option]:
        opts = free_actions(s, seat, True)
        opts.append(END_RESPONSE)
        return opts

    def void(self, s: State) -> bool:
        """The attack ended or was redirected (a new window started) meanwhile."""
        a = s.attack
        return a is None or a.ended or self.epoch != a.epoch


@dataclass(frozen=True, slots=True)
class EndResponse(Option):
    """Done responding: the window moves on to the next seat."""

    name: ClassVar[str] = "done"

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        assert s.attack is not None
        s.attack.window_k += 1

    def describe(self, s: State, seat: int) -> str:
        return "done"


END_RESPONSE = EndResponse()


@dataclass(frozen=True, slots=True)
class Hits(Step):
    """Spec 7.6-7.7 for the next attacked attraction, left to right."""

    name: ClassVar[str] = "HITS"

    def run(self, s: State) -> None:
        a = s.attack
        assert a is not None
        if a.ended or a.hit >= len(a.targets):
            return
        i = a.targets[a.hit]
        a.hit += 1
        s.steps.append(HITS)
        if not s.players[a.defender].slots[i].stack:
            return
        s.steps.append(Hit(i))
        s.steps.append(HeroChoice(i))


# ----------------------------------------------------------------------------- hero decisions


@dataclass(frozen=True, slots=True)
class HeroChoice(Ask):
    """Spec 7.6 at the defender's attacked ``slot``: defend, dodge, or move a hero in."""

    slot: int
    kind: ClassVar[str] = "HERO_DECISION"
    name: ClassVar[str] = "HERO"

    def seats(self, s: State) -> tuple[int, ...]:
        assert s.attack is not None
        return (s.attack.defender,)

    def options(self, s: State, seat: int) -> list[Option]:
        p = s.players[seat]
        slot = p.slots[self.slot]
        if slot.hero != NO_HERO:
            return [DEFEND, *HeroDodges.legal(s, seat, self.slot)]
        return [NO_DEFENCE, *HeroMovesIn.legal(s, seat, self.slot)]


@dataclass(frozen=True, slots=True)
class HeroDefends(Option):
    """The hero at the attacked slot stays and defends (always legal when one is there)."""

    name: ClassVar[str] = "defend"

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()

    def describe(self, s: State, seat: int) -> str:
        return "defend"


@dataclass(frozen=True, slots=True)
class HeroDodges(Option):
    """Spec 7.6.2: an unlocked hero escapes to an own attraction without a hero (and is
    locked); another unlocked hero may then move in."""

    slot: int
    name: ClassVar[str] = "dodge"

    @classmethod
    def legal(cls, s: State, seat: int, attacked: int) -> list[HeroDodges]:
        p = s.players[seat]
        if p.slots[attacked].hero_locked:
            return []
        return [cls.of(j) for j in p.present() if p.slots[j].hero == NO_HERO]

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, HeroChoice)
        p = s.players[seat]
        move_hero(p.slots[step.slot], p.slots[self.slot], True)
        s.log.append(HeroDodged(seat, step.slot, self.slot))
        s.steps.append(step)  # 7.6.3: another unlocked hero may now move in

    def describe(self, s: State, seat: int) -> str:
        return f"dodge to slot {self.slot}"


@dataclass(frozen=True, slots=True)
class NoDefence(Option):
    """No hero defends the attacked attraction."""

    name: ClassVar[str] = "none"

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()

    def describe(self, s: State, seat: int) -> str:
        return "none"


@dataclass(frozen=True, slots=True)
class HeroMovesIn(Option):
    """Spec 7.6.3: an unlocked hero at another attraction moves in to defend (locked)."""

    slot: int
    name: ClassVar[str] = "move_in"

    @classmethod
    def legal(cls, s: State, seat: int, attacked: int) -> list[HeroMovesIn]:
        p = s.players[seat]
        return [cls.of(j) for j in p.present()
                if j != attacked and p.slots[j].hero != NO_HERO and not p.slots[j].hero_locked]

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, HeroChoice)
        p = s.players[seat]
        move_hero(p.slots[self.slot], p.slots[step.slot], True)
        s.log.append(HeroMovedIn(seat, self.slot, step.slot))

    def describe(self, s: State, seat: int) -> str:
        return f"move hero in from slot {self.slot}"


DEFEND, NO_DEFENCE = HeroDefends(), NoDefence()


# ----------------------------------------------------------------------------- resolution


def _strength(s: State) -> tuple[int, MonsterDef]:
    a = s.attack
    assert a is not None
    md = s.cards.monsters[s.cards.monster_copies[a.monster][0]]
    return max(0, md.strength + a.strength_mod), md


@dataclass(frozen=True, slots=True)
class Hit(Step):
    """Spec 7.7 at ``slot`` (a hero there defends in :class:`HeroDefence`)."""

    slot: int
    name: ClassVar[str] = "HIT"

    def run(self, s: State) -> None:
        a = s.attack
        assert a is not None
        if a.ended:
            return
        seat, i = a.defender, self.slot
        p = s.players[seat]
        slot = p.slots[i]
        if not slot.stack:
            return
        strength, md = _strength(s)
        a.hero_bonus = 0
        if slot.hero != NO_HERO:
            s.steps.append(HeroDefence(i))
            ab = s.cards.attractions[slot.top].ability
            if (ab is not None and ab.timing == "on_hero_defends_here" and not slot.locked
                    and supplied(s, slot) >= ab.work):
                slot.locked = True
                push_effects(s, seat, i, ab.effects)
            return
        if slot.tourists:
            lost = min(slot.tourists, strength)
            slot.tourists -= lost
            s.log.append(TouristsEaten(seat, i, lost))
            if md.scorch and slot.tourists == 0:
                slot.damage += 1
        else:
            slot.damage += 1 + md.extra_damage
            s.log.append(Damaged(seat, i, 1 + md.extra_damage))
        if md.plunder:
            lose_gold(p, md.plunder)
        destroy_if_needed(s, seat, i)


@dataclass(frozen=True, slots=True)
class HeroDefence(Step):
    """Spec 7.7.1, after any on_hero_defends_here bonus: the hero loses its health
    point(s), then the attraction loses the tourists by which the monster's strength
    exceeds the defence: the hero's strength plus bonuses, or with option
    ``defended_loss_uses = hero_health`` the health the hero has left ("the Monster's
    Strength in excess of the Hero's Health", read after the loss)."""

    slot: int
    name: ClassVar[str] = "DEFEND"

    def run(self, s: State) -> None:
        a = s.attack
        assert a is not None
        seat, i = a.defender, self.slot
        slot = s.players[seat].slots[i]
        if slot.hero == NO_HERO:
            return
        strength, md = _strength(s)
        slot.hero_health -= 2 if md.drain else 1
        if s.params.defended_loss_uses == "hero_health":
            guard = max(0, slot.hero_health)  # the health left after the hit (EN 7.7.1)
        else:
            guard = hero_def(s, slot).strength + a.hero_bonus
        if slot.hero_health <= 0:
            s.dock_discard.append(slot.hero)
            s.log.append(HeroDefeated(seat, i, slot.hero))
            slot.hero, slot.hero_health, slot.hero_locked = NO_HERO, 0, False
        lost = min(slot.tourists, max(0, strength - guard))
        slot.tourists -= lost
        s.log.append(Defended(seat, i, lost))
        a.hero_bonus = 0


@dataclass(frozen=True, slots=True)
class AttackEnd(Step):
    """Spec 7.11 + 7.9 + 6.4: the monster is discarded; an empty deck ends the game at
    the end of the season; an extra attack follows unless the attack was ended."""

    name: ClassVar[str] = "ATTACK_END"

    def run(self, s: State) -> None:
        a = s.attack
        assert a is not None
        s.monster_discard.append(a.monster)
        md = s.cards.monsters[s.cards.monster_copies[a.monster][0]]
        s.attack = None
        if not s.monster_deck:
            s.end_triggered = True
            s.log.append(MonsterDeckEmpty())
            return
        if md.extra_attack and not a.ended:
            s.steps.append(StartAttack(a.card))


ATTACK_END, HITS, WINDOW = AttackEnd(), Hits(), Window()
