"""The private channel between a gateway and its host workers: one socket per worker.

Each message is a 4-byte little-endian length and a pickled tuple. Both ends are this
project's own processes, joined by a ``socketpair`` the gateway creates, so pickle
carries nothing from outside. The calls are those of the host protocol
(:class:`~services.hosting.protocol.Op`, sent as its text):

- gateway -> worker: ``(call_id, match_key, op, args)``; ``args`` of ``start`` are the
  :class:`~services.hosting.match_host.MatchHost` arguments and its budget, of the other
  calls their integers (``close`` has no reply, ``ping`` asks whether the worker is up).
- worker -> gateway: ``(call_id, ok, payload)``: a :class:`HostStep` (``None`` for a
  ping) when ``ok``, else the error text.
"""

from __future__ import annotations

import pickle
import struct
from typing import Any, BinaryIO

HEADER = struct.Struct("<I")
MAX_MESSAGE = 64 * 1024 * 1024


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
