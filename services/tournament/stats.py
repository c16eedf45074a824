"""The statistics of a tournament, as plain functions of counts and sums.

- :func:`wilson_interval`: a 95% Wilson score interval for a rate (win rates, and each
  cell of the pairwise win-rate matrix).
- :func:`mean_interval`: a Student-t interval for a mean from (count, sum, sum of squares).
- :func:`bradley_terry`: Bradley-Terry strengths fitted by Hunter's MM algorithm on a
  pairwise wins matrix, reported on the Elo scale (400·log10, mean 0), and
  :func:`bootstrap_ratings` for their percentile intervals.
- :func:`sprt_bounds`, :func:`gsprt_llr`, :func:`sprt_decision`: Wald's sequential test
  in its generalised form (the log-likelihood ratio of two constrained maximum-likelihood
  fits of the observed score distribution), as Stockfish's fishtest does.

Elo differences and expected scores are related by the logistic curve
``score = 1 / (1 + 10**(-elo/400))``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from scipy import optimize, stats

CONFIDENCE = 0.95


def _z(confidence: float) -> float:
    return float(stats.norm.ppf(0.5 + confidence / 2))


def wilson_interval(
    successes: float, trials: float, confidence: float = CONFIDENCE
) -> tuple[float, float]:
    """Wilson's score interval for ``successes`` out of ``trials`` (ties may be halves).

    With no trials nothing is known: ``(0.0, 1.0)``.
    """
    if trials <= 0:
        return (0.0, 1.0)
    z = _z(confidence)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials)) / (1 + z2n)
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= trials else min(1.0, centre + half)
    return (lo, hi)


def mean_interval(
    count: int, total: float, total_sq: float, confidence: float = CONFIDENCE
) -> tuple[float, float] | None:
    """Student's t interval for the mean of ``count`` values given their sum and sum of
    squares; ``None`` with fewer than two values."""
    if count < 2:
        return None
    mean = total / count
    variance = max(total_sq - total * mean, 0.0) / (count - 1)
    half = float(stats.t.ppf(0.5 + confidence / 2, count - 1)) * math.sqrt(variance / count)
    return (mean - half, mean + half)


def score_from_elo(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger than its opponent."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_from_score(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (0 < score < 1)."""
    return 400.0 * math.log10(score / (1.0 - score))


def bradley_terry(
    wins: np.ndarray,
    prior: float = 1.0,
    start: np.ndarray | None = None,
    tol: float = 1e-10,
    max_iter: int = 100_000,
) -> np.ndarray:
    """Elo-scaled Bradley-Terry ratings (mean 0) fitted by MM (Hunter 2004).

    ``wins[i, j]`` is how often entrant i beat entrant j (a draw is half a win each way).
    ``prior`` adds that many virtual drawn games between every pair, which keeps
    ratings finite for an entrant that won or lost every game and links entrants that
    never met; 0 gives the plain maximum-likelihood fit. ``start`` (ratings) warm-starts.
    """
    w = np.asarray(wins, dtype=float).copy()
    n = w.shape[0]
    if n == 1:
        return np.zeros(1)
    off_diagonal = ~np.eye(n, dtype=bool)
    w[off_diagonal] += prior / 2
    np.fill_diagonal(w, 0.0)
    games = w + w.T
    won = w.sum(axis=1)
    if np.any(won <= 0):
        raise ValueError("an entrant without a win has no finite rating: use prior > 0")
    log_g = np.zeros(n) if start is None else np.asarray(start) * math.log(10) / 400
    gamma = np.exp(log_g - log_g.mean())
    for _ in range(max_iter):
        denominator = (games / (gamma[:, None] + gamma[None, :])).sum(axis=1)
        new = won / denominator
        new_log = np.log(new)
        new_log -= new_log.mean()
        converged = np.max(np.abs(new_log - np.log(gamma))) < tol
        gamma = np.exp(new_log)
        if converged:
            break
    return 400.0 * np.log10(gamma)


