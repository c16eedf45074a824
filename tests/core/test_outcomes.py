"""The one home of the outcome rules (engine/core/outcomes.py): first-place shares, the
solo verdict as a field of Result, and the pair score."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from engine.core.outcomes import (
    MAX_SEATS,
    SHARE_UNITS,
    comparisons,
    first_place_shares,
    head_to_head,
    pair_score,
    share_units,
    solo_won,
)
from engine.core.result import Result


def test_ties_for_first_split_the_win() -> None:
    assert first_place_shares((1, 2, 3), (9, 5, 1)) == (1, 0, 0)
    assert first_place_shares((1, 1, 3), (4, 4, 1)) == (Fraction(1, 2), Fraction(1, 2), 0)
    assert first_place_shares((2, 1, 1, 1), (0, 5, 5, 5)) == (0, *[Fraction(1, 3)] * 3)
    assert [float(s) for s in first_place_shares((1,) * 9, (4,) * 9)] == [1 / 9] * 9
    assert first_place_shares((1, 2), (-3.0, -4.0)) == (1, 0)  # VP >= 0 is only for solo


def test_every_tie_is_a_whole_number_of_share_units() -> None:
    for seats in range(1, MAX_SEATS + 1):
        units = share_units((1,) * seats, (0.0,) * seats)
        assert units == (SHARE_UNITS // seats,) * seats
        assert sum(units) == SHARE_UNITS


def test_a_solo_game_is_won_with_a_score_of_at_least_0() -> None:
    assert first_place_shares((1,), (3.0,)) == (1,)
    assert first_place_shares((1,), (0.0,)) == (1,)
    assert first_place_shares((1,), (-0.5,)) == (0,)
    assert [bool(solo_won(s)) for s in (-1.0, -0.0, 0.0, 2.5)] == [False, True, True, True]


def test_a_game_of_more_seats_than_shares_can_count_is_refused() -> None:
    seats = MAX_SEATS + 1
    with pytest.raises(ValueError, match=f"at most {MAX_SEATS} seats"):
        first_place_shares((1,) * seats, (0,) * seats)


def test_the_solo_verdict_is_a_result_field_its_score_must_agree_with() -> None:
    won, lost = Result((4.0,), (1,), {}, won=True), Result((-4.0,), (1,), {}, won=False)
    assert won.shares == (1,) and lost.shares == (0,)
    with pytest.raises(ValueError, match="reads as lost"):
        Result((-1.0,), (1,), {}, won=True)
    with pytest.raises(ValueError, match="reads as won"):
        Result((0.0,), (1,), {}, won=False)
    with pytest.raises(ValueError, match="only a one-seat result"):
        Result((1.0, 0.0), (1, 2), {}, won=True)


def test_the_verdict_reads_and_writes_as_replays_recorded_it_in_details() -> None:
    recorded = {"scores": [-3.0], "ranks": [1],
                "details": {"turns": 27, "solo_difficulty": "hard", "won": False}}
    result = Result.from_json(recorded)
    assert result.won is False and "won" not in result.details
    assert json.dumps(result.to_json()) == json.dumps(recorded)  # the same bytes, in order
    plain = {"scores": [3.0, 1.0], "ranks": [1, 2], "details": {"rounds": 4}}
    assert Result.from_json(plain).won is None
    assert Result.from_json(plain).to_json() == plain


def test_pair_scores_and_comparisons_skip_seats_of_one_entrant() -> None:
    assert [pair_score(1, 2), pair_score(2, 2), pair_score(3, 2)] == [1.0, 0.5, 0.0]
    labels, ranks = ("a", "b", "a", "c"), (2, 1, 2, 4)
    assert list(comparisons(labels, ranks)) == [
        ("a", "b", 0.0), ("a", "c", 1.0), ("b", "a", 1.0), ("b", "c", 1.0), ("a", "c", 1.0)]
    assert head_to_head(labels, ranks, "a", "b") == 0.0
    assert head_to_head(labels, ranks, "b", "a") == 1.0
    assert head_to_head(("a", "b"), (1, 1), "a", "b") == 0.5
    assert head_to_head(labels, ranks, "a", "z") is None
