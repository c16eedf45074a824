"""The commonest log records, shared: one record per value, built on first use.

Records are never changed once logged, so every log (and every cloned state) may hold
the same one, as options are shared (``Option.of``). Building a record costs several
times a lookup, and these are made on the rules' hot path, search rollouts included:
each kind here is made about once every few decisions or more often. Each table is
indexed by the record's small-int fields (lists, the cheapest lookup; a dict where a
field has no fixed bound), so a lookup allocates nothing.
"""

from __future__ import annotations

from typing import Any

from engine.monster_my_neighbor.cards import MAX_CARD_TYPES, MAX_SEATS
from engine.monster_my_neighbor.events import (
    HOW_NAMES,
    RESULT_NAMES,
    CardPlayed,
    CardResult,
    ForcedChoice,
    Gave,
    Received,
    TargetChosen,
)
from engine.monster_my_neighbor.options import KIND_NAMES, MonsterOption


def _cells(*sizes: int) -> list[Any]:
    """Nested lists of ``None`` with these sizes (the last one holds the records)."""
    if len(sizes) == 1:
        return [None] * sizes[0]
    return [_cells(*sizes[1:]) for _ in range(sizes[0])]


# [how][seat + 1][card]: the seat is -1 for the table or the pool.
_GAVE: list[list[list[Gave | None]]] = _cells(len(HOW_NAMES), MAX_SEATS + 1, MAX_CARD_TYPES)
_RECEIVED: list[list[list[Received | None]]] = _cells(
    len(HOW_NAMES), MAX_SEATS + 1, MAX_CARD_TYPES)
# [seat][card], per rotation (rotations have no fixed bound).
_PLAYED: dict[int, list[list[CardPlayed | None]]] = {}
# [decision kind] -> {id(option): record}.
_FORCED: list[dict[int, ForcedChoice]] = [{} for _ in KIND_NAMES]
# [seat][target][card].
_TARGETED: list[list[list[TargetChosen | None]]] = _cells(
    MAX_SEATS, MAX_SEATS, MAX_CARD_TYPES)
# [result][seat][card].
_RESULTS: list[list[list[CardResult | None]]] = _cells(
    len(RESULT_NAMES), MAX_SEATS, MAX_CARD_TYPES)


def gave(card: int, to_seat: int, how: int) -> Gave:
    """The shared ``Gave(card, to_seat, how)``."""
    row = _GAVE[how][to_seat + 1]
    record = row[card]
    if record is None:
        record = row[card] = Gave(card, to_seat, how)
    return record


def received(card: int, from_seat: int, how: int) -> Received:
    """The shared ``Received(card, from_seat, how)``."""
    row = _RECEIVED[how][from_seat + 1]
    record = row[card]
    if record is None:
        record = row[card] = Received(card, from_seat, how)
    return record


def card_played(seat: int, card: int, rotation: int) -> CardPlayed:
    """The shared ``CardPlayed(seat, card, rotation)``."""
    table = _PLAYED.get(rotation)
    if table is None:
        table = _PLAYED[rotation] = _cells(MAX_SEATS, MAX_CARD_TYPES)
    row = table[seat]
    record = row[card]
    if record is None:
        record = row[card] = CardPlayed(seat, card, rotation)
    return record


def forced_choice(decision: int, option: MonsterOption) -> ForcedChoice:
    """The shared ``ForcedChoice(decision, option)``. Keyed by the option's identity (a
    dataclass hash is a Python call): the record holds the option, so its id stays its
    own while the record is cached (options are shared too, so there are few)."""
    cache = _FORCED[decision]
    key = id(option)
    record = cache.get(key)
    if record is None:
        record = cache[key] = ForcedChoice(decision, option)
    return record


def target_chosen(seat: int, card: int, target: int) -> TargetChosen:
    """The shared ``TargetChosen(seat, card, target)``."""
    row = _TARGETED[seat][target]
    record = row[card]
    if record is None:
        record = row[card] = TargetChosen(seat, card, target)
    return record


def card_result(seat: int, card: int, result: int) -> CardResult:
    """The shared ``CardResult(seat, card, result)``."""
    row = _RESULTS[result][seat]
    record = row[card]
    if record is None:
        record = row[card] = CardResult(seat, card, result)
    return record
