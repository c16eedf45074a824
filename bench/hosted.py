"""Hosted bot directories (``arena tournament`` with kits as entrants), side by side:

1. Tournament games/s, in this process: Monster My Neighbor, 4 players, the Rust and Go
   kits' bot directories (hosted in the sandbox) against ``random`` and ``heuristic``,
   against four built-in bots (``random``, ``heuristic``, ``random``, ``heuristic``),
   same games and seeds. Where the time goes: the engine with its encoding of hosted
   seats' requests, the built-in bots, and the hosted bots' round trips.
2. Decision round trips over the same transport (a unix socket, grpc.aio on the arena
   side): a bare server sends DecisionRequest frames recorded from a hosted game (the
   same bytes) and times each until the reply arrives; the clients are the Rust kit,
   the Go kit (each started as the arena starts it, in the sandbox) and a bare echo, a
   grpc.aio client in Python that answers each frame without reading it. p50, p99 and
   round trips/s per case, and the kit's p50 over the echo's.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import grpc
from arena.v1 import arena_pb2

from bench import kits
from bench.quantiles import quantile
from engine.core import GameConfig
from services.botdir import content_hash, load_bot_dir, run_argv
from services.hosted.options import HostingOptions, hosted_spec
from services.hosted.player import HostedPlayer
from services.runner.batch import MatchTask, play_one
from services.runner.bot_specs import BotMaker
from services.sandbox import Sandbox, bwrap_available
from services.tournament.blocks import BlockSchedule, round_robin_lineups

GAME = "monster-my-neighbor"
PLAYERS = 4
SERVICE = "bench.HostedEcho"


def _tasks(names: list[str], games: int, seed: int) -> list[MatchTask]:
    schedule = BlockSchedule(tuple(round_robin_lineups(names, PLAYERS)), seed)
    return [schedule.task(index) for index in range(games)]


def _kit_spec(name: str) -> str:
    kit = kits.discover([name])[0]
    kits.build(kit)
    bot = load_bot_dir(kit.run.parent)
    return hosted_spec(content_hash(bot), str(bot.path))


def tournament(games: int, seed: int, options: HostingOptions, kit_names: list[str]
               ) -> tuple[list[str], list[float]]:
    """The lines of part 1, and the hosted replies' round trips."""
    config = GameConfig(PLAYERS, {})
    builtin_names = ["random", "heuristic", "random2", "heuristic2"]
    specs = {"random2": "random", "heuristic2": "heuristic"}
    maker = BotMaker(GAME, specs)
    started = time.perf_counter()
    engine = bots = 0.0
    for task in _tasks(builtin_names, games, seed):
        record = play_one(GAME, config, task, maker=maker)
        engine += record.engine_seconds
        bots += record.bot_seconds
    builtin_wall = time.perf_counter() - started
    hosted_names = [*kit_names, "random", "heuristic"][:PLAYERS]
    hosted_specs = {name: _kit_spec(name) for name in kit_names}
    maker = BotMaker(GAME)
    replies: list[float] = []
    h_engine = h_builtin = h_remote = 0.0
    with HostedPlayer(GAME, config, hosted_specs, options) as player:
        # Warm up: the kits' processes start with the first game (not timed).
        warm = _tasks(hosted_names, 1, seed + 1)[0]
        player.play(warm.index, warm.seed, warm.bots, maker, False, "")
        started = time.perf_counter()
        for task in _tasks(hosted_names, games, seed):
            outcome, elapsed = player.play(task.index, task.seed, task.bots, maker, False, "")
            replies += outcome.reply_seconds
            h_builtin += outcome.builtin_seconds
            h_remote += outcome.wait_seconds
            h_engine += elapsed - outcome.builtin_seconds - outcome.wait_seconds
        hosted_wall = time.perf_counter() - started
    rate_builtin, rate_hosted = games / builtin_wall, games / hosted_wall
    remote = len(replies)
    lines = [
        f"Tournament, in this process: {GAME}, {PLAYERS} players, {games} games, same seeds",
        f"{'case':<44}{'games/s':>9}{'engine s':>10}{'built-in s':>11}{'waiting s':>10}",
        f"{'four built-in bots':<44}{rate_builtin:>9.1f}{engine:>10.2f}{bots:>11.2f}"
        f"{0.0:>10.2f}",
        f"{' + '.join(kit_names) + ' kits (hosted) + random + heuristic':<44}"
        f"{rate_hosted:>9.1f}"
        f"{h_engine:>10.2f}{h_builtin:>11.2f}{h_remote:>10.2f}",
        f"ratio hosted/built-in games/s: {rate_hosted / rate_builtin:.2f}; hosted decisions: "
        f"{remote}, round trip p50 {quantile(replies, 0.5) * 1e6:.0f} µs, p99 "
        f"{quantile(replies, 0.99) * 1e6:.0f} µs; waiting s: the games' wall time waiting "
        f"for the hosted bots; engine s: the rest (the engine, encoding the hosted seats' "
        f"requests, the endpoint's loop)",
    ]
    return lines, replies


# -- part 2: round trips over the same transport -------------------------------------

