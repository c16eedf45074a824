"""The step-stack driver games run their turn flow on (Epic Resort, Monster My Neighbor, Ark Nova).

The state keeps a stack of pending :class:`Step` values (top last). Automatic steps are
popped and run; an :class:`Ask` step on top stays there while its seats decide. Steps are
small immutable values (frozen slotted dataclasses) that hold only public facts, so an
observation may show them and a determinized copy of the state can resume from them.

:func:`advance` runs automatic steps until some seat owes a decision with two or more
options (a single legal option is applied at once), and caches each pending seat's
option list in ``state.asked``: options are listed ONCE per decision, and
``GameState.decision``/``apply`` read the cache. :func:`choose` applies one option.
An :class:`Offer` (one seat, its options listed when the ask was made) is read without
calls, and ``void`` is called only on the classes that define it: this loop runs on
every decision of every game, rollouts included.

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
    # Whether the class defines ``void`` (set for each subclass): the driver skips the
    # call for the many steps that never void.
    voids: ClassVar[bool] = False
    # True on :class:`Offer` (one seat, options listed with the ask).
    fixed: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.voids = cls.void is not Ask.void

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


class Offer(Ask):
    """An ask of one seat whose options were listed when the ask was made (a rule often
    lists them to decide whether to ask at all). A subclass has the fields ``seat`` and
    ``offered``; the driver reads them directly, the hot path of most games' decisions."""

    __slots__ = ()

    fixed: ClassVar[bool] = True
    seat: int
    offered: Sequence[Option]

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def options(self, state: Any, seat: int) -> Sequence[Option]:
        return self.offered


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
        ask: Ask = step  # type: ignore[assignment]  # only an Ask asks
        if ask.voids and ask.void(state):
            steps.pop()
            continue
        if ask.fixed:  # the common case: one seat, its options listed with the ask
            offer: Offer = ask  # type: ignore[assignment]
            asked.clear()
            state.asked_step = offer
            seat = offer.seat
            offered = offer.offered
            if len(offered) == 1:
                offer.forced(state, seat, offered[0])
                state.asked_step = None
                offered[0].apply(state, seat)
                continue
            asked[seat] = offered
            return
        seats = ask.seats(state)
        if not seats:
            steps.pop()
            continue
        if step is not state.asked_step or not ask.simultaneous:
            asked.clear()
            state.asked_step = step
        elif len(asked) == len(seats) and asked.keys() == set(seats):
            return  # one seat of a simultaneous ask chose; the others' options stand
        forced = False
        for seat in seats:
            options = asked.get(seat)
            if options is None:
                options = ask.options(state, seat)
                if len(options) == 1:
                    ask.forced(state, seat, options[0])
                    _apply(state, ask, seat, options[0])
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


def _check_index(options: Sequence[Option], index: object) -> None:
    """Raise unless ``index`` (not a plain int) is an int, not a bool, in range."""
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(options):
        raise IllegalChoice(f"option {index!r} is not in 0..{len(options) - 1}")


def choose(state: StepState, seat: int, index: int) -> None:
    """Apply ``seat``'s option ``index`` and run on. Illegal input leaves the state as it was."""
    asked = state.asked
    options = asked.get(seat)
    if options is None:
        pending = sorted(asked)
        raise NotYourTurn(f"seat {seat} owes no decision now (pending: {pending})")
    if type(index) is not int or not 0 <= index < len(options):
        _check_index(options, index)
    step: Ask = state.asked_step  # type: ignore[assignment]  # set with asked
    if step.simultaneous:
        asked.pop(seat, None)
    else:
        asked.clear()
        state.asked_step = None
    options[index].apply(state, seat)
    advance(state)
