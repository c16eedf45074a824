"""Built-in Epic Resort bots.

- ``random``: a uniformly random legal option.
- ``greedy``: one ply: for each option, a clone of a determinized state (sampled from the
  observation) takes it, the rest of any attack in progress is settled with default
  answers, and the heuristic value (own value minus the best opponent's) is compared.
- ``mcts``: flat Monte-Carlo tree search with UCB1 at the root over determinizations:
  every iteration samples the hidden information consistent with the observation, takes a
  root option, plays a fast rule-based rollout policy to the end of the season (or the
  game), and scores the leaf with the heuristic. Budget: iterations per decision.

Bots see only (observation, decision, rng): they never touch the live state.
"""

from __future__ import annotations

import math
from typing import Any

from engine.core.bot import BotFactory
from engine.core.decision import Decision
from engine.core.rng import GameRng
from engine.epic_resort import rules
from engine.epic_resort.determinize import determinize
from engine.epic_resort.heuristic import relative_value
from engine.epic_resort.observation import Observation
from engine.epic_resort.rollout import rollout_choice
from engine.epic_resort.state import State

SETTLE_FRAMES = frozenset({"RESPOND", "HERO", "PLACE", "HEAL", "DAMAGE", "UNLOCK", "CASH",
                           "REPOSITION", "GM_SPLIT"})


class RandomBot:
    name = "random"
    needs_observation = False

    def choose(self, observation: Any, decision: Decision, rng: GameRng) -> int:
        return rng.randrange(len(decision.options))


def settle(s: State, limit: int = 60) -> None:
    """Answer pending attack / effect decisions with defaults so their outcome shows."""
    for _ in range(limit):
        if s.terminal or not s.frames or s.frames[-1][0] not in SETTLE_FRAMES:
            return
        seat = rules.pending(s)[0]
        opts = rules.options(s, seat)
        k = s.frames[-1][0]
        rules.choose(s, seat, len(opts) - 1 if k == "RESPOND" else 0)


class GreedyBot:
    name = "greedy"

    def choose(self, observation: Observation, decision: Decision, rng: GameRng) -> int:
        n = len(decision.options)
        if n == 1:
            return 0
        base = determinize(observation, rng)
        seat = decision.seat
        best, best_v = 0, -math.inf
        for i in range(n):
            c = base.clone()
            rules.choose(c, seat, i)
            settle(c)
            v = relative_value(c, seat) + rng.random() * 1e-6
            if v > best_v:
                best, best_v = i, v
        return best


class MctsBot:
    name = "mcts"

    def __init__(self, iterations: int = 48, exploration: float = 0.7) -> None:
        self.iterations = iterations
        self.exploration = exploration

    def choose(self, observation: Observation, decision: Decision, rng: GameRng) -> int:
        n = len(decision.options)
        if n == 1:
            return 0
        seat = decision.seat
        visits = [0] * n
        totals = [0.0] * n
        for it in range(max(self.iterations, n)):
            if it < n:
                i = it
            else:
                log_t = math.log(it)
                i = max(range(n), key=lambda k: totals[k] / visits[k]
                        + self.exploration * math.sqrt(log_t / visits[k]))
            s = determinize(observation, rng)
            rules.choose(s, seat, i)
            value = simulate(s, seat, rng)
            visits[i] += 1
            totals[i] += value
        return max(range(n), key=lambda k: (totals[k] / visits[k], visits[k]))


def simulate(s: State, seat: int, rng: GameRng, max_steps: int = 400) -> float:
    """Roll out with the fast policy to the end of the season's Phase I, then evaluate."""
    season = s.season
    for _ in range(max_steps):
        if s.terminal:
            break
        if s.season > season and not any(f[0] == "PHASE1" for f in s.frames):
            break
        seats = rules.pending(s)
        who = seats[0]
        opts = rules.options(s, who)
        rules.choose(s, who, rollout_choice(s, who, opts, rng))
    return relative_value(s, seat)


BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}
