"""Engine benchmarks: games/s on one core, engine cost per decision, Ray throughput.

- *games/s*: whole random-vs-random matches played in-process by ``play_match`` (one
  core, no Ray), bots included.
- *engine µs/decision*: the recorded choices of those matches replayed with no bot at
  all; per choice the match loop's engine calls (``pending_seats``, ``decision``,
  ``apply``, and ``observation`` only if the bot declares ``needs_observation``, which
  ``random`` does not) are timed, plus setting up the state. This is everything a match
  costs except the bots' ``choose`` calls.
- *Ray throughput*: the same matches on a :class:`MatchPool` of Ray workers, started and
  warm before timing.

Add a game or a seat count by adding a line to ``CASES`` / ``RAY_CASES``.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from engine.core import Game, GameConfig, Replay, get_game, play_match
from engine.toolkit.bots import make_bot

# (game id, players) measured on one core.
CASES: list[tuple[str, int]] = [
    ("monster-my-neighbor", 3),
    ("monster-my-neighbor", 5),
    ("monster-my-neighbor", 8),
    ("epic-resort", 2),
    ("epic-resort", 4),
    ("ark-nova", 1),
    ("ark-nova", 2),
    ("ark-nova", 4),
]
# (game id, players) measured on a Ray pool of RAY_WORKERS workers.
RAY_CASES: list[tuple[str, int]] = [
    ("monster-my-neighbor", 5),
]
RAY_WORKERS = 2
BOT = "random"


@dataclass(frozen=True, slots=True)
class CoreFigures:
    """One-core figures of one (game, players) case."""

    game_id: str
    players: int
    games: int
    games_per_second: float
    decisions_per_game: float
    engine_us_per_decision: float


def engine_seconds(game: Game, replay: Replay, observe: bool) -> float:
    """Time the engine alone through a recorded match: no bot is consulted. ``observe``:
    build each decider's observation too, as the match loop does for bots that read it."""
    started = time.perf_counter()
    state = game.new_state(replay.config, replay.seed)
    for seat, index in replay.choices:
        state.pending_seats()
        state.decision(seat)
        if observe:
            state.observation(seat)
        state.apply(seat, index)
    return time.perf_counter() - started


def measure_core(game_id: str, players: int, seconds: float, min_games: int = 10) -> CoreFigures:
    """Play seeded random-vs-random matches for about ``seconds``, then replay them bot-free."""
    game = get_game(game_id)
    config = _config(game, players)
    replays: list[Replay] = []
    decisions = 0
    observe = make_bot(game_id, BOT).needs_observation
    started = time.perf_counter()
    while len(replays) < min_games or time.perf_counter() - started < seconds:
        bots = [make_bot(game_id, BOT) for _ in range(players)]
        outcome = play_match(game_id, config, len(replays), bots)
        replays.append(outcome.replay)
        decisions += outcome.decisions
    played = time.perf_counter() - started
    engine_total = sum(engine_seconds(game, replay, observe) for replay in replays)
    return CoreFigures(
        game_id=game_id,
        players=players,
        games=len(replays),
        games_per_second=len(replays) / played,
        decisions_per_game=decisions / len(replays),
        engine_us_per_decision=engine_total / decisions * 1e6,
    )


def measure_ray(game_id: str, players: int, workers: int, seconds: float) -> tuple[int, float]:
    """Games and games/s of random-vs-random matches on a warm Ray pool."""
    import ray

    from services.runner.pool import MatchPool
    from services.runner.ray_setup import ensure_ray
    from services.tournament.blocks import BlockSchedule

    config = _config(get_game(game_id), players)
    started_ray = ensure_ray(workers)
    try:
        # Size the run from a one-core estimate so it lasts about `seconds`.
        rate = measure_core(game_id, players, seconds=min(seconds, 1.0)).games_per_second
        games = max(workers * 20, int(rate * workers * seconds))
        batch_size = max(1, games // (workers * 16))
        with MatchPool(game_id, config, workers, batch_size=batch_size) as pool:
            started = time.perf_counter()
            tasks = BlockSchedule(((BOT,) * players,), master_seed=1).tasks(range(games))
            played = sum(1 for _ in pool.run(tasks))
            elapsed = time.perf_counter() - started
    finally:
        if started_ray:
            ray.shutdown()
    return played, played / elapsed


def _config(game: Game, players: int) -> GameConfig:
    return GameConfig(players, dict(game.default_options))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per case")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray throughput case")
    args = parser.parse_args(argv)

    print(f"Engine benchmark: {BOT} vs {BOT}, one core, in-process (no Ray)")
    header = f"{'game':<22}{'players':>8}{'games':>8}{'games/s':>10}{'decisions/game':>16}"
    print(header + f"{'engine µs/decision':>20}")
    core_rates: dict[tuple[str, int], float] = {}
    for game_id, players in CASES:
        fig = measure_core(game_id, players, args.seconds)
        core_rates[(game_id, players)] = fig.games_per_second
        print(
            f"{game_id:<22}{players:>8}{fig.games:>8}{fig.games_per_second:>10.1f}"
            f"{fig.decisions_per_game:>16.1f}{fig.engine_us_per_decision:>20.1f}"
        )
    if args.no_ray:
        return
    print(f"\nRay throughput: {BOT} vs {BOT}, {RAY_WORKERS} workers (warm pool)")
    for game_id, players in RAY_CASES:
        games, rate = measure_ray(game_id, players, RAY_WORKERS, args.seconds)
        one_core = core_rates.get((game_id, players))
        speedup = f" ({rate / one_core:.2f}x one core)" if one_core else ""
        print(f"{game_id:<22}{players:>8}{games:>8}{rate:>10.1f} games/s{speedup}")


if __name__ == "__main__":
    main()
