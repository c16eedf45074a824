"""One connected bot: its lifecycle, its outgoing frames, its request ids and the
decisions it owes.

A session's lifecycle is :class:`SessionState`, and every change of it goes through
:data:`TRANSITIONS` (a change not listed there raises :class:`InvalidTransition`):

- ``WAITING``: welcomed, between matches (queued by the matchmaker) -> ``PLAYING`` when
  seated, ``CLOSING`` or ``GONE``.
- ``PLAYING``: seated in a match -> ``WAITING`` when the match is over and the bot wants
  another, ``RETIRING`` when the stream reached its maximum age, ``CLOSING``, ``GONE``.
- ``RETIRING``: in its last match; ``CLOSING`` (with the retiring status) when it ends.
- ``CLOSING``: the server ends the stream once the queued frames are written -> ``GONE``.
- ``GONE``: the stream is over; every pending decision resolved as GONE.

Closing a session that is already closing or gone, and ending one that is gone, are
allowed no-ops (a stream can end from both sides at once); a match's end may find its
session closing or gone.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

import grpc
from arena.v1 import arena_pb2

# How long a stream the server closes may take to flush its last frames.
CLOSE_GRACE_SECONDS = 10.0


class SessionState(Enum):
    """Where a bot's stream is in its life (see the module docstring)."""

    WAITING = "waiting"
    PLAYING = "playing"
    RETIRING = "retiring"
    CLOSING = "closing"
    GONE = "gone"


WAITING, PLAYING, RETIRING, CLOSING, GONE = SessionState
TRANSITIONS: dict[SessionState, frozenset[SessionState]] = {
    WAITING: frozenset({PLAYING, CLOSING, GONE}),
    PLAYING: frozenset({WAITING, RETIRING, CLOSING, GONE}),
    RETIRING: frozenset({CLOSING, GONE}),
    CLOSING: frozenset({GONE}),
    GONE: frozenset(),
}
_ENDING = frozenset({CLOSING, GONE})


class InvalidTransition(RuntimeError):
    """A session was asked to change state in a way its lifecycle does not allow."""


class Missing(Enum):
    """Why a decision got no usable reply."""

    LATE = "late"
    GONE = "gone"


@dataclass(frozen=True, slots=True)
class Reply:
    index: int
    seconds: float


Outcome = Reply | Missing
OnOutcome = Callable[[int, Outcome], None]


def error_frame(code: arena_pb2.ErrorCode, message: str, request_id: int = 0) -> bytes:
    error = arena_pb2.Error(code=code, message=message, request_id=request_id)
    return arena_pb2.PlayResponse(error=error).SerializeToString()


