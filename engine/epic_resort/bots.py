"""Built-in Epic Resort bots.

- ``random`` (from the core): a uniformly random legal option.
- ``greedy``: one ply: for each option, a clone of a determinized state (sampled from the
  observation) takes it, the rest of any attack in progress is settled with default
  answers, and the heuristic value (own value minus the best opponent's) is compared.
- ``mcts`` is the core's information-set MCTS (:mod:`engine.toolkit.mcts`) with this game's
  sampling, rollout policy and evaluation (:mod:`engine.epic_resort.search`).

Bots see only (observation, decision, rng): they never touch the live state.
"""

from __future__ import annotations

import math

from engine.core.bot import BotFactory
from engine.core.decision import Decision
from engine.core.game import Game
from engine.core.rng import GameRng
from engine.epic_resort.actions import GmSplit
from engine.epic_resort.attacks import HeroChoice, Respond
from engine.epic_resort.determinize import determinize
from engine.epic_resort.effects import Cash, Heal, Place, Repair, Reposition, Unlock
from engine.epic_resort.heuristic import relative_value
from engine.epic_resort.observation import Observation
from engine.epic_resort.state import State
from engine.toolkit import flow

# Decisions inside an attack or an effect, answered with defaults by ``settle``.
SETTLE_STEPS = (Respond, HeroChoice, Place, Heal, Repair, Unlock, Cash, Reposition, GmSplit)


def settle(s: State, limit: int = 60) -> None:
    """Answer pending attack / effect decisions with defaults so their outcome shows."""
    for _ in range(limit):
        step = s.asked_step
        if s.terminal or not s.asked or not isinstance(step, SETTLE_STEPS):
            return
        seat, opts = next(iter(s.asked.items()))
        flow.choose(s, seat, len(opts) - 1 if isinstance(step, Respond) else 0)


class GreedyBot:
    name = "greedy"
    needs_observation = True

    def __init__(self, game: Game | None = None) -> None:
        del game

    def choose(self, observation: Observation, decision: Decision, rng: GameRng) -> int:
        n = len(decision.options)
        if n == 1:
            return 0
        base = determinize(observation, rng)
        seat = decision.seat
        best, best_v = 0, -math.inf
        for i in range(n):
            c = base.clone()
            flow.choose(c, seat, i)
            settle(c)
            v = relative_value(c, seat) + rng.random() * 1e-6
            if v > best_v:
                best, best_v = i, v
        return best


BOTS: dict[str, BotFactory] = {"greedy": GreedyBot}
