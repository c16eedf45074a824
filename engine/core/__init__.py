"""The small game interface every engine implements and every service speaks.

A service imports only from here; it never reaches into a game's internals.
"""

from engine.core.board import BoardView
from engine.core.bot import Bot, BotFactory
from engine.core.decision import Decision
from engine.core.errors import ConfigError, IllegalChoice, NotYourTurn
from engine.core.game import SPECTATOR, Game, GameConfig, GameInfo, GameState, WireCodec
from engine.core.match import MatchOutcome, MatchSession, play_match
from engine.core.registry import available_games, bots_for, get_game, make_bot, register_game
from engine.core.replay import Replay, replay_match
from engine.core.result import Result, competition_ranks
from engine.core.rng import GameRng

__all__ = [
    "SPECTATOR",
    "BoardView",
    "Bot",
    "BotFactory",
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
    "Replay",
    "Result",
    "WireCodec",
    "available_games",
    "bots_for",
    "competition_ranks",
    "get_game",
    "make_bot",
    "play_match",
    "register_game",
    "replay_match",
]
