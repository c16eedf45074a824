"""Soak benchmark: the resident memory of a real ``arena serve`` under sustained play.

A private redis-server holds the ladder; ``arena serve`` (its defaults on this machine,
replays saved, metrics on) hosts ``--bots`` remote bots (32) that play full Monster My
Neighbor matches back to back, answering each request at once with a random legal option
and opening a new connection every ``--matches-per-connection`` matches. The bots run in
a client process of their own (grpc.aio, one event loop).

Every minute one line gives the gateway's resident set size (its process plus any host
workers), the change over that minute, and the matches and decisions so far; at the end,
the least-squares slope of the RSS over the second half of the run, in MB per minute.
The target is a plateau: a slope near zero once the allocator and gRPC's pools are warm.

``--env KEY=VALUE`` passes an environment variable to ``arena serve`` (for example
``MALLOC_ARENA_MAX=8`` to try an allocator setting); ``--server echo`` replaces the
gateway by a bare grpc.aio server that hosts the same matches with the same messages
(the match host's real step between read and write, nothing else), to tell gRPC and
protobuf from the gateway's own memory.

``make bench`` runs a 3-minute version; ``python -m bench.soak --minutes 30`` is the
full one.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import grpc
from arena.v1 import arena_pb2

from bench.loopback import RedisServer, free_port

PLAY = "/arena.v1.ArenaService/Play"
ECHO = "/bench.Echo/Play"
GAME = "monster-my-neighbor"
SAMPLE_SECONDS = 5.0


def rss_mb(pids: list[int]) -> float:
    """Resident set size of these processes together, in MB (Linux /proc)."""
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        (kb,) = re.findall(r"VmRSS:\s+(\d+) kB", status)
        total += int(kb)
    return total / 1024


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (x, y) points."""
    n = len(points)
    if n < 2:
        return float("nan")
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else float("nan")


# -- the servers ---------------------------------------------------------------------------

class Served:
    """``arena serve`` in a child process."""

    def __init__(self, redis_url: str, directory: Path, env: dict[str, str],
                 extra: list[str]) -> None:
        self.port = free_port()
        self.metrics_port = free_port()
        argv = [sys.executable, "-m", "services.cli.main", "serve",
                "--port", str(self.port), "--metrics-port", str(self.metrics_port),
                "--redis", redis_url, "--key-prefix", "soak",
                "--journal", str(directory / "journal.jsonl"),
                "--replays", str(directory / "replays"),
                "--gather", "0.05", "--hello-rate", "0", "--log-level", "warning", *extra]
        self.log = (directory / "serve.log").open("w")
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=self.log,
                                        text=True, env={**os.environ, **env,
                                                        "PYTHONUNBUFFERED": "1"})
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("serving "):
                break
        else:
            raise RuntimeError(f"arena serve exited; see {directory / 'serve.log'}")
        # Nothing else is read from its stdout: send it where it cannot fill a pipe.
        threading_pump(self.process.stdout)

    def pids(self) -> list[int]:
        return [self.process.pid, *children(self.process.pid)]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def threading_pump(stream: Any) -> None:
    import threading

    def pump() -> None:
        for _ in stream:
            pass

    threading.Thread(target=pump, daemon=True).start()


