"""Solo strength: a bot's final scores over seeded one-player games.

``python -m bench.solo --game ark-nova --bot greedy --games 200 --option
solo_difficulty=normal`` plays ``games`` solo matches (seeded by index, so a run is
reproducible; ``--workers`` plays them in parallel processes) and reports the mean score
with a 95% interval (normal approximation), the range, and the wins, i.e. the games
with a score of at least 0 (Ark Nova: VP >= 0), with a Wilson 95% interval.
``--scores FILE`` also writes each deal's score (by seed) as JSON, for comparisons
paired by deal (``docs/strength.md``). The report also gives the bot's CPU time per
decision (median, p95, max), as ``bench.strength`` does.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bench.strength import Timed, cpu_line
from engine.core import GameConfig, get_game, play_match
from engine.core.outcomes import solo_won
from engine.toolkit.bots import make_bot
from services.cli.play import parse_options
from services.tournament.stats import wilson_interval

Z95 = 1.959964  # the normal quantile of the mean score's 95% interval


@dataclass(frozen=True, slots=True)
class Task:
    game_id: str
    bot: str
    options: tuple[tuple[str, object], ...]
    seed: int


def play(task: Task) -> tuple[float, list[float]]:
    """The bot's final score in one solo match and its CPU seconds per decision."""
    config = GameConfig(1, dict(task.options))
    timed = Timed(make_bot(task.game_id, task.bot))
    result = play_match(task.game_id, config, task.seed, [timed]).result
    return result.scores[0], timed.seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.solo", description=__doc__)
    parser.add_argument("--game", required=True)
    parser.add_argument("--bot", default="greedy", help="bot spec")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--scores", metavar="FILE",
                        help="also write the per-deal scores (JSON: bot, seeds, scores)")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    options = {**game.default_options, **parse_options(args.option)}
    make_bot(args.game, args.bot)
    tasks = [Task(args.game, args.bot, tuple(options.items()), args.seed + i)
             for i in range(args.games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        played = list(pool.map(play, tasks, chunksize=4))
    scores = [score for score, _ in played]
    elapsed = time.perf_counter() - started
    if args.scores:
        with open(args.scores, "w", encoding="utf-8") as out:
            json.dump({"bot": args.bot, "options": options, "seeds": [t.seed for t in tasks],
                       "scores": scores}, out, indent=1)
    mean = statistics.fmean(scores)
    half = Z95 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0
    wins = sum(1 for score in scores if solo_won(score))
    low, high = wilson_interval(wins, len(scores))
    shown = ", ".join(f"{key}={value}" for key, value in options.items())
    print(f"{args.game} solo ({shown}): {args.bot}")
    print(f"games {len(scores)}  mean score {mean:.1f}  95% interval [{mean - half:.1f}, "
          f"{mean + half:.1f}]  min {min(scores):g}  max {max(scores):g}  wins (score >= 0) "
          f"{wins}  [{low:.3f}, {high:.3f}]  ({elapsed:.0f} s)")
    print(cpu_line(args.bot, [t for _, times in played for t in times]))


if __name__ == "__main__":
    main()
