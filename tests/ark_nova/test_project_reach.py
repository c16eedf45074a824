"""``project_value`` (``boss:value=projects``): ``value`` plus the CP the seat has in reach
on collection projects, each project's best free level weighed by the share of its
threshold the seat's icons meet, so icons towards a project count before it is supported.
``housable_project_value`` (the solo setting's, change 11 of docs/strength.md) adds both
that and ``housable_value``'s term."""

from __future__ import annotations

import pytest

from engine.ark_nova.ai.heuristic import (
    PROJECTS_COUNTED,
    W_HOUSABLE,
    W_PROJECT,
    housable,
    housable_project_value,
    project_reach,
    project_value,
    value,
)
from engine.ark_nova.cards.catalog import ICON
from engine.ark_nova.map.buildings import ENC_T
from engine.ark_nova.model.state import FREE, State
from engine.ark_nova.rules.scoring import victory_points
from tests.ark_nova.cardscene import add_fitting, clear_zoo
from tests.ark_nova.helpers import give, table

BIRDS = 112  # base project: 5 / 4 / 2 bird icons for 5 / 4 / 2 CP
AMERICAS = 104  # base project: 5 / 4 / 2 America icons for 5 / 3 / 2 CP
AFRICA = 103  # base project: 5 / 4 / 2 Africa icons for 5 / 3 / 2 CP


def one_project(card: int = BIRDS) -> State:
    s = table()
    s.base_row, s.project_row = [card], []
    s.levels = {card: [FREE, FREE, FREE]}
    for p in s.players:
        p.hand = [c for c in p.hand if c >= 200]
    return s


def test_the_card_data_is_as_the_tests_assume() -> None:
    s = table()
    birds, americas = s.cards[BIRDS], s.cards[AMERICAS]
    assert birds.thresholds == (5, 4, 2) and [r[0] for r in birds.rewards] == [5, 4, 2]
    assert americas.thresholds == (5, 4, 2) and [r[0] for r in americas.rewards] == [5, 3, 2]


@pytest.mark.parametrize(("birds", "reach"), [(0, 0.0), (1, 1.0), (2, 2.0), (3, 3.0),
                                              (4, 4.0), (5, 5.0), (9, 5.0)])
def test_reach_is_the_best_level_times_the_share_of_its_threshold(birds: int,
                                                                  reach: float) -> None:
    s = one_project()
    s.players[0].icons[ICON["bird"]] = birds
    assert project_reach(s, 0) == pytest.approx(reach)


def test_levels_taken_by_others_are_out_of_reach_and_a_supported_project_counts_no_more(
) -> None:
    s = one_project()
    s.players[0].icons[ICON["bird"]] = 5
    s.levels[BIRDS][0] = 1  # the other seat took the 5 CP level
    assert project_reach(s, 0) == pytest.approx(4.0)
    s.levels[BIRDS][2] = 0  # the seat itself supported the 2 CP level
    assert project_reach(s, 0) == 0.0


def test_projects_in_hand_count_and_only_the_best_few_are_summed() -> None:
    s = one_project()
    p = s.players[0]
    p.icons[ICON["bird"]] = 5
    p.icons[ICON["americas"]] = 4
    assert project_reach(s, 0) == pytest.approx(5.0)
    p.hand.append(AMERICAS)
    # Americas: 4 of the 5 icons its 5 CP level asks (4.0) beat its complete 3 CP level.
    assert project_reach(s, 0) == pytest.approx(5.0 + 4.0)
    s.base_row.append(AFRICA)
    s.levels[AFRICA] = [FREE, FREE, FREE]
    p.icons[ICON["africa"]] = 5
    assert PROJECTS_COUNTED == 2
    assert project_reach(s, 0) == pytest.approx(5.0 + 5.0)  # Americas' 4.0 drops out


def test_project_value_adds_the_reach_and_the_end_is_scored_by_vp_alone() -> None:
    s = one_project()
    s.players[0].icons[ICON["bird"]] = 2
    assert project_value(s, 0) == pytest.approx(value(s, 0) + W_PROJECT * 2.0)
    assert project_value(s, 1) == pytest.approx(value(s, 1))
    s.terminal = True
    p = s.players[0]
    assert project_value(s, 0) == value(s, 0) == 10.0 * victory_points(p.appeal, p.cp)


def test_the_solo_setting_adds_both_terms() -> None:
    s = one_project()
    clear_zoo(s.players[0])
    s.players[0].icons[ICON["bird"]] = 4
    give(s, 0, 408)  # Sloth Bear: 3 spaces, no conditions
    add_fitting(s, 0, ENC_T[3])
    assert housable(s, 0) == 1 and project_reach(s, 0) == pytest.approx(4.0)
    assert housable_project_value(s, 0) == pytest.approx(
        value(s, 0) + W_HOUSABLE * 1 + W_PROJECT * 4.0)
    s.terminal = True
    assert housable_project_value(s, 0) == value(s, 0)
