"""Checks every game's wire codec must pass, shared by the games' wire tests."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from arena.v1 import arena_pb2

from engine.core import Game, GameConfig, GameRng, GameState, get_game
from engine.core.match import bot_seed
from engine.core.wire import WireCodec
from engine.toolkit.wire_requests import RequestDecoder


def assert_reused_codec_matches_fresh(game_id: str, message_type: type,
                                      player_counts: Sequence[int]) -> None:
    """One codec per match (its parts kept between requests, as the match host keeps
    it): at every decision of random matches, one per entry of ``player_counts``, every
    seat's bytes parse to the message the codec builds from scratch."""
    game = get_game(game_id)
    checked = 0
    for match, players in enumerate(player_counts):
        state = game.new_state(GameConfig(players, dict(game.default_options)), 70 + match)
        codec = game.wire()
        rng = GameRng(match)
        while not state.is_terminal():
            for seat in range(players):
                seen = state.observation(seat)
                sent = message_type.FromString(codec.observation_bytes(seen))
                assert sent == game.wire().observation(seen)
                checked += 1
            seat = state.pending_seats()[0]
            state.apply(seat, rng.randrange(len(state.decision(seat).options)))
    assert checked > 1_000


def decision_request(
    state: GameState, seat: int, codec: WireCodec | None
) -> tuple[object, ...]:
    """What the match host sends ``seat`` for its pending decision besides the
    observation (see ``services.hosting.match_host.MatchHost._request``): the decision kind, and
    every option's label and encoded message (``codec``: the game's; None for a game
    without one). Labels are written from the whole state, not the observation, so they
    can leak where the observation does not. (The encoded observation is left out: the
    codec reads only the observation, which callers compare themselves.)"""
    seen = state.observation(seat)
    decision = state.decision(seat)
    encoded = tuple(
        codec.option(seen, decision.kind, option).SerializeToString(deterministic=True)
        for option in decision.options
    ) if codec is not None else tuple(decision.options)
    return decision.kind, tuple(state.describe_options(seat)), encoded


def assert_same_requests(
    game: Game, state: GameState, variants: Sequence[GameState], seat: int
) -> int:
    """If ``seat`` owes a decision in ``state``, it is asked exactly the same in each of
    ``variants`` (which differ only in what ``seat`` cannot see). Returns the number of
    requests compared."""
    if seat not in state.pending_seats():
        return 0
    codec = game.wire() if game.wire is not None else None
    expected = decision_request(state, seat, codec)
    for variant in variants:
        assert decision_request(variant, seat, codec) == expected
    return len(variants)


def engine_values_round_trip(
    game_id: str, players: int, seed: int, options: Mapping[str, Any] | None = None,
    max_decisions: int | None = None,
) -> int:
    """Play a random match; at every decision every pending seat's engine values go
    through a real ``DecisionRequest`` (serialized and parsed, one encoder and one
    decoder per seat, as a live stream keeps them) and must decode to exactly the
    observation and decision the seat's bot gets in process. Returns the number of
    requests checked."""
    game = get_game(game_id)
    config = GameConfig(players, dict(options if options is not None
                                      else game.default_options))
    state = game.new_state(config, seed)
    codec = game.wire()
    encoders = [codec.value_encoder() for _ in range(players)]
    marks: list[dict[str, int] | None] = [None] * players
    decoders = [RequestDecoder(game_id, config) for _ in range(players)]
    rng = GameRng(seed)
    checked = 0
    while not state.is_terminal() and (max_decisions is None or checked < max_decisions):
        for seat in state.pending_seats():
            seen = state.observation(seat)
            decision = state.decision(seat)
            request = arena_pb2.DecisionRequest.FromString(arena_pb2.DecisionRequest(
                match_id="m", seat=seat, kind=decision.kind,
                options=[arena_pb2.Option(label=str(o)) for o in decision.options],
                engine_observation=encoders[seat].encode(seen, decision.options, marks[seat]),
            ).SerializeToString())
            marks[seat] = encoders[seat].mark(seen)
            got_observation, got_decision = decoders[seat].decode(request)
            assert got_observation == seen
            assert got_decision == decision
            assert type(got_decision.options) is type(decision.options)
            checked += 1
        seat = state.pending_seats()[0]
        state.apply(seat, rng.randrange(len(state.decision(seat).options)))
    return checked


def decoded_bot_plays_alike(
    game_id: str, spec: str, players: int, seed: int, max_decisions: int | None = None,
) -> int:
    """Play a match in which every seat's choice is made twice with the same random
    stream: by the bot of ``spec`` in process (as a tournament runs it) and by the same
    spec as ``arena bot --strategy`` plays it (:class:`EngineBotStrategy`: decoding a
    real ``DecisionRequest``'s engine values, after its ``MatchStart``). Every choice must
    be the same; the match goes on with it. Returns the number of choices compared."""
    from services.botclient.engine_bot import engine_strategy
    from services.runner.bot_specs import bot_factory
    from services.tournament.entrants import entrant_item, resolve_entrant

    game = get_game(game_id)
    config = GameConfig(players, dict(game.default_options))
    state = game.new_state(config, seed)
    codec = game.wire()
    assert game.card_text is not None
    start = arena_pb2.MatchStart(
        match_id="m-1", game=game_id, players=players, config=arena_pb2.MatchConfig(
            players=players, options_json=json.dumps(dict(config.options)),
            cards=game.card_text(), custom_cards=False))
    name, bare = entrant_item(spec)
    factory = bot_factory(game_id, resolve_entrant(game_id, name, bare).worker_spec)
    local = [factory() for _ in range(players)]
    live = [engine_strategy(spec, game_id) for _ in range(players)]
    for strategy in live:
        strategy.start(start)
    local_rngs = [GameRng(bot_seed(seed, seat)) for seat in range(players)]
    live_rngs = [GameRng(bot_seed(seed, seat)) for seat in range(players)]
    encoders = [codec.value_encoder() for _ in range(players)]
    marks: list[dict[str, int] | None] = [None] * players
    compared = 0
    while not state.is_terminal() and (max_decisions is None or compared < max_decisions):
        seat = state.pending_seats()[0]
        seen = state.observation(seat)
        decision = state.decision(seat)
        bot = local[seat]
        expected = bot.choose(seen if getattr(bot, "needs_observation", True) else None,
                              decision, local_rngs[seat])
        request = arena_pb2.DecisionRequest.FromString(arena_pb2.DecisionRequest(
            match_id="m-1", seat=seat, kind=decision.kind,
            options=[arena_pb2.Option(label=str(o)) for o in decision.options],
            engine_observation=encoders[seat].encode(seen, decision.options, marks[seat]),
        ).SerializeToString())
        marks[seat] = encoders[seat].mark(seen)
        assert live[seat].choose(request, live_rngs[seat]) == expected, (seat, compared)
        compared += 1
        state.apply(seat, expected)
    return compared
