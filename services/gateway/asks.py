"""Decision requests in flight to a match's remote seats: each is sent with its deadline
(the move time plus the seat's bank), and its reply, passed deadline or closed stream is
queued for the match loop. Shared by the gateway's matches and a tournament's hosted
matches, so both keep the same deadline rules."""

from __future__ import annotations

import asyncio

from services.gateway.seats import RemoteSeat
from services.gateway.session import Missing, Outcome
from services.hosting.protocol import SeatRequest
from services.wire import frames


class RemoteAsks:
    """The open request of each remote seat in ``remote``; outcomes arrive on ``inbox``
    as ``(seat, request_id, outcome)``, at most one per request."""

    def __init__(self, remote: dict[int, RemoteSeat], move_ms: int) -> None:
        self.remote = remote
        self.move_ms = move_ms
        self.inbox: asyncio.Queue[tuple[int, int, Outcome]] = asyncio.Queue()

    def ask(self, request: SeatRequest) -> None:
        """Send ``request`` to its seat's bot with a deadline of move time plus bank."""
        seat = request.seat
        remote = self.remote[seat]
        session = remote.session
        request_id = session.next_request_id()
        deadline_ms = self.move_ms + remote.bank_ms
        frame = frames.decision_request(remote.prefix, request_id, deadline_ms,
                                        remote.bank_ms, request.body)
        remote.waiting = (request_id, self._arm(seat, request_id, deadline_ms))
        session.ask(request_id, frame, lambda rid, outcome: self._outcome(seat, rid, outcome))

    def _arm(self, seat: int, request_id: int, deadline_ms: int) -> asyncio.TimerHandle:
        """The timer that ends the request at its deadline (wall clock, as the server
        keeps it; hosted bots count their CPU time instead: services.hosted.cpu_asks)."""
        return asyncio.get_running_loop().call_later(
            deadline_ms / 1000, self._outcome, seat, request_id, Missing.LATE)

    def _outcome(self, seat: int, request_id: int, outcome: Outcome) -> None:
        """A reply, a passed deadline or a closed stream: queue it for the match loop."""
        remote = self.remote[seat]
        if remote.waiting is None or remote.waiting[0] != request_id:
            return
        remote.waiting[1].cancel()
        remote.waiting = None
        if outcome is Missing.LATE:
            remote.session.withdraw(request_id)
        self.inbox.put_nowait((seat, request_id, outcome))

    def stop_waiting(self, only_seat: int | None = None) -> None:
        """Withdraw the open requests (of ``only_seat``, or of every seat)."""
        for seat, remote in self.remote.items():
            if remote.waiting is not None and only_seat in (None, seat):
                request_id, timer = remote.waiting
                timer.cancel()
                remote.session.withdraw(request_id)
                remote.waiting = None
