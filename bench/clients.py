"""Starter kit benchmark (``clients/bench``): every kit's random bot against one server.

- *cold build*: ``clients/<kit>/run --build-only`` after its build outputs and local
  dependencies are removed (``git clean -fdX clients/<kit>``) and with an empty Go build
  cache; package download caches stay warm, so it times compiling, not the network.
- *round trips*: each kit's random bot plays Monster My Neighbor, 4 seats (3 random fill
  seats), alone on an in-process gateway whose match host runs in the gateway's process,
  kits one after the other. A round trip is timed by the server, from sending a
  DecisionRequest to receiving its reply (what ``arena_decision_seconds`` observes);
  round trips/s is remote decisions over the time from the first to the last, so it
  includes the fill bots' moves and match starts.
- ``--examples N``: each kit's game-aware example (``--strategy example``) and its
  random bot play N matches of the example's game on the same match seeds; each one's
  wins per match are printed (a k-way tie for first counts 1/k of a win, as the ladder
  and the kits' SUMMARY line count it).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bench import kits
from bench.kits import Kit
from bench.quantiles import quantile
from services.gateway.config import GatewayConfig
from services.gateway.server import Gateway, GatewayThread
from services.hosting.in_loop import InLoopHosts
from services.ladder.factory import open_store
from services.ladder.store import LadderStore
from services.metrics import ArenaMetrics

ROUND_TRIP_GAME = ("monster-my-neighbor", 4)
EXAMPLE_GAMES = (("monster-my-neighbor", 4), ("epic-resort", 2))
REFUSED = 2  # a kit's exit code when the server refuses it (e.g. a game it does not read)


class RecordingMetrics(ArenaMetrics):
    """ArenaMetrics that also keeps every remote round trip with the time it ended."""

    def __init__(self) -> None:
        super().__init__()
        self.round_trips: list[tuple[float, float]] = []

    def record_remote(self, game: str, seconds: float) -> None:
        super().record_remote(game, seconds)
        self.round_trips.append((time.perf_counter(), seconds))


@dataclass(slots=True)
class Server:
    address: str
    store: LadderStore
    metrics: RecordingMetrics


def start_gateway(game: str, players: int, store: LadderStore, metrics: ArenaMetrics,
                  port: int = 0, seed: int = 7, tls: Any = None, cards: str | None = None,
                  options: dict[str, Any] | None = None) -> tuple[GatewayThread, int]:
    """A gateway in a thread of this process, its matches hosted in its own loop, fill
    seats played by ``random``; returns it and its port (also used by tests/clients).
    ``tls``: the gateway's TlsFiles, to serve TLS; ``cards`` and ``options``: the card
    file text and engine options its matches are played with."""
    config = GatewayConfig(game=game, players=players, fill="random", move_timeout=10.0,
                           gather_seconds=0.0, seed=seed, cards=cards, options=options or {})
    thread = GatewayThread(Gateway(config, store, metrics, hosts=InLoopHosts()))
    if tls is None:
        return thread, thread.start(port=port)
    return thread, thread.start("127.0.0.1", port, tls)


@contextmanager
def serve(game: str, players: int, seed: int = 7) -> Iterator[Server]:
    """An in-process gateway on a free loopback port with a fresh in-memory ladder."""
    store = open_store(None)
    metrics = RecordingMetrics()
    thread, port = start_gateway(game, players, store, metrics, seed=seed)
    try:
        yield Server(f"127.0.0.1:{port}", store, metrics)
    finally:
        thread.stop()


def play(kit: Kit, server: Server, matches: int, strategy: str = "random") -> kits.Played:
    token = server.store.register_bot(f"{kit.name}-{strategy}-{time.monotonic_ns()}")
    process = kits.start(kit, server.address, token, matches, seed=1, strategy=strategy)
    return kits.finish(kit, process, timeout=60 + 5 * matches)


def round_trips(kit: Kit, matches: int) -> tuple[int, float, float, float]:
    """(decisions, round trips/s, p50 µs, p99 µs) of the kit's random bot."""
    with serve(*ROUND_TRIP_GAME) as server:
        played = play(kit, server, matches)
        samples = list(server.metrics.round_trips)
    if played.returncode != 0 or not samples:
        raise RuntimeError(f"{kit.name} failed (exit {played.returncode}): {played.stderr[-2000:]}")
    seconds = [s for _, s in samples]
    span = samples[-1][0] - samples[0][0] + samples[0][1]
    return (len(seconds), len(seconds) / span, statistics.median(seconds) * 1e6,
            quantile(seconds, 0.99) * 1e6)


def win_rates(kit: Kit, matches: int) -> list[str]:
    """Lines comparing the kit's example with its random bot in the example's game."""
    lines = []
    for game, players in EXAMPLE_GAMES:
        shares = {}
        for strategy in ("example", "random"):
            with serve(game, players) as server:
                played = play(kit, server, matches, strategy)
            if strategy == "example" and played.returncode == REFUSED:
                break
            if played.returncode != 0 or played.summary is None:
                raise RuntimeError(f"{kit.name} {strategy} failed: {played.stderr[-2000:]}")
            shares[strategy] = played.summary["wins"] / played.summary["matches"]
        if shares:
            lines.append(f"{kit.name:<12}{game:<22}{players:>8}{matches:>9}"
                         f"{shares['example']:>10.1%}{shares['random']:>10.1%}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="clients/bench", description=__doc__)
    parser.add_argument("kits", nargs="*", help="kit names (default: every clients/*/run)")
    parser.add_argument("--matches", type=int, default=40, help="matches per kit (default 40)")
    parser.add_argument("--no-cold", action="store_true", help="skip the cold builds")
    parser.add_argument("--examples", type=int, default=0, metavar="N",
                        help="also play N matches per kit with its example and its random bot")
    args = parser.parse_args(argv)
    chosen = kits.discover(args.kits)

    print(f"Starter kits: random bot, {ROUND_TRIP_GAME[0]} {ROUND_TRIP_GAME[1]} players, "
          f"{args.matches} matches each, server and bot on this machine")
    cold = {kit.name: kits.cold_build(kit) for kit in chosen} if not args.no_cold else {}
    print(f"{'kit':<12}{'cold build s':>13}{'decisions':>11}{'round trips/s':>15}"
          f"{'p50 µs':>9}{'p99 µs':>9}")
    for kit in chosen:
        kits.build(kit)
        decisions, rate, p50, p99 = round_trips(kit, args.matches)
        build = f"{cold[kit.name]:.1f}" if kit.name in cold else "-"
        print(f"{kit.name:<12}{build:>13}{decisions:>11}{rate:>15.0f}{p50:>9.0f}{p99:>9.0f}",
              flush=True)
    if args.examples:
        print(f"\nGame-aware examples vs the kit's random bot, {args.examples} matches each "
              "on the same seeds; the other seats are the built-in random bot")
        print(f"{'kit':<12}{'game':<22}{'players':>8}{'matches':>9}{'example':>10}"
              f"{'random':>10}")
        for kit in chosen:
            for line in win_rates(kit, args.examples):
                print(line, flush=True)


if __name__ == "__main__":
    main()
