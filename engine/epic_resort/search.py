"""What the core's ``mcts`` bot needs from Epic Resort: sampling, rollouts, a horizon.

- ``sample``: :func:`~engine.epic_resort.determinize.determinize` from the observation;
- ``policy``: the fast rule-based rollout policy of :mod:`rollout`;
- ``horizon``: a rollout stops once the next season's Phase I is planned;
- ``evaluate``: each seat's heuristic value relative to its best opponent, squashed
  into [0, 1].
"""

from __future__ import annotations

import math

from engine.core.game import GameState, Search
from engine.core.rng import GameRng
from engine.epic_resort.determinize import determinize
from engine.epic_resort.game_state import EpicResortState
from engine.epic_resort.heuristic import relative_value
from engine.epic_resort.observation import Observation
from engine.epic_resort.phase1 import PHASE1
from engine.epic_resort.rollout import rollout_choice

# Points of relative value that make a seat's evaluation 0.73 (logistic scale).
VALUE_SCALE = 4.0


def sample(obs: Observation, rng: GameRng) -> EpicResortState:
    return EpicResortState(determinize(obs, rng))


def policy(state: GameState, seat: int, rng: GameRng) -> int:
    assert isinstance(state, EpicResortState)
    s = state.s
    return rollout_choice(s, seat, s.asked[seat], rng)


def horizon(start: GameState, now: GameState) -> bool:
    assert isinstance(start, EpicResortState) and isinstance(now, EpicResortState)
    s = now.s
    return s.season > start.s.season and PHASE1 not in s.steps


def evaluate(start: GameState, now: GameState) -> list[float]:
    assert isinstance(now, EpicResortState)
    s = now.s
    return [1 / (1 + math.exp(-relative_value(s, seat) / VALUE_SCALE)) for seat in range(s.n)]


SEARCH = Search(sample=sample, policy=policy, horizon=horizon, evaluate=evaluate,
                defaults={"iterations": 48})
