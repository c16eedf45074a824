"""MatchSession.advance with a time limit: play cut into steps is the same play."""

from __future__ import annotations

import time

import pytest

from engine.core import GameConfig, MatchSession, get_game, replay_match
from engine.toolkit.bots import make_bot

CASES = [("monster-my-neighbor", 5, "heuristic"), ("epic-resort", 2, "greedy"),
         ("ark-nova", 2, "random")]


def _session(game: str, players: int, bot: str, seed: int) -> MatchSession:
    options = dict(get_game(game).default_options)
    seats = [None, *(make_bot(game, bot) for _ in range(players - 1))]
    return MatchSession(game, GameConfig(players, options), seed, seats)


@pytest.mark.parametrize(("game", "players", "bot"), CASES)
def test_a_play_out_cut_after_every_decision_makes_the_same_choices(game, players, bot) -> None:
    whole = _session(game, players, bot, 5)
    cut = _session(game, players, bot, 5)
    for session in (whole, cut):
        assert session.advance() == (0,)
        session.hand_over(0, make_bot(game, bot))
    assert whole.advance() == () and whole.is_over() and not whole.paused
    before, calls = cut.builtin_decisions, 0
    while not cut.is_over():
        assert cut.advance(until=0.0) == ()  # a limit already past: one decision a call
        calls += 1
        assert cut.paused != cut.is_over()
    assert cut.choices == whole.choices
    assert cut.builtin_decisions == whole.builtin_decisions
    assert calls == cut.builtin_decisions - before  # one decision per call
    replay_match(cut.replay())


def test_a_limit_stops_after_the_decision_that_passes_it_and_not_before() -> None:
    session = _session("monster-my-neighbor", 5, "random", 2)
    assert session.advance(until=time.perf_counter() + 3600) == (0,)
    assert not session.paused and session.builtin_decisions > 0
    before = session.builtin_decisions
    session.hand_over(0, make_bot("monster-my-neighbor", "random"))
    assert session.advance(until=0.0) == () and session.paused
    assert session.builtin_decisions == before + 1
