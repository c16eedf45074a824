"""Every installed game keeps the promises generic code relies on: ``GameState.clone`` is
an independent copy that replays identically (mcts simulates on clones), and the
``GameInfo`` flags ``simultaneous_decisions`` and ``chance`` say what the game does."""

from __future__ import annotations

import random

import pytest

from engine.core import GameConfig, GameState, available_games, get_game
from tests.core.fingerprint import fingerprint

GAMES = [g for g in available_games() if g != "toy"]
DECISIONS = 400  # per game: bounds the test (an Ark Nova game is thousands of decisions)


def _step(state: GameState, rng: random.Random) -> None:
    """One random decision by the first pending seat."""
    seat = state.pending_seats()[0]
    state.apply(seat, rng.randrange(len(state.decision(seat).options)))


def _walk(game_id: str, seed: int) -> list[GameState]:
    """Clones of the states a random walk passes through (at most ``DECISIONS`` of them)."""
    game = get_game(game_id)
    state = game.new_state(GameConfig(game.info.min_players), seed)
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal() and len(seen) < DECISIONS:
        seen.append(state.clone())
        _step(state, rng)
    return seen


@pytest.mark.parametrize("game_id", GAMES)
def test_a_clone_is_independent_and_replays_identically(game_id: str) -> None:
    states = _walk(game_id, 3)
    for state in states[:: max(1, len(states) // 8)]:
        before = fingerprint(state)
        twin = state.clone()
        assert fingerprint(twin) == before
        choices = random.Random(len(before))
        copy_rng = random.Random(len(before))
        for _ in range(20):
            if twin.is_terminal():
                break
            _step(twin, choices)
        assert fingerprint(state) == before, "playing a clone changed the original"
        for _ in range(20):
            if state.is_terminal():
                break
            _step(state, copy_rng)
        assert fingerprint(state) == fingerprint(twin), "a clone played differently"


@pytest.mark.parametrize("game_id", GAMES)
def test_simultaneous_decisions_flag_matches_the_game(game_id: str) -> None:
    widest = max(len(s.pending_seats()) for seed in (1, 2) for s in _walk(game_id, seed))
    if get_game(game_id).info.simultaneous_decisions:
        assert widest > 1, "declares simultaneous decisions but never asks two seats at once"
    else:
        assert widest == 1, "asks several seats at once without declaring it"


@pytest.mark.parametrize("game_id", GAMES)
def test_chance_flag_matches_the_game(game_id: str) -> None:
    game = get_game(game_id)
    config = GameConfig(game.info.min_players)
    starts = {repr(game.new_state(config, seed).observation(0)) for seed in range(4)}
    if game.info.chance:
        assert len(starts) > 1, "declares chance but every seed deals the same game"
    else:
        assert len(starts) == 1, "the seed changes the game though it declares no chance"


@pytest.mark.parametrize("game_id", GAMES)
def test_all_labels_at_once_are_the_labels_one_by_one(game_id: str) -> None:
    """``describe_options`` (the gateway's request) lists what ``describe_option`` says."""
    for state in _walk(game_id, 5)[::7]:
        for seat in state.pending_seats():
            count = len(state.decision(seat).options)
            assert state.describe_options(seat) == [
                state.describe_option(seat, i) for i in range(count)]
