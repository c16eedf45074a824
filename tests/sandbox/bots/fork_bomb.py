"""Forks without end once asked to decide (children fork too)."""

import contextlib
import os

from _line import connect, requests

sock = connect()
next(requests(sock))
while True:
    with contextlib.suppress(OSError):
        os.fork()
