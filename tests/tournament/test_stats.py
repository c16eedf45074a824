"""The statistics module against textbook values and independent computations."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import optimize

from services.tournament.stats import (
    bootstrap_ratings,
    bradley_terry,
    elo_from_score,
    gsprt_llr,
    mean_interval,
    score_from_elo,
    sprt_bounds,
    sprt_decision,
    wilson_interval,
)


@pytest.mark.parametrize(
    ("successes", "trials", "expected"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion",
        # Statistics in Medicine 17:857-872, Table I, method 3 (Wilson score).
        (81, 263, (0.2553, 0.3662)),
        (15, 148, (0.0624, 0.1605)),
        (0, 20, (0.0000, 0.1611)),
        (1, 29, (0.0061, 0.1718)),
    ],
)
def test_wilson_interval_matches_newcombes_table(
    successes: int, trials: int, expected: tuple[float, float]
) -> None:
    lo, hi = wilson_interval(successes, trials)
    assert (round(lo, 4), round(hi, 4)) == expected


def test_wilson_interval_is_symmetric_and_knows_nothing_without_trials() -> None:
    lo, hi = wilson_interval(30, 100)
    lo2, hi2 = wilson_interval(70, 100)
    assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(10, 10)[1] == 1.0


def test_mean_interval_uses_students_t() -> None:
    data = np.arange(1, 11, dtype=float)  # mean 5.5, s = 3.02765, n = 10
    lo, hi = mean_interval(len(data), data.sum(), (data**2).sum())
    # t(0.975, 9) = 2.262 (every t table); half width 2.262 * 3.02765 / sqrt(10).
    half = 2.2622 * 3.02765 / math.sqrt(10)
    assert lo == pytest.approx(5.5 - half, abs=1e-3)
    assert hi == pytest.approx(5.5 + half, abs=1e-3)
    assert mean_interval(1, 3.0, 9.0) is None
    assert mean_interval(4, 8.0, 16.0) == (2.0, 2.0)


def test_elo_and_expected_score_are_the_logistic_pair() -> None:
    assert score_from_elo(0) == 0.5
    # A 3:1 score ratio is 400*log10(3) = 190.85 Elo on the logistic scale.
    assert elo_from_score(0.75) == pytest.approx(190.849, abs=1e-3)
    assert score_from_elo(400) == pytest.approx(10 / 11)
    for elo in (-300, -20, 5, 150):
        assert elo_from_score(score_from_elo(elo)) == pytest.approx(elo)


def test_bradley_terry_two_entrants_has_the_closed_form() -> None:
    wins = np.array([[0.0, 30.0], [10.0, 0.0]])
    ratings = bradley_terry(wins, prior=0.0)
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert ratings.sum() == pytest.approx(0.0, abs=1e-9)
    # The prior counts as one drawn game: (30.5 / 10.5).
    shrunk = bradley_terry(wins, prior=1.0)
    assert shrunk[0] - shrunk[1] == pytest.approx(400 * math.log10(30.5 / 10.5), abs=1e-6)


def test_bradley_terry_mm_reaches_the_maximum_likelihood() -> None:
    rng = np.random.default_rng(5)
    strengths = np.array([0.0, 120.0, -80.0, 250.0, 30.0])
    n = len(strengths)
    wins = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            games = int(rng.integers(20, 60))
            won = rng.binomial(games, score_from_elo(strengths[i] - strengths[j]))
            wins[i, j], wins[j, i] = won, games - won

    def negative_log_likelihood(free: np.ndarray) -> float:
        theta = np.concatenate([[0.0], free])
        diff = theta[:, None] - theta[None, :]
        return float(np.sum(wins * np.log1p(np.exp(-diff))))

    fitted = optimize.minimize(negative_log_likelihood, np.zeros(n - 1), method="BFGS",
                               options={"gtol": 1e-10}).x
    theta = np.concatenate([[0.0], fitted])
    expected = 400 / math.log(10) * (theta - theta.mean())
    assert bradley_terry(wins, prior=0.0) == pytest.approx(expected, abs=1e-3)


def test_bradley_terry_needs_the_prior_for_a_perfect_record() -> None:
    wins = np.array([[0.0, 12.0], [0.0, 0.0]])
    with pytest.raises(ValueError, match="prior"):
        bradley_terry(wins, prior=0.0)
    ratings = bradley_terry(wins)
    assert np.all(np.isfinite(ratings)) and ratings[0] > ratings[1]


def test_bootstrap_interval_covers_the_fit_and_narrows_with_more_games() -> None:
    # Two outcomes only: entrant 0 beat 1, or 1 beat 0.
    patterns = np.array([[[0.0, 1.0], [0.0, 0.0]], [[0.0, 0.0], [1.0, 0.0]]])

    def wins_of(counts: np.ndarray) -> np.ndarray:
        return np.tensordot(counts, patterns, axes=1)

    widths = []
    for scale in (1, 16):
        counts = np.array([60.0, 40.0]) * scale
        ratings = bradley_terry(wins_of(counts))
        lo, hi = bootstrap_ratings(wins_of, counts, ratings, resamples=300, seed=1)
        assert np.all(lo <= ratings) and np.all(ratings <= hi)
        widths.append(hi[0] - lo[0])
    # Four times the standard error at 1/16 of the games: the width shrinks about 4x.
    assert widths[1] == pytest.approx(widths[0] / 4, rel=0.25)
    again = bootstrap_ratings(wins_of, counts, ratings, resamples=300, seed=1)
    assert np.array_equal(again[0], lo) and np.array_equal(again[1], hi)


def test_sprt_bounds_are_walds() -> None:
    lower, upper = sprt_bounds(0.05, 0.05)
    assert lower == pytest.approx(-math.log(19)) and upper == pytest.approx(math.log(19))
    assert sprt_bounds(0.05, 0.1) == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))
    assert sprt_decision(3.0, lower, upper) == "H1"
    assert sprt_decision(-3.0, lower, upper) == "H0"
    assert sprt_decision(0.1, lower, upper) is None


def test_gsprt_without_draws_is_walds_bernoulli_llr() -> None:
    wins, losses, elo0, elo1 = 130, 100, 0.0, 30.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    expected = wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))
    llr = gsprt_llr([1.0, 0.0], [wins, losses], elo0, elo1, regularize=0.0)
    assert llr == pytest.approx(expected, rel=1e-9)
    # Regularising moves it only slightly.
    assert gsprt_llr([1.0, 0.0], [wins, losses], elo0, elo1) == pytest.approx(expected, rel=1e-3)


def test_gsprt_agrees_with_the_normal_approximation_for_many_games() -> None:
    values = [0.0, 0.5, 1.0]
    counts = [3900.0, 2000.0, 4100.0]
    elo0, elo1 = -2.0, 6.0
    n = sum(counts)
    mean = sum(v * c for v, c in zip(values, counts, strict=True)) / n
    var = sum(c * (v - mean) ** 2 for v, c in zip(values, counts, strict=True)) / n
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    assert gsprt_llr(values, counts, elo0, elo1) == pytest.approx(approx, rel=0.02)


def test_gsprt_sign_follows_the_evidence() -> None:
    assert gsprt_llr([0.0, 0.5, 1.0], [10, 10, 30], 0, 20) > 0
    assert gsprt_llr([0.0, 0.5, 1.0], [30, 10, 10], 0, 20) < 0
    assert gsprt_llr([0.0, 0.5, 1.0], [0, 0, 0], 0, 20) == 0.0


def test_bradley_terry_rates_a_lone_entrant_zero() -> None:
    assert bradley_terry(np.zeros((1, 1))).tolist() == [0.0]


@pytest.mark.parametrize(("elo0", "elo1"), [(-50.0, 50.0), (50.0, -50.0)])
def test_gsprt_refuses_when_either_hypothesis_is_out_of_reach(elo0: float, elo1: float) -> None:
    # Scores of 0 and 0.5 only: a mean above 0.5 (a positive Elo) cannot be reached
    # without regularising, even when the other hypothesis can.
    with pytest.raises(ValueError, match="cannot reach a hypothesis"):
        gsprt_llr([0.0, 0.5], [10, 10], elo0, elo1, regularize=0.0)
    assert math.isfinite(gsprt_llr([0.0, 0.5], [10, 10], elo0, elo1))


@pytest.mark.parametrize("trials", [20, 1000])
def test_wilson_interval_ends_exactly_at_zero_and_one_for_a_clean_sweep(trials: int) -> None:
    assert wilson_interval(0, trials)[0] == 0.0  # not a rounding error above it
    assert wilson_interval(trials, trials)[1] == 1.0


def test_a_bootstrap_interval_of_zero_confidence_closes_on_the_median() -> None:
    wins_of = lambda counts: np.array([[0.0, counts[0]], [counts[1], 0.0]])  # noqa: E731
    counts = np.array([30.0, 20.0])
    ratings = bradley_terry(wins_of(counts))
    lo, hi = bootstrap_ratings(wins_of, counts, ratings, resamples=50, seed=3, confidence=0.0)
    assert lo.tolist() == hi.tolist()
    wide_lo, wide_hi = bootstrap_ratings(wins_of, counts, ratings, resamples=50, seed=3)
    assert np.all(wide_lo < lo) and np.all(lo < wide_hi)