def _echo_child(conn: Connection, game_name: str, players: int) -> None:
    """A bare grpc.aio server hosting the same matches: the match host's step between
    read and write, the gateway's frame encoder, nothing else."""
    from engine.core import GameConfig, get_game
    from services.hosting.match_host import MatchHost
    from services.hosting.protocol import HostStep
    from services.wire import frames

    game = get_game(game_name)
    config = GameConfig(players, dict(game.default_options)).to_json()
    remote = [True, *[False] * (players - 1)]
    labels = ["soak", *["builtin:random"] * (players - 1)]
    numbers = iter(range(1, 1 << 40))

    def new_match() -> tuple[MatchHost, HostStep, bytes, str]:
        number = next(numbers)
        host = MatchHost(game_name, config, number, remote, labels, "random")
        match_id = f"echo-{number}"
        return host, host.start(), frames.seat_prefix(match_id, 0), match_id

    async def play(_requests: object, context: grpc.aio.ServicerContext) -> None:
        host, step, prefix, match_id = new_match()
        await context.write(arena_pb2.PlayResponse(match_start=arena_pb2.MatchStart(
            match_id=match_id)).SerializeToString())
        request_id = 0
        while (raw := await context.read()) is not grpc.aio.EOF:
            message = arena_pb2.PlayRequest.FromString(raw)
            if message.WhichOneof("message") == "decision_reply" and request_id:
                step = host.submit(0, message.decision_reply.option_index)
            while step.over:
                await context.write(arena_pb2.PlayResponse(match_end=arena_pb2.MatchEnd(
                    match_id=match_id)).SerializeToString())
                host, step, prefix, match_id = new_match()
                await context.write(arena_pb2.PlayResponse(match_start=arena_pb2.MatchStart(
                    match_id=match_id)).SerializeToString())
            request_id += 1
            await context.write(frames.decision_request(
                prefix, request_id, 30_000, 0, step.requests[0].body))

    async def serve() -> None:
        server = grpc.aio.server()
        handler = grpc.method_handlers_generic_handler(
            "bench.Echo", {"Play": grpc.stream_stream_rpc_method_handler(play)})
        server.add_generic_rpc_handlers((handler,))
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        conn.send(port)
        await asyncio.to_thread(conn.recv)
        await server.stop(0.1)

    asyncio.run(serve())


# -- the bots (a client process) -------------------------------------------------------------

async def _bot(address: str, method: str, first: bytes, per_connection: int,
               stop_at: float, counts: Any, shared: bool) -> None:
    rng = random.Random()
    while time.monotonic() < stop_at:
        # A connection of its own, or (``shared``) the one all the process's channels share.
        options = [] if shared else [("grpc.use_local_subchannel_pool", 1)]
        async with grpc.aio.insecure_channel(address, options=options) as channel:
            call: Any = channel.stream_stream(method)()
            await call.write(first)
            ended = 0
            try:
                while (raw := await call.read()) is not grpc.aio.EOF:
                    response = arena_pb2.PlayResponse.FromString(raw)
                    kind = response.WhichOneof("message")
                    if kind == "decision_request":
                        request = response.decision_request
                        index = rng.randrange(max(1, len(request.options)))
                        reply = arena_pb2.DecisionReply(request_id=request.request_id,
                                                        option_index=index)
                        await call.write(arena_pb2.PlayRequest(
                            decision_reply=reply).SerializeToString())
                        counts[1] += 1
                    elif kind == "match_end":
                        counts[0] += 1
                        ended += 1
                        if ended >= per_connection or time.monotonic() >= stop_at:
                            break
            except (grpc.aio.AioRpcError, asyncio.InvalidStateError):
                await asyncio.sleep(0.5)
            call.cancel()


def _client_child(address: str, method: str, firsts: list[bytes], per_connection: int,
                  seconds: float, counts: Any, shared: bool) -> None:
    async def drive() -> None:
        stop_at = time.monotonic() + seconds
        await asyncio.gather(*(_bot(address, method, f, per_connection, stop_at, counts,
                                    shared) for f in firsts))

    asyncio.run(drive())


# -- the run ---------------------------------------------------------------------------------

def _hello(token: str, game: str) -> bytes:
    return arena_pb2.PlayRequest(hello=arena_pb2.Hello(token=token, games=[game]))\
        .SerializeToString()


