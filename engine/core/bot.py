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

    ``needs_observation``: when False the match loop passes ``None`` instead of building
    the seat's observation (a random bot needs only ``len(decision)``). Search bots get
    the public :class:`~engine.core.game.Game` through their factory and simulate on
    ``game.determinize(observation, seat, rng)``, never on the live state.
    """

    name: str
    needs_observation: bool

    def choose(self, observation: Any, decision: Decision, rng: GameRng) -> int: ...


# ``factory(game, **params)``: params come from a bot spec (``mcts:iterations=200``) and
# are keyword parameters with defaults; see :mod:`engine.toolkit.botspec`.
BotFactory = Callable[..., Bot]

