"""What the core's ``mcts`` bot needs from Ark Nova: sampling, a horizon, an evaluation.

- ``sample``: :func:`~engine.ark_nova.ai.determinize.determinize` from the observation;
- ``policy``: the rule-based policy of ``rollout.py``;
- ``horizon``: a rollout stops at the start of a turn, ``TURNS`` turns after the one the
  search started in (a full game is hundreds of decisions); ``horizon_at(turns)`` makes
  such a horizon for any number of turns (the ``boss`` bot's ``depth``);
- ``evaluate``: each seat's heuristic value relative to its best opponent, squashed into
  [0, 1] (:mod:`~engine.ark_nova.ai.evaluation`, which says how solo is scored).
"""

from __future__ import annotations

from engine.ark_nova.ai.determinize import determinize
from engine.ark_nova.ai.evaluation import evaluate
from engine.ark_nova.ai.horizon import horizon_at
from engine.ark_nova.ai.rollout import policy
from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.view.observation import Observation
from engine.core.game import Search
from engine.core.rng import GameRng

TURNS = 1


def sample(obs: Observation, rng: GameRng) -> ArkNovaState:
    return ArkNovaState(determinize(obs, rng))


horizon = horizon_at(TURNS)


SEARCH = Search(sample=sample, policy=policy, horizon=horizon, evaluate=evaluate,
                defaults={"iterations": 48})
