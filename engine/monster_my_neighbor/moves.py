"""Card movements between hands, and the private logs that record them (§14.2)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.monster_my_neighbor.events import (
    Gave,
    PrivateEvent,
    Received,
)
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


def log_transfer(s: State, source: int, dest: int, card: int, how: int) -> None:
    note(s, source, Gave(card, dest, how))
    note(s, dest, Received(card, source, how))
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
