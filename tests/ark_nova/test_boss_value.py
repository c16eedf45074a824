"""``housable_value`` (``boss:value=housable``, change 9 of docs/strength.md): ``value``
plus the animals in hand the seat could house now, so that building the enclosure a
waiting animal needs scores above a pavilion once small enclosures already stand empty."""

from __future__ import annotations

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


def test_the_enclosure_a_waiting_animal_needs_beats_a_pavilion() -> None:
    """With three small enclosures empty, ``value`` prefers a pavilion's appeal to the
    enclosure the animal in hand waits for (its free housing is capped);
    ``housable_value`` prefers the enclosure."""
    base = empty_zoo()
    give(base, 0, SLOTH_BEAR)
    for _ in range(3):
        add_fitting(base, 0, ENC_T[1])
    pavilion, enclosure = base.clone(), base.clone()
    add_fitting(pavilion, 0, PAVILION_T)
    pavilion.players[0].appeal += 1
    add_fitting(enclosure, 0, ENC_T[3])
    assert value(pavilion, 0) > value(enclosure, 0)
    assert housable_value(enclosure, 0) > housable_value(pavilion, 0)


def test_the_end_of_the_game_is_scored_by_vp_alone() -> None:
    s = empty_zoo()
    give(s, 0, SLOTH_BEAR)
    add_fitting(s, 0, ENC_T[3])
    s.terminal = True
    p = s.players[0]
    assert housable_value(s, 0) == value(s, 0) == 10.0 * victory_points(p.appeal, p.cp)
