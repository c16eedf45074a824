"""Who may open a stream: caps on streams (in total, per connection) and on Hello
attempts per peer address.

A gRPC peer string names one connection (``ipv4:10.0.0.7:53122``); its address part
(``ipv4:10.0.0.7``) names the host it comes from. Every stream counts as a Hello
attempt of its address, whether or not its Hello is ever read or valid, so floods of
wrong tokens or of bare connections are limited alike.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass

import grpc

WINDOW_SECONDS = 60.0


class Refused(Exception):
    """A stream is not admitted: end it with ``code`` and ``message``."""

    def __init__(self, code: grpc.StatusCode, message: str, reason: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason


def peer_address(peer: str) -> str:
    """The host part of a gRPC peer string (the connection's port removed)."""
    if peer.startswith(("ipv4:", "ipv6:")):
        return peer.rsplit(":", 1)[0]
    return peer


@dataclass(frozen=True, slots=True)
class Limits:
    """``max_streams`` in total, ``max_streams_per_connection``, and
    ``hellos_per_minute`` per peer address (0 turns that limit off)."""

    max_streams: int = 10_000
    max_streams_per_connection: int = 100
    hellos_per_minute: int = 600


class Admission:
    """Counts open streams and recent Hello attempts."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self.streams = 0
        self._per_connection: Counter[str] = Counter()
        self._attempts: dict[str, deque[float]] = {}
        self._checks = 0

    def open(self, peer: str) -> None:
        """Admit a new stream from ``peer`` or raise Refused; pair with :meth:`close`."""
        limits = self.limits
        self._hello_attempt(peer_address(peer))
        if self.streams >= limits.max_streams:
            raise Refused(grpc.StatusCode.RESOURCE_EXHAUSTED,
                          f"the server is full ({limits.max_streams} streams); retry later",
                          "streams")
        if self._per_connection[peer] >= limits.max_streams_per_connection:
            raise Refused(grpc.StatusCode.RESOURCE_EXHAUSTED,
                          f"at most {limits.max_streams_per_connection} streams per connection",
                          "streams_per_connection")
        self.streams += 1
        self._per_connection[peer] += 1

    def close(self, peer: str) -> None:
        self.streams -= 1
        self._per_connection[peer] -= 1
        if self._per_connection[peer] <= 0:
            del self._per_connection[peer]

    def connections(self) -> list[str]:
        """The peers (connections) carrying open streams."""
        return list(self._per_connection)

    def _hello_attempt(self, address: str) -> None:
        limit = self.limits.hellos_per_minute
        if not limit:
            return
        now = self._clock()
        self._forget_quiet_addresses(now)
        attempts = self._attempts.get(address)
        if attempts is None:
            attempts = self._attempts[address] = deque()
        while attempts and attempts[0] <= now - WINDOW_SECONDS:
            attempts.popleft()
        if len(attempts) >= limit:
            raise Refused(grpc.StatusCode.RESOURCE_EXHAUSTED,
                          f"more than {limit} Hello attempts from {address} in a minute; "
                          "retry later", "hello_rate")
        attempts.append(now)

    def _forget_quiet_addresses(self, now: float) -> None:
        """Drop addresses with no attempt in the window (every 1,000 checks), so the
        table holds only the last minute's addresses."""
        self._checks += 1
        if self._checks % 1000:
            return
        cutoff = now - WINDOW_SECONDS
        for address in [a for a, q in self._attempts.items() if not q or q[-1] <= cutoff]:
            del self._attempts[address]

    def tracked_addresses(self) -> int:
        return len(self._attempts)
