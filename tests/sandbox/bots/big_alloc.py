"""Allocates and touches 4 GiB once asked to decide."""

from _line import answer, connect, requests

sock = connect()
next(requests(sock))
block = b"x" * (4 << 30)
answer(sock, f"allocated {len(block)}")
