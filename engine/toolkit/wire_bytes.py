"""Protobuf's wire format written by hand, for encoders on the per-decision hot path.

A protobuf message is the concatenation of its fields, in any order, and a repeated or
sub-message field may be written as several pieces. So a message can be composed from
cached bytes of its parts plus a few fields written here, without building message
objects. Helpers take field *tags* (``tag(number, wire_type)``, computed once from the
generated descriptors by the caller); the core imports no protobuf.

Integers follow proto3: a field equal to zero is left out (what protobuf writes too),
and a negative ``int32``/``int64`` is its 64-bit two's complement (ten bytes).
"""

from __future__ import annotations

from collections.abc import Iterable

VARINT, LENGTH_DELIMITED = 0, 2
_MASK64 = (1 << 64) - 1


def _encode_varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


# Tags, lengths, counts and seats are nearly always below 2**14, and negative values
# nearly always -1 ("none"): look them up.
_SMALL = tuple(_encode_varint(value) for value in range(1 << 14))
_NEGATIVE = {value: _encode_varint(value & _MASK64) for value in range(-16, 0)}


def varint(value: int) -> bytes:
    """Base-128 varint of an integer; a negative one as its 64-bit two's complement."""
    if 0 <= value < 16384:
        return _SMALL[value]
    return _NEGATIVE.get(value) or _encode_varint(value & _MASK64)


def tag(number: int, wire_type: int) -> bytes:
    """The key bytes of field ``number`` with ``wire_type`` (VARINT, LENGTH_DELIMITED)."""
    return varint(number << 3 | wire_type)


def delimited(number: int, payload: bytes) -> bytes:
    """A length-delimited field (string, bytes or sub-message) by field number."""
    return varint(number << 3 | LENGTH_DELIMITED) + varint(len(payload)) + payload


def integer(number: int, value: int) -> bytes:
    """An integer field by field number, written even when zero."""
    return varint(number << 3 | VARINT) + varint(value)


def field(key: bytes, payload: bytes) -> bytes:
    """A length-delimited field by its ``key`` (a :func:`tag` of LENGTH_DELIMITED)."""
    return key + varint(len(payload)) + payload


def text(key: bytes, value: str) -> bytes:
    """A string field by ``key``; empty when the string is (proto3 leaves it out)."""
    if not value:
        return b""
    data = value.encode()
    return key + varint(len(data)) + data


def number(key: bytes, value: int) -> bytes:
    """An integer or bool field by ``key``; empty when zero (proto3 leaves it out)."""
    return key + varint(value) if value else b""


def numbers(keys: tuple[bytes, ...], values: tuple[int, ...]) -> bytes:
    """Integer or bool fields, ``keys[i]`` holding ``values[i]`` (zeros left out)."""
    out = []
    for key, value in zip(keys, values, strict=True):
        if value:
            out.append(key)
            out.append(_SMALL[value] if 0 <= value < 16384 else varint(value))
    return b"".join(out)


def packed(key: bytes, values: Iterable[int]) -> bytes:
    """A packed repeated integer field by ``key``; empty for no values."""
    data = b"".join([varint(v) for v in values])
    return key + varint(len(data)) + data if data else b""


def strings(key: bytes, values: Iterable[str]) -> bytes:
    """A repeated string field by ``key``: one entry per value, empty ones included."""
    out = []
    for value in values:
        data = value.encode()
        out.append(key + varint(len(data)) + data)
    return b"".join(out)
