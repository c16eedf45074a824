"""Tries to read each file in argv[2:] and reports what it got."""

import sys

from _line import answer, connect, requests

sock = connect()
next(requests(sock))
results = []
for path in sys.argv[2:]:
    try:
        with open(path) as file:
            results.append(f"{path}:read:{file.read(4096)!r}")
    except OSError as error:
        results.append(f"{path}:{type(error).__name__}")
answer(sock, " | ".join(results))
