"""Ark Nova game data (spec 2): plain mutable records with cheap hand-written clones.

Cards are their printed numbers (ints). Per-player zoo data keep bit masks of covered
cells, the list of buildings (immutable records) and a parallel list of their mutable
state (standard enclosure occupied 0/1, special enclosure used capacity). Pending steps
live on ``State.steps`` (top last, run by ``engine.toolkit.flow``) and are immutable, so a
clone copies the list only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.ark_nova.cards.catalog import N_ICONS, CardSet
from engine.ark_nova.map.hexgrid import N_CELLS
from engine.ark_nova.map.maps import MapData
from engine.ark_nova.model.events import ArkNovaEvent
from engine.ark_nova.model.params import Params
from engine.core.rng import GameRng

if TYPE_CHECKING:
    from engine.core.option import Option
    from engine.toolkit.flow import Step

FLOCK = -1  # housing of an animal that shares a herbivore's enclosure (spec 8.6)
BLOCKED = -2  # a project level blocked by a neutral token (spec 3.1 step 6)
FREE = -1  # a free project level

# Association tasks (spec 5.4) in value order.
TASK_REPUTATION, TASK_PARTNER, TASK_UNIVERSITY, TASK_PROJECT = range(4)
TASK_VALUES = (2, 3, 4, 5)
# University kinds (spec 12.3).
UNI_HAND, UNI_RESEARCH_REP, UNI_DOUBLE = range(3)
UNIVERSITY_NAMES = ("reputation + hand limit", "research + reputation", "double research")

# Bonus tiles (spec 13.2).
BONUS_TILES = ("money_10", "enclosure_3", "reputation_2", "x_tokens_3", "cards_3",
               "partner_zoo", "university", "multiplier", "sponsor_for_money")


@dataclass(frozen=True, slots=True)
class Building:
    """A placed building. Immutable; its empty/occupied or used capacity is
    ``Player.bld_state[index]``."""

    code: int
    mask: int
    cells: tuple[int, ...]
    anchor: int
    rotation: int
    water_adj: int
    rock_adj: int


class Player:
    __slots__ = (
        "animals",
        "appeal",
        "bld",
        "bld_state",
        "card_tokens",
        "cell_bld",
        "constriction",
        "covered",
        "cp",
        "explorer_seen",
        "finals",
        "hand",
        "harbour_used",
        "housing",
        "icons",
        "kiosk_cells",
        "left_tokens",
        "limbo",
        "map",
        "money",
        "mult_active",
        "mult_inactive",
        "order",
        "partner_zoos",
        "pcache",
        "pouched",
        "rep",
        "side2",
        "sponsors",
        "supply_tokens",
        "universities",
        "venom",
        "waza",
        "workers_active",
        "workers_on",
        "workers_total",
        "x",
    )

    def __init__(self, map_data: MapData) -> None:
        self.map = map_data
        self.money = 25
        self.appeal = 0
        self.cp = 0
        self.rep = 1
        self.x = 0
        self.hand: list[int] = []
        self.finals: list[int] = []
        self.order = [0, 1, 2, 3, 4]  # action type in slot 1..5 (index 0..4)
        self.side2 = [False] * 5  # per action type
        self.venom = [0] * 5
        self.constriction = [0] * 5
        self.mult_active = [0] * 5
        self.mult_inactive = [0] * 5
        self.workers_active = 1
        self.workers_total = 1
        self.workers_on = [0, 0, 0, 0]  # per association task
        self.partner_zoos: list[int] = []  # continent icon indices, in order placed
        self.universities: list[int] = []  # university kinds, in order placed
        self.icons = [0] * N_ICONS
        self.animals: list[int] = []  # played animal cards, in order
        self.sponsors: list[int] = []  # played sponsor cards, in order
        self.housing: dict[int, int] = {}  # animal -> building index or FLOCK
        self.pouched: dict[int, list[int]] = {}  # card (animal, 212) -> cards under it
        self.card_tokens: dict[int, int] = {}  # sponsor (215, 218, 253) -> player tokens
        self.left_tokens = 0b1111111  # bit i: token still on left-track space i
        self.supply_tokens = 18
        self.covered = 0
        self.bld: list[Building] = []
        self.bld_state: list[int] = []
        self.cell_bld = [-1] * N_CELLS
        self.kiosk_cells: list[int] = []
        self.pcache: dict[int, list] = {}  # building code -> legal footprints (see zoo.py)
        self.waza = 0  # sponsor 227: 1 small chosen, 2 large chosen
        self.explorer_seen = 0  # sponsor 262: icon types already rewarded (bit mask)
        self.limbo: list[int] = []  # cards set aside while their owner picks which to keep
        self.harbour_used = False  # map hooks: once-per-turn abilities (maps 1-8)

    def slot_of(self, action: int) -> int:
        """1-based slot of an action card."""
        return self.order.index(action) + 1

    @property
    def supported(self) -> int:
        """Projects supported = tokens taken from the left track (spec 12.5)."""
        return 7 - self.left_tokens.bit_count()

    def clone(self) -> Player:
        c = Player.__new__(Player)
        c.map = self.map
        c.money = self.money
        c.appeal = self.appeal
        c.cp = self.cp
        c.rep = self.rep
        c.x = self.x
        c.hand = self.hand[:]
        c.finals = self.finals[:]
        c.order = self.order[:]
        c.side2 = self.side2[:]
        c.venom = self.venom[:]
        c.constriction = self.constriction[:]
        c.mult_active = self.mult_active[:]
        c.mult_inactive = self.mult_inactive[:]
        c.workers_active = self.workers_active
        c.workers_total = self.workers_total
        c.workers_on = self.workers_on[:]
        c.partner_zoos = self.partner_zoos[:]
        c.universities = self.universities[:]
        c.icons = self.icons[:]
        c.animals = self.animals[:]
        c.sponsors = self.sponsors[:]
        c.housing = dict(self.housing)
        c.pouched = {k: v[:] for k, v in self.pouched.items()}
        c.card_tokens = dict(self.card_tokens)
        c.left_tokens = self.left_tokens
        c.supply_tokens = self.supply_tokens
        c.covered = self.covered
        c.bld = self.bld[:]
        c.bld_state = self.bld_state[:]
        c.cell_bld = self.cell_bld[:]
        c.kiosk_cells = self.kiosk_cells[:]
        c.pcache = self.pcache  # replaced (never mutated in place) when the zoo changes
        c.waza = self.waza
        c.explorer_seen = self.explorer_seen
        c.limbo = self.limbo[:]
        c.harbour_used = self.harbour_used
        return c


class State:
    """The whole game. ``steps`` is the stack of pending steps (top last)."""

    __slots__ = (
        "active",
        "asked",
        "asked_step",
        "base_row",
        "break_due",
        "break_len",
        "break_pos",
        "break_trigger",
        "cards",
        "clock_left",
        "clock_size",
        "cp10_done",
        "deck",
        "discard",
        "display",
        "display_dirty",
        "donations",
        "draft_discards",
        "end_triggered",
        "final_deck",
        "in_break",
        "levels",
        "log",
        "n",
        "offered",
        "params",
        "partner_avail",
        "players",
        "project_row",
        "rng",
        "start_player",
        "steps",
        "terminal",
        "tiles5",
        "tiles8",
        "turn_no",
        "turns_left",
        "univ_avail",
        "unused_base",
        "venom_cleared",
    )

    def __init__(self, cards: CardSet, params: Params, n: int, rng: GameRng) -> None:
        self.cards = cards
        self.params = params
        self.n = n
        self.rng = rng
        self.players: list[Player] = []
        self.deck: list[int] = []  # top card last
        self.discard: list[int] = []
        self.display: list[int] = [-1] * 6  # folder 1..6 -> card, -1 empty
        self.display_dirty = False
        self.base_row: list[int] = []
        self.unused_base: list[int] = []
        self.project_row: list[int] = []  # left first
        self.levels: dict[int, list[int]] = {}  # project on the board -> owner per level
        self.partner_avail = 0b11111  # bit k: continent 7+k on the association board
        self.univ_avail = 0b111
        self.tiles5: list[str] = []
        self.tiles8: list[str] = []
        self.break_pos = 0
        self.break_len = 9
        self.break_due = False
        self.break_trigger = -1
        self.donations = 0  # donation spaces covered
        self.final_deck: list[int] = []  # top card last
        self.cp10_done = False
        self.active = 0
        self.start_player = 0
        self.end_triggered = False
        self.turns_left = -1  # last turns still to play once the end is triggered
        self.terminal = False
        self.steps: list[Step] = []  # pending steps, top last (engine.toolkit.flow)
        self.turn_no = 0
        self.venom_cleared = False  # the active player used a venom-marked card this turn
        self.draft_discards: list[int] = []  # setup discards, revealed when all have chosen
        self.log: list[ArkNovaEvent] = []
        self.asked: dict[int, Sequence[Option]] = {}  # pending seat -> its options (flow)
        self.asked_step: Any = None  # the pending steps.Ask, or None (engine.toolkit.flow)
        self.offered: tuple | None = None  # (step, options) listed by Ask.seats
        self.in_break = False
        self.clock_size = 0  # solo: turn-clock tokens of this round (spec 17)
        self.clock_left = 0  # solo: of those, still in the left column

    def clone(self) -> State:
        c = State.__new__(State)
        c.cards = self.cards
        c.params = self.params
        c.n = self.n
        c.rng = self.rng.fork()
        c.players = [p.clone() for p in self.players]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.display = self.display[:]
        c.display_dirty = self.display_dirty
        c.base_row = self.base_row[:]
        c.unused_base = self.unused_base[:]
        c.project_row = self.project_row[:]
        c.levels = {k: v[:] for k, v in self.levels.items()}
        c.partner_avail = self.partner_avail
        c.univ_avail = self.univ_avail
        c.tiles5 = self.tiles5[:]
        c.tiles8 = self.tiles8[:]
        c.break_pos = self.break_pos
        c.break_len = self.break_len
        c.break_due = self.break_due
        c.break_trigger = self.break_trigger
        c.donations = self.donations
        c.final_deck = self.final_deck[:]
        c.cp10_done = self.cp10_done
        c.active = self.active
        c.start_player = self.start_player
        c.end_triggered = self.end_triggered
        c.turns_left = self.turns_left
        c.terminal = self.terminal
        c.steps = self.steps[:]
        c.turn_no = self.turn_no
        c.venom_cleared = self.venom_cleared
        c.draft_discards = self.draft_discards[:]
        c.log = self.log[:]
        c.asked = dict(self.asked)  # option lists are never mutated: shared
        c.asked_step = self.asked_step
        c.offered = None
        c.in_break = self.in_break
        c.clock_size = self.clock_size
        c.clock_left = self.clock_left
        return c
