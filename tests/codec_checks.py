"""Checks every game's wire codec must pass, shared by the games' wire tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Game, GameConfig, GameRng, GameState, get_game
from engine.core.wire import WireCodec


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
