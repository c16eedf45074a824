"""Pending steps: the typed frames of the rules driver (``rules.py``).

A step is an immutable value on ``State.frames``. An automatic step does its work in
``run``; a decision step (``Decision``) is one decision kind in one place: ``options`` says
what is legal, ``apply`` what choosing one does, ``describe`` how it reads. Changing a
step's progress means popping it and pushing a new one, so frames never need copying.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from engine.ark_nova.state import State


class Step:
    """An automatic step. Subclasses are frozen slotted dataclasses."""

    __slots__ = ()
    is_decision: ClassVar[bool] = False

    def run(self, s: State) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


class Decision(Step):
    """A decision owed by ``seat``. ``kind`` is its name on the wire and in logs.

    ``options`` must not change the state; ``apply`` is called after the step has been
    popped, with one of the listed options. Decisions with one legal option are applied
    automatically, and decisions with none are skipped.
    """

    __slots__ = ()
    is_decision: ClassVar[bool] = True
    kind: ClassVar[str] = ""
    seat: int

    def options(self, s: State) -> list[Hashable]:  # pragma: no cover - abstract
        raise NotImplementedError

    def apply(self, s: State, opt: Hashable) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def describe(self, s: State, opt: Hashable) -> str:
        return type(opt).__name__.lower()

    def prompt(self, s: State) -> str:
        """What is being decided, for logs and the wire (public information only)."""
        return self.kind.lower().replace("_", " ")
