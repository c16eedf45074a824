"""Gateway benchmark: remote bots' decision round trips, against a bare gRPC echo.

At each concurrency (1, 16 and 64 bots at once) every bot is its own connection and
plays Monster My Neighbor, 5 players, one remote seat per match and four ``random``
fill seats, for a fixed time. The bots run in a client process of their own (grpc.aio,
one event loop), the server in another. A round trip is timed at the bot from sending
a DecisionReply to receiving its next DecisionRequest, so it includes the fill bots'
moves in between, the match host and the frames; round trips across a match boundary
are left out and reported as the wait between matches (MatchEnd to the next
MatchStart).

The baseline is a bare grpc.aio bidirectional echo that answers each reply with one of
the DecisionRequest frames the gateway sent in the same run, so both directions carry
the same bytes, through the same client. Cases: the gateway as served (``arena serve``'s
default hosting on this machine, marked ``*``: matches in its own event loop on two cores
or fewer, else host worker processes) and the other hosting mode (one host worker, or
in-loop).

The echo runs twice, right after the served case and after the others, and its two
runs are pooled: the machine's load moves while the cases run one after the other, and
every ratio divides by the echo.

A third server, *echo + match host*, is the floor of any Python gateway built on this
engine: the echo's handler (read, then write, in one task) with the match host's real
step in between (the remote seat's choice applied, the four fill seats played, the
seat's request encoded) and nothing else: no sessions, deadlines, matchmaking or
results. What separates it from the bare echo is the engine and the observation encoder;
what separates the gateway from it is the gateway's own work.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import multiprocessing
import os
import statistics
import sys
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import grpc
from arena.v1 import arena_pb2

from bench.quantiles import quantile

PLAY = "/arena.v1.ArenaService/Play"
ECHO = "/bench.Echo/Play"
GAME = "monster-my-neighbor"
WARMUP_SECONDS = 1.0
KEPT_FRAMES = 4000


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU time of these processes so far (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / ticks


@dataclass(frozen=True, slots=True)
class Run:
    """What the bots of one case measured, and the server processes' CPU time."""

    samples: list[float]
    seconds: float
    frame_sizes: list[int]
    waits: list[float]
    frames: list[bytes]
    server_cpu: float = 0.0

    @property
    def rate(self) -> float:
        return len(self.samples) / self.seconds

    def pooled(self, other: Run) -> Run:
        """Both runs' measurements as one run (the echo before and after the others)."""
        return Run(self.samples + other.samples, self.seconds + other.seconds,
                   self.frame_sizes + other.frame_sizes, self.waits + other.waits,
                   self.frames + other.frames, self.server_cpu + other.server_cpu)

    def quantile(self, q: float) -> float:
        return quantile(self.samples, q, empty=float("nan"))


# -- servers (child processes) ---------------------------------------------------------------

def _gateway_child(conn: Connection, bots: int, host_workers: int) -> None:
    from services.gateway.config import GatewayConfig
    from services.gateway.server import Gateway
    from services.ladder.factory import open_store

    store = open_store(None)
    tokens = [store.register_bot(f"bench{i}") for i in range(bots)]
    config = GatewayConfig(game=GAME, players=5, fill="random", move_timeout=30.0,
                           gather_seconds=0.0, seed=1, host_workers=host_workers,
                           hellos_per_minute=0)
    gateway = Gateway(config, store)

    async def serve() -> None:
        port = await gateway.start("127.0.0.1", 0)
        conn.send((port, tokens, [os.getpid(), *gateway.hosts.pids()]))
        await asyncio.to_thread(conn.recv)
        await gateway.stop(0.1)

    asyncio.run(serve())


def _echo_child(conn: Connection) -> None:
    frames: list[bytes] = conn.recv()

    # One counter for all streams: together they cycle through every frame the gateway
    # sent, so the echo's sizes are the gateway's (each stream from frame 0 would favour
    # the first frames of a match).
    sent = itertools.count()

    async def play(_requests: object, context: grpc.aio.ServicerContext) -> None:
        while (await context.read()) is not grpc.aio.EOF:
            await context.write(frames[next(sent) % len(frames)])

    _serve_echo(conn, play)


