"""The logs on the wire: engine log events (typed records, :mod:`events`) as messages.

A seat's observation holds its whole public and private log. On the wire a seat gets
each entry once: the codec encodes only the entries after a :class:`LogMark` (where the
same seat's previous message ended), so a request costs the events since the seat's
last request, not the length of the game. One table per log maps an event type to
its encoder (:class:`engine.toolkit.events.EventTable`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any, ClassVar, NamedTuple

from arena.v1 import monster_my_neighbor_pb2 as pb

from engine.monster_my_neighbor.events import (
    ENDING_NAMES,
    HOW_NAMES,
    ORIGIN_NAMES,
    RESULT_NAMES,
    Captured,
    CardPlayed,
    CardResult,
    CardsExchanged,
    CardToHand,
    DealCountChosen,
    DealtHand,
    DogDiscarded,
    Fog,
    ForcedChoice,
    ForcedHunterDiscard,
    Gave,
    Gossip,
    MonsterPlayed,
    OwnDiscard,
    Passed,
    Peeked,
    PrivateEvent,
    PublicEvent,
    Received,
    RoundEnded,
    RoundStarted,
    Rumor,
    SawDiscard,
    SawHand,
    Stole,
    TargetChosen,
    TurnSkipped,
)
from engine.monster_my_neighbor.options import KIND_NAMES
from engine.toolkit.events import EventTable
from engine.toolkit.wire_bytes import LENGTH_DELIMITED, VARINT, tag, varint

_Message = pb.MonsterMyNeighborObservation
_PRIVATE_TAG = tag(_Message.DESCRIPTOR.fields_by_name["private_events"].number, LENGTH_DELIMITED)
_POSITION_TAG = tag(
    pb.MonsterMyNeighborPrivateEvent.DESCRIPTOR.fields_by_name["public_events_before"].number,
    VARINT)
Names = tuple[str, ...]
Event = PublicEvent | PrivateEvent
# The codec's option encoder: (observation, decision kind, option) -> option message.
OptionEncoder = Callable[[Any, str, Any], pb.MonsterMyNeighborOption]


class LogMark(NamedTuple):
    """How many public and private log entries a seat has already been sent."""

    public: int
    private: int


NO_MARK = LogMark(0, 0)


def _public_table() -> EventTable[pb.MonsterMyNeighborPublicEvent]:
    """Encoders of (event, card names), by event type."""
    E = pb.MonsterMyNeighborPublicEvent
    return EventTable("the public log's wire table", {
        RoundStarted: lambda e, n: E(round_start=pb.MonsterMyNeighborRoundStart(round=e.round)),
        CardPlayed: lambda e, n: E(card_played=pb.MonsterMyNeighborCardPlayed(
            seat=e.seat, card_type=n[e.card], rotation=e.rotation)),
        TargetChosen: lambda e, n: E(target_chosen=pb.MonsterMyNeighborTargetChosen(
            seat=e.seat, card_type=n[e.card], target_seat=e.target)),
        DealCountChosen: lambda e, n: E(deal_count_chosen=pb.MonsterMyNeighborDealCountChosen(
            seat=e.seat, count=e.count)),
        CardResult: lambda e, n: E(card_result=pb.MonsterMyNeighborCardResult(
            seat=e.seat, card_type=n[e.card], public_result=RESULT_NAMES[e.result])),
        TurnSkipped: lambda e, n: E(turn_skipped=pb.MonsterMyNeighborTurnSkipped(
            seat=e.seat, rotation=e.rotation)),
        ForcedHunterDiscard: lambda e, n: E(
            forced_hunter_discard=pb.MonsterMyNeighborForcedHunterDiscard(
                seat=e.seat, rotation=e.rotation)),
        Passed: lambda e, n: E(passed=pb.MonsterMyNeighborPassed(
            seat=e.seat, rotation=e.rotation)),
        DogDiscarded: lambda e, n: E(dog_discard=pb.MonsterMyNeighborDogDiscard(
            seat=e.seat, dog_seat=e.dog_seat)),
        CardToHand: lambda e, n: E(card_to_hand=pb.MonsterMyNeighborCardToHand(
            card_type=n[e.card], from_seat=e.from_seat, to_seat=e.to_seat)),
        Stole: lambda e, n: E(steal=pb.MonsterMyNeighborSteal(
            seat=e.seat, from_seat=e.from_seat)),
        CardsExchanged: lambda e, n: E(deal=pb.MonsterMyNeighborDeal(
            seat=e.seat, other_seat=e.other_seat, count=e.count)),
        Rumor: lambda e, n: E(rumor=pb.MonsterMyNeighborRumor(transfers=[
            pb.MonsterMyNeighborTransfer(from_seat=a, to_seat=b) for a, b in e.transfers])),
        Gossip: lambda e, n: E(gossip=pb.MonsterMyNeighborGossip(seats=e.seats)),
        Fog: lambda e, n: E(fog=pb.MonsterMyNeighborFog(seats=e.seats)),
        Peeked: lambda e, n: E(peek=pb.MonsterMyNeighborPeek(
            seat=e.seat, target_seat=e.target)),
        Captured: lambda e, n: E(capture=pb.MonsterMyNeighborCapture(
            seat=e.seat, holder_seat=e.holder, monster=n[e.monster], card_type=n[e.card])),
        MonsterPlayed: lambda e, n: E(monster_played=pb.MonsterMyNeighborMonsterPlayed(
            seat=e.seat, monster=n[e.monster])),
        RoundEnded: lambda e, n: E(round_end=pb.MonsterMyNeighborRoundEnd(
            round=e.round, ending=ENDING_NAMES[e.ending], monster=n[e.monster],
            vp_awarded=e.vp_awarded)),
    }, covers=PublicEvent)


def _private_table(option: OptionEncoder) -> EventTable[pb.MonsterMyNeighborPrivateEvent]:
    """Encoders of (event, observation, card names, public events before it), by type."""
    E = pb.MonsterMyNeighborPrivateEvent
    return EventTable("the private log's wire table", {
        DealtHand: lambda e, o, n, t: E(public_events_before=t, dealt=pb.MonsterMyNeighborDealt(
            round=e.round, card_types=[n[c] for c in e.cards])),
        Received: lambda e, o, n, t: E(
            public_events_before=t, received=pb.MonsterMyNeighborReceived(
                card_type=n[e.card], from_seat=e.from_seat, how=HOW_NAMES[e.how])),
        Gave: lambda e, o, n, t: E(public_events_before=t, gave=pb.MonsterMyNeighborGave(
            card_type=n[e.card], to_seat=e.to_seat, how=HOW_NAMES[e.how])),
        SawHand: lambda e, o, n, t: E(
            public_events_before=t, saw_hand=pb.MonsterMyNeighborSawHand(
                seat=e.seat, card_types=[n[c] for c in e.cards])),
        OwnDiscard: lambda e, o, n, t: E(
            public_events_before=t, own_discard=pb.MonsterMyNeighborOwnDiscard(
                card_type=n[e.card], origin=ORIGIN_NAMES[e.origin])),
        ForcedChoice: lambda e, o, n, t: E(
            public_events_before=t, forced_choice=pb.MonsterMyNeighborForcedChoice(
                kind=KIND_NAMES[e.decision],
                option=option(o, KIND_NAMES[e.decision], e.option))),
        SawDiscard: lambda e, o, n, t: E(
            public_events_before=t, saw_discard=pb.MonsterMyNeighborSawDiscard(
                card_type=n[e.card], seat=e.seat)),
    }, covers=PrivateEvent)


_PUBLIC_TABLE = _public_table()  # built once: a codec is made per match
# Private entries that list a hand's cards: the hands of a long run are nearly all
# different and each reaches only its own seat once, so a kept encoding is almost never
# read again; keeping them made the cache grow with every match played.
_NOT_KEPT = frozenset({DealtHand, SawHand})


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
                    public_events=[self._public(e, names)]).SerializeToString())
            fields.append(encoded)
        # A private entry without its position (public_events_before, field 1, a varint
        # written first), so that it recurs too; the position is added around it.
        private, times = obs.private_log, obs.private_log_times
        for e, t in zip(private[since.private:], times[since.private:], strict=True):
            entry: bytes | None = None
            if type(e) not in _NOT_KEPT:
                with suppress(TypeError):  # an event holding a list is not kept
                    entry = private_done.get(e)
            if entry is None:
                entry = self._private(e, obs, names, 0).SerializeToString()
                if type(e) not in _NOT_KEPT:
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
