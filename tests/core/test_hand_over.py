"""MatchSession.hand_over: a remote seat given to a built-in bot mid-match."""

from __future__ import annotations

import pytest

from engine.core import GameConfig, MatchSession, replay_match
from engine.core.errors import NotYourTurn
from engine.toolkit.bots import make_bot

GAME = "monster-my-neighbor"


def _session() -> MatchSession:
    seats = [None, *(make_bot(GAME, "random") for _ in range(4))]
    return MatchSession(GAME, GameConfig(5, {}), 3, seats)


def test_a_handed_over_seat_is_played_to_the_end_by_the_bot() -> None:
    session = _session()
    assert session.advance() == (0,)
    session.hand_over(0, make_bot(GAME, "random"))
    assert session.advance() == ()
    assert session.is_over()
    assert session.labels[0] == "remote0"
    replay_match(session.replay())


def test_a_builtin_seat_cannot_be_handed_over() -> None:
    session = _session()
    with pytest.raises(NotYourTurn):
        session.hand_over(1, make_bot(GAME, "random"))


def test_after_hand_over_the_seat_takes_no_external_choice() -> None:
    session = _session()
    session.advance()
    session.hand_over(0, make_bot(GAME, "random"))
    with pytest.raises(NotYourTurn):
        session.submit(0, 0)
