"""Registries of games and built-in bots, keyed by public ids (``monster-my-neighbor``)."""

from __future__ import annotations

import importlib

from engine.core.bot import Bot, BotFactory
from engine.core.errors import ConfigError
from engine.core.game import Game

# Game id -> module that registers it on import. Importing lazily keeps start-up cheap.
_GAME_MODULES: dict[str, str] = {
    "monster-my-neighbor": "engine.monster_my_neighbor",
    "epic-resort": "engine.epic_resort",
}

_GAMES: dict[str, Game] = {}
_BOTS: dict[str, dict[str, BotFactory]] = {}


def register_game(game: Game, bots: dict[str, BotFactory]) -> None:
    """Called by a game package on import."""
    _GAMES[game.game_id] = game
    _BOTS[game.game_id] = dict(bots)


def available_games() -> tuple[str, ...]:
    return tuple(sorted(_GAME_MODULES))


def get_game(game_id: str) -> Game:
    if game_id not in _GAMES:
        module = _GAME_MODULES.get(game_id)
        if module is None:
            known = ", ".join(available_games())
            raise ConfigError(f"unknown game {game_id!r}; known games: {known}")
        importlib.import_module(module)
    return _GAMES[game_id]


def bots_for(game_id: str) -> tuple[str, ...]:
    get_game(game_id)
    return tuple(sorted(_BOTS[game_id]))


def make_bot(game_id: str, name: str) -> Bot:
    get_game(game_id)
    factory = _BOTS[game_id].get(name)
    if factory is None:
        known = ", ".join(sorted(_BOTS[game_id]))
        raise ConfigError(f"unknown bot {name!r} for {game_id}; built-in bots: {known}")
    return factory()
