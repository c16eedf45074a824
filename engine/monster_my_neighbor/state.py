"""The game data: plain records, cheap to clone (lists of ints and tuples, no deepcopy).

Hands are per-type count lists indexed by card-type id. The rules live in the modules
named after the spec's sections (:mod:`setup`, :mod:`turns`, :mod:`effects`,
:mod:`scoring`); what a seat may see is decided only by :mod:`observation`; the
:class:`~engine.core.GameState` shell is :mod:`game_state`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import GameRng
from engine.core.option import Option
from engine.monster_my_neighbor.cards import CardSet
from engine.monster_my_neighbor.events import (
    RESULT_NONE,
    PlayedCard,
    PrivateEvent,
    PublicEvent,
    RoundSummary,
)
from engine.monster_my_neighbor.options import NO_DECISION, MonsterOption
from engine.toolkit.flow import Step

# Fields copied as they are by clone(): ints, bools, tuples and shared data.
_PLAIN = (
    "cards", "n", "rounds", "round_no", "round_monster", "first_hunter_played", "rotation",
    "active", "start_seat", "wanted_holder", "opening_pending", "terminal", "asked_step",
    "ctx_running", "ctx_actor", "ctx_card", "ctx_step",
    "ctx_first_hunter", "ctx_result",
)


class State:
    """One game of Monster My Neighbor. ``steps``/``asked`` are the turn flow and the
    pending decision (``pend_*`` read it); ``ctx_*`` the effect of the card being
    resolved (its script position and bound targets)."""

    __slots__ = (
        "active", "asked", "asked_step", "buffered", "cards", "counters", "ctx_actor", "ctx_card",
        "ctx_first_hunter", "ctx_result", "ctx_running", "ctx_slots", "ctx_step", "face_down",
        "finished", "first_hunter_played", "friends", "hand_sizes", "hands", "main_deck",
        "monster_deck", "n", "opening_pending", "play_areas", "private_logs", "private_times",
        "public_events", "removed", "rng", "rotation", "round_monster", "round_no", "rounds",
        "start_seat", "steps", "terminal", "tracked_holder", "turns_taken", "under_deck", "vp",
        "wanted_holder",
    )

    cards: CardSet
    n: int
    rng: GameRng
    rounds: int
    vp: list[int]
    round_no: int
    monster_deck: list[int]
    round_monster: int
    removed: list[int]
    finished: list[RoundSummary]
    main_deck: list[int]
    under_deck: list[int]
    hands: list[list[int]]
    hand_sizes: list[int]
    turns_taken: list[int]
    play_areas: list[list[PlayedCard]]
    face_down: list[list[tuple[int, int, int, int]]]  # (type, origin, discarder, viewer)
    friends: list[bool]
    counters: list[int]
    first_hunter_played: bool
    rotation: int
    active: int
    start_seat: int
    wanted_holder: int
    opening_pending: bool
    tracked_holder: list[int]
    terminal: bool
    steps: list[Step]  # the flow driver's stack (engine.toolkit.flow), top last
    asked: dict[int, Sequence[Option]]  # pending seat -> its options (the driver's cache)
    asked_step: Step | None  # the ask those options belong to
    buffered: dict[int, MonsterOption]  # simultaneous choices made so far
    ctx_running: bool
    ctx_actor: int
    ctx_card: int
    ctx_step: int
    ctx_slots: list[int]
    ctx_first_hunter: bool
    ctx_result: int
    public_events: list[PublicEvent]
    private_logs: list[list[PrivateEvent]]
    private_times: list[list[int]]

    def __init__(self, cards: CardSet, players: int, rng: GameRng, rounds: int) -> None:
        """The bare record; :func:`~engine.monster_my_neighbor.setup.setup_game` fills it."""
        self.cards = cards
        self.n = players
        self.rng = rng
        self.rounds = rounds

    def clone(self) -> State:
        twin = State.__new__(State)
        for name in _PLAIN:
            setattr(twin, name, getattr(self, name))
        twin.rng = self.rng.fork()
        twin.vp = self.vp[:]
        twin.monster_deck = self.monster_deck[:]
        twin.removed = self.removed[:]
        twin.finished = self.finished[:]
        twin.main_deck = self.main_deck[:]
        twin.under_deck = self.under_deck[:]
        twin.hands = [h[:] for h in self.hands]
        twin.hand_sizes = self.hand_sizes[:]
        twin.turns_taken = self.turns_taken[:]
        twin.play_areas = [a[:] for a in self.play_areas]
        twin.face_down = [f[:] for f in self.face_down]
        twin.friends = self.friends[:]
        twin.counters = self.counters[:]
        twin.tracked_holder = self.tracked_holder[:]
        twin.steps = self.steps[:]
        twin.asked = dict(self.asked)
        twin.buffered = dict(self.buffered)
        twin.ctx_slots = self.ctx_slots[:]
        twin.public_events = self.public_events[:]
        twin.private_logs = [log[:] for log in self.private_logs]
        twin.private_times = [times[:] for times in self.private_times]
        return twin

    # The pending decision, read from the ask on top of the flow (the observation, the
    # determinization and tests use these names).
    @property
    def pend_kind(self) -> int:
        ask = self.asked_step
        return ask.code if ask is not None else NO_DECISION  # type: ignore[attr-defined]

    @property
    def pend_participants(self) -> tuple[int, ...]:
        ask = self.asked_step
        return ask.participants if ask is not None else ()  # type: ignore[attr-defined]

    @property
    def pend_seats(self) -> list[int]:
        """The seats that still owe their choice."""
        return list(self.asked)

    @property
    def pend_options(self) -> dict[int, Sequence[Option]]:
        """Every asked seat's options (those that already chose included)."""
        ask = self.asked_step
        if ask is None:
            return {}
        return {q: ask.options_of(q) for q in ask.participants}  # type: ignore[attr-defined]


def clear_asks(s: State) -> None:
    """An empty flow: no step, no pending decision, no buffered choice."""
    s.steps = []
    s.asked = {}
    s.asked_step = None
    s.buffered = {}


def clear_effect(s: State) -> None:
    """No effect being resolved."""
    s.ctx_running = False
    s.ctx_actor = -1
    s.ctx_card = -1
    s.ctx_step = 0
    s.ctx_slots = []
    s.ctx_first_hunter = False
    s.ctx_result = RESULT_NONE
