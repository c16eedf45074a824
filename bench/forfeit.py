"""``python -m bench.forfeit``: how long one host call lasts while a forfeit is played out.

Seat 0 is remote and every other seat is the fill bot; seat 0 forfeits at its first
decision and the host plays the rest of the game. Unbounded (``budget`` None, how
hosts worked before issue 28) the play-out is one call; with a host worker's budget
(``services.hosting.pool.worker_step_seconds`` of the default ``--host-timeout``) it
is many calls, each resumed by the gateway. The same seed plays the same game both
ways, so the two rows differ only in how the play-out is cut. Prints, per way: the
play-out's wall time, its calls, and the longest call, to compare with
``--host-timeout`` (10 s by default).
"""

from __future__ import annotations

import argparse
import time

from engine.core import GameConfig, get_game
from services.hosting.match_host import MatchHost
from services.hosting.pool import worker_step_seconds

DEFAULT_HOST_TIMEOUT = 10.0


def play_out(
    game_id: str, players: int, fill: str, seed: int, budget: float | None
) -> tuple[float, int, float, tuple[tuple[int, int], ...]]:
    """(total seconds, calls, longest call in seconds, choices) of one forfeit play-out."""
    game = get_game(game_id)
    config = GameConfig(players, dict(game.default_options)).to_json()
    labels = ["leaver", *[f"builtin:{fill}"] * (players - 1)]
    host = MatchHost(game_id, config, seed, [True] + [False] * (players - 1), labels, fill,
                     budget=budget)
    step = host.start()
    while step.paused:
        step = host.resume()
    choices = list(step.choices)
    began = time.perf_counter()
    durations = []
    call = lambda: host.forfeit(0)  # noqa: E731
    while True:
        started = time.perf_counter()
        step = call()
        durations.append(time.perf_counter() - started)
        choices += step.choices
        if not step.paused:
            break
        call = host.resume
    assert step.over
    return time.perf_counter() - began, len(durations), max(durations), tuple(choices)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.forfeit", description=__doc__)
    parser.add_argument("--game", default="ark-nova")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--fill", default="mcts:iterations=50")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--host-timeout", type=float, default=DEFAULT_HOST_TIMEOUT)
    args = parser.parse_args(argv)
    budget = worker_step_seconds(args.host_timeout)
    print(f"forfeit play-out: {args.game}, {args.players} seats, fill {args.fill}, "
          f"seed {args.seed}; --host-timeout {args.host_timeout:g} s")
    seen = []
    for name, limit in (("one call (before)", None), (f"budget {budget:g} s", budget)):
        total, calls, longest, choices = play_out(
            args.game, args.players, args.fill, args.seed, limit)
        seen.append(choices)
        print(f"  {name:<20} {total:7.2f} s in {calls:5d} call(s), longest call "
              f"{longest:6.2f} s ({longest / args.host_timeout:.0%} of the host timeout)")
    print("  same game both ways:", "yes" if seen[0] == seen[1] else "NO")


if __name__ == "__main__":
    main()
