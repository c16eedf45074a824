"""Matches between built-in bots, published to a feed step by step (as a gateway would)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import GameConfig, Replay, get_game, play_match
from engine.toolkit.bots import make_bot
from services.spectate.feed import MatchFeed


def recorded_match(
    game: str, players: int, seed: int, labels: Sequence[str] | None = None
) -> Replay:
    """A whole match between random bots, as a replay with labels."""
    config = GameConfig(players, dict(get_game(game).default_options))
    bots = [make_bot(game, "random") for _ in range(players)]
    outcome = play_match(game, config, seed, bots)
    labels = tuple(labels or (f"bot{i}" for i in range(players)))
    return Replay(game, config, seed, outcome.replay.choices, outcome.result, labels)


def publish(
    feed: MatchFeed, match_id: str, replay: Replay, upto: int | None = None, chunk: int = 7
) -> int:
    """Publish the start and the first ``upto`` choices (all, and the end, if None)."""
    choices = replay.choices if upto is None else replay.choices[:upto]
    feed.started(match_id, replay.game_id, replay.config, replay.seed, replay.labels)
    for start in range(0, len(choices), chunk):
        feed.advanced(match_id, start, choices[start:start + chunk])
    if upto is None:
        feed.ended(match_id, replay)
    return len(choices)


def publish_rest(feed: MatchFeed, match_id: str, replay: Replay, done: int) -> None:
    """Publish the remaining choices after ``done`` and the end."""
    feed.advanced(match_id, done, replay.choices[done:])
    feed.ended(match_id, replay)
