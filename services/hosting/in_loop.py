"""Served matches hosted in the gateway's own event loop.

:class:`InLoopHosts` runs each :class:`~services.hosting.match_host.MatchHost` in the
gateway's loop: no message at all, but built-in moves take the gRPC loop's time and one
core does everything. A host plays about ``IN_LOOP_STEP_SECONDS`` of built-in moves per
call (then its step pauses and the match runner resumes it), so the loop is given back
that often however slow the fill bot and however long the rest of the game.
"""

from __future__ import annotations

from typing import Any

from services.hosting.match_host import MatchHost
from services.hosting.protocol import HostFailed, HostHandle, HostStep, Op

# Seconds of built-in play per host call: short, since nothing else runs meanwhile.
IN_LOOP_STEP_SECONDS = 0.02


class LocalHost(HostHandle):
    """A :class:`MatchHost` called directly (its exceptions become HostFailed)."""

    def __init__(self, *args: Any) -> None:
        self._args = args
        self._host: MatchHost | None = None

    async def start(self) -> HostStep:
        try:
            self._host = MatchHost(*self._args, budget=IN_LOOP_STEP_SECONDS)
            return self._host.start()
        except Exception as exc:
            raise HostFailed(f"{type(exc).__name__}: {exc}") from exc

    async def call(self, op: Op, args: tuple[int, ...]) -> HostStep:
        if self._host is None:
            raise HostFailed("the match was not started")
        try:
            return self._host.perform(op, args)
        except Exception as exc:
            raise HostFailed(f"{type(exc).__name__}: {exc}") from exc

    def close(self) -> None:
        self._host = None


class InLoopHosts:
    """Matches in the gateway's own event loop."""

    async def open(self) -> None:
        pass

    def host(self, *args: Any) -> HostHandle:
        return LocalHost(*args)

    def pids(self) -> list[int]:
        return []

    async def close(self) -> None:
        pass
