"""A user strategy for Monster My Neighbor: the worked example of docs/bots.md.

It plays like the built-in ``heuristic`` bot, except when it must pick a target (for a
Hunter, the Dog, a Steal...): then it aims at the seat holding the most cards, on the
idea that the Monster hides in big hands. ``arena tournament`` tells whether that idea
is any good.
"""

from __future__ import annotations

from typing import Any

from engine.core import Decision, GameRng
from engine.toolkit.bots import make_bot


class BigHandHunter:
    """Heuristic play; targets the biggest hand."""

    name = "big-hand-hunter"
    needs_observation = True

    def __init__(self) -> None:
        self._fallback = make_bot("monster-my-neighbor", "heuristic")

    def choose(self, observation: Any, decision: Decision, rng: GameRng) -> int:
        if decision.kind == "CHOOSE_TARGET":
            # Each option is a ChooseTarget naming a seat; hand sizes are public.
            # Ties go to the first.
            sizes = observation.hand_sizes
            return max(range(len(decision.options)),
                       key=lambda i: (sizes[decision.options[i].seat], -i))
        return self._fallback.choose(observation, decision, rng)
