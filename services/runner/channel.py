"""The private channel between a gateway and its host workers: one socket per worker.

Each message is a 4-byte little-endian length and a pickled tuple. Both ends are this
project's own processes, joined by a ``socketpair`` the gateway creates, so pickle
carries nothing from outside.

- gateway -> worker: ``(call_id, match_key, op, args)``; ``op`` is ``start`` (``args``:
  the :class:`~services.runner.host.MatchHost` arguments and its budget), ``submit`` (seat, index),
  ``substitute`` (seat), ``forfeit`` (seat), ``resume`` (go on after a paused step),
  ``close`` (no reply) or ``ping`` (the worker is up and answering).
- worker -> gateway: ``(call_id, ok, payload)``: a :class:`HostStep` (``None`` for a
  ping) when ``ok``, else the error text.
"""

from __future__ import annotations

import pickle
import struct
from typing import Any, BinaryIO

HEADER = struct.Struct("<I")
MAX_MESSAGE = 64 * 1024 * 1024

PING, START, SUBMIT, SUBSTITUTE, FORFEIT, RESUME, CLOSE = (
    "ping", "start", "submit", "substitute", "forfeit", "resume", "close"
)


class ChannelClosed(EOFError):
    """The other end went away."""


def encode(message: Any) -> bytes:
    body = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(body)) + body


def decode_length(header: bytes) -> int:
    (length,) = HEADER.unpack(header)
    if length > MAX_MESSAGE:
        raise ValueError(f"channel message of {length} bytes")
    return length


def decode(body: bytes) -> Any:
    return pickle.loads(body)


def read_message(stream: BinaryIO) -> Any:
    """Blocking read of one message; ChannelClosed at end of stream."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        raise ChannelClosed
    length = decode_length(header)
    body = stream.read(length)
    if len(body) < length:
        raise ChannelClosed
    return decode(body)

