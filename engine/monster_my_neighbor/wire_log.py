"""The logs on the wire: engine log events (tuples, see :mod:`options`) as typed messages.

A seat's observation holds its whole public and private log. On the wire a seat gets
each entry once: the codec encodes only the entries after a :class:`LogMark` (where the
same seat's previous message ended), so a request costs the events since the seat's
last request, not the length of the game. One table per log maps an event code to
its encoder.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any, ClassVar, NamedTuple

from arena.v1 import monster_my_neighbor_pb2 as pb

from engine.monster_my_neighbor.events import (
    ENDING_NAMES,
    EV_CAPTURE,
    EV_CARD_TO_HAND,
    EV_COUNT,
    EV_DEAL,
    EV_DOG_DISCARD,
    EV_FOG,
    EV_FORCED_HUNTER_DISCARD,
    EV_GOSSIP,
    EV_MONSTER_PLAYED,
    EV_PASS,
    EV_PEEK,
    EV_PLAY,
    EV_RESULT,
    EV_ROUND_END,
    EV_ROUND_START,
    EV_RUMOR,
    EV_SKIP,
    EV_STEAL,
    EV_TARGET,
    HOW_NAMES,
    ORIGIN_NAMES,
    PV_DEALT,
    PV_FORCED,
    PV_GAVE,
    PV_OWN_DISCARD,
    PV_RECEIVED,
    PV_SAW_DISCARD,
    PV_SAW_HAND,
    RESULT_NAMES,
)
from engine.monster_my_neighbor.options import KIND_NAMES
from engine.toolkit.wire_bytes import LENGTH_DELIMITED, VARINT, tag, varint

_Message = pb.MonsterMyNeighborObservation
_PRIVATE_TAG = tag(_Message.DESCRIPTOR.fields_by_name["private_events"].number, LENGTH_DELIMITED)
_POSITION_TAG = tag(
    pb.MonsterMyNeighborPrivateEvent.DESCRIPTOR.fields_by_name["public_events_before"].number,
    VARINT)
Names = tuple[str, ...]
Event = tuple[Any, ...]
# The codec's option encoder: (observation, decision kind, option) -> option message.
OptionEncoder = Callable[[Any, str, Any], pb.MonsterMyNeighborOption]
PublicEncoder = Callable[[Names, Event], pb.MonsterMyNeighborPublicEvent]
PrivateEncoder = Callable[[Any, Names, Event, int], pb.MonsterMyNeighborPrivateEvent]


class LogMark(NamedTuple):
    """How many public and private log entries a seat has already been sent."""

    public: int
    private: int


NO_MARK = LogMark(0, 0)


def _public_table() -> dict[int, PublicEncoder]:
    E = pb.MonsterMyNeighborPublicEvent
    return {
        EV_ROUND_START: lambda n, e: E(round_start=pb.MonsterMyNeighborRoundStart(round=e[1])),
        EV_PLAY: lambda n, e: E(card_played=pb.MonsterMyNeighborCardPlayed(
            seat=e[1], card_type=n[e[2]], rotation=e[3])),
        EV_TARGET: lambda n, e: E(target_chosen=pb.MonsterMyNeighborTargetChosen(
            seat=e[1], card_type=n[e[2]], target_seat=e[3])),
        EV_COUNT: lambda n, e: E(deal_count_chosen=pb.MonsterMyNeighborDealCountChosen(
            seat=e[1], count=e[2])),
        EV_RESULT: lambda n, e: E(card_result=pb.MonsterMyNeighborCardResult(
            seat=e[1], card_type=n[e[2]], public_result=RESULT_NAMES[e[3]])),
        EV_SKIP: lambda n, e: E(turn_skipped=pb.MonsterMyNeighborTurnSkipped(
            seat=e[1], rotation=e[2])),
        EV_FORCED_HUNTER_DISCARD: lambda n, e: E(
            forced_hunter_discard=pb.MonsterMyNeighborForcedHunterDiscard(
                seat=e[1], rotation=e[2])),
        EV_PASS: lambda n, e: E(passed=pb.MonsterMyNeighborPassed(seat=e[1], rotation=e[2])),
        EV_DOG_DISCARD: lambda n, e: E(dog_discard=pb.MonsterMyNeighborDogDiscard(
            seat=e[1], dog_seat=e[2])),
        EV_CARD_TO_HAND: lambda n, e: E(card_to_hand=pb.MonsterMyNeighborCardToHand(
            card_type=n[e[1]], from_seat=e[2], to_seat=e[3])),
        EV_STEAL: lambda n, e: E(steal=pb.MonsterMyNeighborSteal(seat=e[1], from_seat=e[2])),
        EV_DEAL: lambda n, e: E(deal=pb.MonsterMyNeighborDeal(
            seat=e[1], other_seat=e[2], count=e[3])),
        EV_RUMOR: lambda n, e: E(rumor=pb.MonsterMyNeighborRumor(transfers=[
            pb.MonsterMyNeighborTransfer(from_seat=a, to_seat=b) for a, b in e[1]])),
        EV_GOSSIP: lambda n, e: E(gossip=pb.MonsterMyNeighborGossip(seats=e[1])),
        EV_FOG: lambda n, e: E(fog=pb.MonsterMyNeighborFog(seats=e[1])),
        EV_PEEK: lambda n, e: E(peek=pb.MonsterMyNeighborPeek(seat=e[1], target_seat=e[2])),
        EV_CAPTURE: lambda n, e: E(capture=pb.MonsterMyNeighborCapture(
            seat=e[1], holder_seat=e[2], monster=n[e[3]], card_type=n[e[4]])),
        EV_MONSTER_PLAYED: lambda n, e: E(monster_played=pb.MonsterMyNeighborMonsterPlayed(
            seat=e[1], monster=n[e[2]])),
        EV_ROUND_END: lambda n, e: E(round_end=pb.MonsterMyNeighborRoundEnd(
            round=e[1], ending=ENDING_NAMES[e[2]], monster=n[e[3]], vp_awarded=e[4])),
    }


def _private_table(option: OptionEncoder) -> dict[int, PrivateEncoder]:
    """Encoders of (observation, card names, event, public events before it)."""
    E = pb.MonsterMyNeighborPrivateEvent
    return {
        PV_DEALT: lambda o, n, e, t: E(public_events_before=t, dealt=pb.MonsterMyNeighborDealt(
            round=e[1], card_types=[n[c] for c in e[2]])),
        PV_RECEIVED: lambda o, n, e, t: E(
            public_events_before=t, received=pb.MonsterMyNeighborReceived(
                card_type=n[e[1]], from_seat=e[2], how=HOW_NAMES[e[3]])),
        PV_GAVE: lambda o, n, e, t: E(public_events_before=t, gave=pb.MonsterMyNeighborGave(
            card_type=n[e[1]], to_seat=e[2], how=HOW_NAMES[e[3]])),
        PV_SAW_HAND: lambda o, n, e, t: E(
            public_events_before=t, saw_hand=pb.MonsterMyNeighborSawHand(
                seat=e[1], card_types=[n[c] for c in e[2]])),
        PV_OWN_DISCARD: lambda o, n, e, t: E(
            public_events_before=t, own_discard=pb.MonsterMyNeighborOwnDiscard(
                card_type=n[e[1]], origin=ORIGIN_NAMES[e[2]])),
        PV_FORCED: lambda o, n, e, t: E(
            public_events_before=t, forced_choice=pb.MonsterMyNeighborForcedChoice(
                kind=KIND_NAMES[e[1]], option=option(o, KIND_NAMES[e[1]], e[2]))),
        PV_SAW_DISCARD: lambda o, n, e, t: E(
            public_events_before=t, saw_discard=pb.MonsterMyNeighborSawDiscard(
                card_type=n[e[1]], seat=e[2])),
    }


_PUBLIC_TABLE = _public_table()  # built once: a codec is made per match
# Private entries that list a hand's cards: the hands of a long run are nearly all
# different and each reaches only its own seat once, so a kept encoding is almost never
# read again; keeping them made the cache grow with every match played.
_NOT_KEPT = frozenset({PV_DEALT, PV_SAW_HAND})


class LogEncoder:
    """Appends a seat's unsent log entries to an observation message.

    An entry's encoding depends only on the card names and the event (a private entry's
    position, how many public events preceded it, is written around it), so each is
    encoded once per process and reused as bytes by every later request, seat and match
    that logs the same event: most events recur (a seat playing a card type at a
    rotation). The cache is keyed by exactly what the encoding reads, so it can carry
    nothing between seats. Entries listing a hand (``_NOT_KEPT``) are encoded each time:
    they hardly recur. A table is emptied when it reaches ``CACHE_LIMIT`` entries, which
    is above what a long run of five-seat matches keeps (docs/gateway.md, "Memory
    under sustained play"), so it is a bound rather than a routine flush.
    """

    CACHE_LIMIT = 1 << 12
    # Per card-name tuple (by identity, the tuple kept with its tables): the encoded
    # public entries and private entries (without position) by event.
    _encoded: ClassVar[dict[int, tuple[Names, dict[Event, bytes], dict[Event, bytes]]]] = {}

    def __init__(self, option: OptionEncoder) -> None:
        self._public = _PUBLIC_TABLE
        self._private = _private_table(option)

    def _tables(self, names: Names) -> tuple[Names, dict[Event, bytes], dict[Event, bytes]]:
        tables = self._encoded.get(id(names))
        if tables is None or tables[0] is not names:
            if len(self._encoded) >= 64:
                self._encoded.clear()
            tables = self._encoded[id(names)] = (names, {}, {})
        return tables

    def encode(self, obs: Any, since: LogMark) -> bytes:
        """The ``public_events`` and ``private_events`` fields of ``obs``'s log entries
        after ``since`` (the ``*_events_from`` fields are the caller's)."""
        names = obs.cards.names
        _, public_done, private_done = self._tables(names)
        fields = []
        for e in obs.public_log[since.public:]:
            try:
                encoded = public_done.get(e)
            except TypeError:  # an event holding a list: encode it, do not keep it
                encoded = None
            if encoded is None:
                encoded = self._keep(public_done, e, _Message(
                    public_events=[self._public[e[0]](names, e)]).SerializeToString())
            fields.append(encoded)
        # A private entry without its position (public_events_before, field 1, a varint
        # written first), so that it recurs too; the position is added around it.
        private, times = obs.private_log, obs.private_log_times
        for e, t in zip(private[since.private:], times[since.private:], strict=True):
            entry: bytes | None = None
            if e[0] not in _NOT_KEPT:
                with suppress(TypeError):  # an event holding a list is not kept
                    entry = private_done.get(e)
            if entry is None:
                entry = self._private[e[0]](obs, names, e, 0).SerializeToString()
                if e[0] not in _NOT_KEPT:
                    self._keep(private_done, e, entry)
            if t:
                entry = _POSITION_TAG + varint(t) + entry
            fields.append(_PRIVATE_TAG + varint(len(entry)) + entry)
        return b"".join(fields)

    def _keep(self, done: dict[Event, bytes], event: Event, encoded: bytes) -> bytes:
        """Keep ``encoded`` for ``event`` (unless unhashable); return it."""
        if len(done) >= self.CACHE_LIMIT:
            done.clear()
        with suppress(TypeError):
            done[event] = encoded
        return encoded
