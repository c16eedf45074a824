"""Built-in bots: legal, deterministic for a seed, and stronger in the expected order."""

from __future__ import annotations

import random

from engine.core.game import GameConfig
from engine.core.match import play_match
from engine.core.registry import get_game
from engine.toolkit.bots import bots_for, make_bot


def test_registered_bots() -> None:
    assert set(bots_for("epic-resort")) >= {"random", "greedy", "mcts"}


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


def test_mcts_choice_ignores_hidden_cards() -> None:
    """Swap another seat's hand with its draw pile and reorder every hidden pile: the
    seat's observation is unchanged, so mcts with the same rng seed chooses the same."""
    from tests.core.hidden_checks import mcts_ignores_hidden_variants
    from tests.epic_resort.test_determinize import _hidden_variants, decision_points

    checked = mcts_ignores_hidden_variants(
        get_game("epic-resort"), "mcts:iterations=12", decision_points(3, 2, 0.02),
        _hidden_variants, random.Random(2))
    assert checked >= 5
