"""``python -m bench.host``: the match host's CPU per remote decision, in-process.

One remote seat and random fill bots on the others; the remote seat answers at random.
Each remote decision costs ``MatchHost.submit`` (the choice, the fill seats' decisions
up to the remote seat's next turn, the request's encoding) and the gateway's frame
around the request. This is the match step of ``bench.gateway`` without gRPC: what
the gateway's server spends per decision beyond the transport. ``--profile`` prints
where the time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from engine.core import GameConfig, get_game
from services.hosting.match_host import MatchHost
from services.wire import frames

CASES = (("monster-my-neighbor", 5), ("epic-resort", 2), ("ark-nova", 2))


def play(game_id: str, players: int, seconds: float, seed: int = 1) -> tuple[int, float]:
    """Play matches for about ``seconds``; return (remote decisions, CPU seconds)."""
    game = get_game(game_id)
    config = GameConfig(players, dict(game.default_options)).to_json()
    remote = [True] + [False] * (players - 1)
    labels = ["bench", *["builtin:random"] * (players - 1)]
    rng = random.Random(seed)
    decisions = 0
    started = time.process_time()
    stop = started + seconds
    match = 0
    while time.process_time() < stop:
        host = MatchHost(game_id, config, match, remote, labels, "random")
        prefix = frames.seat_prefix(f"bench-{match}", 0)
        step = host.start()
        request_id = 0
        while not step.over:
            request = step.requests[0]
            request_id += 1
            frames.decision_request(prefix, request_id, 30000, 0, request.body)
            step = host.submit(0, rng.randrange(request.option_count))
            decisions += 1
        match += 1
    return decisions, time.process_time() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.host", description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per game")
    parser.add_argument("--game", help="one game id (default: the three benchmarked)")
    parser.add_argument("--players", type=int, help="players for --game")
    parser.add_argument("--profile", action="store_true", help="print a cProfile table")
    args = parser.parse_args(argv)
    cases = CASES if args.game is None else ((args.game, args.players or 2),)
    print("match host, one remote seat (random answers), random fill bots, in-process")
    for game_id, players in cases:
        play(game_id, players, min(args.seconds, 0.5))  # warm caches and imports
        decisions, cpu = play(game_id, players, args.seconds)
        print(f"{game_id} {players}p: {decisions} remote decisions, "
              f"{1e6 * cpu / decisions:.1f} µs CPU each")
        if args.profile:
            profile = cProfile.Profile()
            profile.enable()
            play(game_id, players, args.seconds / 2)
            profile.disable()
            pstats.Stats(profile).sort_stats("tottime").print_stats(35)


if __name__ == "__main__":
    main()
