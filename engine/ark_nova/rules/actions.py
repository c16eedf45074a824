"""The five actions (spec 5): dispatch by action card type to the module that runs it.

Each action module offers ``feasible(s, ctx)`` (is there a legal execution at this
strength, spec 4 step 2), ``begin(s, ctx)`` (push its steps) and ``USEFUL_STRENGTH``
(side I, side II): the strength above which more X-tokens change nothing (0: no limit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ark_nova.rules import act_animals, act_build, act_cards, act_sponsors, association

if TYPE_CHECKING:
    from engine.ark_nova.model.ctx import Ctx
    from engine.ark_nova.model.state import State

MODULES = (act_animals, association, act_build, act_cards, act_sponsors)


def feasible(s: State, ctx: Ctx) -> bool:
    return ctx.strength >= 1 and MODULES[ctx.action].feasible(s, ctx)


def begin(s: State, ctx: Ctx) -> None:
    MODULES[ctx.action].begin(s, ctx)


def useful_strength(action: int, side2: bool) -> int:
    return MODULES[action].USEFUL_STRENGTH[int(side2)]
