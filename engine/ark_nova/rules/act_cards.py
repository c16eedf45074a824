"""The CARDS action (spec 5.1): advance the break token 2, then draw-and-discard or snap."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import Ask, Option
from engine.ark_nova.rules import cardflow, tracks

if TYPE_CHECKING:
    from engine.ark_nova.model.ctx import Ctx

USEFUL_STRENGTH = (5, 5)
# (draw, discard) by strength 1..5+, and the lowest strength that allows a snap.
SIDE_I = ((1, 1), (1, 0), (2, 1), (2, 0), (3, 1))
SIDE_II = ((1, 0), (2, 1), (2, 0), (3, 1), (4, 1))
SNAP_FROM = (5, 3)


def draw_discard(side2: bool, strength: int) -> tuple[int, int]:
    table = SIDE_II if side2 else SIDE_I
    return table[min(strength, 5) - 1]


def feasible(s: State, ctx: Ctx) -> bool:
    return True


def begin(s: State, ctx: Ctx) -> None:
    tracks.advance_break(s, ctx.seat, 2)
    if ctx.strength >= SNAP_FROM[int(ctx.side2)] and any(c >= 0 for c in s.display):
        s.steps.append(DrawOrSnap(ctx.seat, ctx.side2, ctx.strength))
    else:
        start_draw(s, ctx.seat, ctx.side2, ctx.strength)


def start_draw(s: State, seat: int, side2: bool, strength: int) -> None:
    n, discard = draw_discard(side2, strength)
    if discard:
        s.steps.append(cardflow.Discard(seat, discard))
    if side2:
        s.steps.append(cardflow.TakeCard(seat, n))  # deck or range, each (D-07)
    else:
        cardflow.draw(s, seat, n)


@dataclass(frozen=True, slots=True)
class DrawOrSnap(Ask):
    """Draw (and discard) as the table says, or snap 1 display card from any folder."""

    seat: int
    side2: bool
    strength: int
    kind = "DRAW_OR_SNAP"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [DrawCards.of(), *(SnapInstead.of(f) for f in range(1, 7)
                                  if s.display[f - 1] >= 0)]


@dataclass(frozen=True, slots=True)
class DrawCards(Option):
    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, DrawOrSnap)
        start_draw(s, seat, step.side2, step.strength)

    def describe(self, s: State, seat: int) -> str:
        step = s.steps[-1]
        assert isinstance(step, DrawOrSnap)
        n, d = draw_discard(step.side2, step.strength)
        return f"draw {n}, discard {d}"


@dataclass(frozen=True, slots=True)
class SnapInstead(Option):
    """Snap: take exactly 1 card from any folder instead of drawing."""

    folder: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        s.players[seat].hand.append(cardflow.take_folder(s, self.folder))

    def describe(self, s: State, seat: int) -> str:
        return f"snap {s.cards[s.display[self.folder - 1]].name} from folder {self.folder}"
