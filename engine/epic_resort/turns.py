"""Phase II turns (spec 5): turn order, the turn menu, passing and the Harbormaster.

A turn is a :class:`Turn` step asking ``TURN_MENU`` until the seat ends its turn: any
number of free actions, one main action (or :class:`Pass`), then :class:`EndTurn`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.option import Option
from engine.epic_resort.actions import free_actions, main_actions
from engine.epic_resort.events import HarbormasterTaken, Passed
from engine.epic_resort.resort import gain
from engine.epic_resort.state import State
from engine.epic_resort.steps import SeatAsk
from engine.toolkit.flow import Step


@dataclass(frozen=True, slots=True)
class Phase2(Step):
    """Spec 5.1: every seat is back in; the Harbormaster takes the first turn."""

    name: ClassVar[str] = "PHASE2"

    def run(self, s: State) -> None:
        s.phase = 2
        for p in s.players:
            p.passed = False
        s.first_pass_done = False
        s.turn_seat = s.hm
        s.main_done = False
        s.steps.append(Turn.of(s.hm))


@dataclass(frozen=True, slots=True)
class NextTurn(Step):
    """Spec 5.2: the next seat clockwise that has not passed; none left ends Phase II."""

    name: ClassVar[str] = "NEXT_TURN"

    def run(self, s: State) -> None:
        for k in range(1, s.n + 1):
            seat = (s.turn_seat + k) % s.n
            if not s.players[seat].passed:
                s.turn_seat = seat
                s.main_done = False
                s.steps.append(Turn.of(seat))
                return


PHASE2, NEXT_TURN = Phase2(), NextTurn()


@dataclass(frozen=True, slots=True)
class Turn(SeatAsk):
    """The turn menu: free actions, then one main action or a pass, then end of turn."""

    kind: ClassVar[str] = "TURN_MENU"
    name: ClassVar[str] = "TURN"

    @classmethod
    def of(cls, seat: int) -> Turn:
        turn = _TURNS.get(seat)
        if turn is None:
            turn = _TURNS[seat] = cls(seat)
        return turn

    def options(self, s: State, seat: int) -> list[Option]:
        opts = free_actions(s, seat, False)
        if s.main_done:
            opts.append(END_TURN)
        else:
            opts += main_actions(s, seat)
            opts.append(PASS)
        return opts


_TURNS: dict[int, Turn] = {}


@dataclass(frozen=True, slots=True)
class EndTurn(Option):
    """Finish the turn after its main action."""

    name: ClassVar[str] = "end_turn"

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        s.steps.append(NEXT_TURN)

    def describe(self, s: State, seat: int) -> str:
        return "end turn"


@dataclass(frozen=True, slots=True)
class Pass(Option):
    """Spec 5.3.6: leave Phase II for this season; the first to pass picks (or takes) the
    Harbormaster."""

    name: ClassVar[str] = "pass"

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        s.main_done = True
        s.steps.append(NEXT_TURN)
        s.players[seat].passed = True
        s.log.append(Passed(seat))
        if not s.first_pass_done:
            s.first_pass_done = True
            if s.params.harbormaster_on_first_pass == "first_passer_takes_it":
                take_harbormaster(s, seat)
            else:
                s.steps.append(HmChoice(seat))

    def describe(self, s: State, seat: int) -> str:
        return "pass"


END_TURN, PASS = EndTurn(), Pass()


@dataclass(frozen=True, slots=True)
class HmChoice(SeatAsk):
    """Spec 5.3.6: the first player to pass chooses the next Harbormaster."""

    kind: ClassVar[str] = "CHOOSE_HARBORMASTER"
    name: ClassVar[str] = "HM_CHOICE"

    def options(self, s: State, seat: int) -> list[ChooseHarbormaster]:
        return ChooseHarbormaster.legal(s, seat)


@dataclass(frozen=True, slots=True)
class ChooseHarbormaster(Option):
    """Any seat, the current Harbormaster included (who then gets a gold token)."""

    seat: int
    name: ClassVar[str] = "harbormaster"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[ChooseHarbormaster]:
        return [cls.of(q) for q in range(s.n)]

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        take_harbormaster(s, self.seat)

    def describe(self, s: State, seat: int) -> str:
        if self.seat == s.hm:
            return f"seat {self.seat} keeps it (+1 gold token)"
        return f"seat {self.seat} becomes Harbormaster"


def take_harbormaster(s: State, chosen: int) -> None:
    """Spec 5.3.6: re-selecting the Harbormaster adds a token; otherwise the card moves."""
    if chosen == s.hm:
        s.hm_tokens += 1
    else:
        s.hm = chosen
        gain(s, s.players[chosen], 0, s.hm_tokens)
        s.hm_tokens = 0
    s.log.append(HarbormasterTaken(chosen, s.hm_tokens))
