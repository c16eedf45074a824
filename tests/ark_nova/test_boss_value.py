"""``housable_value`` (the two-player boss's, change 10 of docs/strength.md): ``value``
plus the animals in hand the seat could house now, so that building the enclosure a
waiting animal needs scores more than nothing once small enclosures already stand empty."""

from __future__ import annotations

import pytest

from engine.ark_nova.ai.heuristic import (
    MAX_HOUSABLE,
    W_HOUSABLE,
    housable,
    housable_value,
    value,
)
from engine.ark_nova.map.buildings import ENC_T, PAVILION_T
from engine.ark_nova.model.state import State
from engine.ark_nova.rules.scoring import victory_points
from tests.ark_nova.cardscene import add_fitting, clear_zoo, meet_conditions
from tests.ark_nova.helpers import give, table

SLOTH_BEAR, GIRAFFE, GUEREZA, HOWLER = 408, 428, 455, 466  # 3-space, no conditions
STOAT = 420  # 1-space, needs an icon the empty zoo lacks


def empty_zoo() -> State:
    s = table()
    clear_zoo(s.players[0])
    return s


def test_an_animal_counts_only_with_an_empty_enclosure_that_fits() -> None:
    s = empty_zoo()
    give(s, 0, SLOTH_BEAR)
    assert housable(s, 0) == 0
    add_fitting(s, 0, ENC_T[1])
    assert housable(s, 0) == 0  # too small
    big = add_fitting(s, 0, ENC_T[3])
    assert housable(s, 0) == 1
    s.players[0].bld_state[big] = 1  # occupied
    assert housable(s, 0) == 0


def test_an_animal_counts_only_when_its_conditions_are_met() -> None:
    s = empty_zoo()
    give(s, 0, STOAT)
    add_fitting(s, 0, ENC_T[1])
    assert housable(s, 0) == 0
    meet_conditions(s, 0, s.cards[STOAT])
    assert housable(s, 0) == 1


def test_housable_animals_are_capped_and_weighed() -> None:
    s = empty_zoo()
    give(s, 0, SLOTH_BEAR, GIRAFFE, GUEREZA, HOWLER)
    add_fitting(s, 0, ENC_T[3])
    assert housable(s, 0) == MAX_HOUSABLE == 3
    assert housable_value(s, 0) == value(s, 0) + W_HOUSABLE * MAX_HOUSABLE
    assert housable(s, 1) == 0 and housable_value(s, 1) == value(s, 1)


def pavilion_or_enclosure(*waiting: int) -> tuple[State, State]:
    """Three empty 1-space enclosures and ``waiting`` animals in hand; then a pavilion (and
    its appeal) or the 3-space enclosure the animals need."""
    base = empty_zoo()
    give(base, 0, *waiting)
    for _ in range(3):
        add_fitting(base, 0, ENC_T[1])
    pavilion, enclosure = base.clone(), base.clone()
    add_fitting(pavilion, 0, PAVILION_T)
    pavilion.players[0].appeal += 1
    add_fitting(enclosure, 0, ENC_T[3])
    return pavilion, enclosure


def test_the_enclosure_waiting_animals_need_gains_on_a_pavilion() -> None:
    """``value`` prefers the pavilion's appeal (free housing is capped at three);
    ``housable_value`` moves the choice towards the enclosure by its weight per animal the
    enclosure lets the seat house, and at change 9's double weight one animal tips it."""
    for waiting in ((SLOTH_BEAR,), (SLOTH_BEAR, GIRAFFE)):
        pavilion, enclosure = pavilion_or_enclosure(*waiting)
        plain = value(enclosure, 0) - value(pavilion, 0)
        assert plain < 0
        housed = housable_value(enclosure, 0) - housable_value(pavilion, 0)
        assert housed - plain == pytest.approx(W_HOUSABLE * len(waiting))
    pavilion, enclosure = pavilion_or_enclosure(SLOTH_BEAR)
    double = 2 * W_HOUSABLE
    assert housable_value(enclosure, 0, double) > housable_value(pavilion, 0, double)


def test_the_end_of_the_game_is_scored_by_vp_alone() -> None:
    s = empty_zoo()
    give(s, 0, SLOTH_BEAR)
    add_fitting(s, 0, ENC_T[3])
    s.terminal = True
    p = s.players[0]
    assert housable_value(s, 0) == value(s, 0) == 10.0 * victory_points(p.appeal, p.cp)
