"""Ark Nova's own built-in bots (``random`` and ``mcts`` come from the core).

``boss``: ``mcts`` searching only the best few options by the greedy values below, the
rule-based policy's own choice always among them (:mod:`engine.toolkit.boss`), with
defaults tuned against its predecessors; at two seats it scores its rollouts counting the
animals in hand it could house (``housable_evaluate``, change 10 of ``docs/strength.md``).
For A/B runs ``boss:rules=basic`` is the boss before change 5 (its prior and rollout
policy), and ``boss:value=basic`` the two-player boss before change 10. The solo setting
``boss:iterations=384,depth=3,crn=true,value=timed,rules=solo_money`` values money at the
solo weight in its prior (``rules=solo_money``) and puts the solo clock in its rollouts'
value (``value=timed``, change 12), and searches eight times the default iterations
(change 13).

``greedy``: for each option of its decision, a determinized copy of the game takes it and
then finishes the bot's own pending steps with the rule-based policy of ``rollout.py``,
until another seat decides or the bot's next turn begins; the heuristic value (VP
progress, income and resources, relative to the best opponent) of that position picks the
option. It never touches the live state.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from engine.ark_nova.ai.determinize import determinize
from engine.ark_nova.ai.evaluation import (
    evaluate,
    housable2_evaluate,
    housable_evaluate,
    housable_project_evaluate,
    project05_evaluate,
    project2_evaluate,
    project_evaluate,
    timed_evaluate,
    timed_income_evaluate,
    timed_money25_evaluate,
)
from engine.ark_nova.ai.heuristic import SOLO_W_MONEY, relative_value, timed_value, value
from engine.ark_nova.ai.horizon import horizon_at
from engine.ark_nova.ai.rollout import (
    BASIC_SCORERS,
    SCORERS,
    Scorers,
    basic_policy,
    choose_index,
    policy,
)
from engine.ark_nova.model.state import State
from engine.ark_nova.rules.turn import ChooseAction
from engine.ark_nova.view.observation import Observation
from engine.core.decision import Decision
from engine.core.rng import GameRng
from engine.toolkit import flow
from engine.toolkit.boss import Rules, boss_factory, players_count

LOOKAHEAD_STEPS = 40


def finish_own_steps(s: State, seat: int, limit: int = LOOKAHEAD_STEPS,
                     scorers: Scorers = SCORERS) -> None:
    """Answer ``seat``'s pending decisions with the rule-based policy until someone else
    decides or the seat's next turn starts."""
    for _ in range(limit):
        if s.terminal or seat not in s.asked:
            return
        step = s.asked_step
        if isinstance(step, ChooseAction) and step.mode == 0:
            return
        flow.choose(s, seat, choose_index(s, seat, s.asked[seat], scorers))


class GreedyBot:
    name = "greedy"
    needs_observation = True

    def __init__(self, game: Any = None) -> None:
        del game

    def choose(self, observation: Observation, decision: Decision, rng: GameRng) -> int:
        n = len(decision.options)
        if n == 1:
            return 0
        values = greedy_values(observation, decision, rng)
        best, best_v = 0, float("-inf")
        for i, v in enumerate(values):
            if v > best_v:
                best, best_v = i, v
        return best


def greedy_values(observation: Observation, decision: Decision, rng: GameRng,
                  scorers: Scorers = SCORERS) -> list[float]:
    """Each option's value after the greedy look-ahead on one sampled state."""
    return _values(determinize(observation, rng), decision.seat, len(decision.options), rng,
                   scorers)


def _values(base: State, seat: int, n: int, rng: GameRng, scorers: Scorers,
            of: Callable[[State, int], float] = value) -> list[float]:
    values = []
    for i in range(n):
        s = base.clone()
        flow.choose(s, seat, i)
        finish_own_steps(s, seat, scorers=scorers)
        values.append(relative_value(s, seat, of) + rng.random() * 1e-6)
    return values


def boss_prior(observation: Observation, decision: Decision, rng: GameRng,
               of: Callable[[State, int], float] = value) -> list[float]:
    """The greedy values (positions valued by ``of``), with the rule-based policy's own
    choice (on the same sampled state) ranked first: the boss's search never loses the
    policy's move."""
    seat = decision.seat
    base = determinize(observation, rng)
    values = _values(base, seat, len(decision.options), rng, SCORERS, of)
    values[choose_index(base, seat, base.asked[seat])] = float("inf")
    return values


def basic_prior(observation: Observation, decision: Decision, rng: GameRng) -> list[float]:
    """The prior before change 5 (docs/strength.md): the greedy values of the basic
    rule-based policy."""
    return greedy_values(observation, decision, rng, BASIC_SCORERS)


# ``boss``: mcts on the greedy values' best ``width`` options (engine/toolkit/boss.py);
# the defaults come from docs/strength.md's trail.
BOSS_DEFAULTS: dict[str, Any] = {"iterations": 48, "width": 4}
# At two seats the boss searches 192 iterations (change 8) and scores its rollouts with
# housable_value (change 10); other table sizes keep 48 and value, 48 iterations being
# the faster setting for bulk evaluation at any size.
BOSS_BY_PLAYERS: dict[int, dict[str, Any]] = {2: {"iterations": 192, "value": "housable"}}

# ``boss:rules=basic``: the prior and rollout policy before change 5, for A/B runs;
# ``boss:rules=solo_money``: the prior valuing money at the solo weight (change 12, the
# solo setting); ``solo_timed`` the prior valuing with ``timed_value`` (measured, not kept).
BOSS_RULES: dict[str, Rules] = {
    "basic": (basic_prior, basic_policy),
    "solo_money": (partial(boss_prior, of=partial(value, money_weight=SOLO_W_MONEY)), policy),
    "solo_timed": (partial(boss_prior, of=timed_value), policy)}
# ``boss:value=NAME``: ``basic`` is ``mcts``'s evaluation (the 2p boss before change 10),
# ``housable`` change 10's (the 2p default), ``housable2`` change 9's (not kept);
# ``housable_projects`` change 11's (the solo setting until change 12: housable animals
# and the CP in reach on projects), ``projects``, ``projects05`` and ``projects2`` the project term
# alone at weights 1, 0.5 and 2 (measured solo, not kept); ``timed`` change 12's (the
# solo setting, with ``rules=solo_money``: the solo clock in the value, money worth less),
# ``timed_money25`` and ``timed_income`` its variants measured beside it (not kept).
BOSS_VALUES = {"basic": evaluate, "housable": housable_evaluate,
               "housable2": housable2_evaluate, "projects": project_evaluate,
               "projects2": project2_evaluate, "projects05": project05_evaluate,
               "housable_projects": housable_project_evaluate,
               "timed": timed_evaluate, "timed_money25": timed_money25_evaluate,
               "timed_income": timed_income_evaluate}


BOTS = {"greedy": GreedyBot,
        "boss": boss_factory(BOSS_DEFAULTS, boss_prior, horizon_at, rules=BOSS_RULES,
                             values=BOSS_VALUES,
                             by_players=BOSS_BY_PLAYERS, players=players_count)}
