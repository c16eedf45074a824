"""Epic Resort game data: plain mutable records with cheap hand-written clones.

Cards are integer ids: worker *types* index ``CardSet.workers`` (workers of one type are
interchangeable), attraction cards index ``CardSet.attractions``, main-deck cards index
``CardSet.main_cards`` (one id per physical copy), monsters index
``CardSet.monster_copies``. The rules live in sibling modules, one per spec area; the
turn flow is a stack of typed steps (``State.steps``) run by :mod:`engine.toolkit.flow`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.option import Option
from engine.core.rng import GameRng
from engine.epic_resort.card_defs import CardSet
from engine.epic_resort.events import ResortEvent
from engine.epic_resort.params import Params
from engine.toolkit.flow import Step

NO_HERO = -1
SLOTS = 3
CAP = 14


class Slot:
    """One of a player's three resort slots (spec 0.4)."""

    __slots__ = (
        "damage", "gm_units", "hero", "hero_health", "hero_locked", "locked", "stack", "stranded",
        "tourists", "workers",
    )

    def __init__(self) -> None:
        self.stack: list[int] = []  # attraction ids, top card last
        self.tourists = 0
        self.damage = 0
        self.locked = False
        self.workers: list[int] = []  # worker types staffing the slot
        self.gm_units = 0  # Guildmaster units allocated here
        self.stranded: list[int] = []  # workers left beside a destroyed stack
        self.hero = NO_HERO  # main-deck card id of the hero here
        self.hero_health = 0
        self.hero_locked = False

    @property
    def top(self) -> int:
        return self.stack[-1] if self.stack else -1

    def clone(self) -> Slot:
        c = Slot.__new__(Slot)
        c.stack = self.stack[:]
        c.tourists = self.tourists
        c.damage = self.damage
        c.locked = self.locked
        c.workers = self.workers[:]
        c.gm_units = self.gm_units
        c.stranded = self.stranded[:]
        c.hero = self.hero
        c.hero_health = self.hero_health
        c.hero_locked = self.hero_locked
        return c


class Player:
    __slots__ = (
        "discard", "draw", "flair", "gold", "hand", "passed", "removed", "scored", "slots",
        "trained",
    )

    def __init__(self) -> None:
        self.flair = 0
        self.gold = 0
        self.hand: list[int] = []
        self.draw: list[int] = []  # draw pile, top card last
        self.discard: list[int] = []
        self.slots = [Slot() for _ in range(SLOTS)]
        self.scored: list[int] = []  # hero card ids in the scoring pile
        self.removed: list[int] = []  # this player's worker cards removed from play
        self.trained = 0  # workers taken from the draft piles
        self.passed = False

    def clone(self) -> Player:
        c = Player.__new__(Player)
        c.flair = self.flair
        c.gold = self.gold
        c.hand = self.hand[:]
        c.draw = self.draw[:]
        c.discard = self.discard[:]
        c.slots = [s.clone() for s in self.slots]
        c.scored = self.scored[:]
        c.removed = self.removed[:]
        c.trained = self.trained
        c.passed = self.passed
        return c

    def present(self) -> list[int]:
        """Slot numbers holding an attraction, left to right (spec 0.5)."""
        return [i for i, s in enumerate(self.slots) if s.stack]


class Attack:
    """The attack being resolved (spec 7)."""

    __slots__ = (
        "card", "defender", "ended", "epoch", "hero_bonus", "hit", "monster", "strength_mod",
        "targets", "window_k", "window_start",
    )

    def __init__(self, card: int, monster: int) -> None:
        self.card = card  # main-deck card id of the Attack!/Double Attack!
        self.monster = monster  # monster copy id
        self.defender = -1
        self.targets: list[int] = []  # slot numbers hit, left to right
        self.hit = 0  # next target index
        self.strength_mod = 0
        self.hero_bonus = 0  # strength bonus for the current defence
        self.ended = False
        self.window_start = 0
        self.window_k = 0
        self.epoch = 0  # bumped when the window restarts (force_attack_here)

    def clone(self) -> Attack:
        c = Attack.__new__(Attack)
        for name in Attack.__slots__:
            setattr(c, name, getattr(self, name))
        c.targets = self.targets[:]
        return c


