"""Built-in Epic Resort bots.

- ``random`` (from the core): a uniformly random legal option.
- ``greedy``: one ply: for each option, a clone of a determinized state (sampled from the
  observation) takes it, the rest of any attack in progress is settled with default
  answers, and the heuristic value (own value minus the best opponent's) is compared.
- ``boss``: ``mcts`` searching only the best few options by the greedy values
  (:mod:`engine.toolkit.boss`), with defaults tuned against its predecessors.
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
from engine.toolkit.boss import boss_factory, players_count

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


def greedy_values(observation: Observation, decision: Decision, rng: GameRng) -> list[float]:
    """Each option's one-ply value on one sampled state (with a tiny random tie-break)."""
    base = determinize(observation, rng)
    seat = decision.seat
    values = []
    for i in range(len(decision.options)):
        c = base.clone()
        flow.choose(c, seat, i)
        settle(c)
        values.append(relative_value(c, seat) + rng.random() * 1e-6)
    return values


class GreedyBot:
    name = "greedy"
    needs_observation = True

    def __init__(self, game: Game | None = None) -> None:
        del game

    def choose(self, observation: Observation, decision: Decision, rng: GameRng) -> int:
        n = len(decision.options)
        if n == 1:
            return 0
        values = greedy_values(observation, decision, rng)
        best, best_v = 0, -math.inf
        for i, v in enumerate(values):
            if v > best_v:
                best, best_v = i, v
        return best


# ``boss``: mcts on the greedy values' best ``width`` options (engine/toolkit/boss.py);
# the defaults come from docs/strength.md's trail.
BOSS_DEFAULTS = {"iterations": 48, "width": 4}
# At two seats the boss searches flat with common random numbers (change 6: the full
# tree spent more iterations on its own later moves) at 144 iterations (change 7).
BOSS_BY_PLAYERS = {2: {"iterations": 144, "tree": "root", "crn": True}}


BOTS: dict[str, BotFactory] = {
    "greedy": GreedyBot,
    "boss": boss_factory(BOSS_DEFAULTS, greedy_values, by_players=BOSS_BY_PLAYERS,
                         players=players_count)}
