"""Running a tournament: its format's stages on a match pool, streamed to disk.

The pool plays in this process or on Ray workers (:mod:`services.runner.placement`).
The driver holds only what is in flight: each Ray worker has at most two batches queued
(the pool's back-pressure), records go to the results writer as they come back, and
the live standings are running sums. Nothing grows with the number of games.

A run can be interrupted at any moment. Ctrl-C (or SIGTERM, which the CLI turns into
the same) writes the records in memory before leaving; SIGKILL loses at most the last
unwritten interval. ``resume=True`` then plays exactly the games not recorded, and the
format replays the recorded ones first (Swiss standings, the SPRT's counts).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import ConfigError
from services.runner.placement import describe, open_pool
from services.tournament.aggregate import Totals
from services.tournament.config import TournamentConfig
from services.tournament.formats import Format, SprtFormat, SwissFormat, make_format
from services.tournament.live import LiveStandings, View
from services.tournament.paths import has_results
from services.tournament.report import write_report
from services.tournament.results import RecordedGames, ResultWriter, stored_config

RESULTS_FILE = "results.parquet"


@dataclass(frozen=True, slots=True)
class RunOptions:
    """How to run (never changes the results). ``workers``: Ray workers (Ray must be
    initialised), or 0: this process, moving to local Ray when ``move_to_ray`` and the
    run proves long (:mod:`services.runner.placement`)."""

    out: Path
    workers: int
    move_to_ray: bool = False
    resume: bool = False
    flush_seconds: float = 1.0
    target_batch_seconds: float = 0.25
    resamples: int = 500


@dataclass(slots=True)
class RunOutcome:
    """What a run did: games played now and before, the time to start the workers and
    to play (from the first game submitted to the last recorded), nodes, the summary."""

    config: TournamentConfig
    played: int = 0
    recorded_before: int = 0
    startup_seconds: float = 0.0
    seconds: float = 0.0
    restarts: int = 0
    nodes: tuple[str, ...] = ()
    where: str = ""
    summary: dict[str, Any] = field(default_factory=dict)

    @property
    def games_per_second(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


def results_path(out: Path) -> Path:
    return out / RESULTS_FILE


def check_resumable(config: TournamentConfig, options: RunOptions) -> None:
    """Refuse to mix runs: a fresh run needs an empty place, a resumed one the same config."""
    results = results_path(options.out)
    if not options.resume:
        if has_results(results):
            raise ConfigError(
                f"{options.out} already holds a tournament; pass --resume to continue it "
                "or choose another --out"
            )
        return
    stored = stored_config(results)
    if stored is None:
        return  # nothing was recorded yet: start afresh
    mine = config.to_json()
    differing = sorted(key for key in set(stored) | set(mine) if stored.get(key) != mine.get(key))
    if differing:
        raise ConfigError(
            f"--resume: this tournament differs from the recorded one in: {', '.join(differing)}"
        )


def run_tournament(config: TournamentConfig, options: RunOptions,
                   view: View | None = None, standings: LiveStandings | None = None
                   ) -> RunOutcome:
    """Play ``config`` (with ``options.workers``, Ray must be initialised, with
    :func:`entrants.runtime_env` as its job runtime environment when user code ships),
    write the results and the report."""
    config.validate()
    check_resumable(config, options)
    results = results_path(options.out)
    options.out.mkdir(parents=True, exist_ok=True)
    fmt = make_format(config)
    standings = standings or LiveStandings(config.names, config.players)
    outcome = RunOutcome(config)
    if options.resume and has_results(results):
        outcome.recorded_before = fmt.restore(RecordedGames(results))
        totals = Totals(config.names, config.players)
        totals.add_batches(RecordedGames(results).batches(list(Totals.COLUMNS)))
        standings.seed(totals.entrants)
    if not results.exists():
        play(config, options, fmt, standings, view, outcome)
    outcome.summary = write_report(results, options.out, config, options.resamples)
    return outcome


def play(config: TournamentConfig, options: RunOptions, fmt: Format,
         standings: LiveStandings, view: View | None, outcome: RunOutcome) -> None:
    """Play what ``fmt`` still schedules and merge the results (no report)."""
    writer = ResultWriter(results_path(options.out), config.to_json(), options.flush_seconds)
    if fmt.finished:  # everything was recorded before: only the merge is left
        writer.finish()
        return
    from services.tournament.entrants import runtime_env

    expected = None if isinstance(fmt, SprtFormat) else fmt.total_games - outcome.recorded_before
    pool = open_pool(
        config.game, config.game_config(), options.workers,
        move_to_ray=options.move_to_ray, runtime_env=runtime_env(config.entrants),
        expected=expected,
        bot_specs=config.bot_specs, batch_size=4,
        target_batch_seconds=options.target_batch_seconds,
    )
    done = outcome.recorded_before
    started = time.perf_counter()
    shown: View | None = None  # the view once started: none for a pool that never starts
    try:
        with pool:
            outcome.nodes = pool.nodes
            outcome.startup_seconds = time.perf_counter() - started
            started = time.perf_counter()
            if view is not None:
                view.start(_title(config), fmt.total_games, done, lambda: _note(fmt))
                shown = view
            for stage in fmt.stages():
                for record in pool.run(stage.tasks, stage.size):
                    for kept in fmt.accept(record):
                        standings.add_table(writer.add(kept))
                        done += 1
                        outcome.played += 1
                    if view is not None:
                        view.update(done)
                    if fmt.finished:
                        break
                if fmt.finished:
                    break
            outcome.restarts = pool.restarts
    finally:
        outcome.nodes = pool.nodes
        outcome.where = describe(pool)
        standings.add_table(writer.flush())
        outcome.seconds = time.perf_counter() - started
        if shown is not None:
            shown.update(done, force=True)
            shown.stop()
    writer.finish()


def _title(config: TournamentConfig) -> str:
    return f"{config.format} {config.game}, {config.players} players"


def _note(fmt: Format) -> str:
    if isinstance(fmt, SprtFormat):
        return fmt.verdict() if fmt.finished else fmt.state.status()
    if isinstance(fmt, SwissFormat) and fmt.repeats:
        return f"swiss: {fmt.repeats} repeated pairing(s)"
    return ""
