"""Engine bots on the wire: ``arena bot --strategy SPEC`` with the specs ``arena tournament``
takes (a built-in bot of the game such as ``mcts:iterations=50``, ``file.py:Class``,
``package.module:Class``, each optionally ``NAME=SPEC``), resolved by the same code as a
tournament entrant, so the class that plays live is the class a tournament evaluated.

An engine bot reads the game's observation and options, not protobuf. The client asks
for engine values (``Hello.engine_values``), and each DecisionRequest's
``engine_observation`` is turned back into exactly the observation and
:class:`~engine.core.Decision` the bot would get in process
(:class:`engine.toolkit.wire_requests.RequestDecoder`, one per match, built from its
MatchStart); then the bot's own ``choose`` is called. A fresh bot is made for every
match, as a tournament makes one per seat and match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena.v1 import arena_pb2

from engine.core import ConfigError, GameRng
from engine.core.registry import get_game
from engine.toolkit.wire_requests import RequestDecoder, game_config
from services.runner.bot_specs import bot_factory
from services.tournament.entrants import entrant_item, resolve_entrant


class EngineBotStrategy:
    """A :class:`~services.botclient.strategies.Strategy` that decodes each request and
    asks an engine bot made for the match."""

    __slots__ = ("_bot", "_decoder", "_factories", "_game", "_spec", "name")
    engine_values = True  # the client sets Hello.engine_values for it

    def __init__(self, name: str, game: str, factory: Callable[[], Any], spec: str = ""
                 ) -> None:
        self.name = name
        self._game = game
        self._spec = spec
        self._factories: dict[str, Callable[[], Any]] = {game: factory}
        self._bot: Any = None
        self._decoder: RequestDecoder | None = None

    def start(self, start: arena_pb2.MatchStart) -> None:
        """A new match: a fresh bot (of the match's game: a server with several queues
        may seat it in any of their games), and a decoder for the match's config.
        ValueError if the spec has no bot for that game."""
        game = start.game or self._game
        factory = self._factories.get(game)
        if factory is None:
            factory = self._factories[game] = _resolve(self._spec, game)[1]
        self._decoder = RequestDecoder(game, game_config(start.config))
        self._bot = factory()

    def choose(self, request: arena_pb2.DecisionRequest, rng: GameRng) -> int:
        if self._decoder is None:
            raise ValueError("a DecisionRequest before its match's MatchStart")
        observation, decision = self._decoder.decode(request)
        if not getattr(self._bot, "needs_observation", True):
            observation = None  # as in a tournament: such a bot is never shown one
        return int(self._bot.choose(observation, decision, rng))


def engine_strategy(spec: str, game: str) -> EngineBotStrategy:
    """The engine bot of ``spec`` for ``game``; ValueError (one line) if the spec is
    unknown, its class does not load, or the game has no wire codec."""
    name, factory = _resolve(spec, game)
    return EngineBotStrategy(name, game, factory, spec)


def _resolve(spec: str, game: str) -> tuple[str, Callable[[], Any]]:
    """The entrant name and bot factory of ``spec`` for ``game``; ValueError (one line)."""
    try:
        name, bare = entrant_item(spec)
        entrant = resolve_entrant(game, name, bare)
        factory = bot_factory(game, entrant.worker_spec)
        codec_factory = get_game(game).wire
    except (ConfigError, KeyError) as exc:
        raise ValueError(str(exc).strip().splitlines()[0]) from None
    if codec_factory is None:
        raise ValueError(f"{game} has no wire codec: its requests cannot be decoded")
    return entrant.name, factory
