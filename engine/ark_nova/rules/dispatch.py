"""Firing effect values: the ``Do`` step, ``schedule`` and ``fire``, and the dispatch
table they read.

``HANDLERS`` maps each effect kind (``cards/effects.py``) to what firing it does; it is
filled once by ``resolve.py``, the rules' top module, when that is imported
(``engine.ark_nova`` imports it, through ``game_state``, before any game exists). So
every rule module can schedule effects, and the rules those effects call sit above it.
``src`` is the card an effect comes from (0 for none).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.ark_nova.cards.effects import Effect
from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import Step

Handler = Callable[[State, int, int, Any], None]
# Effect kind -> what firing it does (state, seat, source card, the value); see resolve.py.
HANDLERS: dict[type[Effect], Handler] = {}


def fire(s: State, seat: int, src: int, effect: Effect) -> None:
    """Do ``effect`` now for ``seat`` (it may push decision steps)."""
    HANDLERS[type(effect)](s, seat, src, effect)


@dataclass(frozen=True, slots=True)
class Do(Step):
    """Automatic step: fire one effect."""

    seat: int
    src: int
    effect: Effect

    def run(self, s: State) -> None:
        HANDLERS[type(self.effect)](s, self.seat, self.src, self.effect)


def schedule(s: State, seat: int, src: int, effects: tuple[Effect, ...] | list[Effect]) -> None:
    """Push effects so the first resolves first (each fully, decisions included)."""
    steps = s.steps
    for e in reversed(effects):
        steps.append(Do(seat, src, e))
