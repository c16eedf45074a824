"""The CARDS action (spec 5.1): advance the break token 2, then draw-and-discard or snap."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ark_nova import cardflow, tracks
from engine.ark_nova.options import FOLDER, Choose, Folder
from engine.ark_nova.state import State
from engine.ark_nova.steps import Decision

if TYPE_CHECKING:
    from engine.ark_nova.turn import Ctx

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
        s.frames.append(DrawOrSnap(ctx.seat, ctx.side2, ctx.strength))
    else:
        start_draw(s, ctx.seat, ctx.side2, ctx.strength)


def start_draw(s: State, seat: int, side2: bool, strength: int) -> None:
    n, discard = draw_discard(side2, strength)
    if discard:
        s.frames.append(cardflow.Discard(seat, discard))
    if side2:
        s.frames.append(cardflow.TakeCard(seat, n))  # deck or range, each (D-07)
    else:
        cardflow.draw(s, seat, n)


@dataclass(frozen=True, slots=True)
class DrawOrSnap(Decision):
    """Draw (and discard) as the table says, or snap 1 display card from any folder."""

    seat: int
    side2: bool
    strength: int
    kind = "DRAW_OR_SNAP"

    def options(self, s: State) -> list[Hashable]:
        return [Choose("draw"), *(FOLDER[f] for f in range(1, 7) if s.display[f - 1] >= 0)]

    def apply(self, s: State, opt: Hashable) -> None:
        if isinstance(opt, Folder):
            s.players[self.seat].hand.append(cardflow.take_folder(s, opt.folder))
        else:
            start_draw(s, self.seat, self.side2, self.strength)

    def describe(self, s: State, opt: Hashable) -> str:
        if isinstance(opt, Folder):
            return f"snap {s.cards[s.display[opt.folder - 1]].name} from folder {opt.folder}"
        n, d = draw_discard(self.side2, self.strength)
        return f"draw {n}, discard {d}"