def _hosted_echo_child(conn: Connection) -> None:
    from engine.core import GameConfig, get_game
    from services.hosting.match_host import MatchHost
    from services.hosting.protocol import HostStep
    from services.wire import frames

    game = get_game(GAME)
    config = GameConfig(5, dict(game.default_options)).to_json()
    remote = [True, False, False, False, False]
    labels = ["bench", *["builtin:random"] * 4]
    matches = iter(range(1, 1 << 30))

    def new_match() -> tuple[MatchHost, HostStep, bytes]:
        number = next(matches)
        host = MatchHost(GAME, config, number, remote, labels, "random")
        return host, host.start(), frames.seat_prefix(f"floor-{number}", 0)

    async def play(_requests: object, context: grpc.aio.ServicerContext) -> None:
        host, step, prefix = new_match()
        request_id = 0
        while (raw := await context.read()) is not grpc.aio.EOF:
            reply = arena_pb2.PlayRequest.FromString(raw).decision_reply
            if request_id:
                step = host.submit(0, reply.option_index)
            if step.over:
                host, step, prefix = new_match()
            request_id += 1
            await context.write(frames.decision_request(
                prefix, request_id, 30_000, 0, step.requests[0].body))

    _serve_echo(conn, play)


def _serve_echo(conn: Connection, play: Any) -> None:
    async def serve() -> None:
        server = grpc.aio.server()
        handler = grpc.method_handlers_generic_handler(
            "bench.Echo", {"Play": grpc.stream_stream_rpc_method_handler(play)}
        )
        server.add_generic_rpc_handlers((handler,))
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        conn.send((port, [os.getpid()]))
        await asyncio.to_thread(conn.recv)
        await server.stop(0.1)

    asyncio.run(serve())


# -- the bots (a client process) -------------------------------------------------------------

async def _bot(address: str, method: str, first: bytes, start: float, stop: float,
               run: dict[str, list]) -> None:
    reply_to = arena_pb2.PlayRequest
    async with grpc.aio.insecure_channel(address) as channel:
        call: Any = channel.stream_stream(method)()
        await call.write(first)
        sent_at: float | None = None
        ended_at: float | None = None
        while (raw := await call.read()) is not grpc.aio.EOF:
            now = time.perf_counter()
            response = arena_pb2.PlayResponse.FromString(raw)
            kind = response.WhichOneof("message")
            if kind == "decision_request":
                if sent_at is not None and now > start:
                    run["samples"].append(now - sent_at)
                if len(run["frames"]) < KEPT_FRAMES:
                    run["frames"].append(raw)
                if now > stop:
                    break
                reply = reply_to(decision_reply=arena_pb2.DecisionReply(
                    request_id=response.decision_request.request_id))
                sent_at = time.perf_counter()
                await call.write(reply.SerializeToString())
            elif kind == "match_end":
                sent_at, ended_at = None, now
            elif kind == "match_start" and ended_at is not None:
                if now > start:
                    run["waits"].append(now - ended_at)
                ended_at = None
        call.cancel()


def _client_child(conn: Connection, address: str, method: str, firsts: list[bytes],
                  seconds: float) -> None:
    async def drive() -> dict[str, list]:
        run: dict[str, list] = {"samples": [], "frames": [], "waits": []}
        start = time.perf_counter() + WARMUP_SECONDS
        stop = start + seconds
        await asyncio.gather(*(_bot(address, method, f, start, stop, run) for f in firsts))
        return run

    conn.send(asyncio.run(drive()))


def _drive(address: str, method: str, firsts: list[bytes], seconds: float,
           server_pids: list[int]) -> Run:
    """Run the bots; the server CPU time is taken over the timed window only."""
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    process = context.Process(target=_client_child,
                              args=(child, address, method, firsts, seconds), daemon=True)
    process.start()
    time.sleep(WARMUP_SECONDS)
    cpu_before = cpu_seconds(server_pids)
    time.sleep(seconds)
    cpu = cpu_seconds(server_pids) - cpu_before
    run = parent.recv()
    process.join(30)
    return Run(run["samples"], seconds, [len(f) for f in run["frames"]], run["waits"],
               run["frames"], cpu)


def _hello(token: str) -> bytes:
    return arena_pb2.PlayRequest(hello=arena_pb2.Hello(token=token, games=[GAME]))\
        .SerializeToString()


