"""Engine bots on the wire: ``arena bot --strategy SPEC`` with the specs ``arena tournament``
takes (a built-in bot of the game such as ``mcts:iterations=50``, ``file.py:Class``,
``package.module:Class``), resolved by the same code as a tournament entrant, so the
class that plays live is the class a tournament evaluated.

An engine bot reads the game's observation and options, not protobuf: each
DecisionRequest is turned back into them by the game's wire codec
(``decode_request(request) -> (observation, Decision)``), then the bot's own ``choose``
is called. A game whose codec has no decoder yet is refused here, before any match, in
one line (the wire strategies ``random`` and ``heuristic`` still play it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena.v1 import arena_pb2

from engine.core import ConfigError, Decision, GameRng
from engine.core.registry import get_game
from services.runner.bot_specs import bot_factory
from services.tournament.entrants import resolve_entrant

Decoder = Callable[[arena_pb2.DecisionRequest], tuple[Any, Decision]]


class EngineBotStrategy:
    """A :class:`~services.botclient.strategies.Strategy` that decodes each request and
    asks an engine bot. A fresh bot per match, as a tournament makes one per seat and match."""

    __slots__ = ("_bot", "_decode", "_factory", "_match", "name")

    def __init__(self, name: str, factory: Callable[[], Any], decode: Decoder) -> None:
        self.name = name
        self._factory = factory
        self._decode = decode
        self._bot = factory()
        self._match = ""

    def choose(self, request: arena_pb2.DecisionRequest, rng: GameRng) -> int:
        if request.match_id != self._match:
            if self._match:
                self._bot = self._factory()
            self._match = request.match_id
        observation, decision = self._decode(request)
        return int(self._bot.choose(observation, decision, rng))


def engine_strategy(spec: str, game: str) -> EngineBotStrategy:
    """The engine bot of ``spec`` for ``game``; ValueError (one line) if the spec is
    unknown, its class does not load, or the game's requests cannot be decoded yet."""
    try:
        entrant = resolve_entrant(game, None, spec)
        factory = bot_factory(game, entrant.worker_spec)
        codec_factory = get_game(game).wire
    except (ConfigError, KeyError) as exc:
        raise ValueError(str(exc).strip().splitlines()[0]) from None
    decode = getattr(codec_factory(), "decode_request", None) if codec_factory else None
    if decode is None:
        raise ValueError(
            f"strategy {spec!r} is an engine bot, and {game}'s wire codec cannot turn a "
            "DecisionRequest back into its observation yet; live play of engine bots "
            "waits for that decoder (issue 25): use --strategy random or heuristic")
    return EngineBotStrategy(entrant.name, factory, decode)
