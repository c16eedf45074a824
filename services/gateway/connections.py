"""The gateway's client connections: counted, and capped in total and per peer address.

gRPC itself holds a hard bound (:func:`services.wire.transport.hard_connection_bound`,
``--max-connections`` plus a burst margin): past it, gRPC closes a new connection as
soon as it accepts it, before any handshake, so the gateway's file descriptors stay
bounded whatever the rate of new connections. gRPC offers no per-address cap and no
hook to count what it refuses, so the caps themselves are kept here, by looking at the
connections: every SWEEP_SECONDS the gateway lists its own sockets (``/proc/self/fd``;
Linux only, elsewhere only gRPC's hard bound applies), keeps those whose local port is
the gRPC port, and closes (``shutdown``) the ones beyond ``--max-connections-per-address``
for their address, then beyond ``--max-connections`` in all. The victims are chosen
among connections that carry no Play stream first, newest first: a bot that connects
and opens its stream while idle connections fill the server displaces one of them
rather than being locked out. Every connection closed this way is counted in
``arena_refused_connections_total{reason}`` (``per_address``, ``max_connections``);
``arena_connections`` is the count of the last look.

Closing works on a duplicate of gRPC's descriptor, after checking that it still names
the same TCP connection (both ends): gRPC reads end-of-file and drops the connection
itself, and a descriptor number gRPC reused meanwhile is never touched.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from prometheus_client import Counter, Gauge

log = logging.getLogger(__name__)

SWEEP_SECONDS = 0.5
FD_DIR = "/proc/self/fd"

Endpoint = tuple[str, int]  # (host, port), IPv4-mapped IPv6 hosts written as IPv4


def _host(raw: str) -> str:
    raw = raw.strip("[]")
    return raw[7:] if raw.startswith("::ffff:") and "." in raw else raw


def peer_endpoint(peer: str) -> Endpoint | None:
    """``ipv4:10.0.0.7:53122`` or ``ipv6:[::1]:53122`` (a gRPC peer string) as an
    endpoint; None for other transports."""
    if not peer.startswith(("ipv4:", "ipv6:")):
        return None
    host, _, port = peer[5:].rpartition(":")
    return (_host(host), int(port)) if port.isdigit() else None


@dataclass(frozen=True, slots=True)
class Connection:
    """One accepted client connection: the descriptor gRPC holds, the peer, and the
    number of the look that first saw it (a larger one is newer)."""

    fd: int
    inode: int
    local_port: int
    peer: Endpoint
    first_seen: int


@dataclass(frozen=True, slots=True)
class ConnectionCaps:
    """``max_connections`` in all; ``per_address`` per peer address (0: no cap)."""

    max_connections: int
    per_address: int = 0


def _ends(fd: int) -> tuple[int, Endpoint] | None:
    """The local port and peer of the TCP socket ``fd``, or None (not a connected TCP
    socket, or closed meanwhile). Looks through a duplicate, which it closes."""
    try:
        dup = os.dup(fd)
    except OSError:
        return None
    try:
        with socket.socket(fileno=dup) as sock:
            if sock.type != socket.SOCK_STREAM or sock.family not in (
                    socket.AF_INET, socket.AF_INET6):
                return None
            local = sock.getsockname()
            remote = sock.getpeername()
    except OSError:
        return None
    return int(local[1]), (_host(str(remote[0])), int(remote[1]))


def _shutdown(connection: Connection) -> bool:
    """Shut ``connection`` down if its descriptor still names it; True if done."""
    try:
        dup = os.dup(connection.fd)
    except OSError:
        return False
    with socket.socket(fileno=dup) as sock:
        try:
            local, remote = sock.getsockname(), sock.getpeername()
            if (int(local[1]) != connection.local_port
                    or (_host(str(remote[0])), int(remote[1])) != connection.peer):
                return False
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            return False
    return True


class ConnectionTable:
    """The gateway's connections on ``port``, as of the last :meth:`look`."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._looks = 0
        self._known: dict[int, tuple[int, Endpoint] | None] = {}  # inode -> ends
        self._first_seen: dict[int, int] = {}

    def look(self) -> list[Connection]:
        self._looks += 1
        seen: list[Connection] = []
        inodes: set[int] = set()
        try:
            names = os.listdir(FD_DIR)
        except OSError:
            return seen
        for name in names:
            try:
                target = os.readlink(f"{FD_DIR}/{name}")
            except OSError:
                continue
            if not target.startswith("socket:["):
                continue
            inode, fd = int(target[8:-1]), int(name)
            inodes.add(inode)
            if inode not in self._known:
                self._known[inode] = _ends(fd)
            ends = self._known[inode]
            if ends is None or ends[0] != self.port:
                continue
            first = self._first_seen.setdefault(inode, self._looks)
            seen.append(Connection(fd, inode, ends[0], ends[1], first))
        for gone in self._known.keys() - inodes:
            del self._known[gone]
            self._first_seen.pop(gone, None)
        return seen


def beyond_caps(
    connections: Iterable[Connection], caps: ConnectionCaps, with_stream: set[Endpoint]
) -> list[tuple[Connection, str]]:
    """The connections to close, each with its reason: per address first, then in all;
    connections without a Play stream before those with one, newest first."""

    def victim_order(c: Connection) -> tuple[bool, int, int]:
        return (c.peer in with_stream, -c.first_seen, -c.inode)

    kept = list(connections)
    closing: list[tuple[Connection, str]] = []
    if caps.per_address:
        by_address: dict[str, list[Connection]] = defaultdict(list)
        for c in kept:
            by_address[c.peer[0]].append(c)
        for group in by_address.values():
            excess = len(group) - caps.per_address
            if excess > 0:
                closing += [(c, "per_address")
                            for c in sorted(group, key=victim_order)[:excess]]
        dropped = {c.inode for c, _ in closing}
        kept = [c for c in kept if c.inode not in dropped]
    excess = len(kept) - caps.max_connections
    if excess > 0:
        closing += [(c, "max_connections") for c in sorted(kept, key=victim_order)[:excess]]
    return closing


class ConnectionGuard:
    """Looks at the connections every SWEEP_SECONDS, closes those beyond ``caps`` and
    keeps the metrics. ``with_stream()`` gives the gRPC peer strings of connections
    carrying a Play stream."""

    def __init__(
        self, port: int, caps: ConnectionCaps, with_stream: Callable[[], Iterable[str]],
        open_gauge: Gauge, refused: Counter,
    ) -> None:
        self.table = ConnectionTable(port)
        self.caps = caps
        self._with_stream = with_stream
        self._open = open_gauge
        self._refused = refused

    @staticmethod
    def supported() -> bool:
        return os.path.isdir(FD_DIR)

    def sweep(self) -> int:
        """One look: close what is beyond the caps; return how many were closed."""
        connections = self.table.look()
        streams = {e for p in self._with_stream() if (e := peer_endpoint(p)) is not None}
        closed = 0
        for connection, reason in beyond_caps(connections, self.caps, streams):
            if _shutdown(connection):
                closed += 1
                self._refused.labels(reason).inc()
                log.debug("closed connection from %s:%d (%s)", *connection.peer, reason)
        self._open.set(len(connections) - closed)
        return closed

    async def run(self) -> None:
        if not self.supported():
            log.warning("no %s: connection caps beyond gRPC's hard bound are off", FD_DIR)
            return
        while True:
            try:
                self.sweep()
            except Exception:  # a look that failed is retried at the next one
                log.exception("connection sweep failed")
            await asyncio.sleep(SWEEP_SECONDS)
