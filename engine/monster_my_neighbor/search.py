"""What the core's ``mcts`` bot needs from Monster My Neighbor.

- ``sample``: a state drawn from one seat's observation (:mod:`determinize`);
- ``policy``: rollouts are played by the heuristic bot, each seat on its own observation
  of the sampled state (so no rollout seat reads another's hidden cards);
- ``horizon``: a rollout stops when the round it started in is over (rounds are scored
  independently; the next round is dealt afresh);
- ``evaluate``: each seat's VP gained since the rollout started against the best gain
  of another seat, scaled to [0, 1] by the most a seat can gain in a round;
- ``seen``: what a seat holds and has lately learned (its hand, the length of its
  private log and its last three entries), for ``mcts`` with ``seen=true``.
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.core import GameRng, GameState, Search
from engine.monster_my_neighbor.determinize import determinize
from engine.monster_my_neighbor.game_state import MonsterState
from engine.monster_my_neighbor.heuristic import HeuristicBot

_HEURISTIC = HeuristicBot()


def policy(state: GameState, seat: int, rng: GameRng) -> int:
    return _HEURISTIC.choose(state.observation(seat), state.decision(seat), rng)


def horizon(start: GameState, now: GameState) -> bool:
    assert isinstance(start, MonsterState) and isinstance(now, MonsterState)
    return now.s.round_no != start.s.round_no


def evaluate(start: GameState, now: GameState) -> list[float]:
    assert isinstance(start, MonsterState) and isinstance(now, MonsterState)
    c = now.s.cards
    best = max(c.score_monster_player + max(c.win_bonus), c.score_catcher, c.score_friend, 1)
    gains = [v - v0 for v, v0 in zip(now.s.vp, start.s.vp, strict=True)]
    out = []
    for q, gain in enumerate(gains):
        rival = max(g for o, g in enumerate(gains) if o != q)
        out.append(min(1.0, max(0.0, 0.5 + (gain - rival) / (2 * best))))
    return out


def seen(state: GameState, seat: int) -> Hashable:
    assert isinstance(state, MonsterState)
    s = state.s
    log = s.private_logs[seat]
    return (tuple(s.hands[seat]), len(log), tuple(log[-3:]))


# The default budget: 100 rollouts a decision, every root option tried on the same sample
# and luck (crn), the other seats played by the heuristic inside the tree too (tree=self).
SEARCH = Search(sample=determinize, policy=policy, horizon=horizon, evaluate=evaluate,
                defaults={"iterations": 100, "tree": "self", "crn": True}, seen=seen)
