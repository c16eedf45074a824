"""Writes 100 MB to stderr, then answers normally."""

import sys

from _line import answer, connect, requests

sock = connect()
stream = requests(sock)
next(stream)
line = b"e" * 1023 + b"\n"
for _ in range(100 * 1024):
    sys.stderr.buffer.write(line)
sys.stderr.flush()
answer(sock, "flooded")
for request in stream:
    answer(sock, f"len {len(request)}")
