"""Checks every game with search runs: determinization and mcts never depend on what the
deciding seat cannot see. A game's tests supply decision points and a function that
makes copies of a state differing only in what that seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from engine.core import Game, GameRng, GameState
from engine.toolkit.bots import make_bot
from tests.core.fingerprint import fingerprint

Variants = Callable[[Any, int, random.Random], list[Any]]


def same_sample_for_hidden_variants(
    game: Game, points: Iterable[tuple[GameState, int]], variants: Variants,
    rng: random.Random, seed: int = 11,
) -> int:
    """For each decision point, every hidden variant gives the identical sampled state for
    the same rng seed (and the same observation). Returns the number of comparisons."""
    compared = 0
    for g, seat in points:
        expected = fingerprint(game.determinize(g, seat, GameRng(seed)))
        for v in variants(g, seat, rng):
            assert v.observation(seat) == g.observation(seat)
            assert fingerprint(game.determinize(v, seat, GameRng(seed))) == expected
            compared += 1
    return compared


def mcts_ignores_hidden_variants(
    game: Game, spec: str, points: Iterable[tuple[GameState, int]], variants: Variants,
    rng: random.Random,
) -> int:
    """mcts with the same rng seed chooses the same option in every hidden variant.
    Returns the number of decision points checked."""
    bot = make_bot(game.game_id, spec)
    checked = 0
    for g, seat in points:
        expected = bot.choose(g.observation(seat), g.decision(seat), GameRng(checked))
        for v in variants(g, seat, rng):
            assert bot.choose(v.observation(seat), v.decision(seat), GameRng(checked)) == expected
        checked += 1
    return checked
