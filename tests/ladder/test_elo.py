"""Elo maths: known two-player values, pairwise multiplayer scoring, ties, same-identity
seats, and zero-sum."""

from __future__ import annotations

import random

import pytest

from services.ladder.elo import (
    DEFAULT_K,
    DELTA_DECIMALS,
    MAX_SEATS,
    RATING_UNITS,
    TALLY_UNITS,
    expected_score,
    match_deltas,
    rank_units,
    rating_units,
    round_rating,
    win_units,
)


def test_expected_score_is_symmetric_and_half_for_equal_ratings() -> None:
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1600, 1400) + expected_score(1400, 1600) == pytest.approx(1.0)
    # A 400-point gap means 10:1 odds.
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)


def test_two_player_win_between_equal_ratings_moves_half_k() -> None:
    assert match_deltas(["a", "b"], [1, 2], {}) == {"a": 16.0, "b": -16.0}


def test_two_player_known_values_for_a_200_point_gap() -> None:
    ratings = {"strong": 1600.0, "weak": 1400.0}
    favourite_wins = match_deltas(["strong", "weak"], [1, 2], ratings)
    assert favourite_wins["strong"] == pytest.approx(7.688098, abs=1e-6)
    assert favourite_wins["weak"] == pytest.approx(-7.688098, abs=1e-6)
    upset = match_deltas(["strong", "weak"], [2, 1], ratings)
    assert upset["weak"] == pytest.approx(24.311902, abs=1e-6)
    draw = match_deltas(["strong", "weak"], [1, 1], ratings)
    assert draw["strong"] == pytest.approx(-8.311902, abs=1e-6)
    assert draw["weak"] == pytest.approx(8.311902, abs=1e-6)


def test_four_player_match_is_scored_pairwise_with_k_over_n_minus_one() -> None:
    deltas = match_deltas(["a", "b", "c", "d"], [1, 2, 3, 4], {})
    assert deltas["a"] == pytest.approx(16.0)  # three pair wins at 32/3 * 0.5
    assert deltas["b"] == pytest.approx(16 / 3)  # one loss, two wins
    assert deltas["c"] == pytest.approx(-16 / 3)
    assert deltas["d"] == pytest.approx(-16.0)


def test_winning_a_multiplayer_match_moves_as_much_as_winning_a_duel() -> None:
    duel = match_deltas(["a", "b"], [1, 2], {})["a"]
    for seats in range(3, 7):
        names = [f"p{i}" for i in range(seats)]
        assert match_deltas(names, list(range(1, seats + 1)), {})["p0"] == pytest.approx(duel)


def test_tied_ranks_are_draws() -> None:
    deltas = match_deltas(["a", "b", "c"], [1, 1, 3], {})
    assert deltas == {"a": 8.0, "b": 8.0, "c": -16.0}
    assert match_deltas(["a", "b", "c"], [2, 2, 2], {}) == {"a": 0.0, "b": 0.0, "c": 0.0}


def test_pairs_of_seats_held_by_one_identity_are_skipped() -> None:
    assert match_deltas(["bot", "bot"], [1, 2], {}) == {"bot": 0.0}
    # bot beats y from seat 0 (+8) and loses to y from seat 2 (-8); bot vs bot is skipped.
    assert match_deltas(["bot", "y", "bot"], [1, 2, 3], {}) == {"bot": 0.0, "y": 0.0}
    # Both bot seats beat z: two pair wins, the bot-bot pair adds nothing.
    deltas = match_deltas(["bot", "bot", "z"], [1, 2, 3], {})
    assert deltas == {"bot": 16.0, "z": -16.0}


def test_missing_ratings_start_at_1500() -> None:
    assert match_deltas(["new", "old"], [1, 2], {"old": 1500.0}) == match_deltas(
        ["new", "old"], [1, 2], {}
    )


def random_match(rng: random.Random) -> tuple[list[str], list[int], dict[str, float]]:
    pool = [f"bot{i}" for i in range(8)]
    seats = rng.randint(2, 6)
    names = [rng.choice(pool) for _ in range(seats)]
    ranks = [rng.randint(1, seats) for _ in range(seats)]
    ratings = {name: rng.uniform(1000, 2200) for name in pool}
    return names, ranks, ratings


def test_matches_are_zero_sum_up_to_the_documented_rounding() -> None:
    rng = random.Random(2024)
    tolerance = 0.5 * 10**-DELTA_DECIMALS
    for _ in range(2000):
        names, ranks, ratings = random_match(rng)
        deltas = match_deltas(names, ranks, ratings)
        assert abs(sum(deltas.values())) <= tolerance * len(deltas) + 1e-12
        for name, delta in deltas.items():
            assert round(delta, DELTA_DECIMALS) == delta
            if names.count(name) == 1:
                assert abs(delta) <= DEFAULT_K


def test_deltas_are_deterministic() -> None:
    rng = random.Random(7)
    for _ in range(200):
        names, ranks, ratings = random_match(rng)
        assert match_deltas(names, ranks, ratings) == match_deltas(names, ranks, dict(ratings))


def test_win_units_split_first_place_between_ties() -> None:
    u = TALLY_UNITS
    assert win_units(["a", "b", "c"], [1, 1, 3]) == {"a": u // 2, "b": u // 2, "c": 0}
    assert win_units(["a", "b", "a"], [1, 2, 1]) == {"a": u, "b": 0}
    assert win_units(["a", "b", "c"], [1, 1, 1]) == {"a": u // 3, "b": u // 3, "c": u // 3}


def test_every_tie_and_seat_share_is_a_whole_number_of_tally_units() -> None:
    for seats in range(1, MAX_SEATS + 1):
        assert TALLY_UNITS % seats == 0


def test_rank_units_average_the_seats_of_one_identity() -> None:
    assert rank_units(["a", "b", "a"], [1, 2, 3]) == {"a": 2 * TALLY_UNITS, "b": 2 * TALLY_UNITS}
    assert rank_units(["a", "a", "a", "b"], [1, 1, 2, 4]) == {
        "a": 4 * TALLY_UNITS // 3, "b": 4 * TALLY_UNITS
    }


def test_rounding_is_to_the_nearest_millionth_half_up() -> None:
    assert RATING_UNITS == 10**DELTA_DECIMALS
    assert rating_units(7.6880984) == 7_688_098
    assert rating_units(7.6880986) == 7_688_099
    assert rating_units(-7.6880984) == -7_688_098
    assert rating_units(0.0000005) == 1  # half up
    assert rating_units(-0.0000005) == 0
    assert round_rating(1500.00000049) == 1500.0
    assert round_rating(16 / 3) == 5_333_333 / RATING_UNITS


def test_more_seats_than_the_ladder_supports_are_rejected() -> None:
    names = [f"p{i}" for i in range(MAX_SEATS + 1)]
    with pytest.raises(ValueError, match="2 to 16 seats"):
        match_deltas(names, list(range(1, MAX_SEATS + 2)), {})


@pytest.mark.parametrize(
    ("names", "ranks"),
    [(["a"], [1]), (["a", "b"], [1]), (["a", ""], [1, 2]), (["a", "b"], [0, 1]),
     (["a", "b"], [1, True]), (["a", "b"], [1, 1.5]), (["a", "b"], [1, 3]),
     (["a\0b", "c"], [1, 2])],
)
def test_malformed_results_are_rejected(names: list[str], ranks: list[int]) -> None:
    with pytest.raises(ValueError):
        match_deltas(names, ranks, {})
