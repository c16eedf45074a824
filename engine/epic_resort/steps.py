"""Base classes of Epic Resort's steps (see :mod:`engine.toolkit.flow`).

A step is a frozen slotted dataclass holding only public values. Steps without fields
are module-level singletons (``SEASON``...); decision steps with a seat derive from
:class:`SeatAsk`. Each rules module defines the steps and option types of its spec area.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.toolkit.flow import Ask


@dataclass(frozen=True, slots=True)
class SeatAsk(Ask):
    """A decision owed by one seat."""

    seat: int

    def seats(self, s: object) -> tuple[int, ...]:
        return (self.seat,)
