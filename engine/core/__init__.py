"""The small game interface every engine implements and every service speaks.

A service imports only from here; it never reaches into a game's internals. How to
write a game against it: ``docs/engine.md``.
"""

from engine.core.board import BoardView
from engine.core.bot import Bot, BotFactory, RandomBot
from engine.core.botspec import BotSpec, split_specs
from engine.core.checks import check_players
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
from engine.core.registry import available_games, bot_factories, bots_for, get_game, make_bot
from engine.core.replay import Replay, replay_match
from engine.core.result import Result, competition_ranks
from engine.core.rng import GameRng
from engine.core.wire import OptionTableCodec, WireCodec

__all__ = [
    "SPECTATOR",
    "BoardView",
    "Bot",
    "BotFactory",
    "BotSpec",
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
    "OptionTableCodec",
    "RandomBot",
    "Replay",
    "Result",
    "Search",
    "ShellState",
    "WireCodec",
    "available_games",
    "bot_factories",
    "bots_for",
    "check_players",
    "competition_ranks",
    "get_game",
    "lazy",
    "make_bot",
    "play_match",
    "replay_match",
    "split_specs",
]
