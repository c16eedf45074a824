"""The small game interface every engine implements and every service speaks.

A service imports only from here (and the toolkit's :mod:`engine.toolkit.bots` to make
built-in bots); it never reaches into a game's internals. The reusable parts a game is
built with (turn flow, search, SVG, wire helpers) live in :mod:`engine.toolkit`. How to
write a game against both: ``docs/engine.md``.
"""

from engine.core.board import BoardView
from engine.core.bot import Bot, BotFactory
from engine.core.decision import Decision
from engine.core.errors import CardFileError, ConfigError, IllegalChoice, NotYourTurn
from engine.core.game import (
    SPECTATOR,
    Game,
    GameConfig,
    GameInfo,
    GameState,
    Search,
    ShellState,
    lazy,
)
from engine.core.match import MatchOutcome, MatchSession, play_match
from engine.core.option import Option
from engine.core.registry import available_games, get_game
from engine.core.replay import Replay, replay_match
from engine.core.result import Result, competition_ranks
from engine.core.rng import GameRng
from engine.core.wire import WireCodec

__all__ = [
    "SPECTATOR",
    "BoardView",
    "Bot",
    "BotFactory",
    "CardFileError",
    "ConfigError",
    "Decision",
    "Game",
    "GameConfig",
    "GameInfo",
    "GameRng",
    "GameState",
    "IllegalChoice",
    "MatchOutcome",
    "MatchSession",
    "NotYourTurn",
    "Option",
    "Replay",
    "Result",
    "Search",
    "ShellState",
    "WireCodec",
    "available_games",
    "competition_ranks",
    "get_game",
    "lazy",
    "play_match",
    "replay_match",
]
