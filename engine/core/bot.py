"""The built-in bot interface. Bots see only an observation and the decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from engine.core.decision import Decision
from engine.core.rng import GameRng


class Bot(Protocol):
    """A strategy. ``choose`` returns the index of one option of ``decision``.

    ``rng`` is the bot's own seeded stream (never the game's), so bots are
    deterministic for a match seed without being able to peek at game randomness.
    Search bots that need a simulator receive the public game description through
    their factory, never the live state.
    """

    name: str

    def choose(self, observation: Any, decision: Decision, rng: GameRng) -> int: ...


BotFactory = Callable[[], Bot]
