"""Tries TCP connections to each 127.0.0.1 port in argv[2:] and reports what happened."""

import socket
import sys

from _line import answer, connect, requests

sock = connect()
next(requests(sock))
results = []
for port in sys.argv[2:]:
    try:
        socket.create_connection(("127.0.0.1", int(port)), timeout=2).close()
        results.append(f"{port}:connected")
    except OSError as error:
        results.append(f"{port}:{type(error).__name__}")
answer(sock, " ".join(results))
