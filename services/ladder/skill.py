"""Bayesian multiplayer skill (mu, sigma) beside Elo: the Weng-Lin Plackett-Luce update.

Every bot has a Gaussian belief about its skill: mean ``mu`` and standard deviation
``sigma``. A new bot starts at ``MU0 = 25`` and ``SIGMA0 = 25/3``. A finished match of N
distinct participants is one Plackett-Luce observation (Weng and Lin 2011, Algorithm 4,
the model of the ``openskill`` package, whose defaults these are): every participant's
mean moves towards what the finishing order says, and every sigma shrinks by how much
the match told. Before each update a sigma grows by the dynamics ``TAU``
(``sigma' = sqrt(sigma^2 + TAU^2)``), so a bot that keeps playing never freezes and a bot
that improves can still climb.

Ladder order by skill is the conservative estimate ``mu - 3 sigma`` (:func:`skill`):
a bot is ranked where it is, with 99.7% belief, at least. A bot is *provisional* until
its sigma falls under ``PROVISIONAL_SIGMA`` (:func:`provisional`); ``docs/ladder.md``
gives the games that takes.

A participant holding several seats (a built-in fill) is one player whose rank is the
mean of its seats' ranks. A match of one distinct participant moves nothing.

The Redis store runs :func:`rate_ladder_match`'s arithmetic in ``lua/apply_match.lua``,
operation for operation, so both stores compute bit-identical values: keep them in step.
``tests/ladder/test_skill.py`` checks :func:`rate_teams` against the published examples
of ``openskill`` and against ``openskill`` itself.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

MU0 = 25.0
SIGMA0 = 25.0 / 3.0
BETA = 25.0 / 6.0  # the spread of one performance around its skill
KAPPA = 0.0001  # the least fraction of the variance a single update keeps
TAU = 25.0 / 300.0  # the dynamics: added to every sigma (in quadrature) before an update
Z = 3.0  # skill = mu - Z * sigma
# A bot is provisional while sigma >= this bound: in the ladder-quality simulation
# (bench/ladder_quality.py, docs/ladder.md) a two-player ladder's order first reaches
# Kendall tau 0.9 with the true order when the median sigma is about 4.
PROVISIONAL_SIGMA = 4.0


def skill(mu: float, sigma: float) -> float:
    """The conservative skill estimate the ladder orders by: ``mu - 3 sigma``."""
    return mu - Z * sigma


def provisional(sigma: float) -> bool:
    """True until ``sigma`` falls under :data:`PROVISIONAL_SIGMA`."""
    return not sigma < PROVISIONAL_SIGMA


def rate_teams(
    teams: Sequence[Sequence[tuple[float, float]]],
    ranks: Sequence[float],
    *,
    beta: float = BETA,
    kappa: float = KAPPA,
    tau: float = TAU,
) -> list[list[tuple[float, float]]]:
    """The new ``(mu, sigma)`` of every player after one match of teams.

    ``teams[i]`` lists the ``(mu, sigma)`` of team ``i``'s players; ``ranks[i]`` is its
    finishing rank (lower is better, equal ranks tie). A team's mu and variance are the
    sums of its players'. Weng & Lin, Algorithm 4, with ``openskill``'s default gamma
    (``sigma_team / c``) and its dynamics: each sigma first becomes
    ``sqrt(sigma^2 + tau^2)``.
    """
    if len(teams) != len(ranks) or len(teams) < 2:
        raise ValueError(f"a match rates 2 teams or more, one rank each; got {len(teams)} "
                         f"teams and {len(ranks)} ranks")
    tau_squared = tau * tau
    widened = [[(mu, math.sqrt(sigma * sigma + tau_squared)) for mu, sigma in team]
               for team in teams]
    team_mu: list[float] = []
    team_var: list[float] = []
    for team in widened:
        total_mu, total_var = team[0][0], team[0][1] * team[0][1]
        for mu, sigma in team[1:]:
            total_mu += mu
            total_var += sigma * sigma
        team_mu.append(total_mu)
        team_var.append(total_var)
    count = len(teams)
    beta_squared = beta * beta
    c_squared = 0.0
    for var in team_var:
        c_squared += var + beta_squared
    c = math.sqrt(c_squared)
    strength = [math.exp(mu / c) for mu in team_mu]
    # sum_q[q]: the strengths of the teams that finished at rank q or worse;
    # tied[q]: how many teams share team q's rank.
    sum_q = [0.0] * count
    tied = [0] * count
    for q in range(count):
        for i in range(count):
            if ranks[i] >= ranks[q]:
                sum_q[q] += strength[i]
            if ranks[i] == ranks[q]:
                tied[q] += 1
    rated: list[list[tuple[float, float]]] = []
    for i in range(count):
        omega = 0.0
        delta = 0.0
        for q in range(count):
            if ranks[q] <= ranks[i]:
                share = strength[i] / sum_q[q]
                delta += share * (1.0 - share) / tied[q]
                if q == i:
                    omega += (1.0 - share) / tied[q]
                else:
                    omega -= share / tied[q]
        var = team_var[i]
        omega *= var / c
        delta *= var / (c * c)
        delta *= math.sqrt(var) / c
        players = []
        for mu, sigma in widened[i]:
            part = sigma * sigma / var
            players.append((mu + part * omega,
                            sigma * math.sqrt(max(1.0 - part * delta, kappa))))
        rated.append(players)
    return rated


def rate_ladder_match(
    participants: Sequence[str],
    ranks: Sequence[int],
    current: Mapping[str, tuple[float, float] | None],
) -> dict[str, tuple[float, float]]:
    """The new ``(mu, sigma)`` of each distinct participant of one rated match.

    ``current`` maps each distinct participant to its ``(mu, sigma)``, or None for a
    bot new to the ladder (``MU0``, ``SIGMA0``). Each distinct participant is one
    one-player team, ranked by the mean rank of the seats it held."""
    rank_sum: dict[str, int] = {}
    seats: dict[str, int] = {}
    for name, rank in zip(participants, ranks, strict=True):
        rank_sum[name] = rank_sum.get(name, 0) + rank
        seats[name] = seats.get(name, 0) + 1
    names = list(rank_sum)
    before = {name: current.get(name) or (MU0, SIGMA0) for name in names}
    if len(names) < 2:
        return before
    rated = rate_teams([[before[name]] for name in names],
                       [rank_sum[name] / seats[name] for name in names])
    return {name: team[0] for name, team in zip(names, rated, strict=True)}
