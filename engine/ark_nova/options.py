"""Option values of Ark Nova decisions: small immutable typed values.

Every decision's options are instances of these classes (one protobuf message each on the
wire, see ``wire.py``). Hot ones are interned in tables (``PICK[card]``, ``CELL[i]``...), so
building an option list is a list of lookups.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ark_nova.hexgrid import N_CELLS


@dataclass(frozen=True, slots=True)
class UseCard:
    """Perform the action of one of your action cards (spec 4 step 1a)."""

    action: int


@dataclass(frozen=True, slots=True)
class TakeX:
    """The X-token action with this action card (spec 5.6)."""

    action: int


@dataclass(frozen=True, slots=True)
class SpendX:
    """Spend this many X-tokens for +1 strength each (spec 4 step 2)."""

    count: int


@dataclass(frozen=True, slots=True)
class Pick:
    """A card from your hand (or, for zoo choices, from your zoo) by id."""

    card: int


@dataclass(frozen=True, slots=True)
class Folder:
    """A display folder, 1..6."""

    folder: int


@dataclass(frozen=True, slots=True)
class Deck:
    """The top card of the deck."""


@dataclass(frozen=True, slots=True)
class Stop:
    """Stop / decline the optional part / done."""


@dataclass(frozen=True, slots=True)
class Cell:
    """A zoo-map cell (index into ``hexgrid.CELLS``): the anchor of a building."""

    cell: int


@dataclass(frozen=True, slots=True)
class Rotation:
    rotation: int


@dataclass(frozen=True, slots=True)
class Build:
    """A building type (``buildings.TYPES`` code)."""

    building: int


@dataclass(frozen=True, slots=True)
class House:
    """Housing for an animal: a building index of your zoo, or -1 for Flock (spec 8.6)."""

    building: int


@dataclass(frozen=True, slots=True)
class Slot:
    """An action-card slot 1..5 (or the action card type, see the decision)."""

    slot: int


@dataclass(frozen=True, slots=True)
class ActionType:
    """An action card by type (0 animals, 1 association, 2 build, 3 cards, 4 sponsors)."""

    action: int


@dataclass(frozen=True, slots=True)
class Task:
    """An association task: 0 reputation, 1 partner zoo, 2 university, 3 project."""

    task: int


@dataclass(frozen=True, slots=True)
class Donate:
    """One donation (spec 12.6)."""


@dataclass(frozen=True, slots=True)
class Continent:
    """A continent icon index (7 africa .. 11 europe)."""

    continent: int


@dataclass(frozen=True, slots=True)
class University:
    kind: int


@dataclass(frozen=True, slots=True)
class Project:
    """A conservation project by card id (on the board, in hand, or in a display folder)."""

    card: int
    folder: int = 0  # > 0: taken from this display folder (Association II)


@dataclass(frozen=True, slots=True)
class Level:
    """A project level, 0 = left."""

    level: int


@dataclass(frozen=True, slots=True)
class LeftToken:
    """A left-track bonus space 0..6 whose token is taken (spec 12.5)."""

    space: int


@dataclass(frozen=True, slots=True)
class Tile:
    """A bonus tile (``state.BONUS_TILES`` name) or ``money_5`` (spec 13.2)."""

    name: str


@dataclass(frozen=True, slots=True)
class Choose:
    """A named alternative (``upgrade``/``worker``, ``small``/``large``, ``money``/``card``,
    ``draw``, ``refill``, ``sponsor`` ...)."""

    name: str


@dataclass(frozen=True, slots=True)
class Seat:
    """Another player (by seat index)."""

    seat: int


@dataclass(frozen=True, slots=True)
class BreakForMoney:
    """Sponsors option B (spec 5.5)."""


PICK = tuple(Pick(i) for i in range(529))
FOLDER = tuple(Folder(i) for i in range(7))
CELL = tuple(Cell(i) for i in range(N_CELLS))
ROTATION = tuple(Rotation(i) for i in range(6))
BUILD = tuple(Build(i) for i in range(25))
HOUSE = {i: House(i) for i in range(-1, 64)}
SLOT = tuple(Slot(i) for i in range(6))
ACTION_TYPE = tuple(ActionType(i) for i in range(5))
USE_CARD = tuple(UseCard(i) for i in range(5))
TAKE_X = tuple(TakeX(i) for i in range(5))
SPEND_X = tuple(SpendX(i) for i in range(16))
TASK = tuple(Task(i) for i in range(4))
CONTINENT = {i: Continent(i) for i in range(7, 12)}
UNIVERSITY = tuple(University(i) for i in range(3))
LEVEL = tuple(Level(i) for i in range(3))
LEFT_TOKEN = tuple(LeftToken(i) for i in range(7))
SEAT = tuple(Seat(i) for i in range(4))
DECK = Deck()
STOP = Stop()
DONATE = Donate()
BREAK_FOR_MONEY = BreakForMoney()

OPTION_TYPES = (
    UseCard, TakeX, SpendX, Pick, Folder, Deck, Stop, Cell, Rotation, Build, House, Slot,
    ActionType, Task, Donate, Continent, University, Project, Level, LeftToken, Tile, Choose,
    Seat, BreakForMoney,
)
