"""The test bots' side of the endpoint: a line protocol over the unix socket given as
argv[1] (the host sends a request line, the bot answers one line)."""

import socket
import sys


def connect() -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(sys.argv[1])
    return sock


def requests(sock: socket.socket):
    """Yield each request line; stop when the host closes the connection."""
    buffer = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            yield line.decode()


def answer(sock: socket.socket, text: str) -> None:
    sock.sendall(text.encode() + b"\n")
