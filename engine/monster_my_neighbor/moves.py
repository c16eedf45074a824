"""Card movements between hands, and the private logs that record them (§14.2)."""

from __future__ import annotations

from itertools import combinations_with_replacement, compress

from engine.monster_my_neighbor.cards import MAX_SEATS
from engine.monster_my_neighbor.events import PrivateEvent
from engine.monster_my_neighbor.interned import gave, received
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
    """Note a hidden transfer in both seats' logs (``note`` twice, inlined)."""
    now = len(s.public_events)
    s.private_logs[source].append(gave(card, dest, how))
    s.private_times[source].append(now)
    s.private_logs[dest].append(received(card, source, how))
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
    """A uniformly random card of ``seat``'s hand (the ``index``-th, ascending)."""
    index = s.rng.randrange(s.hand_sizes[seat])
    hand = s.hands[seat]
    for t in compress(_IDS, hand):
        k = hand[t]
        if index < k:
            return t
        index -= k
    raise AssertionError("hand size out of sync with hand")


# Card-type ids and seats in order: hands are read through ``compress`` (a hand holds a
# few of its 17-odd types, and the C loop skips the empty ones).
_IDS = range(256)


def types_in_hand(hand: list[int]) -> tuple[int, ...]:
    """The types ``hand`` holds, ascending."""
    return tuple(compress(_IDS, hand))


def hand_tuple(hand: list[int]) -> tuple[int, ...]:
    """Every card of ``hand``, ascending (a type held twice appears twice)."""
    cards: list[int] = []
    for t in compress(_IDS, hand):
        cards += [t] * hand[t]
    return tuple(cards)


def multisets(hand: list[int], size: int) -> list[tuple[int, ...]]:
    """Sorted multisets of ``size`` cards that ``hand`` can give."""
    out = []
    for combo in combinations_with_replacement(types_in_hand(hand), size):
        if all(combo.count(t) <= hand[t] for t in set(combo)):
            out.append(combo)
    return out


# Seats clockwise from each start, per player count.
CLOCKWISE = tuple(
    tuple(tuple((start + i) % n for i in range(n)) for start in range(n))
    for n in range(MAX_SEATS + 1)
)


def clockwise_with_cards(s: State, start: int) -> tuple[int, ...]:
    """The seats holding cards, clockwise from ``start`` (included)."""
    sizes = s.hand_sizes
    order = CLOCKWISE[s.n][start]
    return tuple(compress(order, map(sizes.__getitem__, order)))
