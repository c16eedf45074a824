"""The spectator seat of Epic Resort: public information only.

No hand, no guildmaster pending, no Phase I plan before every seat committed; and the
view stays the same when any hand, draw pile, deck order or pending plan changes.
"""

from __future__ import annotations

import random

import pytest

from engine.core import SPECTATOR, GameConfig, get_game
from engine.epic_resort.game_state import EpicResortState
from engine.epic_resort.phase1 import PlanWorker
from tests.epic_resort.test_properties import _hide_shuffle, policy


def test_game_declares_a_spectator_view() -> None:
    assert get_game("epic-resort").info.spectator


@pytest.mark.parametrize("n", [2, 3, 4])
def test_spectator_view_ignores_every_seats_hidden_information(n: int) -> None:
    checked = 0
    for seed in range(20):
        g = EpicResortState.new(GameConfig(n), 5000 + seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            view = g.observation(SPECTATOR)
            assert view.hand == () and view.guildmaster_pending == -1
            if rng.random() < 0.05:
                twin = EpicResortState(_hide_shuffle(g.s, SPECTATOR, rng))
                assert twin.observation(SPECTATOR) == view
                checked += 1
            seats = g.pending_seats()
            seat = seats[rng.randrange(len(seats))]
            g.apply(seat, policy(g, seat, rng))
    assert checked > 50


def test_phase1_plans_hidden_from_the_spectator_until_revealed() -> None:
    for seed in range(20):
        g = EpicResortState.new(GameConfig(3), seed)
        while g.decision(g.pending_seats()[0]).kind == "STARTING_LAYOUT":
            g.apply(g.pending_seats()[0], 0)
        before = g.observation(SPECTATOR)
        assert all(p.plan is None for p in before.players)
        d = g.decision(0)
        g.apply(0, next(i for i, o in enumerate(d.options) if isinstance(o, PlanWorker)))
        assert g.observation(SPECTATOR) == before
