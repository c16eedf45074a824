"""Card movements between hands, and the private logs that record them (§14.2)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.monster_my_neighbor.events import (
    CardPlayed,
    ForcedChoice,
    Gave,
    PrivateEvent,
    Received,
)
from engine.monster_my_neighbor.options import MonsterOption
from engine.monster_my_neighbor.state import State


def note(s: State, seat: int, entry: PrivateEvent) -> None:
    """Append to a seat's private log, stamped with the public log length (a public clock)."""
    s.private_logs[seat].append(entry)
    s.private_times[seat].append(len(s.public_events))


def remove(s: State, seat: int, card: int) -> None:
    hand = s.hands[seat]
    if not hand[card]:
        raise AssertionError(f"seat {seat} holds no card {card}")
    hand[card] -= 1
    s.hand_sizes[seat] -= 1


def add(s: State, seat: int, card: int) -> None:
    s.hands[seat][card] += 1
    s.hand_sizes[seat] += 1


def move(s: State, source: int, dest: int, card: int, how: int) -> None:
    remove(s, source, card)
    add(s, dest, card)
    log_transfer(s, source, dest, card, how)


# The commonest records are interned: one shared record per value, built on first use
# (records are never changed once logged, so every log may hold the same one). Building
# a record costs several times a dict lookup, and these are made on the rules' hot path:
# transfers about two per decision with five players and five with eight.
_GAVE: dict[int, Gave] = {}
_RECEIVED: dict[int, Received] = {}
_PLAYED: dict[int, CardPlayed] = {}
_FORCED: dict[int, ForcedChoice] = {}


def gave(card: int, to_seat: int, how: int) -> Gave:
    """The shared ``Gave(card, to_seat, how)`` (``to_seat`` -1..7, ``how`` < 16)."""
    key = (card << 8 | to_seat + 1) << 4 | how
    record = _GAVE.get(key)
    if record is None:
        record = _GAVE[key] = Gave(card, to_seat, how)
    return record


def received(card: int, from_seat: int, how: int) -> Received:
    """The shared ``Received(card, from_seat, how)`` (``from_seat`` -1..7, ``how`` < 16)."""
    key = (card << 8 | from_seat + 1) << 4 | how
    record = _RECEIVED.get(key)
    if record is None:
        record = _RECEIVED[key] = Received(card, from_seat, how)
    return record


def card_played(seat: int, card: int, rotation: int) -> CardPlayed:
    """The shared ``CardPlayed(seat, card, rotation)`` (``seat`` < 16, ``card`` < 256)."""
    key = (rotation << 8 | card) << 4 | seat
    record = _PLAYED.get(key)
    if record is None:
        record = _PLAYED[key] = CardPlayed(seat, card, rotation)
    return record


def forced_choice(decision: int, option: MonsterOption) -> ForcedChoice:
    """The shared ``ForcedChoice(decision, option)``. Keyed by the option's identity (a
    dataclass hash is a Python call): the record holds the option, so its id stays its
    own while the record is cached."""
    key = id(option) << 4 | decision
    record = _FORCED.get(key)
    if record is None:
        record = _FORCED[key] = ForcedChoice(decision, option)
    return record


def log_transfer(s: State, source: int, dest: int, card: int, how: int) -> None:
    """Note a hidden transfer in both seats' logs (``note`` twice, inlined)."""
    key = (card << 8 | dest + 1) << 4 | how  # gave() and received(), inlined
    given = _GAVE.get(key)
    if given is None:
        given = _GAVE[key] = Gave(card, dest, how)
    key = (card << 8 | source + 1) << 4 | how
    got = _RECEIVED.get(key)
    if got is None:
        got = _RECEIVED[key] = Received(card, source, how)
    now = len(s.public_events)
    s.private_logs[source].append(given)
    s.private_times[source].append(now)
    s.private_logs[dest].append(got)
    s.private_times[dest].append(now)
    untrack(s, source)


def untrack(s: State, source: int) -> None:
    """A hidden transfer out of a seat ends public knowledge of the cards it tracked."""
    tracked = s.tracked_holder
    if source in tracked:
        for t, holder in enumerate(tracked):
            if holder == source:
                tracked[t] = -1


def random_card(s: State, seat: int) -> int:
    index = s.rng.randrange(s.hand_sizes[seat])
    for t, k in enumerate(s.hands[seat]):
        if index < k:
            return t
        index -= k
    raise AssertionError("hand size out of sync with hand")


def types_in_hand(hand: list[int]) -> tuple[int, ...]:
    return tuple([t for t, k in enumerate(hand) if k])


def hand_tuple(hand: list[int]) -> tuple[int, ...]:
    return tuple([t for t, k in enumerate(hand) for _ in range(k)])


def multisets(hand: list[int], size: int) -> list[tuple[int, ...]]:
    """Sorted multisets of ``size`` cards that ``hand`` can give."""
    out = []
    for combo in combinations_with_replacement(types_in_hand(hand), size):
        if all(combo.count(t) <= hand[t] for t in set(combo)):
            out.append(combo)
    return out


def clockwise_with_cards(s: State, start: int) -> tuple[int, ...]:
    return tuple([q for q in ((start + i) % s.n for i in range(s.n)) if s.hand_sizes[q]])
