"""The ``boss`` bot of every game: registered, legal, deterministic, within its budget,
and stronger than what it replaced (a small sample whose false-failure rate is bounded).

Legality is a property over 300 random-seeded positions per game and player count: a
position is a seeded deal walked forward by a random number of uniformly random moves (a
truncated game, so the whole run stays within CI's budget), where the boss, at its fast
setting, must return an index of the decision's options that the engine then accepts.
"""

from __future__ import annotations

import random
import time

import pytest

from engine.core.game import GameConfig, GameState
from engine.core.match import play_match
from engine.core.registry import get_game
from engine.core.rng import GameRng
from engine.toolkit.bots import bots_for, make_bot

# The fast setting of each game's boss (README, docs/strength.md): for bulk evaluation.
FAST = {
    "monster-my-neighbor": "boss:iterations=2",
    "epic-resort": "boss:iterations=2,width=2",
    "ark-nova": "boss:iterations=2,width=2",
}
PLAYERS = {"monster-my-neighbor": range(3, 9), "epic-resort": range(2, 5),
           "ark-nova": range(1, 5)}
CASES = [(game, n) for game, counts in PLAYERS.items() for n in counts]
POSITIONS = 300
MAX_WALK = {"monster-my-neighbor": 100, "epic-resort": 200, "ark-nova": 200}


def position(game_id: str, players: int, seed: int) -> GameState:
    """A seeded deal after a random number of uniformly random moves (never terminal)."""
    rnd = random.Random(seed)
    game = get_game(game_id)
    state = game.new_state(GameConfig(players), seed)
    moves: list[tuple[int, int]] = []
    for _ in range(rnd.randrange(MAX_WALK[game_id])):
        seat = state.pending_seats()[0]
        moves.append((seat, rnd.randrange(len(state.decision(seat).options))))
        state.apply(*moves[-1])
        if state.is_terminal():  # rare: play the same moves again but the last
            state = game.new_state(GameConfig(players), seed)
            for move in moves[:-1]:
                state.apply(*move)
            break
    return state


def test_every_game_has_a_boss() -> None:
    for game_id in PLAYERS:
        assert "boss" in bots_for(game_id)


@pytest.mark.timeout(240)
@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_boss_plays_legal_moves_only(game_id: str, players: int) -> None:
    bot = make_bot(game_id, FAST[game_id])
    for k in range(POSITIONS):
        seed = 10_000 * players + k
        state = position(game_id, players, seed)
        seat = state.pending_seats()[0]
        decision = state.decision(seat)
        index = bot.choose(state.observation(seat), decision, GameRng(seed))
        assert 0 <= index < len(decision.options), (game_id, players, seed)
        state.apply(seat, index)  # the engine refuses an illegal choice


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_boss_is_deterministic_for_a_seed(game_id: str) -> None:
    bot = make_bot(game_id, FAST[game_id])
    players = 2 if game_id != "monster-my-neighbor" else 5
    for k in range(20):
        state = position(game_id, players, 500 + k)
        seat = state.pending_seats()[0]
        picks = {bot.choose(state.observation(seat), state.decision(seat), GameRng(k))
                 for _ in range(2)}
        assert len(picks) == 1, (game_id, k)


def test_a_boss_match_replays_the_same_for_a_seed() -> None:
    bots = [make_bot("monster-my-neighbor", FAST["monster-my-neighbor"]) for _ in range(4)]
    a = play_match("monster-my-neighbor", GameConfig(4), 3, bots)
    b = play_match("monster-my-neighbor", GameConfig(4), 3, bots)
    assert a.replay.choices == b.replay.choices


# Positions of the budget test per game: mid-game decisions with several options.
BUDGET_POSITIONS = 4
BUDGET_SECONDS = 1.0


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_boss_keeps_its_budget_at_the_default_setting(game_id: str) -> None:
    """CPU time of this thread (not wall-clock: other processes do not count) per
    decision of the default boss, on the largest decisions of a few walked positions."""
    bot = make_bot(game_id, "boss")
    players = 4 if game_id != "monster-my-neighbor" else 5
    spent = []
    seed = 0
    while len(spent) < BUDGET_POSITIONS:
        seed += 1
        state = position(game_id, players, 900 + seed)
        seat = state.pending_seats()[0]
        decision = state.decision(seat)
        if len(decision.options) < 3:
            continue
        started = time.thread_time()
        bot.choose(state.observation(seat), decision, GameRng(seed))
        spent.append(time.thread_time() - started)
    assert max(spent) <= BUDGET_SECONDS, spent
