"""Answers the first request, then exits with code 3 in the middle of the match."""

import sys

from _line import answer, connect, requests

sock = connect()
stream = requests(sock)
answer(sock, f"len {len(next(stream))}")
next(stream)
sys.exit(3)
