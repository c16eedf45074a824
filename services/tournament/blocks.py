"""Line-ups and rotation blocks: who plays which game of a tournament, in which seat.

A *line-up* is the entrants of one table (one per seat, an entrant may repeat when a
tournament has fewer entrants than seats). A *block* is one arrangement of a line-up
played ``players`` times with the seats rotated, all on one seed: every member of the
line-up plays every seat of the same deal once, so seat and deal luck cancel inside a
block (the duplicate-bridge idea; fishtest's game pairs are the two-seat case).

Game ``g`` of a :class:`BlockSchedule` is rotation ``g % P`` of block ``k = g // P``;
block ``k`` plays line-up ``k % L`` in base arrangement ``(k // L) % (P-1)!``. Hence:

- every ``P * L`` games, every line-up has been played with every member in every seat
  once (seat balance, every pairing);
- every ``P! * L`` games, every seat permutation of every line-up has been played once.

A game's seed depends only on the master seed and its block, so the same seed gives
the same schedule and, games being pure functions of their task, the same results.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from services.runner.batch import MatchTask

Lineup = tuple[str, ...]

SEED_BITS = 48
"""Game seeds stay below 2**48, exact in JSON numbers (doubles) everywhere."""


def game_seed(master_seed: int, block: int) -> int:
    """The seed of block ``block``: a hash of (master seed, block), 48 bits."""
    digest = hashlib.blake2b(
        f"{master_seed}:{block}".encode(), digest_size=8, person=b"arena-game-seed"
    ).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def cyclic_fills(entrants: Sequence[str], players: int) -> list[Lineup]:
    """Line-ups for fewer entrants than seats: seat s of fill k is entrant (s + k) % E.

    Over the E fills every entrant holds the same number of seats.
    """
    count = len(entrants)
    return [tuple(entrants[(seat + k) % count] for seat in range(players)) for k in range(count)]


def round_robin_lineups(entrants: Sequence[str], players: int) -> list[Lineup]:
    """Every combination of ``players`` distinct entrants; cyclic fills if too few."""
    if len(entrants) < players:
        return cyclic_fills(entrants, players)
    return list(itertools.combinations(entrants, players))


def gauntlet_lineups(challenger: str, field: Sequence[str], players: int) -> list[Lineup]:
    """The challenger with every combination of ``players - 1`` of the field."""
    return [(challenger, *rest) for rest in round_robin_lineups(field, players - 1)]


def base_arrangement(players: int, number: int) -> tuple[int, ...]:
    """The ``number``-th permutation of line-up positions that starts with position 0,
    in lexicographic order (decoded from the factorial number system, nothing listed)."""
    rest = list(range(1, players))
    order = [0]
    number %= math.factorial(players - 1)
    for size in range(players - 1, 0, -1):
        step = math.factorial(size - 1)
        order.append(rest.pop(number // step))
        number %= step
    return tuple(order)


def rotate(arrangement: Sequence[str], rotation: int) -> Lineup:
    """Seat s plays the member at position (s + rotation) % P."""
    players = len(arrangement)
    return tuple(arrangement[(seat + rotation) % players] for seat in range(players))


def block_tasks(block: int, arrangement: Sequence[str], master_seed: int) -> list[MatchTask]:
    """The P games of one block: every rotation of ``arrangement`` on the block's seed."""
    players = len(arrangement)
    seed = game_seed(master_seed, block)
    return [
        MatchTask(block * players + rotation, seed, rotate(arrangement, rotation))
        for rotation in range(players)
    ]


@dataclass(frozen=True, slots=True)
class BlockSchedule:
    """A fixed, endless sequence of games over a list of line-ups (see the module doc)."""

    lineups: tuple[Lineup, ...]
    master_seed: int

    @property
    def players(self) -> int:
        return len(self.lineups[0])

    @property
    def balanced_cycle(self) -> int:
        """Games after which seats and pairings are balanced (and every multiple)."""
        return self.players * len(self.lineups)

    @property
    def full_cycle(self) -> int:
        """Games after which every seat permutation of every line-up was played once."""
        return self.balanced_cycle * math.factorial(self.players - 1)

    def arrangement(self, block: int) -> Lineup:
        lineup = self.lineups[block % len(self.lineups)]
        order = base_arrangement(self.players, block // len(self.lineups))
        return tuple(lineup[position] for position in order)

    def task(self, index: int) -> MatchTask:
        block, rotation = divmod(index, self.players)
        seats = rotate(self.arrangement(block), rotation)
        return MatchTask(index, game_seed(self.master_seed, block), seats)

    def tasks(self, indices: Iterable[int]) -> Iterator[MatchTask]:
        """The tasks of ``indices``, lazily."""
        for index in indices:
            yield self.task(index)
