"""Hand-composed protobuf frames for the per-decision hot path.

A DecisionRequest is mostly bytes the match host has already encoded (observation and
options, via the game's WireCodec). Protobuf's wire format lets a message be written as
concatenated fields, so the gateway wraps those bytes with a few header fields instead
of parsing and rebuilding messages for every decision. Field numbers are read from the
generated descriptors, so the frames follow the .proto file.
"""

from __future__ import annotations

from typing import Any

from arena.v1 import arena_pb2

from engine.toolkit.wire_bytes import delimited, integer, varint

__all__ = ["delimited", "integer", "varint"]


def _field_number(message: Any, name: str) -> int:
    return message.DESCRIPTOR.fields_by_name[name].number


OBSERVATION_GAME_FIELDS = {
    f.name: f.number for f in arena_pb2.Observation.DESCRIPTOR.oneofs_by_name["game"].fields
}
OPTION_GAME_FIELDS = {
    f.name: f.number for f in arena_pb2.Option.DESCRIPTOR.oneofs_by_name["game"].fields
}
_OPTION_LABEL = _field_number(arena_pb2.Option, "label")
_REQ = arena_pb2.DecisionRequest
_REQ_MATCH_ID = _field_number(_REQ, "match_id")
_REQ_SEAT = _field_number(_REQ, "seat")
_REQ_ID = _field_number(_REQ, "request_id")
_REQ_KIND = _field_number(_REQ, "kind")
_REQ_DEADLINE = _field_number(_REQ, "deadline_ms")
_REQ_BANK = _field_number(_REQ, "time_bank_ms")
_REQ_OBSERVATION = _field_number(_REQ, "observation")
_REQ_OPTIONS = _field_number(_REQ, "options")
_RESPONSE_DECISION_REQUEST = _field_number(arena_pb2.PlayResponse, "decision_request")


_OPTION_LABEL_KEY = varint(_OPTION_LABEL << 3 | 2)
_REQ_OPTIONS_KEY = varint(_REQ_OPTIONS << 3 | 2)
_OPTION_GAME_KEYS = {name: varint(number << 3 | 2) for name, number in OPTION_GAME_FIELDS.items()}


def option_entry(label: str, game_field: str | None, payload: bytes) -> bytes:
    """One entry of a DecisionRequest's ``options``: the label and, with a ``game_field``,
    the game's serialized option message ``payload`` in the envelope's ``oneof``."""
    text = label.encode()
    if game_field is None:
        option = _OPTION_LABEL_KEY + varint(len(text)) + text
    else:
        option = b"".join((_OPTION_LABEL_KEY, varint(len(text)), text,
                           _OPTION_GAME_KEYS[game_field], varint(len(payload)), payload))
    return _REQ_OPTIONS_KEY + varint(len(option)) + option


_KIND_FIELDS: dict[str, bytes] = {}


def compose_body(
    kind: str, game_field: str | None, observation: bytes, entries: list[bytes]
) -> bytes:
    """The request fields fixed by the game state from encoded parts: the ``observation``
    (the game's serialized message, ignored without a ``game_field``) and the option
    ``entries`` (:func:`option_entry`)."""
    kind_field = _KIND_FIELDS.get(kind)
    if kind_field is None:
        kind_field = _KIND_FIELDS.setdefault(kind, delimited(_REQ_KIND, kind.encode()))
    if game_field is None:
        envelope = b""
    else:
        envelope = delimited(OBSERVATION_GAME_FIELDS[game_field], observation)
    return b"".join((kind_field, delimited(_REQ_OBSERVATION, envelope), *entries))


def decision_body(
    kind: str, game_field: str | None, observation: bytes, options: list[tuple[str, bytes]]
) -> bytes:
    """The request fields fixed by the game state: kind, observation and options.

    ``observation`` and each option payload are the serialized game messages of the
    WireCodec; ``game_field`` names the game's member of the envelope ``oneof``. Without
    one (a game with no protobuf messages) the envelopes stay empty and each option is
    its label alone.
    """
    entries = [option_entry(label, game_field, payload) for label, payload in options]
    return compose_body(kind, game_field, observation, entries)


def seat_prefix(match_id: str, seat: int) -> bytes:
    """The request fields fixed for one seat of one match."""
    return delimited(_REQ_MATCH_ID, match_id.encode()) + integer(_REQ_SEAT, seat)


_REQ_ID_KEY = varint(_REQ_ID << 3)
_REQ_DEADLINE_KEY = varint(_REQ_DEADLINE << 3)
_REQ_BANK_KEY = varint(_REQ_BANK << 3)
_RESPONSE_KEY = varint(_RESPONSE_DECISION_REQUEST << 3 | 2)


def decision_request(
    prefix: bytes, request_id: int, deadline_ms: int, time_bank_ms: int, body: bytes
) -> bytes:
    """A serialized PlayResponse carrying one DecisionRequest."""
    request = b"".join((
        prefix,
        _REQ_ID_KEY, varint(request_id),
        _REQ_DEADLINE_KEY, varint(deadline_ms),
        _REQ_BANK_KEY, varint(time_bank_ms),
        body,
    ))
    return _RESPONSE_KEY + varint(len(request)) + request


_START_CONFIG = _field_number(arena_pb2.MatchStart, "config")
_RESPONSE_MATCH_START = _field_number(arena_pb2.PlayResponse, "match_start")


def match_start(start: arena_pb2.MatchStart, config: bytes) -> bytes:
    """A serialized PlayResponse carrying ``start`` with the pre-serialized MatchConfig
    ``config`` (the same for every match of a gateway, card file included)."""
    body = start.SerializeToString() + delimited(_START_CONFIG, config)
    return delimited(_RESPONSE_MATCH_START, body)
