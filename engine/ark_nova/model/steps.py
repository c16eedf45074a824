"""Ark Nova's pending steps and decisions on the core step driver (``engine.toolkit.flow``).

Automatic steps subclass ``Step``; a decision is an ``Ask`` owed by one seat whose
``options`` concatenate the ``legal`` instances of its option types (each option type one
class: when legal, what choosing it does, how it reads). An option's ``apply`` pops its
step (``s.steps.pop()``) and reads the step's fields from it. Optional steps offer the
shared ``Decline`` option, which calls the step's ``declined``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.core.option import Option
from engine.toolkit.flow import Ask as CoreAsk
from engine.toolkit.flow import Step

if TYPE_CHECKING:
    from engine.ark_nova.model.state import State

__all__ = ["DECLINE", "Ask", "Decline", "Option", "Step"]


class Ask(CoreAsk):
    """A decision owed by ``seat`` (single-seat: Ark Nova has no simultaneous steps).

    Subclasses implement ``offer``: the legal options in canonical order. A step that
    offers nothing is dropped without asking (an optional effect with nothing to do):
    ``seats`` lists the options once and keeps them in ``State.offered`` for ``options``.
    """

    __slots__ = ()
    decline_label: ClassVar[str] = "stop"
    seat: int

    def offer(self, s: State, seat: int) -> Sequence[Option]:  # pragma: no cover - abstract
        raise NotImplementedError(f"{type(self).__name__}.offer")

    def seats(self, s: State) -> tuple[int, ...]:
        options = self.offer(s, self.seat)
        if not options:
            return ()
        s.offered = (self, options)
        return (self.seat,)

    def options(self, s: State, seat: int) -> Sequence[Option]:
        cached = s.offered
        if cached is not None and cached[0] is self:
            s.offered = None
            return cached[1]
        return self.offer(s, seat)

    def declined(self, s: State) -> None:
        """What declining (the ``Decline`` option) does; nothing by default."""

    def prompt(self, s: State) -> str:
        """What is being decided, for logs and the wire (public information only)."""
        return self.kind.lower().replace("_", " ")


@dataclass(frozen=True, slots=True)
class Decline(Option):
    """Stop / decline the optional part / done, as the step on top says."""

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, Ask)
        step.declined(s)

    def describe(self, s: State, seat: int) -> str:
        step = s.steps[-1]
        return step.decline_label if isinstance(step, Ask) else "stop"


DECLINE = Decline()
