"""Running a tournament: its format's stages on a match pool, streamed to disk.

One pipeline for ``arena tournament`` and ``arena play``: :func:`run_tournament` records
the games to a results file and writes the report; :func:`run_in_memory` (``arena
play``: a round-robin, nothing written but replays when asked for) keeps only the
standings. Both play :func:`play`, on the same schedules (:mod:`.blocks`) and totals
(:mod:`.aggregate`), so the same config and seed give the same games and the same wins.

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

import dataclasses
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from engine.core import ConfigError, Replay
from services.hosted.options import HostingOptions
from services.runner.batch import MatchRecord
from services.runner.placement import describe, open_pool
from services.tournament.aggregate import Totals
from services.tournament.config import TournamentConfig
from services.tournament.formats import Format, SprtFormat, SwissFormat, make_format
from services.tournament.live import LiveStandings, View
from services.tournament.paths import has_results
from services.tournament.report import write_report
from services.tournament.results import (
    RecordedGames,
    RecordTally,
    ResultWriter,
    stored_config,
)

if TYPE_CHECKING:
    import pyarrow as pa

RESULTS_FILE = "results.parquet"


class Recorder(Protocol):
    """Where played games go: a results file (:class:`ResultWriter`) or only the
    standings (:class:`RecordTally`). ``add`` and ``flush`` return the records they
    passed on as a table, for the live standings."""

    def add(self, record: MatchRecord) -> pa.Table | None: ...

    def flush(self) -> pa.Table | None: ...

    def finish(self) -> None: ...


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
    hosting: HostingOptions | None = None  # how bot directories are hosted


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
        writer = ResultWriter(results, config.to_json(), options.flush_seconds)
        play(config, options, fmt, standings, view, outcome, writer)
    outcome.summary = write_report(results, options.out, config, options.resamples)
    return outcome


@dataclass(slots=True)
class InMemoryRun:
    """What :func:`run_in_memory` played: the run, its standings, and the counts of
    decisions and time (engine and bots) the results file does not keep apart."""

    outcome: RunOutcome
    standings: LiveStandings
    tally: RecordTally


def run_in_memory(config: TournamentConfig, options: RunOptions, view: View | None = None,
                  replays: Path | None = None) -> InMemoryRun:
    """Play ``config`` as :func:`run_tournament` would, writing nothing (``options.out``
    is not used) but one replay per game into ``replays`` when given."""
    config.validate(min_entrants=1)
    fmt = make_format(config)
    standings = LiveStandings(config.names, config.players)
    tally = RecordTally()
    outcome = RunOutcome(config)
    if replays is not None:
        replays.mkdir(parents=True, exist_ok=True)
    play(config, options, fmt, standings, view, outcome, tally, replays)
    return InMemoryRun(outcome, standings, tally)


def replay_path(directory: Path, index: int, games: int) -> Path:
    """The replay file of game ``index``, zero-padded so names sort in game order."""
    width = len(str(max(games - 1, 0)))
    return directory / f"game-{index:0{width}d}.json"


def play(config: TournamentConfig, options: RunOptions, fmt: Format,
         standings: LiveStandings, view: View | None, outcome: RunOutcome,
         writer: Recorder, replays: Path | None = None) -> None:
    """Play what ``fmt`` still schedules into ``writer`` and finish it (no report);
    with ``replays``, save each game's replay there."""
    if fmt.finished:  # everything was recorded before: only the merge is left
        writer.finish()
        return
    from services.tournament.entrants import runtime_env

    expected = None if isinstance(fmt, SprtFormat) else fmt.total_games - outcome.recorded_before
    pool = open_pool(
        config.game, config.game_config(), options.workers,
        move_to_ray=options.move_to_ray, runtime_env=runtime_env(config.entrants),
        expected=expected, with_replays=replays is not None,
        bot_specs=config.bot_specs, hosting=options.hosting, batch_size=4,
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
                    if replays is not None and record.replay is not None:
                        path = replay_path(replays, record.index, fmt.total_games)
                        Replay.from_json(record.replay).save(path)
                        record = dataclasses.replace(record, replay=None)
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
