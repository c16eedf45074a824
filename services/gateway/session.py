"""One connected bot: its outgoing frames and the decisions it owes."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from enum import Enum

from arena.v1 import arena_pb2


class Missing(Enum):
    """Why a decision got no usable reply."""

    LATE = "late"
    GONE = "gone"


@dataclass(frozen=True, slots=True)
class Reply:
    index: int
    seconds: float


def error_frame(code: int, message: str, request_id: int = 0) -> bytes:
    error = arena_pb2.Error(code=code, message=message, request_id=request_id)
    return arena_pb2.PlayResponse(error=error).SerializeToString()


class BotSession:
    """A bot's stream. Frames queued with :meth:`send` are written in order by the
    stream's writer; ``None`` in the outbox ends the stream after what precedes it."""

    def __init__(self, name: str, max_matches: int) -> None:
        self.name = name
        self.max_matches = max_matches
        self.matches_played = 0
        self.outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.finished = asyncio.Event()
        self.gone = False
        self._pending: dict[int, tuple[asyncio.Future[Reply], float]] = {}

    def send(self, frame: bytes) -> None:
        if not self.gone:
            self.outbox.put_nowait(frame)

    def send_error(self, code: int, message: str, request_id: int = 0) -> None:
        self.send(error_frame(code, message, request_id))

    def ask(self, request_id: int, frame: bytes) -> asyncio.Future[Reply]:
        """Send a decision request. The future gets the reply (see :meth:`reply`), or is
        cancelled when the stream closes or the request is withdrawn."""
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        if self.gone:
            future.cancel()
            return future
        self._pending[request_id] = (future, time.perf_counter())
        self.send(frame)
        return future

    def withdraw(self, request_id: int) -> None:
        """Stop waiting for a request (its deadline passed or its match ended)."""
        entry = self._pending.pop(request_id, None)
        if entry is not None and not entry[0].done():
            entry[0].cancel()

    def reply(self, message: arena_pb2.DecisionReply) -> None:
        entry = self._pending.pop(message.request_id, None)
        if entry is None:
            self.send_error(
                arena_pb2.ERROR_CODE_UNKNOWN_REQUEST,
                f"request {message.request_id} is not pending (already answered, substituted "
                "after its deadline, or never sent)",
                message.request_id,
            )
            return
        future, sent = entry
        if not future.done():
            future.set_result(Reply(message.option_index, time.perf_counter() - sent))

    def disconnect(self) -> None:
        """The stream is closed: every pending decision resolves as missing."""
        self.gone = True
        for future, _ in self._pending.values():
            if not future.done():
                future.cancel()
        self._pending.clear()
        self.finished.set()

    def match_over(self) -> bool:
        """Count a finished match; True if the bot wants another one."""
        self.matches_played += 1
        if self.max_matches and self.matches_played >= self.max_matches:
            self.outbox.put_nowait(None)
            return False
        return not self.gone
