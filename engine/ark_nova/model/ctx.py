"""One execution of an action card (spec 4): who acts, with whose card, at what strength.

The turn (``turn.py``) builds a ``Ctx`` once the X-tokens are spent and hands it to the
action modules (``actions.py``), which read it and never import the turn.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ctx:
    """One execution of an action: who acts, with whose card, at what strength."""

    seat: int
    action: int
    strength: int
    side2: bool
    owner: int
