"""The deterministic random source owned by a game state."""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class GameRng:
    """Seeded RNG. Every random event of a game goes through one instance.

    Wraps :class:`random.Random` (Mersenne Twister), whose integer-seeded stream is
    stable across CPython 3.x releases, so replays stay valid.
    """

    __slots__ = ("_below", "_r")

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)
        self._below = self._r._randbelow  # type: ignore[attr-defined]

    def randrange(self, n: int) -> int:
        """A uniform integer in ``[0, n)``: the same draw as ``Random.randrange(n)``,
        which for a positive int calls ``_randbelow(n)``, without its argument checks
        (the hot path of every random bot and shuffle)."""
        if n > 0 and type(n) is int:
            return self._below(n)
        return self._r.randrange(n)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        self._r.shuffle(seq)

    def random(self) -> float:
        return self._r.random()

    def fork(self) -> GameRng:
        """An independent copy with the same future stream (for clones)."""
        twin = GameRng.__new__(GameRng)
        twin._r = random.Random()
        twin._r.setstate(self._r.getstate())
        twin._below = twin._r._randbelow  # type: ignore[attr-defined]
        return twin

    def reseed(self, seed: int) -> None:
        """Replace the stream (used when determinizing hidden state for search bots)."""
        self._r.seed(seed)
