"""Where an Ark Nova rollout stops to be scored: the start of a turn, some turns ahead.

``horizon_at(turns)`` is a ``Search.horizon``: True once a rollout reaches the start of
a normal turn at least ``turns`` turns (of any seat) after the turn the search started
in. ``mcts`` uses one turn; the ``boss`` bot's ``depth`` picks another number.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.ark_nova.rules.turn import NORMAL, ChooseAction
from engine.core.game import GameState


def horizon_at(turns: int) -> Callable[[GameState, GameState], bool]:
    """A horizon at the start of a turn, ``turns`` turns after the search's one."""

    def horizon(start: GameState, now: GameState) -> bool:
        s = now.s  # type: ignore[attr-defined]
        if s.turn_no < start.s.turn_no + turns:  # type: ignore[attr-defined]
            return False
        step = s.asked_step
        return isinstance(step, ChooseAction) and step.mode == NORMAL

    return horizon
