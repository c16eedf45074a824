"""The BUILD action (spec 5.2): buildings paid 2 money per cell, one on side I, several
of different types within the size budget on side II, and Engineer's extra copy (217)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ark_nova.map.buildings import BUILD_I_TYPES, BUILD_II_TYPES, SIZE, SPECIAL, TYPES
from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import DECLINE, Ask, Option
from engine.ark_nova.rules import harbour, passives, zoo

if TYPE_CHECKING:
    from engine.ark_nova.model.ctx import Ctx

USEFUL_STRENGTH = (5, 0)


def buildable(s: State, seat: int, code: int, budget: int) -> bool:
    return (SIZE[code] <= budget and 2 * SIZE[code] <= s.players[seat].money
            and zoo.can_place(s, seat, code))


def feasible(s: State, ctx: Ctx) -> bool:
    types = BUILD_II_TYPES if ctx.side2 else BUILD_I_TYPES
    return any(buildable(s, ctx.seat, code, ctx.strength) for code in types)


def begin(s: State, ctx: Ctx) -> None:
    s.steps.append(PickBuilding(ctx.seat, ctx.side2, ctx.strength, 0, 0, False))


@dataclass(frozen=True, slots=True)
class PickBuilding(Ask):
    """The next building type: side I one within size S, side II different types within a
    total size S; with Engineer, one copy of a type built in this action (not special)."""

    seat: int
    side2: bool
    budget: int
    built: int  # bit mask of the types built in this action
    count: int
    copied: bool
    kind = "BUILD"
    decline_label = "build nothing more"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        out: list[Option] = []
        if self.side2 or self.count == 0:
            types = BUILD_II_TYPES if self.side2 else BUILD_I_TYPES
            out.extend(BuildType.of(c) for c in types
                       if not (self.built >> c) & 1 and buildable(s, seat, c, self.budget))
        if self.count and not self.copied and passives.has_mod(s.players[seat], "engineer_copy"):
            out.extend(EngineerCopy.of(c) for c in range(len(TYPES))
                       if (self.built >> c) & 1 and TYPES[c].kind != SPECIAL
                       and buildable(s, seat, c, 99))
        if self.count and out:
            out.append(DECLINE)
        if out:
            out.extend(harbour.offer(s, seat))
        return out


def _build(s: State, seat: int, code: int, copy: bool) -> None:
    step = s.steps.pop()
    assert isinstance(step, PickBuilding)
    budget = step.budget if copy else step.budget - SIZE[code]
    s.players[seat].money -= 2 * SIZE[code]
    s.steps.append(PickBuilding(seat, step.side2, budget, step.built | 1 << code,
                                step.count + 1, step.copied or copy))
    zoo.start_placement(s, seat, code)


@dataclass(frozen=True, slots=True)
class BuildType(Option):
    """Build one building of this type (``buildings.TYPES`` code), 2 money per cell."""

    building: int

    def apply(self, s: State, seat: int) -> None:
        _build(s, seat, self.building, False)

    def describe(self, s: State, seat: int) -> str:
        t = TYPES[self.building]
        return f"build {t.name} for {2 * t.size} money"


@dataclass(frozen=True, slots=True)
class EngineerCopy(Option):
    """Sponsor 217: one more building of a type built in this action, outside the budget."""

    building: int

    def apply(self, s: State, seat: int) -> None:
        _build(s, seat, self.building, True)

    def describe(self, s: State, seat: int) -> str:
        t = TYPES[self.building]
        return f"build another {t.name} for {2 * t.size} money (Engineer)"
