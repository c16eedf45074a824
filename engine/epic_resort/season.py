"""The season flow (spec 3-9): the steps of one season, Phase III's dock refill, Phase
IV's hero rewards and the game end, Phase V's clean-up, and scoring (spec 10.1).

:class:`Season` lays out the whole season as steps at once (Phase I drawing and
sending, Phase II turns, Phase III, IV and V, then the next season); Phase IV ends the
game by clearing the stack when the monster deck is empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.epic_resort.attacks import StartAttack
from engine.epic_resort.card_defs import ATTACK, DOUBLE_ATTACK
from engine.epic_resort.effects import push_effects
from engine.epic_resort.events import (
    AttackCardRevealed,
    Docked,
    GameOver,
    HeroScored,
    MainDeckReshuffled,
    SeasonStarted,
)
from engine.epic_resort.phase1 import DRAW, PHASE1, PHASE1_RESOLVE
from engine.epic_resort.resort import hero_def
from engine.epic_resort.state import NO_HERO, SLOTS, State
from engine.epic_resort.turns import PHASE2
from engine.toolkit.flow import Step

DOCK_SIZE = {2: 6, 3: 7, 4: 7}


def push_hero_abilities(s: State, timing: str) -> None:
    """Queue every resting hero's abilities of ``timing``, in Harbormaster order and
    slot order (the first resolves first)."""
    for seat in reversed(s.hm_order()):
        p = s.players[seat]
        for i in reversed(range(SLOTS)):
            if p.slots[i].hero != NO_HERO:
                push_effects(s, seat, i, hero_def(s, p.slots[i]).effects_at(timing), i)


@dataclass(frozen=True, slots=True)
class Season(Step):
    """Spec 3: a new season; heroes' start-of-season abilities resolve first."""

    name: ClassVar[str] = "SEASON"

    def run(self, s: State) -> None:
        s.season += 1
        s.phase = 1
        s.log.append(SeasonStarted(s.season))
        s.p1_plan = [[] for _ in range(s.n)]
        s.p1_done = [False] * s.n
        s.p1_gm = [-1] * s.n
        s.p1_day = [0] * s.n
        s.steps += (SEASON, PHASE5, PHASE4_HEAL, PHASE4, REFILL, PHASE3, PHASE2,
                    PHASE1_RESOLVE, PHASE1, DRAW)
        push_hero_abilities(s, "start_of_season")


@dataclass(frozen=True, slots=True)
class Phase3(Step):
    """Spec 6.1: the leftmost dock card is discarded (the refill follows)."""

    name: ClassVar[str] = "PHASE3"

    def run(self, s: State) -> None:
        s.phase = 3
        if s.dock:
            s.dock_discard.append(s.dock.pop(0))


@dataclass(frozen=True, slots=True)
class Refill(Step):
    """Spec 6.2-6.4: draw until the dock is full; Attack! cards attack instead."""

    name: ClassVar[str] = "REFILL"

    def run(self, s: State) -> None:
        if s.end_triggered or len(s.dock) >= DOCK_SIZE[s.n]:
            return
        if not s.main_deck:
            if not s.dock_discard:
                return
            s.main_deck = s.dock_discard
            s.dock_discard = []
            s.rng.shuffle(s.main_deck)
            s.log.append(MainDeckReshuffled())
        card = s.main_deck.pop()
        kind = s.cards.main_cards[card][0]
        s.steps.append(REFILL)
        if kind in (ATTACK, DOUBLE_ATTACK):
            s.log.append(AttackCardRevealed(card))
            s.steps.append(CardDone(card))
            s.steps.append(StartAttack(card))
            if kind == DOUBLE_ATTACK:
                s.steps.append(StartAttack(card))
        else:
            s.dock.append(card)
            s.log.append(Docked(card))


@dataclass(frozen=True, slots=True)
class CardDone(Step):
    """An Attack! card goes to the dock discard once its attacks are over."""

    card: int
    name: ClassVar[str] = "CARD_DONE"

    def run(self, s: State) -> None:
        s.dock_discard.append(self.card)


@dataclass(frozen=True, slots=True)
class Phase4(Step):
    """Spec 8.1-8.2: heroes at full health score (each removing a monster), then the
    remaining heroes' reward abilities resolve; :class:`Phase4Heal` follows."""

    name: ClassVar[str] = "PHASE4"

    def run(self, s: State) -> None:
        s.phase = 4
        full = []
        for seat in s.hm_order():
            for slot in s.players[seat].slots:
                if slot.hero != NO_HERO and slot.hero_health == hero_def(s, slot).max:
                    full.append((seat, slot))
        for seat, slot in full:
            s.players[seat].scored.append(slot.hero)
            s.log.append(HeroScored(seat, slot.hero))
            slot.hero, slot.hero_health, slot.hero_locked = NO_HERO, 0, False
            if s.monster_deck:
                s.monster_discard.append(s.monster_deck.pop())
        push_hero_abilities(s, "hero_rewards")


@dataclass(frozen=True, slots=True)
class Phase4Heal(Step):
    """Spec 8.3 and 6.4: heroes heal 1; an empty monster deck ends the game."""

    name: ClassVar[str] = "PHASE4_HEAL"

    def run(self, s: State) -> None:
        for p in s.players:
            for slot in p.slots:
                if slot.hero != NO_HERO:
                    slot.hero_health = min(hero_def(s, slot).max, slot.hero_health + 1)
        if not s.monster_deck:
            s.terminal = True
            s.phase = 6
            s.log.append(GameOver())
            s.steps.clear()


@dataclass(frozen=True, slots=True)
class Phase5(Step):
    """Spec 9: workers go to the discard piles; flair, locks and pile locks reset."""

    name: ClassVar[str] = "PHASE5"

    def run(self, s: State) -> None:
        s.phase = 5
        for p in s.players:
            for slot in p.slots:
                p.discard.extend(slot.workers)
                p.discard.extend(slot.stranded)
                slot.workers = []
                slot.stranded = []
                slot.gm_units = 0
                slot.locked = False
                slot.hero_locked = False
            p.discard.extend(p.hand)
            p.hand = []
            p.flair = 0
        for pile in s.worker_piles:
            pile[2] = False
        s.sph_locked = False


SEASON, PHASE3, REFILL, PHASE4, PHASE4_HEAL, PHASE5 = (
    Season(), Phase3(), Refill(), Phase4(), Phase4Heal(), Phase5())


def score_parts(s: State, seat: int) -> tuple[int, int, int]:
    """(hero VP from the scoring pile, attraction VP, resort heroes) of spec 10.1."""
    cards = s.cards
    p = s.players[seat]
    hero_vp = sum(cards.heroes[cards.main_cards[c][1]].vp for c in p.scored)
    att_vp = sum(cards.attractions[a].vp for sl in p.slots for a in sl.stack)
    resting = sum(1 for sl in p.slots if sl.hero != NO_HERO)
    return hero_vp, att_vp, resting
