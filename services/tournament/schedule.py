"""Who sits where, with which seed: the deterministic plan of a tournament.

Seats rotate so every bot sits in every seat equally often: in game ``g`` seat ``s`` is
played by ``bots[(s + g) % len(bots)]``. Each game's seed is derived from the master
seed and the game index alone, so a game is the same whichever worker plays it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence

from services.runner.batch import MatchTask

SEED_BITS = 48
"""Game seeds stay below 2**48, exact in JSON numbers (doubles) everywhere."""


def seat_bots(bots: Sequence[str], players: int, game_index: int) -> tuple[str, ...]:
    """The bot name of each seat in game ``game_index``."""
    count = len(bots)
    return tuple(bots[(seat + game_index) % count] for seat in range(players))


def game_seed(master_seed: int, game_index: int) -> int:
    """The seed of game ``game_index``: a hash of (master seed, index), 48 bits."""
    digest = hashlib.blake2b(
        f"{master_seed}:{game_index}".encode(), digest_size=8, person=b"arena-game-seed"
    ).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def schedule(
    bots: Sequence[str], players: int, games: int, master_seed: int, start: int = 0
) -> Iterator[MatchTask]:
    """The tasks of games ``start .. games-1``, lazily (runs may have millions)."""
    for index in range(start, games):
        yield MatchTask(index, game_seed(master_seed, index), seat_bots(bots, players, index))
