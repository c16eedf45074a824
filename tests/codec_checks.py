"""Checks every game's wire codec must pass, shared by the games' wire tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import GameConfig, GameRng, get_game


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
