"""The step-stack driver games run their turn flow on (Epic Resort, Monster My Neighbor, Ark Nova).

The state keeps a stack of pending :class:`Step` values (top last). Automatic steps are
popped and run; an :class:`Ask` step on top stays there while its seats decide. Steps are
small immutable values (frozen slotted dataclasses) that hold only public facts, so an
observation may show them and a determinized copy of the state can resume from them.

:func:`advance` runs automatic steps until some seat owes a decision with two or more
options (a single legal option is applied at once), and caches each pending seat's
option list in ``state.asked``: options are listed ONCE per decision, and
``GameState.decision``/``apply`` read the cache. :func:`choose` applies one option.

A state using this driver has three attributes: ``steps: list[Step]``,
``asked: dict[int, Sequence[Option]]`` (pending seat -> its options) and
``asked_step: Step | None`` (the step those options belong to).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from engine.core.errors import IllegalChoice, NotYourTurn
from engine.core.option import Option


class Step:
    """An automatic step: ``run(state)`` does it (and may push further steps)."""

    __slots__ = ()

    asks: ClassVar[bool] = False
    # A short public name (observations, logs and the wire show it).
    name: ClassVar[str] = ""

    def run(self, state: Any) -> None:
        raise NotImplementedError(f"{type(self).__name__}.run")


class Ask(Step):
    """A decision step. It stays on the stack until an option's ``apply`` pops it.

    ``kind`` is the decision kind of the game's spec (``PLACE_TOURIST``...). A step whose
    seats decide at once, each seeing only its own earlier choices, sets
    ``simultaneous``: its cached options of other seats survive one seat's choice.
    """

    __slots__ = ()

    asks: ClassVar[bool] = True
    kind: ClassVar[str] = ""
    simultaneous: ClassVar[bool] = False

    def seats(self, state: Any) -> tuple[int, ...]:
        """The seats that owe a decision now (none: the step is dropped)."""
        raise NotImplementedError(f"{type(self).__name__}.seats")

    def options(self, state: Any, seat: int) -> Sequence[Option]:
        """The legal options of ``seat``, in canonical order (built from ``Option.legal``)."""
        raise NotImplementedError(f"{type(self).__name__}.options")

    def kind_for(self, state: Any, seat: int) -> str:
        """The decision kind shown to ``seat`` (a step may ask different things)."""
        return self.kind

    def void(self, state: Any) -> bool:
        """True when the step no longer applies and is dropped without asking."""
        return False

    def forced(self, state: Any, seat: int, option: Option) -> None:
        """Called just before ``option``, the only legal one of ``seat``, is applied for
        it without asking (a game may note it in the seat's log). Does nothing here."""

    def run(self, state: Any) -> None:
        raise TypeError(f"{type(self).__name__} is a decision, not an automatic step")


class StepState(Protocol):
    steps: list[Step]
    asked: dict[int, Sequence[Option]]
    asked_step: Step | None


def advance(state: StepState) -> None:
    """Run automatic steps until a real decision (two or more options) is owed."""
    steps = state.steps
    asked = state.asked
    while steps:
        step = steps[-1]
        if not step.asks:
            steps.pop()
            step.run(state)
            continue
        assert isinstance(step, Ask)
        if step.void(state):
            steps.pop()
            continue
        seats = step.seats(state)
        if not seats:
            steps.pop()
            continue
        if step is not state.asked_step or not step.simultaneous:
            asked.clear()
            state.asked_step = step
        forced = False
        for seat in seats:
            options = asked.get(seat)
            if options is None:
                options = step.options(state, seat)
                if len(options) == 1:
                    step.forced(state, seat, options[0])
                    _apply(state, step, seat, options[0])
                    forced = True
                    break
                asked[seat] = options
        if forced:
            continue
        if len(asked) != len(seats):
            for seat in [s for s in asked if s not in seats]:
                del asked[seat]
        return
    asked.clear()
    state.asked_step = None


def _apply(state: StepState, step: Ask, seat: int, option: Option) -> None:
    if step.simultaneous:
        state.asked.pop(seat, None)
    else:
        state.asked.clear()
        state.asked_step = None
    option.apply(state, seat)


def choose(state: StepState, seat: int, index: int) -> None:
    """Apply ``seat``'s option ``index`` and run on. Illegal input leaves the state as it was."""
    options = state.asked.get(seat)
    if options is None:
        pending = sorted(state.asked)
        raise NotYourTurn(f"seat {seat} owes no decision now (pending: {pending})")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(options):
        raise IllegalChoice(f"option {index!r} is not in 0..{len(options) - 1}")
    step = state.asked_step
    assert isinstance(step, Ask)
    _apply(state, step, seat, options[index])
    advance(state)
