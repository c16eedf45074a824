"""The built-in bots of a game: made from a spec ``name`` or ``name:key=value,...``.

Every game gets ``random`` (:class:`RandomBot`) and, when it supports search
(``Game.search``), ``mcts`` (:mod:`engine.toolkit.mcts`); a game's own bots
(``Game.bots``) may override them.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine.core.bot import Bot, BotFactory
from engine.core.decision import Decision
from engine.core.errors import ConfigError
from engine.core.game import Game
from engine.core.registry import get_game
from engine.core.rng import GameRng
from engine.toolkit.botspec import BotSpec, resolve_params

_FACTORIES: dict[str, dict[str, BotFactory]] = {}


class RandomBot:
    """A uniformly random legal option: every game has it."""

    name = "random"
    needs_observation = False

    def __init__(self, game: Game | None = None) -> None:
        del game

    def choose(self, observation: Any, decision: Decision, rng: GameRng) -> int:
        return rng.randrange(len(decision.options))


def bot_factories(game_id: str) -> dict[str, BotFactory]:
    """Every built-in bot of a game by name: the toolkit's, then the game's own."""
    cached = _FACTORIES.get(game_id)
    if cached is not None:
        return cached
    game = get_game(game_id)
    factories: dict[str, BotFactory] = {"random": RandomBot}
    if game.search is not None:
        from engine.toolkit.mcts import MctsBot

        factories["mcts"] = partial(MctsBot, **game.search.defaults)
    factories.update(game.bots)
    _FACTORIES[game_id] = factories
    return factories


def bots_for(game_id: str) -> tuple[str, ...]:
    """Names of a game's built-in bots, sorted."""
    return tuple(sorted(bot_factories(game_id)))


def make_bot(game_id: str, spec: str) -> Bot:
    """A fresh bot from a spec ``name`` or ``name:key=value,...`` (ConfigError if unusable)."""
    parsed = BotSpec.parse(spec)
    factories = bot_factories(game_id)
    factory = factories.get(parsed.name)
    if factory is None:
        known = ", ".join(sorted(factories))
        raise ConfigError(f"unknown bot {parsed.name!r} for {game_id}; built-in bots: {known}")
    kwargs = resolve_params(parsed.name, factory, parsed)
    try:
        return factory(get_game(game_id), **kwargs)
    except ValueError as err:  # a factory rejecting a value (e.g. a negative budget)
        raise ConfigError(f"bot {parsed.name!r}: {err}") from None
