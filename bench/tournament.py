"""Tournament benchmark: the full ``arena tournament`` pipeline against a process pool.

- *Parallel efficiency*: the same games (a round-robin of Monster My Neighbor, 5 seats,
  ``random`` against ``heuristic``) played by :func:`run_tournament` on Ray (actors,
  back-pressure, results streamed to Parquet, live standings) and by a
  ``multiprocessing.Pool`` running :func:`play_batch` on batches of the same sizes and
  doing nothing else, on 1 and 2 workers in one run (its workers as nice as Ray's).
  Both are timed from the first game submitted to the last result in (workers already
  started), twice each in the order Pool, Ray, Ray, Pool. ratio = Ray / Pool games/s.
- *Scheduling overhead per game*: ``(workers * wall time - time inside the games) /
  games``: what a game costs beyond playing it (Ray calls, serialisation, idle
  workers at the end, the driver's share of the CPUs).
- *Driver memory*: the RSS of this process (the driver) after 10,000 games and at the
  end of a longer run of cheap games (Monster My Neighbor, 3 seats, ``random``), read
  while the run goes. Flat means it does not grow with the number of games.
  ``python -m bench.tournament --only memory --memory-games 100000`` measures after
  100,000 (about two minutes on two cores).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from engine.core import GameConfig
from services.runner.batch import MatchRecord, MatchTask, play_batch

if TYPE_CHECKING:
    from services.tournament.config import TournamentConfig

GAME = "monster-my-neighbor"
TARGET_BATCH_SECONDS = 0.25


@dataclass(frozen=True, slots=True)
class Throughput:
    games: int
    seconds: float
    game_seconds: float
    workers: int

    @property
    def rate(self) -> float:
        return self.games / self.seconds

    @property
    def overhead_us(self) -> float:
        return (self.workers * self.seconds - self.game_seconds) / self.games * 1e6


def combined(first: Throughput, second: Throughput) -> Throughput:
    """Two runs as one: total games over total time."""
    return Throughput(first.games + second.games, first.seconds + second.seconds,
                      first.game_seconds + second.game_seconds, first.workers)


def rss_mib() -> float:
    """Resident memory of this process, MiB (Linux /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def tournament_config(
    players: int, entrants: Sequence[str], games: int, seed: int = 1
) -> TournamentConfig:
    from services.tournament.config import TournamentConfig
    from services.tournament.entrants import entrant_item, resolve_entrants

    return TournamentConfig(
        game=GAME, players=players, format="round-robin",
        entrants=resolve_entrants(GAME, [entrant_item(e) for e in entrants]),
        games=games, seed=seed,
    )


def tasks_of(config: TournamentConfig) -> list[MatchTask]:
    from services.tournament.formats import make_format

    (stage,) = list(make_format(config).stages())
    return list(stage.tasks)


def pool_batches(tasks: list[MatchTask], batch: int, workers: int) -> list[list[MatchTask]]:
    """Batches of ``batch`` games that shrink at the end like the tournament's (an even
    share of what is left, in two rounds), so both finish their workers together."""
    batches, start = [], 0
    while start < len(tasks):
        size = max(1, min(batch, -(-(len(tasks) - start) // (2 * workers))))
        batches.append(tasks[start:start + size])
        start += size
    return batches


def ray_worker_niceness() -> int:
    """The niceness Ray gives its workers (15 by default): the Pool's workers get the same,
    so a busy machine favours neither."""
    import ray

    return ray.get(ray.remote(num_cpus=0)(_niceness).remote())


def _niceness() -> int:
    return os.nice(0)


def measure_pool(
    config: TournamentConfig, tasks: list[MatchTask], workers: int, batch: int
) -> tuple[Throughput, list[MatchRecord]]:
    """The same tasks on a warm multiprocessing.Pool, in batches of ``batch`` games."""
    game_config = GameConfig(config.players)
    batches = pool_batches(tasks, batch, workers)
    play = partial(play_batch, config.game, game_config)
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers, initializer=os.nice, initargs=(ray_worker_niceness(),)) as pool:
        pool.map(play, [tasks[:1]] * workers)  # warm: imports and first game done
        started = time.perf_counter()
        records = [r for done in pool.imap_unordered(play, batches) for r in done]
        seconds = time.perf_counter() - started
    return Throughput(len(records), seconds, sum(r.duration for r in records), workers), records


def measure_tournament(
    config: TournamentConfig, workers: int, out: Path, view: MemoryProbe | None = None
) -> tuple[Throughput, Path]:
    """The full tournament on Ray (already initialised); the report is left out."""
    from services.tournament import run as run_module
    from services.tournament.formats import make_format
    from services.tournament.live import LiveStandings
    from services.tournament.results import ResultWriter
    from services.tournament.run import RunOptions, RunOutcome

    options = RunOptions(out=out, workers=workers, target_batch_seconds=TARGET_BATCH_SECONDS)
    outcome = RunOutcome(config)
    out.mkdir(parents=True)
    standings = LiveStandings(config.names, config.players)
    results = run_module.results_path(out)
    writer = ResultWriter(results, config.to_json(), options.flush_seconds)
    run_module.play(config, options, make_format(config), standings, view, outcome, writer)
    import pyarrow.parquet as pq

    game_seconds = sum(pq.read_table(results, columns=["duration"]).column(0).to_pylist())
    return Throughput(outcome.played, outcome.seconds, game_seconds, workers), results


class MemoryProbe:
    """A run view that notes the driver's RSS when the run passes given game counts."""

    def __init__(self, marks: Sequence[int]) -> None:
        self.marks = sorted(marks)
        self.readings: dict[int, float] = {}

    def start(self, *args: object) -> None:
        self.readings[0] = rss_mib()

    def update(self, done: int, force: bool = False) -> None:
        while self.marks and done >= self.marks[0]:
            self.readings[self.marks.pop(0)] = rss_mib()

    def stop(self) -> None:
        pass


def calibrate(tasks: list[MatchTask], config: TournamentConfig) -> float:
    """Seconds per game on one core, from a few games in-process."""
    sample = tasks[:40]
    started = time.perf_counter()
    play_batch(config.game, GameConfig(config.players), sample)
    return (time.perf_counter() - started) / len(sample)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.tournament", description=__doc__)
    parser.add_argument("--games", type=int, default=2400,
                        help="games of each efficiency run (a multiple of 10 keeps seats "
                        "balanced)")
    parser.add_argument("--memory-games", type=int, default=30_000,
                        help="games of the memory run (readings at 10,000 and at the end)")
    parser.add_argument("--only", choices=("efficiency", "memory"),
                        help="run one part only")
    args = parser.parse_args(argv)

    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    try:
        with tempfile.TemporaryDirectory(prefix="arena-bench-") as tmp:
            if args.only != "memory":
                efficiency(Path(tmp), args.games)
            if args.only != "efficiency":
                memory(Path(tmp), args.memory_games)
    finally:
        ray.shutdown()


def efficiency(tmp: Path, games: int) -> None:
    config = tournament_config(5, ["random", "heuristic"], games)
    tasks = tasks_of(config)
    batch = max(1, int(TARGET_BATCH_SECONDS / calibrate(tasks, config)))
    print(f"Tournament vs multiprocessing.Pool: {GAME} 5p random vs heuristic, round-robin, "
          f"{games} games, batches of ~{batch}")
    print(f"{'workers':>8}{'ray games/s':>13}{'pool games/s':>14}{'ratio':>7}"
          f"{'ray µs/game overhead':>22}{'pool µs/game overhead':>23}")
    for workers in (1, 2):
        # Pool, Ray, Ray, Pool: a load that drifts during the runs weighs on both alike.
        pool_a, expected = measure_pool(config, tasks, workers, batch)
        ray_a, results = measure_tournament(config, workers, tmp / f"eff{workers}a")
        _check_same_games(results, expected)
        ray_b, _ = measure_tournament(config, workers, tmp / f"eff{workers}b")
        pool_b, _ = measure_pool(config, tasks, workers, batch)
        pool, ray_run = combined(pool_a, pool_b), combined(ray_a, ray_b)
        print(f"{workers:>8}{ray_run.rate:>13.1f}{pool.rate:>14.1f}"
              f"{ray_run.rate / pool.rate:>7.3f}{ray_run.overhead_us:>22.0f}"
              f"{pool.overhead_us:>23.0f}")


def memory(tmp: Path, games: int) -> None:
    marks = sorted({10_000, games} if games >= 10_000 else {games})
    config = tournament_config(3, ["random", "r2=random"], games, seed=2)
    probe = MemoryProbe(marks)
    run, results = measure_tournament(config, 2, tmp / "memory", view=probe)
    readings = probe.readings
    print(f"\nDriver memory (RSS) during one run: {GAME} 3p random vs random, "
          f"{run.games} games at {run.rate:,.0f} games/s on 2 workers")
    print("  " + ", ".join(f"after {n:,} games {mib:.1f} MiB" for n, mib in readings.items()))
    if len(marks) > 1:
        first, last = readings[marks[0]], readings[marks[-1]]
        print(f"  growth from {marks[0]:,} to {marks[-1]:,} games: {last - first:+.1f} MiB "
              f"({(last - first) * 1024 * 1024 / (marks[-1] - marks[0]):+.1f} bytes/game); "
              f"results file {results.stat().st_size / 1024 / 1024:.1f} MiB")


def _check_same_games(results: Path, expected: list[MatchRecord]) -> None:
    import pyarrow.parquet as pq

    table = pq.read_table(results, columns=["index", "ranks"]).to_pylist()
    got = sorted((r["index"], tuple(r["ranks"])) for r in table)
    if got != sorted((r.index, r.ranks) for r in expected):
        raise SystemExit("the tournament and the pool played different games")


if __name__ == "__main__":
    main()
