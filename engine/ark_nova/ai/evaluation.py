"""How a search scores the end of an Ark Nova rollout: ``Search.evaluate`` functions.

``scored_by(of)`` values a position with ``of`` (a seat's heuristic value): each seat's
value relative to its best opponent, squashed into [0, 1]. Solo has no opponent: the
value gained since the search's start is squashed instead, and the end of the game
(which the core also scores with ``evaluate`` when one seat plays, as a rank cannot tell
solo outcomes apart) counts the track progress (the VP) gained.

``evaluate`` scores with ``value`` (``mcts``, and ``boss`` except at two seats);
``housable_evaluate`` with ``housable_value``, which also counts the animals in hand the
seat could house now (the two-player ``boss``, ``boss:value=housable``; docs/strength.md,
change 10); ``housable2_evaluate`` counts them twice as much (``boss:value=housable2``,
change 9, not kept). ``housable_project_evaluate`` also counts the CP in reach on
conservation projects (``project_reach``): the solo setting's from change 11 to 12
(``boss:value=housable_projects``); ``project_evaluate`` and its half- and double-weight
variants count the projects alone (measured solo, not kept). ``timed_evaluate`` scores
with ``timed_value``, the solo clock in the value (the solo setting's since change 12);
``timed_money25_evaluate`` and ``timed_income_evaluate`` are its variants at the money
weight of ``value``, the second without the fade (measured solo, not kept).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

from engine.ark_nova.ai.heuristic import (
    W_HOUSABLE,
    W_MONEY,
    W_PROJECT,
    housable_project_value,
    housable_value,
    progress,
    project_value,
    relative_value,
    timed_value,
    value,
)
from engine.ark_nova.model.state import State
from engine.core.game import GameState

VALUE_SCALE = 8.0  # points of relative value that make a seat's evaluation 0.73

Evaluate = Callable[[GameState, GameState], list[float]]


def squash(x: float) -> float:
    return 1 / (1 + math.exp(-x / VALUE_SCALE))


def scored_by(of: Callable[[State, int], float]) -> Evaluate:
    """A ``Search.evaluate`` that values positions with ``of`` (see the module docstring)."""

    def evaluate(start: GameState, now: GameState) -> list[float]:
        s: State = now.s  # type: ignore[attr-defined]
        if s.n == 1:
            first: State = start.s  # type: ignore[attr-defined]
            p0, p = first.players[0], s.players[0]
            gained = (progress(p) - progress(p0) if s.terminal
                      else of(s, 0) - of(first, 0))
            return [squash(gained)]
        return [squash(relative_value(s, seat, of)) for seat in range(s.n)]

    return evaluate


evaluate = scored_by(value)
housable_evaluate = scored_by(housable_value)
housable2_evaluate = scored_by(partial(housable_value, weight=2 * W_HOUSABLE))
project_evaluate = scored_by(project_value)
project2_evaluate = scored_by(partial(project_value, weight=2 * W_PROJECT))
project05_evaluate = scored_by(partial(project_value, weight=0.5 * W_PROJECT))
housable_project_evaluate = scored_by(housable_project_value)
timed_evaluate = scored_by(timed_value)
timed_money25_evaluate = scored_by(partial(timed_value, money_weight=W_MONEY))
timed_income_evaluate = scored_by(partial(timed_value, fade_turns=0, money_weight=W_MONEY))
