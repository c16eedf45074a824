"""Swiss pairing: tables of entrants close in the standings who have not met yet.

Entrants are ordered by standing (best first). The best unseated entrant opens a table
and takes the next ones in order that it and the table have not met; a depth-first
search backs up when the rest cannot be seated without a repeat. When no repeat-free
seating exists (six entrants at tables of three cannot avoid one in round two), the
search allows one repeated pair more at a time, so repeats are as few as possible.
Past the search budget, tables are cut in standings order. Repeats are counted.
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
    most = len(order) // players * len(table_pairs(order[:players]))
    for allowed in range(most + 1):
        tables = _search(list(order), players, met, allowed, steps)
        if tables is not None:
            return Pairing(tuple(tables), _repeats(tables, met))
        if steps[0] < 0:
            break
    cut = [tuple(order[i : i + players]) for i in range(0, len(order), players)]
    return Pairing(tuple(cut), _repeats(cut, met))


def _repeats(tables: Sequence[tuple[str, ...]], met: set[Pair]) -> int:
    return sum(pair in met for table in tables for pair in table_pairs(table))


def _search(
    rest: list[str], players: int, met: set[Pair], allowed: int, steps: list[int]
) -> list[tuple[str, ...]] | None:
    """Seat ``rest`` with at most ``allowed`` repeated pairs; ``steps`` is the budget."""
    if not rest:
        return []
    head, others = rest[0], rest[1:]
    for mates in itertools.combinations(others, players - 1):
        steps[0] -= 1
        if steps[0] < 0:
            return None
        table = (head, *mates)
        repeats = sum(pair in met for pair in table_pairs(table))
        if repeats > allowed:
            continue
        remaining = [name for name in others if name not in mates]
        found = _search(remaining, players, met, allowed - repeats, steps)
        if found is not None:
            return [table, *found]
        if steps[0] < 0:
            return None
    return None
