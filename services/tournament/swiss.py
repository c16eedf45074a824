"""Swiss pairing: tables of entrants close in the standings who have not met yet.

Entrants are ordered by standing (best first). The best unseated entrant opens a table
and takes the next ones in order that it and the table have not met; a depth-first
search backs up when the rest cannot be seated without a repeat. If no repeat-free
seating is found within the search budget, tables are cut in standings order and the
repeats are accepted (and counted).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

Pair = frozenset[str]


@dataclass(frozen=True, slots=True)
class Pairing:
    """The tables of a round (each in standings order) and how many pairs meet again."""

    tables: tuple[tuple[str, ...], ...]
    repeats: int


def table_pairs(table: Sequence[str]) -> list[Pair]:
    return [frozenset(pair) for pair in itertools.combinations(table, 2)]


def pair_round(
    order: Sequence[str], players: int, met: set[Pair], budget: int = 100_000
) -> Pairing:
    """Seat ``order`` (a multiple of ``players`` long) at tables without repeats if possible."""
    if len(order) % players:
        raise ValueError(f"{len(order)} entrants do not fill tables of {players}")
    steps = [budget]
    tables = _search(list(order), players, met, steps)
    if tables is not None:
        return Pairing(tuple(tables), 0)
    cut = [tuple(order[i : i + players]) for i in range(0, len(order), players)]
    repeats = sum(pair in met for table in cut for pair in table_pairs(table))
    return Pairing(tuple(cut), repeats)


def _search(
    rest: list[str], players: int, met: set[Pair], steps: list[int]
) -> list[tuple[str, ...]] | None:
    if not rest:
        return []
    head, others = rest[0], rest[1:]
    for mates in itertools.combinations(others, players - 1):
        steps[0] -= 1
        if steps[0] < 0:
            return None
        table = (head, *mates)
        if any(pair in met for pair in table_pairs(table)):
            continue
        remaining = [name for name in others if name not in mates]
        found = _search(remaining, players, met, steps)
        if found is not None:
            return [table, *found]
        if steps[0] < 0:
            return None
    return None