class EchoServer:
    """A bare Play server on a unix socket: Welcome, then the recorded frames one at a
    time, each timed until its reply; stops after ``seconds``."""

    def __init__(self, path: Path, frames: list[bytes], seconds: float) -> None:
        self.path = path
        self.frames = frames
        self.seconds = seconds
        self.samples: list[float] = []
        self.done = threading.Event()
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def start(self, method_service: str) -> None:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(method_service), self.loop).result(30)

    async def _start(self, service: str) -> None:
        server = grpc.aio.server()
        handler = grpc.method_handlers_generic_handler(
            service, {"Play": grpc.stream_stream_rpc_method_handler(self._play)})
        server.add_generic_rpc_handlers((handler,))
        server.add_insecure_port(f"unix:{self.path}")
        await server.start()
        self._server = server

    async def _play(self, _requests: Any, context: grpc.aio.ServicerContext) -> None:
        await context.read()  # Hello (or the echo's first message)
        welcome = arena_pb2.Welcome(bot_name="bench", games=[GAME], move_timeout_ms=30_000,
                                    max_strikes=3)
        await context.write(arena_pb2.PlayResponse(welcome=welcome).SerializeToString())
        stop = time.perf_counter() + self.seconds
        number = 0
        while time.perf_counter() < stop:
            frame = self.frames[number % len(self.frames)]
            number += 1
            sent = time.perf_counter()
            await context.write(frame)
            if await context.read() is grpc.aio.EOF:
                break
            self.samples.append(time.perf_counter() - sent)
        self.done.set()

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self._server.stop(0.1), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)


def _echo_client(address: str, stop: threading.Event) -> None:
    reply = arena_pb2.PlayRequest(decision_reply=arena_pb2.DecisionReply(
        request_id=1, option_index=0)).SerializeToString()

    async def run() -> None:
        async with grpc.aio.insecure_channel(address) as channel:
            call: Any = channel.stream_stream(f"/{SERVICE}/Play")()
            await call.write(b"")
            await call.read()  # Welcome
            while not stop.is_set() and (await call.read()) is not grpc.aio.EOF:
                await call.write(reply)

    asyncio.run(run())


def round_trips(frames: list[bytes], seconds: float, options: HostingOptions,
                kit_names: list[str]) -> list[str]:
    lines = [f"Decision round trips over a unix socket (grpc.aio server side), the same "
             f"{len(frames)} recorded DecisionRequest frames, {seconds:g} s per case",
             f"{'case':<34}{'p50 µs':>9}{'p99 µs':>9}{'round trips/s':>15}{'p50/echo':>10}"]
    results: dict[str, list[float]] = {}
    for case in ("echo", *kit_names):
        with tempfile.TemporaryDirectory(prefix="arena-rt-", dir="/tmp") as directory:
            path = Path(directory, "rt.sock")
            service = SERVICE if case == "echo" else "arena.v1.ArenaService"
            server = EchoServer(path, frames, seconds)
            server.start(service)
            stop = threading.Event()
            process = None
            if case == "echo":
                thread = threading.Thread(target=_echo_client, args=(f"unix:{path}", stop),
                                          daemon=True)
                thread.start()
            else:
                bot = load_bot_dir(kits.discover([case])[0].run.parent)
                sandbox = Sandbox(bot.path, options.limits, options.sandbox,
                                  Path(directory, "logs"))
                address = "unix:" + sandbox.endpoint_address(path)
                process = sandbox.start(run_argv(bot, address, "bench", 1), path)
            server.done.wait(seconds + 60)
            stop.set()
            if process is not None:
                process.kill()
            server.stop()
            results[case] = server.samples
    echo_p50 = quantile(results["echo"], 0.5)
    labels = [("echo", "bare echo (Python grpc.aio client)")]
    labels += [(name, f"{name} kit (hosted, sandbox)") for name in kit_names]
    for case, label in labels:
        samples = results[case]
        if not samples:
            lines.append(f"{label:<34}  no round trips")
            continue
        p50, p99 = quantile(samples, 0.5), quantile(samples, 0.99)
        lines.append(f"{label:<34}{p50 * 1e6:>9.0f}{p99 * 1e6:>9.0f}"
                     f"{len(samples) / sum(samples):>15.0f}{p50 / echo_p50:>10.2f}")
    return lines


def record_frames(options: HostingOptions, seed: int, kit: str) -> list[bytes]:
    """DecisionRequest frames of a hosted game (the bytes the kits get in a tournament)."""
    from services.gateway.session import BotSession

    frames: list[bytes] = []
    original = BotSession.ask

    def ask(self: BotSession, request_id: int, frame: bytes, on_outcome: Any) -> None:
        if len(frames) < 4000:
            frames.append(frame)
        original(self, request_id, frame, on_outcome)

    BotSession.ask = ask  # type: ignore[method-assign]
    try:
        config = GameConfig(PLAYERS, {})
        with HostedPlayer(GAME, config, {kit: _kit_spec(kit)}, options) as player:
            for task in _tasks([kit, "random", "heuristic", "random2"], 8, seed):
                player.play(task.index, task.seed, task.bots,
                            BotMaker(GAME, {"random2": "random"}), False, "")
    finally:
        BotSession.ask = original  # type: ignore[method-assign]
    return frames


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.hosted", description=__doc__)
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kits", default="rust,go", help="the hosted kits (default rust,go)")
    args = parser.parse_args(argv)
    kit_names = [name for name in args.kits.split(",") if name]
    found = {kit.name for kit in kits.discover()}
    if not set(kit_names) <= found:
        print(f"hosted bots: skipped (needs the {', '.join(kit_names)} kits in clients/)")
        return
    options = HostingOptions(sandbox="bwrap" if bwrap_available() else "none",
                             move_timeout=30.0, log_dir=tempfile.mkdtemp(prefix="bench-bots-"))
    lines, _ = tournament(args.games, args.seed, options, kit_names)
    print("\n".join(lines), flush=True)
    print()
    frames = record_frames(options, args.seed, kit_names[-1])
    print("\n".join(round_trips(frames, args.seconds, options, kit_names)))


if __name__ == "__main__":
    main()
