"""A bot session's lifecycle: one state at a time, changed only along TRANSITIONS."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import grpc
import pytest

from services.gateway.session import (
    CLOSING,
    GONE,
    PLAYING,
    RETIRING,
    TRANSITIONS,
    WAITING,
    BotSession,
    InvalidTransition,
    SessionState,
)

AGED = (grpc.StatusCode.UNAVAILABLE, "the connection reached its maximum age")


def _in_loop(body: Callable[[], None]) -> None:
    """Run ``body`` inside an event loop (closing a session starts a grace timer)."""

    async def run() -> None:
        body()

    asyncio.run(run())


def test_a_session_plays_matches_then_retires_and_ends() -> None:
    def body() -> None:
        session = BotSession("bot", 0)
        assert session.state is WAITING
        session.seated()
        assert session.state is PLAYING
        assert session.match_over() and session.state is WAITING
        session.seated()
        session.retire(AGED)
        assert session.state is RETIRING and not session.closing
        assert not session.match_over()
        assert session.state is CLOSING and session.closing and session.status == AGED
        assert session.outbox.get_nowait() is None  # the writer ends the stream
        session.disconnect()
        assert session.state is GONE and session.gone and session.finished.is_set()
        assert session.matches_played == 2

    _in_loop(body)


def test_its_last_allowed_match_closes_the_stream_with_ok() -> None:
    def body() -> None:
        session = BotSession("bot", max_matches=1)
        session.seated()
        assert not session.match_over()
        assert session.state is CLOSING and session.status is None

    _in_loop(body)


def test_a_waiting_session_that_retires_is_closed_at_once() -> None:
    def body() -> None:
        session = BotSession("bot", 0)
        session.retire(AGED)
        assert session.state is CLOSING and session.status == AGED

    _in_loop(body)


@pytest.mark.parametrize("wrong", ["seat_twice", "end_unplayed_match", "seat_gone",
                                   "seat_closing", "retire_twice"])
def test_a_change_the_lifecycle_does_not_allow_raises(wrong: str) -> None:
    def body() -> None:
        session = BotSession("bot", 0)
        if wrong == "seat_twice":
            session.seated()
            with pytest.raises(InvalidTransition, match="from playing to playing"):
                session.seated()
        elif wrong == "end_unplayed_match":
            with pytest.raises(InvalidTransition, match="not in"):
                session.match_over()
        elif wrong == "seat_gone":
            session.disconnect()
            with pytest.raises(InvalidTransition, match="from gone to playing"):
                session.seated()
        elif wrong == "seat_closing":
            session.close()
            with pytest.raises(InvalidTransition, match="from closing to playing"):
                session.seated()
        else:
            session.seated()
            session.retire(AGED)
            with pytest.raises(InvalidTransition, match="from retiring to retiring"):
                session.retire(AGED)

    _in_loop(body)


def test_ending_twice_from_both_sides_is_a_no_op() -> None:
    def body() -> None:
        session = BotSession("bot", 0)
        session.seated()
        session.close()
        session.close(AGED)  # already closing: the first status stays
        assert session.status is None
        session.disconnect()
        session.disconnect()
        session.close()
        session.retire(AGED)
        assert session.state is GONE and not session.match_over()

    _in_loop(body)


def test_gone_is_final_and_every_state_can_reach_it() -> None:
    assert TRANSITIONS[GONE] == frozenset()
    assert set(TRANSITIONS) == set(SessionState)
    assert all(GONE in TRANSITIONS[state] for state in SessionState if state is not GONE)
