"""The game data: plain records, cheap to clone (lists of ints and tuples, no deepcopy).

Hands are per-type count lists indexed by card-type id. The rules live in the modules
named after the spec's sections (:mod:`setup`, :mod:`turns`, :mod:`effects`,
:mod:`scoring`); what a seat may see is decided only by :mod:`observation`; the
:class:`~engine.core.GameState` shell is :mod:`game_state`.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameRng
from engine.monster_my_neighbor.cards import CardSet
from engine.monster_my_neighbor.events import PlayedCard, RoundSummary
from engine.monster_my_neighbor.options import MonsterOption

# Fields copied as they are by clone(): ints, bools, tuples and shared data.
_PLAIN = (
    "cards", "n", "rounds", "round_no", "round_monster", "first_hunter_played", "rotation",
    "active", "start_seat", "wanted_holder", "opening_pending", "terminal", "pend_kind",
    "pend_participants", "ctx_running", "ctx_actor", "ctx_card", "ctx_step",
    "ctx_first_hunter", "ctx_result",
)


class State:
    """One game of Monster My Neighbor. ``pend_*`` is the pending decision; ``ctx_*`` the
    effect of the card being resolved (its script position and bound targets)."""

    __slots__ = (
        "active", "buffered", "cards", "counters", "ctx_actor", "ctx_card",
        "ctx_first_hunter", "ctx_result", "ctx_running", "ctx_slots", "ctx_step", "face_down",
        "finished", "first_hunter_played", "friends", "hand_sizes", "hands", "main_deck",
        "monster_deck", "n", "opening_pending", "pend_kind", "pend_options",
        "pend_participants", "pend_seats", "play_areas", "private_logs", "private_times",
        "public_events", "removed", "rng", "rotation", "round_monster", "round_no", "rounds",
        "start_seat", "terminal", "tracked_holder", "turns_taken", "under_deck", "vp",
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
    pend_kind: int
    pend_seats: list[int]
    pend_participants: tuple[int, ...]
    pend_options: dict[int, tuple[MonsterOption, ...]]
    buffered: dict[int, MonsterOption]
    ctx_running: bool
    ctx_actor: int
    ctx_card: int
    ctx_step: int
    ctx_slots: list[int]
    ctx_first_hunter: bool
    ctx_result: int
    public_events: list[tuple[Any, ...]]
    private_logs: list[list[tuple[Any, ...]]]
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
        twin.pend_seats = self.pend_seats[:]
        twin.pend_options = dict(self.pend_options)
        twin.buffered = dict(self.buffered)
        twin.ctx_slots = self.ctx_slots[:]
        twin.public_events = self.public_events[:]
        twin.private_logs = [log[:] for log in self.private_logs]
        twin.private_times = [times[:] for times in self.private_times]
        return twin
