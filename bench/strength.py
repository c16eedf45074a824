"""Bot strength: one seat of a bot against the rest of the table played by another bot.

``python -m bench.strength --game monster-my-neighbor --players 5 --bot mcts
--against heuristic --games 400`` plays ``games`` matches; in match ``g`` the bot sits in
seat ``g % players`` (seats rotated), every other seat is ``--against``. A win is a first
place (a k-way tie for first counts 1/k). The report gives the bot's wins with a Wilson
95% interval, the fair share ``1/players`` and the per-seat win rate of the opponent.
Matches are seeded by index, so a run is reproducible; ``--workers`` plays them in
parallel processes. The report also gives the bot's CPU time per decision (median, p95,
max; ``time.thread_time`` of its ``choose``, so other processes do not count).

``--record FILE`` appends each finished match to FILE (one JSON line: index, win share,
CPU seconds per decision) and skips the matches FILE already holds, so a long run can be
stopped and resumed; the report then covers every recorded match of the run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.quantiles import quantile
from engine.core import GameConfig, Result, play_match
from engine.core.decision import Decision
from engine.core.rng import GameRng
from engine.toolkit.bots import make_bot
from services.tournament.stats import wilson_interval


@dataclass(frozen=True, slots=True)
class Task:
    game_id: str
    players: int
    bot: str
    against: str
    index: int
    seed: int


class Timed:
    """A bot whose every ``choose`` is timed in CPU seconds of this thread."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.needs_observation = bot.needs_observation
        self.seconds: list[float] = []

    def choose(self, observation: Any, decision: Decision, rng: GameRng) -> int:
        started = time.thread_time()
        index: int = self.bot.choose(observation, decision, rng)
        self.seconds.append(time.thread_time() - started)
        return index


def seated_result(task: Task, bot: Any) -> Result:
    """Match ``task.index``: ``bot`` in seat ``index % players`` (seats rotated),
    ``task.against`` in every other seat, on deal ``seed + index``."""
    seat = task.index % task.players
    bots = [bot if q == seat else make_bot(task.game_id, task.against)
            for q in range(task.players)]
    return play_match(
        task.game_id, GameConfig(task.players), task.seed + task.index, bots).result


def play(task: Task) -> tuple[float, list[float]]:
    """The bot's win share in one match and its CPU seconds per decision."""
    timed = Timed(make_bot(task.game_id, task.bot))
    result = seated_result(task, timed)
    return float(result.shares[task.index % task.players]), timed.seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--bot", default="mcts", help="bot spec of the single seat")
    parser.add_argument("--against", required=True, help="bot spec of every other seat")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--record", type=Path, help="JSON lines of finished matches "
                        "(appended; matches already there are not played again)")
    args = parser.parse_args(argv)
    make_bot(args.game, args.bot)
    make_bot(args.game, args.against)
    done = recorded(args.record) if args.record else {}
    tasks = [Task(args.game, args.players, args.bot, args.against, i, args.seed)
             for i in range(args.games) if i not in done]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(play, task): task.index for task in tasks}
        for future in as_completed(futures):
            share, times = future.result()
            done[futures[future]] = (share, times)
            if args.record:
                with args.record.open("a") as out:
                    out.write(json.dumps({"index": futures[future], "share": share,
                                          "seconds": times}) + "\n")
    played = [done[i] for i in range(args.games)]
    wins = sum(share for share, _ in played)
    seconds = [t for _, times in played for t in times]
    elapsed = time.perf_counter() - started
    low, high = wilson_interval(wins, args.games)
    rate = wins / args.games
    other = (1 - rate) / (args.players - 1)
    print(f"{args.game} {args.players}p: {args.bot} in one seat vs {args.against} in "
          f"{args.players - 1}, seats rotated")
    print(f"games {args.games}  wins {wins:g}  win rate {rate:.3f}  95% interval "
          f"[{low:.3f}, {high:.3f}]  fair share {1 / args.players:.3f}  "
          f"{args.against} per seat {other:.3f}  ({elapsed:.0f} s)")
    print(cpu_line(args.bot, seconds))


def cpu_line(bot: str, seconds: list[float]) -> str:
    """The report line of a bot's CPU seconds per decision: median, p95 and max."""
    median = statistics.median(seconds) if seconds else 0.0
    return (f"{bot}: CPU s per decision median {median:.3f}  p95 "
            f"{quantile(seconds, 0.95):.3f}  max {max(seconds, default=0.0):.3f}  over "
            f"{len(seconds)} decisions")


def recorded(path: Path) -> dict[int, tuple[float, list[float]]]:
    """The matches a ``--record`` file holds: index -> (win share, CPU seconds)."""
    if not path.exists():
        return {}
    out = {}
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            out[int(row["index"])] = (float(row["share"]), list(row["seconds"]))
    return out


if __name__ == "__main__":
    main()
