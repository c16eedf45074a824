"""Built-in bots: legal, deterministic for a seed, and stronger in the expected order."""

from __future__ import annotations

import random

import pytest

from engine.core.game import GameConfig
from engine.core.match import play_match
from engine.core.registry import bots_for, make_bot
from engine.core.rng import GameRng
from engine.epic_resort.determinize import determinize
from engine.epic_resort.game_state import EpicResortState
from engine.epic_resort.observation import observe
from engine.epic_resort.phase1 import PHASE1


def test_registered_bots() -> None:
    assert set(bots_for("epic-resort")) >= {"random", "greedy", "mcts"}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_determinized_state_matches_the_observation(n: int) -> None:
    """A sampled state must look exactly like the live one to the observing seat."""
    for seed in range(12):
        g = EpicResortState.new(GameConfig(n), seed)
        rng = random.Random(seed)
        steps = 0
        while not g.is_terminal() and steps < 3000:
            seat = g.pending_seats()[rng.randrange(len(g.pending_seats()))]
            if rng.random() < 0.05:
                obs = g.observation(seat)
                sample = determinize(obs, GameRng(seed))
                # during Phase I others' hidden plans are re-sampled as not yet placed
                if PHASE1 not in g.s.steps:
                    assert observe(sample, seat) == obs
            g.apply(seat, rng.randrange(len(g.decision(seat).options)))
            steps += 1


def test_greedy_beats_random() -> None:
    wins = 0
    for g in range(20):
        names = ["greedy", "random"] if g % 2 == 0 else ["random", "greedy"]
        bots = [make_bot("epic-resort", x) for x in names]
        out = play_match("epic-resort", GameConfig(2), 500 + g, bots)
        wins += names[out.result.winners[0]] == "greedy"
    assert wins >= 16


def test_bots_are_deterministic_for_a_seed() -> None:
    for spec in ("greedy", "mcts:iterations=6"):
        bots = [make_bot("epic-resort", spec)] * 3
        a = play_match("epic-resort", GameConfig(3), 7, bots)
        b = play_match("epic-resort", GameConfig(3), 7, bots)
        assert a.replay.choices == b.replay.choices
