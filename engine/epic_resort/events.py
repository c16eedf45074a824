"""Epic Resort's public log: one typed record per event kind (:mod:`engine.toolkit.events`),
each with its replay text, and the readable names of main-deck cards.

``kind`` is the event's public name (the spec-coverage index and the tests use it). The
fields are ids of the match's card set (workers, attractions, main-deck cards, monster
copies), seats and slots; ``describe`` reads them with the card set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.epic_resort.card_defs import CardSet
from engine.toolkit.events import Event


def card_name(cards: CardSet, card: int) -> str:
    kind, k = cards.main_cards[card]
    if kind == 0:
        return cards.tourists[k].name
    if kind == 1:
        return cards.heroes[k].name
    return "Double Attack!" if kind == 3 else "Attack!"


def describe_event(cards: CardSet, ev: ResortEvent) -> str:
    """One public log event as a replay shows it."""
    return ev.describe(cards)


class ResortEvent(Event):
    """An event of Epic Resort's public log."""

    __slots__ = ()

    kind: ClassVar[str] = ""

    def describe(self, cards: CardSet) -> str:
        raise NotImplementedError(f"{type(self).__name__}.describe")


@dataclass(slots=True, unsafe_hash=True)
class SeasonStarted(ResortEvent):
    season: int
    kind: ClassVar[str] = "season"

    def describe(self, cards: CardSet) -> str:
        return f"--- season {self.season} ---"


@dataclass(slots=True, unsafe_hash=True)
class Phase1Placed(ResortEvent):
    """Phase I's hidden plans, revealed: (worker, slot, split units) per worker."""

    seat: int
    plan: tuple[tuple[int, int, tuple[int, ...]], ...]
    kind: ClassVar[str] = "phase1"

    def describe(self, cards: CardSet) -> str:
        w = cards.workers
        sent = ", ".join(
            f"{w[x].name}->" + ("split " + "/".join(map(str, alloc)) if alloc else f"slot {i}")
            for x, i, alloc in self.plan
        )
        return f"seat {self.seat} sends: {sent or 'nobody'}"


@dataclass(slots=True, unsafe_hash=True)
class Phase1Income(ResortEvent):
    """Phase I's payout: (slot, tourists lost, flair, gold) per slot, and the wages."""

    seat: int
    rows: tuple[tuple[int, int, int, int], ...]
    wages: int
    kind: ClassVar[str] = "income"

    def describe(self, cards: CardSet) -> str:
        gains = "; ".join(
            f"slot {i}: -{lost} tourists, +{f} flair +{g} gold" for i, lost, f, g in self.rows
        )
        return f"seat {self.seat} Phase I: {gains}; wages {self.wages}"


@dataclass(slots=True, unsafe_hash=True)
class WorkerSent(ResortEvent):
    seat: int
    worker: int
    slot: int  # -1: split over slots
    kind: ClassVar[str] = "send"

    def describe(self, cards: CardSet) -> str:
        where = "to split" if self.slot < 0 else f"to slot {self.slot}"
        return f"seat {self.seat} sends {cards.workers[self.worker].name} {where}"


@dataclass(slots=True, unsafe_hash=True)
class WorkerSplit(ResortEvent):
    seat: int
    worker: int
    units: tuple[int, ...]
    kind: ClassVar[str] = "split"

    def describe(self, cards: CardSet) -> str:
        name = cards.workers[self.worker].name
        return f"seat {self.seat}'s {name} splits " + "/".join(map(str, self.units))


@dataclass(slots=True, unsafe_hash=True)
class WorkerDiscarded(ResortEvent):
    seat: int
    worker: int
    kind: ClassVar[str] = "discard"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} discards {cards.workers[self.worker].name}"


@dataclass(slots=True, unsafe_hash=True)
class AbilityUsed(ResortEvent):
    seat: int
    slot: int
    attraction: int
    kind: ClassVar[str] = "ability"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} uses {cards.attractions[self.attraction].name}"


@dataclass(slots=True, unsafe_hash=True)
class TouristsAttracted(ResortEvent):
    seat: int
    card: int
    kind: ClassVar[str] = "attract_tourists"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} attracts {card_name(cards, self.card)}"


@dataclass(slots=True, unsafe_hash=True)
class SeasonPassHoldersAttracted(ResortEvent):
    seat: int
    kind: ClassVar[str] = "attract_sph"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} attracts Season Pass Holders"


@dataclass(slots=True, unsafe_hash=True)
class HeroAttracted(ResortEvent):
    seat: int
    card: int
    slot: int
    kind: ClassVar[str] = "attract_hero"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} attracts {card_name(cards, self.card)} to slot {self.slot}"


@dataclass(slots=True, unsafe_hash=True)
class Upgraded(ResortEvent):
    seat: int
    attraction: int
    slot: int
    kind: ClassVar[str] = "upgrade"

    def describe(self, cards: CardSet) -> str:
        name = cards.attractions[self.attraction].name
        return f"seat {self.seat} builds {name} in slot {self.slot}"


