"""Strategies of the reference bot client.

The wire strategies (``random``, ``heuristic``) read only what the server sent: the
DecisionRequest with this seat's protobuf observation and the encoded options, showing
exactly what a third-party bot can see and do. Any other name is an engine bot spec, as
``arena tournament`` takes it (:mod:`services.botclient.engine_bot`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from arena.v1 import arena_pb2

from engine.core import GameRng


class Strategy(Protocol):
    name: str

    def choose(self, request: arena_pb2.DecisionRequest, rng: GameRng) -> int: ...


class RandomStrategy:
    """A uniformly random option, for any game."""

    name = "random"

    def choose(self, request: arena_pb2.DecisionRequest, rng: GameRng) -> int:
        return rng.randrange(len(request.options))


def _random(_game: str) -> Strategy:
    return RandomStrategy()


def _heuristic(game: str) -> Strategy:
    if game == "monster-my-neighbor":
        from services.botclient.monster_heuristic import MonsterHeuristic

        return MonsterHeuristic()
    if game == "epic-resort":
        from services.botclient.epic_resort_heuristic import EpicResortHeuristic

        return EpicResortHeuristic()
    raise ValueError(
        f"strategy 'heuristic' reads only monster-my-neighbor and epic-resort messages, "
        f"not {game}; use --strategy random"
    )


# Each factory takes the game id: ``random`` suits every game; ``heuristic`` has a
# version per game whose messages it reads and refuses the others.
STRATEGIES: dict[str, Callable[[str], Strategy]] = {"random": _random, "heuristic": _heuristic}


def make_strategy(name: str, game: str = "monster-my-neighbor") -> Strategy:
    """The strategy ``name`` for ``game``: a wire strategy (``random``, ``heuristic``), else
    any engine bot spec ``arena tournament`` takes (:mod:`services.botclient.engine_bot`).
    ValueError (one line) if it does not exist, does not load or cannot play ``game``."""
    factory = STRATEGIES.get(name)
    if factory is None:
        from services.botclient.engine_bot import engine_strategy

        return engine_strategy(name, game)
    return factory(game)
