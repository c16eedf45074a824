"""A DecisionRequest back into what an engine bot reads: the seat's observation and a
:class:`~engine.core.Decision`, exactly as a tournament hands them to the bot in process.

One :class:`RequestDecoder` per match and seat (built from MatchStart's config), fed every
request of the match in order: it reads ``engine_observation`` (see
:mod:`engine.toolkit.wire_values`; sent to streams whose Hello set ``engine_values``) and
resolves the objects the tree names instead of sending (the match's card set) from a game
set up with the same config.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.decision import Decision
from engine.core.errors import ConfigError
from engine.core.game import GameConfig
from engine.core.registry import get_game
from engine.toolkit.wire_values import ValueDecoder


def game_config(config: Any) -> GameConfig:
    """The :class:`GameConfig` of an ``arena.v1.MatchConfig`` (players, engine options,
    and the card text when the server plays a card file of its own)."""
    try:
        options = json.loads(config.options_json) if config.options_json else {}
    except ValueError as exc:
        raise ValueError(f"MatchConfig.options_json is not JSON: {exc}") from None
    return GameConfig(int(config.players), options,
                      config.cards if config.custom_cards else None)


class RequestDecoder:
    """Decodes the requests of one match seat of ``game_id`` played with ``config``."""

    def __init__(self, game_id: str, config: GameConfig) -> None:
        game = get_game(game_id)
        if game.wire is None:
            raise ConfigError(f"{game_id} has no wire codec")
        codec = game.wire()
        context = codec.value_context(game.new_state(config, 0).observation(0))
        self._values = ValueDecoder(context)

    def decode(self, request: Any) -> tuple[Any, Decision]:
        """``(observation, decision)`` of an ``arena.v1.DecisionRequest``; ValueError if
        it has no ``engine_observation`` (the stream did not ask for engine values) or
        the tree does not decode."""
        if not request.engine_observation:
            raise ValueError("the DecisionRequest carries no engine_observation: send "
                             "Hello.engine_values = true")
        observation, options = self._values.decode(request.engine_observation)
        if len(options) != len(request.options):
            raise ValueError(f"engine_observation lists {len(options)} options, the "
                             f"request {len(request.options)}")
        return observation, Decision(request.seat, request.kind, options)