@dataclass(slots=True, unsafe_hash=True)
class Trained(ResortEvent):
    seat: int
    trainer: int
    worker: int
    kind: ClassVar[str] = "train"

    def describe(self, cards: CardSet) -> str:
        w = cards.workers
        return f"seat {self.seat} trains {w[self.trainer].name} into {w[self.worker].name}"


@dataclass(slots=True, unsafe_hash=True)
class Passed(ResortEvent):
    seat: int
    kind: ClassVar[str] = "pass"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} passes"


@dataclass(slots=True, unsafe_hash=True)
class HarbormasterTaken(ResortEvent):
    seat: int
    tokens: int
    kind: ClassVar[str] = "harbormaster"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} holds the Harbormaster ({self.tokens} gold tokens on it)"


@dataclass(slots=True, unsafe_hash=True)
class MainDeckReshuffled(ResortEvent):
    kind: ClassVar[str] = "main_deck_reshuffled"

    def describe(self, cards: CardSet) -> str:
        return "the dock discard pile is shuffled into a new main deck"


@dataclass(slots=True, unsafe_hash=True)
class Docked(ResortEvent):
    card: int
    kind: ClassVar[str] = "dock"

    def describe(self, cards: CardSet) -> str:
        return f"dock gets {card_name(cards, self.card)}"


@dataclass(slots=True, unsafe_hash=True)
class AttackCardRevealed(ResortEvent):
    card: int
    kind: ClassVar[str] = "attack_card"

    def describe(self, cards: CardSet) -> str:
        return f"{card_name(cards, self.card)} revealed"


@dataclass(slots=True, unsafe_hash=True)
class AttackStarted(ResortEvent):
    monster: int  # a monster copy
    defender: int
    slots: tuple[int, ...]
    kind: ClassVar[str] = "attack"

    def describe(self, cards: CardSet) -> str:
        m = cards.monsters[cards.monster_copies[self.monster][0]]
        return (f"{m.name} (strength {m.strength}) attacks seat {self.defender} "
                f"at slots {list(self.slots)}")


@dataclass(slots=True, unsafe_hash=True)
class AttackRedirected(ResortEvent):
    seat: int
    slot: int
    kind: ClassVar[str] = "redirect"

    def describe(self, cards: CardSet) -> str:
        return f"attack redirected to seat {self.seat} slot {self.slot}"


@dataclass(slots=True, unsafe_hash=True)
class AttackEnded(ResortEvent):
    seat: int
    kind: ClassVar[str] = "attack_ended"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} ends the attack"


@dataclass(slots=True, unsafe_hash=True)
class HeroDodged(ResortEvent):
    seat: int
    from_slot: int
    to_slot: int
    kind: ClassVar[str] = "dodge"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat}'s hero dodges from slot {self.from_slot} to slot {self.to_slot}"


@dataclass(slots=True, unsafe_hash=True)
class HeroMovedIn(ResortEvent):
    seat: int
    from_slot: int
    to_slot: int
    kind: ClassVar[str] = "move_in"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat}'s hero moves from slot {self.from_slot} to slot {self.to_slot}"


@dataclass(slots=True, unsafe_hash=True)
class TouristsEaten(ResortEvent):
    seat: int
    slot: int
    lost: int
    kind: ClassVar[str] = "eaten"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} slot {self.slot} loses {self.lost} tourists"


@dataclass(slots=True, unsafe_hash=True)
class Damaged(ResortEvent):
    seat: int
    slot: int
    damage: int
    kind: ClassVar[str] = "damage"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} slot {self.slot} takes {self.damage} damage"


@dataclass(slots=True, unsafe_hash=True)
class Defended(ResortEvent):
    seat: int
    slot: int
    lost: int
    kind: ClassVar[str] = "defended"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat}'s hero defends slot {self.slot}; {self.lost} tourists lost"


@dataclass(slots=True, unsafe_hash=True)
class HeroDefeated(ResortEvent):
    seat: int
    slot: int
    hero: int
    kind: ClassVar[str] = "hero_defeated"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat}'s {card_name(cards, self.hero)} is defeated"


@dataclass(slots=True, unsafe_hash=True)
class AttractionDestroyed(ResortEvent):
    seat: int
    slot: int
    attraction: int
    kind: ClassVar[str] = "destroyed"

    def describe(self, cards: CardSet) -> str:
        name = cards.attractions[self.attraction].name
        return f"seat {self.seat}'s {name} (slot {self.slot}) is destroyed"


@dataclass(slots=True, unsafe_hash=True)
class HeroScored(ResortEvent):
    seat: int
    hero: int
    kind: ClassVar[str] = "hero_scored"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} scores {card_name(cards, self.hero)}"


@dataclass(slots=True, unsafe_hash=True)
class MonsterDeckEmpty(ResortEvent):
    kind: ClassVar[str] = "monster_deck_empty"

    def describe(self, cards: CardSet) -> str:
        return "the monster deck is empty: the game ends after this season"


@dataclass(slots=True, unsafe_hash=True)
class GameOver(ResortEvent):
    kind: ClassVar[str] = "game_over"

    def describe(self, cards: CardSet) -> str:
        return "--- game over ---"
