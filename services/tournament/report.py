"""Summaries and plots of a results file: what ``arena tournament`` writes at the end
and ``arena report`` rebuilds from any results file.

- ``summary.json``: ``games``, and per entrant ``games`` (seats played), ``wins``
  (first places; a k-way tie gives each 1/k), ``win_rate`` with its 95% Wilson
  ``win_rate_ci``, ``mean_score``, ``mean_rank``, and the Bradley-Terry ``rating``
  (Elo scale, mean 0) with its 95% bootstrap ``rating_ci``, and ``failures``:
  ``{timeout, crash, illegal}``, the seats it played that ended so (a hosted bot
  directory's; docs/bots.md); for ``sprt`` also
  ``sprt: {llr, lower, upper, decision, games, verdict}`` (``verdict``: the decision
  in words, e.g. ``accept H0, X is not 10 Elo stronger than Y``).
- ``summary.csv``: the per-entrant part as a table.
- ``details.json``: the rest: head-to-head matrix with Wilson intervals, mean score and
  rank intervals, seat advantage, worker nodes, the config.
- ``winrate.png`` and ``ratings.png`` (see :mod:`services.tournament.plots`).
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.compute as pc
from scipy import stats as scipy_stats

from engine.core import ConfigError
from services.hosted.options import FAILURES
from services.tournament.aggregate import Sums, Totals
from services.tournament.aggregate import rounded as _r
from services.tournament.config import TournamentConfig
from services.tournament.formats import SprtFormat, make_format
from services.tournament.results import RecordedGames, stored_config
from services.tournament.stats import (
    bootstrap_ratings,
    bradley_terry,
    mean_interval,
    wilson_interval,
)

RESAMPLES = 500
PRIOR = 1.0
CSV_FIELDS = ("entrant", "games", "wins", "win_rate", "win_rate_ci_lo", "win_rate_ci_hi",
              "mean_score", "mean_rank", "rating", "rating_ci_lo", "rating_ci_hi")


def _interval(bounds: tuple[float, float] | None) -> list[float | None] | None:
    return None if bounds is None else [_r(bounds[0]), _r(bounds[1])]


def load_config(results: Path) -> TournamentConfig:
    data = stored_config(results)
    if data is None:
        raise ConfigError(f"{results} holds no tournament results (no tournament metadata)")
    return TournamentConfig.from_json(data)


def summarise(results: Path, config: TournamentConfig,
              resamples: int = RESAMPLES) -> tuple[dict[str, Any], dict[str, Any]]:
    """(summary, details) of the games recorded at ``results``."""
    recorded = RecordedGames(results)
    totals = Totals(config.names, config.players).add_batches(
        recorded.batches(list(Totals.COLUMNS)))
    table = totals.outcome_table()
    wins = table.wins()
    ratings = bradley_terry(wins, prior=PRIOR) if totals.games else np.zeros(len(config.names))
    lo, hi = bootstrap_ratings(table.wins, table.counts, ratings, resamples, config.seed, PRIOR)
    failures = failure_counts(recorded, config.names)
    summary: dict[str, Any] = {
        "games": totals.games,
        "entrants": {
            name: {**_entrant_summary(totals.entrants, i, ratings[i], (lo[i], hi[i])),
                   "failures": failures[name]}
            for i, name in enumerate(config.names)
        },
    }
    if config.format == "sprt":
        fmt = make_format(config)
        assert isinstance(fmt, SprtFormat)
        fmt.restore(recorded)
        summary["sprt"] = {key: _r(value) if isinstance(value, float) else value
                           for key, value in fmt.state.to_json().items()}
        summary["sprt"]["verdict"] = fmt.verdict()
    details = {
        "config": config.to_json(),
        "head_to_head": _head_to_head(config.names, wins),
        "entrants": {name: _entrant_details(totals.entrants, i)
                     for i, name in enumerate(config.names)},
        "seats": _seat_advantage(totals.seats, config.players),
        "workers": {"games_by_node": dict(sorted(totals.nodes.items())),
                    "game_seconds": _r(totals.game_seconds), "decisions": totals.decisions},
        "ratings": {"model": "Bradley-Terry by MM on head-to-head comparisons, Elo scale, "
                             "mean 0", "prior_drawn_games_per_pair": PRIOR,
                    "bootstrap_resamples": resamples, "confidence": 0.95},
    }
    return summary, details


def failure_counts(recorded: RecordedGames, names: Sequence[str]
                   ) -> dict[str, dict[str, int]]:
    """Per entrant, the seats it played that ended in each failure status (hosted bot
    directories: :mod:`services.hosted`; every other bot's seats are ``ok``)."""
    counts = {name: dict.fromkeys(FAILURES, 0) for name in names}
    if not recorded.has_column("status"):
        return counts
    for batch in recorded.batches(["bots", "status"]):
        bots = pc.list_flatten(batch.column("bots")).to_pylist()
        statuses = pc.list_flatten(batch.column("status")).to_pylist()
        for name, status in zip(bots, statuses, strict=True):
            if status in FAILURES and name in counts:
                counts[name][status] += 1
    return counts


def _entrant_summary(sums: Sums, i: int, rating: float, ci: tuple[float, float]
                     ) -> dict[str, Any]:
    row = sums.row(i)
    return {
        "games": row["games"],
        "wins": row["wins"],
        "win_rate": row["win_rate"],
        "win_rate_ci": _interval(wilson_interval(float(sums.wins()[i]), row["games"])),
        "mean_score": row["mean_score"],
        "mean_rank": row["mean_rank"],
        "rating": _r(rating),
        "rating_ci": _interval(ci),
    }


def _entrant_details(sums: Sums, i: int) -> dict[str, Any]:
    seats = int(sums.seats[i])
    return {
        "mean_score_ci": _interval(mean_interval(seats, sums.score[i], sums.score_sq[i])),
        "mean_rank_ci": _interval(
            mean_interval(seats, float(sums.rank[i]), float(sums.rank_sq[i]))),
    }


def _head_to_head(names: Sequence[str], wins: np.ndarray) -> dict[str, dict[str, Any]]:
    """Row entrant against column entrant: comparisons, points won, rate, Wilson CI."""
    matrix: dict[str, dict[str, Any]] = {}
    for i, name in enumerate(names):
        row: dict[str, Any] = {}
        for j, other in enumerate(names):
            played = wins[i, j] + wins[j, i]
            if i == j or played == 0:
                continue
            row[other] = {"comparisons": _r(played), "points": _r(wins[i, j]),
                          "rate": _r(wins[i, j] / played),
                          "rate_ci": _interval(wilson_interval(wins[i, j], played))}
        matrix[name] = row
    return matrix


def _seat_advantage(sums: Sums, players: int) -> dict[str, Any]:
    """Per seat: win rate against the fair 1/P, mean score and rank; and a chi-square
    test of "every seat wins equally often" (on first-place shares)."""
    wins = sums.wins()
    per_seat = []
    for seat in range(players):
        games = int(sums.seats[seat])
        per_seat.append({
            "seat": seat,
            "games": games,
            "win_rate": _r(wins[seat] / games) if games else None,
            "win_rate_ci": _interval(wilson_interval(wins[seat], games)),
            "advantage": _r(wins[seat] / games - 1 / players) if games else None,
            "mean_score": _r(sums.score[seat] / games) if games else None,
            "mean_score_ci": _interval(mean_interval(games, sums.score[seat],
                                                     sums.score_sq[seat])),
            "mean_rank": _r(sums.rank[seat] / games) if games else None,
        })
    p_value = None
    if wins.sum() > 0:
        p_value = _r(float(scipy_stats.chisquare(wins).pvalue))
    return {"expected_win_rate": _r(1 / players), "per_seat": per_seat,
            "equal_seats_p_value": p_value}


def write_report(results: Path, out: Path, config: TournamentConfig | None = None,
                 resamples: int = RESAMPLES) -> dict[str, Any]:
    """Write summary.json, summary.csv, details.json and both plots into ``out``."""
    from services.tournament.plots import plot_ratings, plot_winrate

    config = config or load_config(results)
    summary, details = summarise(results, config, resamples)
    out.mkdir(parents=True, exist_ok=True)
    _write_json(out / "summary.json", summary)
    _write_json(out / "details.json", details)
    with (out / "summary.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_FIELDS)
        for name, entry in summary["entrants"].items():
            win_ci = entry["win_rate_ci"] or [None, None]
            rating_ci = entry["rating_ci"] or [None, None]
            writer.writerow([name, entry["games"], entry["wins"], entry["win_rate"], *win_ci,
                             entry["mean_score"], entry["mean_rank"], entry["rating"],
                             *rating_ci])
    context = f"{config.format} of {config.game}, {config.players} players"
    plot_winrate(details["head_to_head"], config.names, out / "winrate.png", summary["games"],
                 context)
    plot_ratings(summary["entrants"], out / "ratings.png", summary["games"], context)
    return summary


def _write_json(path: Path, data: Any) -> None:
    def clean(value: Any) -> Any:
        if isinstance(value, float) and not math.isfinite(value):
            return None
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items()}
        if isinstance(value, list):
            return [clean(v) for v in value]
        return value

    path.write_text(json.dumps(clean(data), indent=2) + "\n")
