"""Ark Nova's public log (``State.log``, read by ``GameState.public_log``, replays and
spectators): one typed record per event kind (:mod:`engine.toolkit.events`), appended by
the rules where the event happens, each with its replay text.

Only public facts are logged. ``kind`` is the event's public name (the spec-coverage
index and the tests use it); the fields are seats, card ids, building type codes and
cell indices, read as text by ``describe`` with the match's card set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.ark_nova.cards.catalog import CardSet
from engine.ark_nova.map.buildings import TYPES
from engine.ark_nova.map.maps import cell_name
from engine.toolkit.events import Event


class ArkNovaEvent(Event):
    """An event of Ark Nova's public log."""

    __slots__ = ()

    kind: ClassVar[str] = ""

    def describe(self, cards: CardSet) -> str:
        raise NotImplementedError(f"{type(self).__name__}.describe")


@dataclass(slots=True, unsafe_hash=True)
class AnimalPlayed(ArkNovaEvent):
    """8.2: an animal goes into a zoo."""

    seat: int
    card: int
    kind: ClassVar[str] = "animal"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} plays {cards[self.card].name}"


@dataclass(slots=True, unsafe_hash=True)
class SponsorPlayed(ArkNovaEvent):
    """11: a sponsor goes into a zoo."""

    seat: int
    card: int
    kind: ClassVar[str] = "sponsor"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} plays sponsor {cards[self.card].name}"


@dataclass(slots=True, unsafe_hash=True)
class BuildingPlaced(ArkNovaEvent):
    """7.3: a building of type ``code`` covers ``cells``."""

    seat: int
    code: int
    cells: tuple[int, ...]
    kind: ClassVar[str] = "building"

    def describe(self, cards: CardSet) -> str:
        cells = " ".join(cell_name(c) for c in self.cells)
        return f"seat {self.seat} places {TYPES[self.code].name} on {cells}"


@dataclass(slots=True, unsafe_hash=True)
class ProjectSupported(ArkNovaEvent):
    """12.4: a conservation project supported at ``level`` (0 = left)."""

    seat: int
    card: int
    level: int
    kind: ClassVar[str] = "project"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} supports {cards[self.card].name}, level {self.level + 1}"


@dataclass(slots=True, unsafe_hash=True)
class AnimalReleased(ArkNovaEvent):
    """8.7: an animal released into the wild."""

    seat: int
    card: int
    kind: ClassVar[str] = "release"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} releases {cards[self.card].name}"


@dataclass(slots=True, unsafe_hash=True)
class BreakStarted(ArkNovaEvent):
    """14: a break, triggered by ``seat``."""

    seat: int
    kind: ClassVar[str] = "break"

    def describe(self, cards: CardSet) -> str:
        return f"--- break (triggered by seat {self.seat}) ---"


@dataclass(slots=True, unsafe_hash=True)
class EndTriggered(ArkNovaEvent):
    """15.2 (and 17 solo): the end is triggered; ``turns`` turns follow."""

    turns: int
    kind: ClassVar[str] = "end"

    def describe(self, cards: CardSet) -> str:
        return f"--- the end is triggered: {self.turns} more turn(s) ---"


@dataclass(slots=True, unsafe_hash=True)
class FinalScored(ArkNovaEvent):
    """15.3 and 16: the CP each seat's final scoring cards give, per card."""

    points: tuple[tuple[int, ...], ...]
    kind: ClassVar[str] = "final"

    def describe(self, cards: CardSet) -> str:
        return "final scoring cards: " + "; ".join(
            f"seat {i}: {list(points)} CP" for i, points in enumerate(self.points))
