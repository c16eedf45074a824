"""What the core's ``mcts`` bot needs from Ark Nova: sampling, a horizon, an evaluation.

- ``sample``: :func:`~engine.ark_nova.ai.determinize.determinize` from the observation;
- ``policy``: the rule-based policy of ``rollout.py``;
- ``horizon``: a rollout stops at the start of a turn, ``TURNS`` turns after the one the
  search started in (a full game is hundreds of decisions); ``horizon_at(turns)`` makes
  such a horizon for any number of turns (the ``boss`` bot's ``depth``);
- ``evaluate``: each seat's heuristic value relative to its best opponent, squashed into
  [0, 1]. Solo has no opponent: the value gained since the search's start is squashed
  instead, and the end of the game (which the core also scores with ``evaluate`` when
  one seat plays, as a rank cannot tell solo outcomes apart) counts the track progress
  (the VP) gained.
"""

from __future__ import annotations

import math

from engine.ark_nova.ai.determinize import determinize
from engine.ark_nova.ai.heuristic import progress, relative_value, value
from engine.ark_nova.ai.horizon import horizon_at
from engine.ark_nova.ai.rollout import policy
from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.view.observation import Observation
from engine.core.game import GameState, Search
from engine.core.rng import GameRng

TURNS = 1
VALUE_SCALE = 8.0  # points of relative value that make a seat's evaluation 0.73


def sample(obs: Observation, rng: GameRng) -> ArkNovaState:
    return ArkNovaState(determinize(obs, rng))


horizon = horizon_at(TURNS)


def squash(x: float) -> float:
    return 1 / (1 + math.exp(-x / VALUE_SCALE))


def evaluate(start: GameState, now: GameState) -> list[float]:
    assert isinstance(start, ArkNovaState) and isinstance(now, ArkNovaState)
    s = now.s
    if s.n == 1:
        first, p = start.s.players[0], s.players[0]
        gained = progress(p) - progress(first) if s.terminal else value(s, 0) - value(start.s, 0)
        return [squash(gained)]
    return [squash(relative_value(s, seat)) for seat in range(s.n)]


SEARCH = Search(sample=sample, policy=policy, horizon=horizon, evaluate=evaluate,
                defaults={"iterations": 48})