def bootstrap_ratings(
    wins_of: Callable[[np.ndarray], np.ndarray],
    counts: np.ndarray,
    ratings: np.ndarray,
    resamples: int,
    seed: int,
    prior: float = 1.0,
    confidence: float = CONFIDENCE,
) -> tuple[np.ndarray, np.ndarray]:
    """Percentile bootstrap intervals of Bradley-Terry ratings, resampling games.

    Games are grouped into distinct outcomes with ``counts``; resampling games with
    replacement is then a multinomial draw of those counts. ``wins_of(counts)`` turns
    outcome counts into the wins matrix; ``ratings`` (the full-sample fit) warm-starts
    every refit.
    """
    total = int(counts.sum())
    if total == 0 or resamples < 1:
        return ratings.copy(), ratings.copy()
    rng = np.random.default_rng(seed)
    probabilities = counts / total
    samples = np.empty((resamples, len(ratings)))
    for b in range(resamples):
        drawn = rng.multinomial(total, probabilities)
        samples[b] = bradley_terry(wins_of(drawn), prior=prior, start=ratings, tol=1e-8)
    tail = (1 - confidence) / 2 * 100
    return np.percentile(samples, tail, axis=0), np.percentile(samples, 100 - tail, axis=0)


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's stopping bounds on the log-likelihood ratio: (accept H0, accept H1)."""
    return (math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha))


def sprt_decision(llr: float, lower: float, upper: float) -> str | None:
    """``"H1"`` once the LLR reaches the upper bound, ``"H0"`` at the lower, else None."""
    if llr >= upper:
        return "H1"
    if llr <= lower:
        return "H0"
    return None


def _constrained_mle(values: np.ndarray, freqs: np.ndarray, mean: float) -> np.ndarray:
    """The distribution on ``values`` closest in likelihood to ``freqs`` with this mean.

    Maximising sum f_j log p_j subject to sum p_j = 1 and sum p_j x_j = mean gives
    p_j = f_j / (1 + lam (x_j - mean)), with lam the root of a decreasing function.
    """
    shifted = values - mean
    lo = -1.0 / shifted.max()
    hi = -1.0 / shifted.min()
    span = hi - lo

    def moment(lam: float) -> float:
        return float(np.sum(freqs * shifted / (1.0 + lam * shifted)))

    lam = optimize.brentq(moment, lo + span * 1e-12, hi - span * 1e-12, xtol=1e-15)
    p = freqs / (1.0 + lam * shifted)
    return p / p.sum()


def gsprt_llr(
    values: Sequence[float],
    counts: Sequence[float],
    elo0: float,
    elo1: float,
    regularize: float = 1e-3,
) -> float:
    """The generalised SPRT log-likelihood ratio of H1 (elo1) against H0 (elo0).

    ``values`` are the observed per-unit scores in [0, 1] (a game's score, or a game
    pair's mean score: the pentanomial test) and ``counts`` how often each occurred.
    Under each hypothesis the score distribution is the maximum-likelihood one with the
    hypothesis's expected score; the LLR is the log ratio of the two likelihoods of the
    data. With only wins and losses and ``regularize=0`` this is Wald's Bernoulli LLR
    ``W ln(s1/s0) + L ln((1-s1)/(1-s0))``. ``regularize`` adds that pseudo-count to every
    value and to the extremes 0 and 1, so a hypothesis's mean is always reachable.
    """
    observed = dict(zip((round(float(v), 12) for v in values), counts, strict=True))
    support = dict.fromkeys(observed, 0.0)
    if regularize > 0:
        support.update({0.0: 0.0, 1.0: 0.0})
    xs = np.array(sorted(support))
    n = np.array([float(observed.get(x, 0.0)) for x in xs])
    if n.sum() <= 0:
        return 0.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    if not xs[0] < s0 < xs[-1] or not xs[0] < s1 < xs[-1]:
        raise ValueError("the scores cannot reach a hypothesis: use regularize > 0")
    freqs = n + regularize
    freqs = freqs / freqs.sum()
    p0 = _constrained_mle(xs, freqs, s0)
    p1 = _constrained_mle(xs, freqs, s1)
    seen = n > 0
    return float(np.sum(n[seen] * np.log(p1[seen] / p0[seen])))
