"""Built-in Ark Nova bots.

- ``random``: a uniformly random legal option.
"""

from __future__ import annotations

from typing import Any

from engine.core.bot import BotFactory
from engine.core.decision import Decision
from engine.core.rng import GameRng


class RandomBot:
    name = "random"
    needs_observation = False

    def choose(self, observation: Any, decision: Decision, rng: GameRng) -> int:
        return rng.randrange(len(decision.options))


BOTS: dict[str, BotFactory] = {"random": RandomBot}
