"""Decision deadlines of hosted bots in CPU time: a bot the arena runs itself is charged
the CPU time its sandbox's processes use while it owes a reply, not the wall time, so a
loaded machine (other games, other bots, other jobs) never costs it a move.

A request's budget is the move time plus what is left of the seat's bank, in CPU seconds
(user + system of every process of the bot's sandbox, read from /proc by
:meth:`services.sandbox.SandboxedProcess.cpu_seconds`; 10 ms resolution). It is checked
on the endpoint's event loop: first when the budget could be used up at the earliest
(budget / CPUs of the machine, as a bot may run a thread per CPU), then again as close as
what is left allows, at most every ``MIN_CHECK`` seconds. A bot that uses no CPU (blocked
on nothing, sleeping, stopped) would never reach its budget, so a wall-clock backstop
ends the request too: after ``wall_backstop`` times the budget of wall time.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from services.gateway.asks import RemoteAsks
from services.gateway.seats import RemoteSeat
from services.gateway.session import Missing, Outcome

log = logging.getLogger(__name__)

CpuClock = Callable[[], float]
MIN_CHECK = 0.01
CPUS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@dataclass(slots=True)
class _Open:
    """A request whose CPU time is being watched."""

    request_id: int
    cpu_start: float
    wall_start: float
    budget: float  # CPU seconds
    backstop: float  # wall seconds


class CpuAsks(RemoteAsks):
    """:class:`RemoteAsks` whose deadlines count the CPU time of each seat's bot
    (``clocks[seat]()``: its sandbox's CPU seconds so far). A seat without a clock keeps
    the wall-clock deadline. After an outcome, :meth:`charged` is the CPU time the
    request used and :attr:`late_by` says which limit a late one passed."""

    def __init__(self, remote: dict[int, RemoteSeat], move_ms: int,
                 clocks: Mapping[int, CpuClock], wall_backstop: float) -> None:
        super().__init__(remote, move_ms)
        self.clocks = dict(clocks)
        self.wall_backstop = wall_backstop
        self._open: dict[int, _Open] = {}
        self._charged: dict[int, float] = {}
        self.late_by: dict[int, Literal["cpu", "wall"]] = {}

    def charged(self, seat: int, wall_seconds: float) -> float:
        """Seconds the seat's last resolved request is charged: its CPU time, or
        ``wall_seconds`` for a seat without a clock."""
        return self._charged.get(seat, wall_seconds)

    def _arm(self, seat: int, request_id: int, deadline_ms: int) -> asyncio.TimerHandle:
        clock = self.clocks.get(seat)
        if clock is None:
            return super()._arm(seat, request_id, deadline_ms)
        budget = deadline_ms / 1000
        opened = _Open(request_id, clock(), time.monotonic(), budget,
                       budget * self.wall_backstop)
        self._open[seat] = opened
        self._charged.pop(seat, None)
        self.late_by.pop(seat, None)
        return asyncio.get_running_loop().call_later(
            max(MIN_CHECK, budget / CPUS), self._check, seat, opened)

    def _check(self, seat: int, opened: _Open) -> None:
        remote = self.remote[seat]
        if remote.waiting is None or remote.waiting[0] != opened.request_id:
            return
        used = self.clocks[seat]() - opened.cpu_start
        elapsed = time.monotonic() - opened.wall_start
        if used >= opened.budget or elapsed >= opened.backstop:
            self.late_by[seat] = "cpu" if used >= opened.budget else "wall"
            if self.late_by[seat] == "wall":
                log.info("seat %d: no reply after %.1f s of wall time (%.2f s of CPU): the "
                         "wall-clock backstop ends the request", seat, elapsed, used)
            self._outcome(seat, opened.request_id, Missing.LATE)
            return
        delay = min((opened.budget - used) / CPUS, opened.backstop - elapsed)
        timer = asyncio.get_running_loop().call_later(max(MIN_CHECK, delay), self._check,
                                                      seat, opened)
        remote.waiting = (opened.request_id, timer)

    def _outcome(self, seat: int, request_id: int, outcome: Outcome) -> None:
        opened = self._open.get(seat)
        remote = self.remote[seat]
        if opened is not None and opened.request_id == request_id and \
                remote.waiting is not None and remote.waiting[0] == request_id:
            del self._open[seat]
            self._charged[seat] = max(0.0, self.clocks[seat]() - opened.cpu_start)
        super()._outcome(seat, request_id, outcome)

    def stop_waiting(self, only_seat: int | None = None) -> None:
        super().stop_waiting(only_seat)
        for seat in list(self._open):
            if only_seat in (None, seat):
                del self._open[seat]
