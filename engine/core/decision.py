"""A pending decision: who decides, what kind of choice, and the legal options."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass


# Slotted and hashable, not frozen: a frozen dataclass sets each field through
# object.__setattr__, which made building one about 3x slower (a Decision is built for
# every decision asked, by every game and every search rollout). It is a value: nothing
# changes one once made, and the engine never reads one back.
@dataclass(slots=True, unsafe_hash=True)
class Decision:
    """One small choice asked of one seat.

    ``kind`` is a short upper-case name from the game's spec (``PLAY_CARD``,
    ``CHOOSE_TARGET``...). ``options`` are small immutable values defined by the game;
    a reply names one by its index. Options are phrased only in terms of what the
    deciding seat may know, in a canonical order that encodes no hidden information.
    """

    seat: int
    kind: str
    options: Sequence[Hashable]

    def __len__(self) -> int:
        return len(self.options)
