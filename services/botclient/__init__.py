"""The reference Python bot client: dials a gateway and plays with a local strategy."""

from services.botclient.client import BotReport, MatchRecord, play
from services.botclient.strategies import STRATEGIES, Strategy, make_strategy

__all__ = ["STRATEGIES", "BotReport", "MatchRecord", "Strategy", "make_strategy", "play"]