class State:
    """The whole game. ``steps`` is the stack of pending steps (top last); ``asked`` caches
    the options of the seats that owe a decision (see :mod:`engine.toolkit.flow`)."""

    __slots__ = (
        "asked", "asked_step", "attack", "cards", "dock", "dock_discard", "draft_avail",
        "draft_piles", "end_triggered", "first_pass_done", "hm", "hm_tokens", "log", "main_deck",
        "main_done", "monster_deck", "monster_discard", "n", "p1_day", "p1_done", "p1_gm",
        "p1_plan", "params", "phase", "players", "rng", "season", "sph_locked", "steps",
        "terminal", "turn_seat", "worker_piles",
    )

    def __init__(self, cards: CardSet, params: Params, n: int, rng: GameRng) -> None:
        self.cards = cards
        self.params = params
        self.n = n
        self.rng = rng
        self.players = [Player() for _ in range(n)]
        self.season = 0
        self.phase = 0  # 0 setup, 1..5 the phases, 6 game over
        self.hm = 0
        self.hm_tokens = 0
        self.dock: list[int] = []
        self.main_deck: list[int] = []  # top card last
        self.dock_discard: list[int] = []
        self.monster_deck: list[int] = []  # top card last
        self.monster_discard: list[int] = []
        self.draft_piles: list[list[int]] = [[], [], []]  # tiers I..III, top card last
        self.draft_avail: list[list[int]] = [[], [], []]
        self.worker_piles: list[list[int]] = []  # [worker type, count, locked]
        self.sph_locked = False
        self.first_pass_done = False
        self.turn_seat = 0
        self.main_done = False
        self.p1_plan: list[list[tuple[int, int, tuple[int, ...]]]] = [[] for _ in range(n)]
        self.p1_done = [False] * n
        self.p1_gm = [-1] * n  # worker type of a Guildmaster awaiting its split
        self.p1_day = [0] * n
        self.attack: Attack | None = None
        self.end_triggered = False
        self.terminal = False
        self.steps: list[Step] = []
        self.asked: dict[int, Sequence[Option]] = {}
        self.asked_step: Step | None = None
        self.log: list[ResortEvent] = []

    def clone(self) -> State:
        c = State.__new__(State)
        c.cards = self.cards
        c.params = self.params
        c.n = self.n
        c.rng = self.rng.fork()
        c.players = [p.clone() for p in self.players]
        c.season = self.season
        c.phase = self.phase
        c.hm = self.hm
        c.hm_tokens = self.hm_tokens
        c.dock = self.dock[:]
        c.main_deck = self.main_deck[:]
        c.dock_discard = self.dock_discard[:]
        c.monster_deck = self.monster_deck[:]
        c.monster_discard = self.monster_discard[:]
        c.draft_piles = [p[:] for p in self.draft_piles]
        c.draft_avail = [p[:] for p in self.draft_avail]
        c.worker_piles = [p[:] for p in self.worker_piles]
        c.sph_locked = self.sph_locked
        c.first_pass_done = self.first_pass_done
        c.turn_seat = self.turn_seat
        c.main_done = self.main_done
        c.p1_plan = [p[:] for p in self.p1_plan]
        c.p1_done = self.p1_done[:]
        c.p1_gm = self.p1_gm[:]
        c.p1_day = self.p1_day[:]
        c.attack = self.attack.clone() if self.attack is not None else None
        c.end_triggered = self.end_triggered
        c.terminal = self.terminal
        c.steps = self.steps[:]
        c.asked = dict(self.asked)
        c.asked_step = self.asked_step
        c.log = self.log[:]
        return c

    def hm_order(self) -> list[int]:
        """Seats clockwise from the current Harbormaster (spec 0.2)."""
        return [(self.hm + i) % self.n for i in range(self.n)]
