"""The match loop builds observations only for bots that read them."""

from __future__ import annotations

from typing import Any

from engine.core import Decision, GameConfig, GameRng, play_match


class Recorder:
    """A bot that remembers what observations it was given."""

    name = "recorder"

    def __init__(self, needs_observation: bool) -> None:
        self.needs_observation = needs_observation
        self.seen: list[Any] = []

    def choose(self, observation: Any, decision: Decision, rng: GameRng) -> int:
        self.seen.append(observation)
        return 0


def test_observations_only_for_bots_that_need_them() -> None:
    blind, seeing = Recorder(False), Recorder(True)
    play_match("monster-my-neighbor", GameConfig(3), 4, [blind, seeing, Recorder(False)])
    assert blind.seen and all(obs is None for obs in blind.seen)
    assert seeing.seen and all(obs is not None and obs.seat == 1 for obs in seeing.seen)


def test_game_rng_draws_are_those_of_random_randrange() -> None:
    """GameRng.randrange skips Random.randrange's checks: the stream must not change
    (replays and seeds of earlier versions stay valid), also after a fork."""
    import random

    import pytest

    from engine.core import GameRng

    for seed in (0, 7, 2**40 + 3):
        ours, theirs = GameRng(seed), random.Random(seed)
        for n in [1, 2, 3, 5, 7, 64, 1000, 2**31 + 11, 2**70] * 40:
            assert ours.randrange(n) == theirs.randrange(n)
        twin = ours.fork()
        assert [twin.randrange(9) for _ in range(50)] == [ours.randrange(9) for _ in range(50)]
    with pytest.raises(ValueError):
        GameRng(1).randrange(0)


def test_a_session_counts_its_built_in_decisions_and_their_time() -> None:
    """The counters behind the built-in bots' latency metrics: one decision per built-in
    choice (an external seat's choice is not one) and the time spent in ``choose``."""
    import time

    from engine.core.match import MatchSession

    bots = [Recorder(False), Recorder(False), Recorder(False)]
    session = MatchSession("monster-my-neighbor", GameConfig(3), 4, [*bots[:2], None])
    started = time.perf_counter()
    while pending := session.advance():
        session.submit(pending[0], 0)
    elapsed = time.perf_counter() - started
    built_in = sum(len(bot.seen) for bot in bots[:2])
    assert built_in > 0 and len(session.choices) > built_in
    assert session.builtin_decisions == built_in
    assert 0 < session.builtin_seconds < elapsed
