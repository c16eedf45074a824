"""The BUILD action (spec 5.2): buildings paid 2 money per cell, one on side I, several
of different types within the size budget on side II, and Engineer's extra copy (217)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ark_nova import zoo
from engine.ark_nova.buildings import BUILD_I_TYPES, BUILD_II_TYPES, SIZE, SPECIAL, TYPES
from engine.ark_nova.options import BUILD, STOP, Build
from engine.ark_nova.state import State
from engine.ark_nova.steps import Decision

if TYPE_CHECKING:
    from engine.ark_nova.turn import Ctx

USEFUL_STRENGTH = (5, 0)
ENGINEER = 217


def buildable(s: State, seat: int, code: int, budget: int) -> bool:
    return (SIZE[code] <= budget and 2 * SIZE[code] <= s.players[seat].money
            and zoo.can_place(s, seat, code))


def feasible(s: State, ctx: Ctx) -> bool:
    types = BUILD_II_TYPES if ctx.side2 else BUILD_I_TYPES
    return any(buildable(s, ctx.seat, code, ctx.strength) for code in types)


def begin(s: State, ctx: Ctx) -> None:
    s.frames.append(PickBuilding(ctx.seat, ctx.side2, ctx.strength, 0, 0, False))


@dataclass(frozen=True, slots=True)
class PickBuilding(Decision):
    """The next building type: side I one within size S, side II different types within a
    total size S; with Engineer, one copy of a type built in this action (not special)."""

    seat: int
    side2: bool
    budget: int
    built: int  # bit mask of the types built in this action
    count: int
    copied: bool
    kind = "BUILD"

    def options(self, s: State) -> list[Hashable]:
        out: list[Hashable] = []
        if self.side2 or self.count == 0:
            types = BUILD_II_TYPES if self.side2 else BUILD_I_TYPES
            out.extend(BUILD[c] for c in types
                       if not (self.built >> c) & 1 and buildable(s, self.seat, c, self.budget))
        if self.count and not self.copied and ENGINEER in s.players[self.seat].sponsors:
            out.extend(BUILD[c] for c in range(len(TYPES))
                       if (self.built >> c) & 1 and TYPES[c].kind != SPECIAL
                       and buildable(s, self.seat, c, 99))
        if self.count and out:
            out.append(STOP)
        return out

    def apply(self, s: State, opt: Hashable) -> None:
        if not isinstance(opt, Build):
            return
        code = opt.building
        copy = bool((self.built >> code) & 1)
        budget = self.budget if copy else self.budget - SIZE[code]
        s.players[self.seat].money -= 2 * SIZE[code]
        s.frames.append(PickBuilding(self.seat, self.side2, budget, self.built | 1 << code,
                                     self.count + 1, self.copied or copy))
        zoo.start_placement(s, self.seat, code, zoo.PAID)

    def describe(self, s: State, opt: Hashable) -> str:
        if isinstance(opt, Build):
            copy = " (Engineer copy)" if (self.built >> opt.building) & 1 else ""
            t = TYPES[opt.building]
            return f"build {t.name} for {2 * t.size} money{copy}"
        return "build nothing more"
