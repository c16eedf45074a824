"""Built-in bots: ``random`` (uniform over legal options) and ``heuristic``."""

from __future__ import annotations

from engine.core import Decision, GameRng
from engine.monster_my_neighbor.heuristic import HeuristicBot
from engine.monster_my_neighbor.observation import Observation


class RandomBot:
    """Picks a legal option uniformly at random with its own seeded stream."""

    name = "random"
    needs_observation = False

    def choose(self, observation: Observation | None, decision: Decision, rng: GameRng) -> int:
        return rng.randrange(len(decision.options))


__all__ = ["HeuristicBot", "RandomBot"]
