"""The spectator seat: the public view every seat shares, and nothing hidden from anyone.

A live match is shown to spectators from ``observation(SPECTATOR)`` alone, so it must
not change when any hand, deck order, private log or pending choice changes.
"""

from __future__ import annotations

import dataclasses

from engine.core import SPECTATOR
from engine.monster_my_neighbor.events import FaceDownCard
from engine.monster_my_neighbor.observation import Observation
from engine.monster_my_neighbor.options import SIMULTANEOUS_KINDS
from tests.monster_my_neighbor.contract import CONTRACT
from tests.monster_my_neighbor.test_properties import random_states


def public_part(obs: Observation) -> Observation:
    """A seat's observation with everything only that seat knows taken out."""
    return dataclasses.replace(
        obs,
        seat=SPECTATOR,
        hand=(),
        own_pending_choice=None,
        private_log=(),
        private_log_times=(),
        face_down=tuple(
            tuple(FaceDownCard(card.origin, -1) for card in pile) for pile in obs.face_down
        ),
    )


def test_spectator_sees_exactly_what_every_seat_sees_publicly() -> None:
    checked = 0
    for _seed, s in random_states(40, seed0=20_000):
        spectator = s.observation(SPECTATOR)
        assert spectator.hand == () and spectator.private_log == ()
        assert spectator.own_pending_choice is None
        for seat in range(s.s.n):
            assert public_part(s.observation(seat)) == spectator
            checked += 1
    assert checked > 10_000


def test_the_spectator_contract_probes_committed_simultaneous_choices() -> None:
    """The states tests/contracts/test_spectator.py checks include many where one seat of a
    simultaneous decision has committed (its choice hidden from everyone else)."""
    committed = sum(1 for s in CONTRACT.spectator_states()
                    if s.s.pend_kind in SIMULTANEOUS_KINDS
                    and len(s.s.pend_seats) < len(s.s.pend_participants))
    assert committed > 50


def test_spectator_view_changes_with_public_play() -> None:
    """Not vacuous: the spectator does see each public move."""
    for _seed, s in random_states(3, seed0=40_000):
        if s.is_terminal():
            continue
        before = s.observation(SPECTATOR)
        twin = s.clone()
        seat = twin.pending_seats()[0]
        twin.apply(seat, 0)
        if twin.s.public_events != s.s.public_events:
            assert twin.observation(SPECTATOR) != before