class BotSession:
    """A bot's stream; ``state`` is its :class:`SessionState`. Frames queued with
    :meth:`send` are written in order by the stream's writer. The stream ends when the
    bot leaves (:meth:`disconnect`) or the server closes it after the queued frames
    (:meth:`close`), whichever is first; then ``finished`` is set.

    Request ids count from 1 on each stream, so they tell a bot nothing about other
    streams. A bot that lets more than ``max_queued`` frames pile up unread is
    disconnected (``status`` RESOURCE_EXHAUSTED, ``dropped`` "unread").
    """

    def __init__(
        self, name: str, max_matches: int, peer: str = "", max_queued: int = 1024,
        engine_values: bool = False,
    ) -> None:
        self.name = name
        self.max_matches = max_matches
        # Hello.engine_values: its requests also carry the engine's own values.
        self.engine_values = engine_values
        self.peer = peer
        # The ids of the queues it was admitted to (empty: every queue).
        self.queues: tuple[str, ...] = ()
        self.matches_played = 0
        self.outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.finished = asyncio.Event()
        self.state = WAITING
        self.status: tuple[grpc.StatusCode, str] | None = None
        self.retired: tuple[grpc.StatusCode, str] | None = None
        # Why the server dropped the stream (a metrics label), if it did.
        self.dropped: str | None = None
        self._max_queued = max_queued
        self._request_ids = itertools.count(1)
        self._pending: dict[int, tuple[OnOutcome, float]] = {}
        self._close_timer: asyncio.TimerHandle | None = None

    # -- lifecycle ----------------------------------------------------------------------------

    def _move(self, to: SessionState) -> None:
        if to not in TRANSITIONS[self.state]:
            raise InvalidTransition(
                f"the session of {self.name} cannot go from {self.state.value} to {to.value}")
        self.state = to

    @property
    def gone(self) -> bool:
        """The stream is over."""
        return self.state is GONE

    @property
    def closing(self) -> bool:
        """The server is ending the stream after its queued frames."""
        return self.state is CLOSING

    def seated(self) -> None:
        """The matchmaker gave the waiting session a seat in a match."""
        self._move(PLAYING)

    # -- frames out ---------------------------------------------------------------------------

    def send(self, frame: bytes) -> None:
        if self.state in _ENDING:
            return
        if self.outbox.qsize() >= self._max_queued:
            self.drop("unread", (grpc.StatusCode.RESOURCE_EXHAUSTED,
                                 f"more than {self._max_queued} messages left unread"))
            return
        self.outbox.put_nowait(frame)

    def send_error(self, code: arena_pb2.ErrorCode, message: str, request_id: int = 0) -> None:
        self.send(error_frame(code, message, request_id))

    def close(self, status: tuple[grpc.StatusCode, str] | None = None) -> None:
        """End the stream once the frames queued so far are written (with ``status``
        instead of OK if given). A bot that does not read them within
        CLOSE_GRACE_SECONDS is disconnected."""
        if self.state in _ENDING:
            return
        self._move(CLOSING)
        self.status = status
        self.outbox.put_nowait(None)
        loop = asyncio.get_running_loop()
        self._close_timer = loop.call_later(CLOSE_GRACE_SECONDS, self.disconnect)

    # -- decisions ----------------------------------------------------------------------------

    def next_request_id(self) -> int:
        return next(self._request_ids)

    def ask(self, request_id: int, frame: bytes, on_outcome: OnOutcome) -> None:
        """Send a decision request; ``on_outcome(request_id, Reply | Missing.GONE)`` is
        called once, unless the request is withdrawn first."""
        if self.state is GONE:
            on_outcome(request_id, Missing.GONE)
            return
        self._pending[request_id] = (on_outcome, time.perf_counter())
        self.send(frame)

    def withdraw(self, request_id: int) -> None:
        """Stop waiting for a request (its deadline passed or its match ended)."""
        self._pending.pop(request_id, None)

    def reply(self, message: arena_pb2.DecisionReply) -> bool:
        """Take a reply; False if it answers no pending request (nothing is done then:
        see :meth:`refuse_reply`)."""
        entry = self._pending.pop(message.request_id, None)
        if entry is None:
            return False
        on_outcome, sent = entry
        on_outcome(message.request_id, Reply(message.option_index, time.perf_counter() - sent))
        return True

    def refuse_reply(self, message: arena_pb2.DecisionReply) -> None:
        """Tell the bot a reply answered no pending request."""
        self.send_error(
            arena_pb2.ERROR_CODE_UNKNOWN_REQUEST,
            f"request {message.request_id} is not pending (already answered, substituted "
            "after its deadline, or never sent)",
            message.request_id,
        )

    # -- the end ------------------------------------------------------------------------------

    def drop(self, reason: str, status: tuple[grpc.StatusCode, str]) -> None:
        """The server ends the stream at once with ``status``, for ``reason``."""
        if self.state is GONE:
            return
        self.dropped = reason
        self.status = status
        self.disconnect()

    def disconnect(self) -> None:
        """The stream is over: every pending decision resolves as GONE."""
        if self.state is GONE:
            return
        self._move(GONE)
        if self._close_timer is not None:
            self._close_timer.cancel()
        pending, self._pending = self._pending, {}
        for request_id, (on_outcome, _) in pending.items():
            on_outcome(request_id, Missing.GONE)
        self.finished.set()

    def retire(self, status: tuple[grpc.StatusCode, str]) -> None:
        """Play no further match: a session in a match ends with ``status`` once the
        match is over; a waiting one (the caller took it out of the matchmaker's queue)
        is closed with it at once."""
        if self.state in _ENDING:
            return
        self.retired = status
        if self.state is WAITING:
            self.close(status)
        else:
            self._move(RETIRING)

    def match_over(self) -> bool:
        """Count a finished match; True if the bot wants another one (the session waits
        again), else the stream is closed after the frames already queued."""
        self.matches_played += 1
        if self.state in _ENDING:
            return False
        if self.state is WAITING:
            raise InvalidTransition(f"the session of {self.name} ended a match it was not in")
        if self.max_matches and self.matches_played >= self.max_matches:
            self.close()
            return False
        if self.state is RETIRING:
            self.close(self.retired)
            return False
        self._move(WAITING)
        return True
