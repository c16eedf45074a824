"""The reference Python bot client: dials a gateway and plays with a local strategy."""

from services.botclient.client import BotReport, MatchRecord, Refused, play, win_share
from services.botclient.strategies import STRATEGIES, Strategy, make_strategy

__all__ = ["STRATEGIES", "BotReport", "MatchRecord", "Refused", "Strategy", "make_strategy",
           "play", "win_share"]
