"""The pending decision and the effect context: asking seats, and clearing both."""

from __future__ import annotations

from engine.monster_my_neighbor.events import RESULT_NONE
from engine.monster_my_neighbor.options import NO_DECISION, MonsterOption
from engine.monster_my_neighbor.state import State


def offer(s: State, kind: int, seat: int, options: tuple[MonsterOption, ...]) -> None:
    """Ask one seat."""
    s.pend_kind = kind
    s.pend_seats = [seat]
    s.pend_participants = (seat,)
    s.pend_options = {seat: options}


def offer_simultaneous(
    s: State, kind: int, seats: tuple[int, ...], options: dict[int, tuple[MonsterOption, ...]]
) -> None:
    """Ask several seats at once; their choices are buffered until all have committed."""
    s.pend_kind = kind
    s.pend_seats = list(seats)
    s.pend_participants = seats
    s.pend_options = options
    s.buffered = {}


def clear_pending(s: State) -> None:
    s.pend_kind = NO_DECISION
    s.pend_seats = []
    s.pend_participants = ()
    s.pend_options = {}
    s.buffered = {}


def clear_effect(s: State) -> None:
    s.ctx_running = False
    s.ctx_actor = -1
    s.ctx_card = -1
    s.ctx_step = 0
    s.ctx_slots = []
    s.ctx_first_hunter = False
    s.ctx_result = RESULT_NONE
