"""Parts of an observation message written as bytes, and reused while unchanged.

Between two requests of a seat most of its observation is unchanged: the card
composition never changes in a match, the finished rounds once a round, and a seat's
public entry (points, hand size, play area, face-down cards) only when that seat acts.
:class:`ObservationParts` keeps the last encoding of each and re-encodes a part only when
its content differs, so a request costs the parts that changed. The bytes are fields of
``MonsterMyNeighborObservation`` (protobuf lets a message be written as concatenated
fields), written with :mod:`engine.toolkit.wire_bytes` from :class:`CardTables`, the
encoded pieces of one card set (names, played cards, hands) shared by every match that
plays it. Everything here is keyed by exactly the observation content it encodes.
"""

from __future__ import annotations

from typing import Any

from arena.v1 import monster_my_neighbor_pb2 as pb

from engine.monster_my_neighbor.cards import CardSet
from engine.monster_my_neighbor.events import (
    ENDING_NAMES,
    ORIGIN_NAMES,
    RESULT_NAMES,
    FaceDownCard,
    PlayedCard,
)
from engine.monster_my_neighbor.observation import Observation
from engine.toolkit.wire_bytes import LENGTH_DELIMITED, VARINT, field, number, numbers, tag


def keys(message: Any) -> dict[str, bytes]:
    """The key bytes of every field of ``message`` (a generated message class)."""
    out = {}
    for f in message.DESCRIPTOR.fields:
        scalar = f.type not in (f.TYPE_STRING, f.TYPE_MESSAGE, f.TYPE_BYTES)
        packed = f.is_packed if hasattr(f, "is_packed") else False
        wire_type = VARINT if scalar and not packed else LENGTH_DELIMITED
        out[f.name] = tag(f.number, wire_type)
    return out


OBS = keys(pb.MonsterMyNeighborObservation)
_SEAT = keys(pb.MonsterMyNeighborSeat)
_PLAYED = keys(pb.MonsterMyNeighborPlayedCard)
_FACE_DOWN = keys(pb.MonsterMyNeighborFaceDownCard)
_COUNT = keys(pb.MonsterMyNeighborCardCount)
_SEATS_KEY = OBS["seats"]
_SEAT_HEAD = tuple(_SEAT[name] for name in ("seat", "vp", "hand_size", "friend", "turns_taken"))
_Message = pb.MonsterMyNeighborObservation
# Cards of one type a hand may hold, beyond which a count entry is built each time.
_COUNT_LIMIT = 16


class CardTables:
    """Encoded pieces of one card set: ``names[t]`` (UTF-8), ``hand_entry[t][k]`` (a
    ``hand`` field holding ``k`` cards of type ``t``), played and face-down cards."""

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        self.names = tuple(name.encode() for name in cards.names)
        self.hand_entry = tuple(
            tuple(field(OBS["hand"], self._card_count(t, k)) for k in range(_COUNT_LIMIT))
            for t in range(len(self.names)))
        self.composition = b"".join(
            field(OBS["composition"], self._card_count(t, k))
            for t, k in enumerate(cards.counts))
        self._played: dict[PlayedCard, bytes] = {}
        self._face_down: dict[FaceDownCard, bytes] = {}
        self.texts: dict[tuple[bytes, str], bytes] = {}
        self.monsters: dict[tuple[int, ...], bytes] = {}

    def _card_count(self, t: int, k: int) -> bytes:
        return field(_COUNT["card_type"], self.names[t]) + number(_COUNT["count"], k)

    def hand(self, hand: tuple[int, ...]) -> bytes:
        """The ``hand`` fields of a sorted tuple of card types."""
        out = []
        entry = self.hand_entry
        i, size = 0, len(hand)
        while i < size:
            t = hand[i]
            j = i + 1
            while j < size and hand[j] == t:
                j += 1
            k = j - i
            out.append(entry[t][k] if k < _COUNT_LIMIT else field(
                OBS["hand"], self._card_count(t, k)))
            i = j
        return b"".join(out)

    def played(self, card: PlayedCard) -> bytes:
        """A ``play_area`` field of a seat entry."""
        encoded = self._played.get(card)
        if encoded is None:
            payload = b"".join((
                field(_PLAYED["card_type"], self.names[card.card]),
                number(_PLAYED["rotation"], card.rotation),
                number(_PLAYED["target"], card.target),
                self.text(_PLAYED["public_result"], RESULT_NAMES[card.result]),
            ))
            encoded = self._played[card] = field(_SEAT["play_area"], payload)
        return encoded

    def face_down(self, card: FaceDownCard) -> bytes:
        """A ``face_down`` field of a seat entry."""
        encoded = self._face_down.get(card)
        if encoded is None:
            known = card.known_type
            payload = self.text(_FACE_DOWN["origin"], ORIGIN_NAMES[card.origin]) + (
                field(_FACE_DOWN["known_type"], self.names[known]) if known >= 0 else b"")
            encoded = self._face_down[card] = field(_SEAT["face_down"], payload)
        return encoded

    def text(self, key: bytes, value: str) -> bytes:
        """A string field, kept per (key, value): the values are a few public names."""
        encoded = self.texts.get((key, value))
        if encoded is None:
            encoded = self.texts[key, value] = field(key, value.encode()) if value else b""
        return encoded


