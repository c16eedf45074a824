"""A host worker: one long-lived process that hosts many matches for a gateway.

``python -m services.hosting.worker FD`` serves the gateway on the inherited socket FD
(see :mod:`services.hosting.channel`) until the gateway closes it or dies. Each call is
answered in the order received; matches on one worker share its core. The worker
ignores SIGINT and SIGTERM: the gateway decides when it stops (it drains matches first,
then closes the socket), and a gateway that is killed closes the socket too.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import sys
from typing import Any, BinaryIO, cast

from services.hosting.channel import ChannelClosed, encode, read_message
from services.hosting.match_host import MatchHost
from services.hosting.protocol import HostStep, Op

log = logging.getLogger(__name__)


class Worker:
    """The matches of one worker, by the gateway's match key."""

    def __init__(self) -> None:
        self.matches: dict[int, MatchHost] = {}

    def handle(self, key: int, op: str, args: Any) -> HostStep | None:
        """Run one call; the step to reply with (None for a ping)."""
        if op == Op.PING:
            return None
        if op == Op.START:
            host_args, budget = args
            host = self.matches[key] = MatchHost(*host_args, budget=budget)
            step = host.start()
        else:
            step = self.matches[key].perform(op, args)
        if step.over:
            del self.matches[key]
        return step


def serve(sock: socket.socket) -> None:
    worker = Worker()
    incoming = cast(BinaryIO, sock.makefile("rb", buffering=1 << 16))
    while True:
        try:
            call_id, key, op, args = read_message(incoming)
        except ChannelClosed:
            return
        if op == Op.CLOSE:
            worker.matches.pop(key, None)
            continue
        try:
            step = worker.handle(key, op, args)
        except Exception as exc:  # one broken match must not stop the others
            log.exception("match %s: %s failed", key, op)
            worker.matches.pop(key, None)
            sock.sendall(encode((call_id, False, f"{type(exc).__name__}: {exc}")))
            continue
        sock.sendall(encode((call_id, True, step)))


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    logging.basicConfig(level=logging.WARNING, format="host worker %(process)d: %(message)s")
    sock = socket.socket(fileno=int(argv[0]))
    try:
        serve(sock)
    except (BrokenPipeError, ConnectionResetError):
        pass
    finally:
        sock.close()
    return 0


if __name__ == "__main__":
    os._exit(main(sys.argv[1:]))
