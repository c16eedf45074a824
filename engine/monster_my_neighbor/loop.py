"""The flow driver: run automatic steps until a seat owes a real choice, and commit
choices (buffering simultaneous ones until every asked seat has answered)."""

from __future__ import annotations

from engine.monster_my_neighbor.effects import run_effect
from engine.monster_my_neighbor.events import PV_FORCED
from engine.monster_my_neighbor.moves import note
from engine.monster_my_neighbor.options import SIMULTANEOUS_KINDS, MonsterOption
from engine.monster_my_neighbor.pending import clear_pending
from engine.monster_my_neighbor.state import State
from engine.monster_my_neighbor.turns import start_turn


def advance(s: State) -> None:
    """Run automatic steps (skipped turns, forced discards, effect steps that need no
    choice, decisions with a single legal option) until a seat owes a real choice or the
    game is over."""
    while not s.terminal:
        seats = s.pend_seats
        if seats:
            options = s.pend_options
            if len(seats) == 1:  # the common case: one seat asked
                seat = seats[0]
                if len(options[seat]) != 1:
                    return
                commit(s, seat, options[seat][0], forced=True)
                continue
            forced = [seat for seat in seats if len(options[seat]) == 1]
            if not forced:
                return
            for seat in forced:
                if seat not in s.pend_seats:
                    break
                commit(s, seat, options[seat][0], forced=True)
            continue
        if s.ctx_running:
            run_effect(s)
        else:
            start_turn(s)


def commit(s: State, seat: int, choice: MonsterOption, forced: bool) -> None:
    """Apply one seat's (already validated) choice."""
    kind = s.pend_kind
    if forced:
        note(s, seat, (PV_FORCED, kind, choice))
    if kind in SIMULTANEOUS_KINDS:
        s.buffered[seat] = choice
        s.pend_seats.remove(seat)
        if s.pend_seats:
            return
        choices = s.buffered
        participants = s.pend_participants
        clear_pending(s)
        type(choice).resolve(s, participants, choices)
        return
    clear_pending(s)
    choice.apply(s, seat)
