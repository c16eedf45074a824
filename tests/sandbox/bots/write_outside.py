"""Tries to create each file in argv[2:] and reports what happened."""

import sys

from _line import answer, connect, requests

sock = connect()
next(requests(sock))
results = []
for path in sys.argv[2:]:
    try:
        with open(path, "w") as file:
            file.write("escaped\n")
        results.append(f"{path}:written")
    except OSError as error:
        results.append(f"{path}:{type(error).__name__}")
answer(sock, " | ".join(results))
