"""``timed_value`` (``boss:value=timed``, the solo setting's evaluation since change 12 of
docs/strength.md): ``housable_project_value`` with the solo clock in it. Income counts as
the money it brings in the breaks still to come, money at ``SOLO_W_MONEY`` a coin, and
the other terms fade out over the last ``FADE_TURNS`` turns. The ``solo_money`` prior
(``boss:rules=solo_money``) values positions with ``value`` at that money weight."""

from __future__ import annotations

import pytest

from engine.ark_nova.ai import bots
from engine.ark_nova.ai.heuristic import (
    FADE_TURNS,
    SOLO_W_MONEY,
    W_MONEY,
    housable_project_value,
    progress,
    timed_value,
    value,
)
from engine.ark_nova.model.state import State
from engine.ark_nova.rules import solo
from engine.ark_nova.rules.scoring import appeal_income
from engine.core.rng import GameRng
from tests.ark_nova.helpers import table
from tests.boss.test_boss import position


def solo_table(clock_size: int = solo.CLOCK_TOKENS, clock_left: int | None = None) -> State:
    s = table(1)
    s.clock_size = clock_size
    s.clock_left = clock_size if clock_left is None else clock_left
    return s


def appeal_with_one_more_income() -> int:
    """An appeal whose next step raises the break income by one."""
    return next(a for a in range(20, 60) if appeal_income(a + 1) == appeal_income(a) + 1)


@pytest.mark.parametrize("clock_size", range(solo.LAST_ROUND_TOKENS, solo.CLOCK_TOKENS + 1))
def test_income_counts_the_money_of_the_breaks_still_to_come(clock_size: int) -> None:
    s = solo_table(clock_size)
    a = appeal_with_one_more_income()
    s.players[0].appeal = a
    low, low_progress = timed_value(s, 0), progress(s.players[0])
    s.players[0].appeal = a + 1
    gained = timed_value(s, 0) - low
    breaks = clock_size - solo.LAST_ROUND_TOKENS  # no break after the last round
    assert gained == pytest.approx(progress(s.players[0]) - low_progress
                                   + SOLO_W_MONEY * breaks)


@pytest.mark.parametrize(("clock_size", "clock_left"), [(7, 7), (4, 4), (3, 3), (3, 1),
                                                         (2, 2), (2, 1)])
def test_money_counts_at_the_solo_weight_and_fades_over_the_last_turns(
        clock_size: int, clock_left: int) -> None:
    s = solo_table(clock_size, clock_left)
    s.players[0].money = 10
    low = timed_value(s, 0)
    s.players[0].money = 20
    left = solo.turns_left(clock_size, clock_left)
    assert timed_value(s, 0) - low == pytest.approx(
        SOLO_W_MONEY * 10 * min(1.0, left / FADE_TURNS))


def test_the_fade_is_full_weight_early_and_nothing_after_the_clock_runs_out() -> None:
    early = solo_table()
    assert solo.turns_left(early.clock_size, early.clock_left) >= FADE_TURNS
    late = solo_table(solo.LAST_ROUND_TOKENS, 0)
    late.players[0].money = early.players[0].money = 10
    base_early, base_late = timed_value(early, 0), timed_value(late, 0)
    early.players[0].x = late.players[0].x = 3
    assert timed_value(early, 0) > base_early
    assert timed_value(late, 0) == pytest.approx(base_late)


def test_other_tables_and_the_end_of_the_game_are_the_solo_setting_before_it() -> None:
    s = table(2)
    s.players[0].money = 17
    assert timed_value(s, 0) == housable_project_value(s, 0)
    solo_end = solo_table()
    solo_end.terminal = True
    assert timed_value(solo_end, 0) == value(solo_end, 0)


def test_the_solo_money_prior_values_money_at_the_solo_weight() -> None:
    s = solo_table()
    s.players[0].money = 10
    assert value(s, 0, money_weight=SOLO_W_MONEY) - value(s, 0) == pytest.approx(
        (SOLO_W_MONEY - W_MONEY) * 10)
    prior, rollout_policy = bots.BOSS_RULES["solo_money"]
    assert rollout_policy is bots.policy
    assert prior.keywords["of"].keywords == {"money_weight": SOLO_W_MONEY}  # type: ignore[attr-defined]
    state = position("ark-nova", 1, 70_001)
    seat = state.pending_seats()[0]
    decision = state.decision(seat)
    values = prior(state.observation(seat), decision, GameRng(1))
    assert len(values) == len(decision.options) and max(values) == float("inf")