def soak(args: argparse.Namespace) -> list[tuple[float, float]]:
    env = dict(e.split("=", 1) for e in args.env)
    directory = Path(tempfile.mkdtemp(prefix="arena-soak-"))
    redis: RedisServer | None = None
    served: Served | None = None
    echo_conn: Connection | None = None
    echo: Any = None
    context = multiprocessing.get_context("spawn")
    try:
        if args.server == "gateway":
            from services.ladder.factory import open_store

            redis = RedisServer(appendonly=False).start()
            store = open_store(redis.url, key_prefix="soak")
            tokens = [store.register_bot(f"soak{i}") for i in range(args.bots)]
            store.close()
            served = Served(redis.url, directory, env, [
                "--game", args.game, "--players", str(args.players), *args.serve_arg])
            address, method = f"127.0.0.1:{served.port}", PLAY
            firsts = [_hello(t, args.game) for t in tokens]
            pids = served.pids
        else:
            echo_conn, child = context.Pipe()
            echo = context.Process(target=_echo_child, args=(child, args.game, args.players),
                                   daemon=True)
            for key, value in env.items():
                os.environ[key] = value
            echo.start()
            port = echo_conn.recv()
            address, method = f"127.0.0.1:{port}", ECHO
            first = arena_pb2.PlayRequest(hello=arena_pb2.Hello(token="echo"))
            firsts = [first.SerializeToString()] * args.bots
            echo_pid = echo.pid

            def pids() -> list[int]:
                return [echo_pid]

        seconds = args.minutes * 60
        counts: Any = context.Array("q", 2, lock=False)
        client = context.Process(
            target=_client_child,
            args=(address, method, firsts, args.matches_per_connection, seconds, counts,
                  args.shared_connection),
            daemon=True)
        start = time.monotonic()
        start_rss = rss_mb(pids())
        print(f"{'minute':>6}{'RSS MB':>9}{'Δ MB':>8}{'server':>9}{'workers':>9}"
              f"{'matches':>9}{'decisions':>11}")
        print(f"{0:>6}{start_rss:>9.1f}{'':>8}{rss_mb(pids()[:1]):>9.1f}"
              f"{rss_mb(pids()[1:]):>9.1f}{0:>9}{0:>11}", flush=True)
        client.start()
        points: list[tuple[float, float]] = []
        last_minute_rss = start_rss
        minute = 1
        while (elapsed := time.monotonic() - start) < seconds:
            time.sleep(min(SAMPLE_SECONDS, max(0.0, seconds - elapsed)))
            elapsed = time.monotonic() - start
            every = pids()
            now = rss_mb(every)
            points.append((elapsed / 60, now))
            if elapsed >= minute * 60 - 0.5:
                print(f"{minute:>6}{now:>9.1f}{now - last_minute_rss:>+8.1f}"
                      f"{rss_mb(every[:1]):>9.1f}{rss_mb(every[1:]):>9.1f}"
                      f"{counts[0]:>9}{counts[1]:>11}", flush=True)
                last_minute_rss = now
                minute += 1
        client.join(60)
        if client.is_alive():
            client.kill()
        return points
    finally:
        if served is not None:
            served.stop()
        if redis is not None:
            redis.close()
        if echo is not None and echo_conn is not None:
            echo_conn.send("stop")
            echo.join(30)
        shutil.rmtree(directory, ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=3.0, help="length of the soak")
    parser.add_argument("--game", default=GAME, help=f"the game played (default {GAME})")
    parser.add_argument("--players", type=int, default=5, help="seats per match (default 5)")
    parser.add_argument("--bots", type=int, default=32, help="remote bots playing at once")
    parser.add_argument("--matches-per-connection", type=int, default=10,
                        help="matches a bot plays before it reconnects")
    parser.add_argument("--shared-connection", action="store_true",
                        help="every bot's stream on one TCP connection (default: a "
                        "connection per bot)")
    parser.add_argument("--server", choices=("gateway", "echo"), default="gateway",
                        help="arena serve, or a bare grpc.aio server hosting the same matches")
    parser.add_argument("--env", action="append", default=[], metavar="KEY=VALUE",
                        help="environment variable for the server (repeatable)")
    parser.add_argument("--serve-arg", action="append", default=[], metavar="ARG",
                        help="extra argument for arena serve (repeatable)")
    args = parser.parse_args(argv or [])
    what = "arena serve" if args.server == "gateway" else "bare grpc.aio echo + match host"
    settings = " ".join([*args.env, *args.serve_arg]) or "serve defaults"
    print(f"Soak: {args.bots} bots playing {args.game} ({args.players} seats, random fill) "
          f"against {what} for {args.minutes:g} min; {settings}")
    points = soak(args)
    second_half = [(x, y) for x, y in points if x >= args.minutes / 2]
    print(f"RSS slope over the second half: {slope(second_half):+.2f} MB/min "
          f"(whole run {slope(points):+.2f} MB/min; RSS of the server process"
          f"{'' if args.server == 'echo' else ' and its host workers'})")


if __name__ == "__main__":
    main(sys.argv[1:])
