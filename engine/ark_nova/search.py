"""What the core's ``mcts`` bot needs from Ark Nova: sampling, a horizon, an evaluation.

- ``sample``: :func:`~engine.ark_nova.determinize.determinize` from the observation;
- ``policy``: the rule-based policy of ``rollout.py``;
- ``horizon``: a rollout stops after two rounds of turns (a full game is hundreds of
  decisions);
- ``evaluate``: each seat's heuristic value relative to its best opponent, squashed into
  [0, 1].
"""

from __future__ import annotations

import math

from engine.ark_nova.determinize import determinize
from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.heuristic import relative_value
from engine.ark_nova.observation import Observation
from engine.ark_nova.rollout import policy
from engine.core.game import GameState, Search
from engine.core.rng import GameRng

ROUNDS = 2
VALUE_SCALE = 8.0  # points of relative value that make a seat's evaluation 0.73


def sample(obs: Observation, rng: GameRng) -> ArkNovaState:
    return ArkNovaState(determinize(obs, rng))


def horizon(start: GameState, now: GameState) -> bool:
    assert isinstance(start, ArkNovaState) and isinstance(now, ArkNovaState)
    return now.s.turn_no >= start.s.turn_no + ROUNDS * now.s.n


def evaluate(start: GameState, now: GameState) -> list[float]:
    assert isinstance(now, ArkNovaState)
    s = now.s
    return [1 / (1 + math.exp(-relative_value(s, seat) / VALUE_SCALE)) for seat in range(s.n)]


SEARCH = Search(sample=sample, policy=policy, horizon=horizon, evaluate=evaluate,
                defaults={"iterations": 48})