def run_gateway(bots: int, host_workers: int, seconds: float) -> Run:
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    process = context.Process(target=_gateway_child, args=(child, bots, host_workers),
                              daemon=True)
    process.start()
    try:
        port, tokens, pids = parent.recv()
        return _drive(f"127.0.0.1:{port}", PLAY, [_hello(t) for t in tokens], seconds, pids)
    finally:
        parent.send("stop")
        process.join(30)


def run_echo(bots: int, frames: list[bytes] | None, seconds: float) -> Run:
    """The bare echo answering with ``frames``; with None, echo + match host."""
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    target = _echo_child if frames is not None else _hosted_echo_child
    process = context.Process(target=target, args=(child,), daemon=True)
    process.start()
    try:
        if frames is not None:
            parent.send(frames)
        port, pids = parent.recv()
        first = arena_pb2.PlayRequest(decision_reply=arena_pb2.DecisionReply(request_id=1))
        return _drive(f"127.0.0.1:{port}", ECHO, [first.SerializeToString()] * bots, seconds,
                      pids)
    finally:
        parent.send("stop")
        process.join(30)


def _case(workers: int, served: bool) -> str:
    hosting = f"{workers} host worker(s)" if workers else "in-loop hosts"
    return f"gateway, {hosting}{'*' if served else ''}"


def _row(bots: int, case: str, run: Run, echo: Run) -> str:
    p50, p99 = run.quantile(0.5) * 1e6, run.quantile(0.99) * 1e6
    ratio_p50 = run.quantile(0.5) / echo.quantile(0.5)
    ratio_rate = run.rate / echo.rate
    wait = f"{statistics.median(run.waits) * 1e3:.1f}" if run.waits else "-"
    size = statistics.fmean(run.frame_sizes) if run.frame_sizes else 0.0
    cpu = run.server_cpu / max(1, len(run.samples)) * 1e6
    return (f"{bots:>4}  {case:<24}{run.rate:>11.0f}{p50:>9.0f}{p99:>9.0f}{size:>8.0f}"
            f"{ratio_p50:>10.2f}{ratio_rate:>11.2f}{wait:>10}{cpu:>9.0f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.gateway", description=__doc__)
    parser.add_argument("--seconds", type=float, default=4.0, help="timed seconds per case")
    parser.add_argument("--bots", default="1,16,64", help="concurrencies, comma-separated")
    parser.add_argument("--host-workers", type=int, default=None,
                        help="host workers of the served case (default: the serve default)")
    parser.add_argument("--no-other", action="store_true",
                        help="skip the other hosting mode (in-loop when the served case has "
                        "host workers, else one host worker)")
    parser.add_argument("--no-floor", action="store_true",
                        help="skip the echo + match host case")
    args = parser.parse_args(argv or [])
    from services.gateway.config import default_workers

    workers = default_workers() if args.host_workers is None else args.host_workers
    print(f"Gateway benchmark: {GAME}, 5 players (1 remote seat, 4 random fill seats), "
          f"{args.seconds:g} s per case; bots, servers and echo on this machine")
    print(f"{'bots':>4}  {'case':<24}{'decisions/s':>11}{'p50 µs':>9}{'p99 µs':>9}"
          f"{'bytes':>8}{'p50/echo':>10}{'rate/echo':>11}{'wait ms':>10}{'cpu µs':>9}")
    for bots in (int(b) for b in args.bots.split(",")):
        served = run_gateway(bots, workers, args.seconds)
        echo_before = run_echo(bots, served.frames, args.seconds)
        runs = [(_case(workers, served=True), served)]
        if not args.no_other:
            other = 0 if workers else 1
            runs.append((_case(other, served=False), run_gateway(bots, other, args.seconds)))
        if not args.no_floor:
            runs.append(("echo + match host", run_echo(bots, None, args.seconds)))
        echo = echo_before.pooled(run_echo(bots, served.frames, args.seconds))
        for case, run in runs:
            print(_row(bots, case, run, echo), flush=True)
        print(_row(bots, "bare gRPC echo", echo, echo), flush=True)
    print("rate: decisions (echo: round trips) per second over all bots; p50/p99: round "
          "trip at the bot; wait: median MatchEnd-to-MatchStart gap; cpu: server processes' CPU "
          "time per decision (gateway and host workers; echo server)")
    print("*: the serve default on this machine (--host-workers)")
    print("echo + match host: the echo with the real match step between read and write, "
          "nothing else (the floor of a Python gateway on this engine and encoder)")


if __name__ == "__main__":
    main(sys.argv[1:])