_TABLES: dict[int, CardTables] = {}
# A seat entry's integer fields (seat, points, hand size, friend, turns) by value.
_HEADS: dict[tuple[int, ...], bytes] = {}


def tables(cards: CardSet) -> CardTables:
    """The tables of ``cards``, built once per card set object."""
    found = _TABLES.get(id(cards))
    if found is None or found.cards is not cards:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        found = _TABLES[id(cards)] = CardTables(cards)
    return found


class ObservationParts:
    """The last encoding of each seat entry and of the finished rounds, with the
    content it encodes."""

    def __init__(self) -> None:
        self._seats: dict[int, tuple[Any, ...]] = {}
        self._rounds: tuple[Any, bytes] = (None, b"")

    def encode(self, obs: Observation, t: CardTables) -> bytes:
        """``seats``, ``composition`` and ``finished_rounds`` of ``obs``, as fields."""
        parts = [self._seat(obs, seat, t) for seat in range(obs.players)]
        parts.append(t.composition)
        parts.append(self._rounds_of(obs))
        return b"".join(parts)

    def _seat(self, obs: Observation, seat: int, t: CardTables) -> bytes:
        head = (seat, obs.vp[seat], obs.hand_sizes[seat], obs.friends[seat],
                obs.turns_taken[seat])
        played, face_down = obs.play_areas[seat], obs.face_down[seat]
        cached = self._seats.get(seat)
        if cached is not None and cached[3] is t:
            if cached[0] == head and cached[1] == played and cached[2] == face_down:
                return cached[4]
            # Usually only the numbers or one of the two card lists changed.
            played_bytes = cached[5] if cached[1] == played else None
            face_bytes = cached[6] if cached[2] == face_down else None
        else:
            played_bytes = face_bytes = None
        if played_bytes is None:
            played_bytes = b"".join([t.played(card) for card in played])
        if face_bytes is None:
            face_bytes = b"".join([t.face_down(card) for card in face_down])
        head_bytes = _HEADS.get(head)
        if head_bytes is None:
            if len(_HEADS) >= 1 << 14:
                _HEADS.clear()
            head_bytes = _HEADS[head] = numbers(_SEAT_HEAD, head)
        encoded = field(_SEATS_KEY, head_bytes + played_bytes + face_bytes)
        self._seats[seat] = (head, played, face_down, t, encoded, played_bytes, face_bytes)
        return encoded

    def _rounds_of(self, obs: Observation) -> bytes:
        key = (obs.cards, obs.finished_rounds)
        if self._rounds[0] != key:
            name = obs.cards.names
            message = _Message()
            for r in obs.finished_rounds:
                message.finished_rounds.add(
                    round=r.round, monster=name[r.monster], ending=ENDING_NAMES[r.ending],
                    monster_seat=r.monster_seat, catcher_seat=r.catcher_seat,
                    vp_awarded=list(r.vp_awarded),
                )
            self._rounds = (key, message.SerializeToString())
        return self._rounds[1]

