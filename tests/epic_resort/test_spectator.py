"""The spectator seat of Epic Resort: public information only.

No hand, no guildmaster pending, no Phase I plan before every seat committed. That the
view stays the same when any hand, draw pile, deck order or pending plan changes is the
spectator contract (tests/contracts/test_spectator.py, fed by tests/epic_resort/contract.py).
"""

from __future__ import annotations

from engine.core import SPECTATOR, GameConfig
from engine.epic_resort.game_state import EpicResortState
from engine.epic_resort.phase1 import PlanWorker
from tests.epic_resort.contract import CONTRACT


def test_the_spectator_view_holds_no_hand_and_no_pending_split() -> None:
    """The spectator's observation has no hand and no guildmaster split in progress (that
    it stays the same whatever is hidden: tests/contracts/test_spectator.py)."""
    checked = 0
    for g in CONTRACT.spectator_states():
        view = g.observation(SPECTATOR)
        assert view.hand == () and view.guildmaster_pending == -1
        checked += 1
    assert checked > 200


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
