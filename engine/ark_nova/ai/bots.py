"""Ark Nova's own built-in bots (``random`` and ``mcts`` come from the core).

``boss``: ``mcts`` searching only the best few options by the greedy values below
(:mod:`engine.toolkit.boss`), with defaults tuned against its predecessors.

``greedy``: for each option of its decision, a determinized copy of the game takes it and
then finishes the bot's own pending steps with the rule-based policy of ``rollout.py``,
until another seat decides or the bot's next turn begins; the heuristic value (VP
progress, income and resources, relative to the best opponent) of that position picks the
option. It never touches the live state.
"""

from __future__ import annotations

from typing import Any

from engine.ark_nova.ai.determinize import determinize
from engine.ark_nova.ai.heuristic import relative_value
from engine.ark_nova.ai.horizon import horizon_at
from engine.ark_nova.ai.rollout import choose_index
from engine.ark_nova.model.state import State
from engine.ark_nova.rules.turn import ChooseAction
from engine.ark_nova.view.observation import Observation
from engine.core.decision import Decision
from engine.core.rng import GameRng
from engine.toolkit import flow
from engine.toolkit.boss import boss_factory

LOOKAHEAD_STEPS = 40


def finish_own_steps(s: State, seat: int, limit: int = LOOKAHEAD_STEPS) -> None:
    """Answer ``seat``'s pending decisions with the rule-based policy until someone else
    decides or the seat's next turn starts."""
    for _ in range(limit):
        if s.terminal or seat not in s.asked:
            return
        step = s.asked_step
        if isinstance(step, ChooseAction) and step.mode == 0:
            return
        flow.choose(s, seat, choose_index(s, seat, s.asked[seat]))


class GreedyBot:
    name = "greedy"
    needs_observation = True

    def __init__(self, game: Any = None) -> None:
        del game

    def choose(self, observation: Observation, decision: Decision, rng: GameRng) -> int:
        n = len(decision.options)
        if n == 1:
            return 0
        values = greedy_values(observation, decision, rng)
        best, best_v = 0, float("-inf")
        for i, v in enumerate(values):
            if v > best_v:
                best, best_v = i, v
        return best


def greedy_values(observation: Observation, decision: Decision, rng: GameRng) -> list[float]:
    """Each option's value after the greedy look-ahead on one sampled state."""
    seat = decision.seat
    base = determinize(observation, rng)
    values = []
    for i in range(len(decision.options)):
        s = base.clone()
        flow.choose(s, seat, i)
        finish_own_steps(s, seat)
        values.append(relative_value(s, seat) + rng.random() * 1e-6)
    return values


# ``boss``: mcts on the greedy values' best ``width`` options (engine/toolkit/boss.py);
# the defaults come from docs/strength.md's trail.
BOSS_DEFAULTS: dict[str, Any] = {"iterations": 48, "width": 4}

BOTS = {"greedy": GreedyBot, "boss": boss_factory(BOSS_DEFAULTS, greedy_values, horizon_at)}
