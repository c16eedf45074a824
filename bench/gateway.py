"""Gateway benchmark: the decision round trip of a remote bot, against bare gRPC.

One remote bot (this process, a plain threaded gRPC client) plays Monster My Neighbor
through a gateway running in a child process; the other seats are the built-in
``random`` bot. A round trip is timed at the bot from sending a DecisionReply to
receiving its next DecisionRequest, so it includes the fill bots' moves in between
(microseconds each), the match host call and the protobuf frames. Round trips across a
match boundary are left out.

The baseline is a bare grpc.aio bidirectional echo in a child process that answers
each reply with one of the DecisionRequest frames recorded from the gateway run, so
both directions carry the same bytes; the client parses each frame in both cases.

Cases: the gateway with its match host as a Ray actor (the service), and with the host
in the gateway's process (the cost of everything but the Ray actor call).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import queue
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection

import grpc
from arena.v1 import arena_pb2

PLAY = "/arena.v1.ArenaService/Play"
ECHO = "/bench.Echo/Play"
GAME = "monster-my-neighbor"
WARMUP = 50


@dataclass(frozen=True, slots=True)
class Figures:
    case: str
    decisions: int
    mean_us: float
    p50_us: float
    p99_us: float
    request_bytes: float


def _figures(case: str, samples: list[float], sizes: list[int]) -> Figures:
    ordered = sorted(samples)
    micro = 1e6
    return Figures(
        case, len(samples), statistics.fmean(samples) * micro,
        ordered[len(ordered) // 2] * micro, ordered[min(len(ordered) - 1,
                                                        int(len(ordered) * 0.99))] * micro,
        statistics.fmean(sizes),
    )


# -- servers (child processes) ---------------------------------------------------------------

def _gateway_child(conn: Connection, hosting: str) -> None:
    from services.gateway.config import GatewayConfig
    from services.gateway.hosts import LocalHost, RayHost
    from services.gateway.server import Gateway
    from services.ladder.store import open_store

    if hosting == "ray":
        from services.runner.ray_setup import ensure_ray

        ensure_ray(workers=1)
    store = open_store(None)
    token = store.register_bot("bench")
    config = GatewayConfig(game=GAME, players=5, fill="random", move_timeout=30.0,
                           gather_seconds=0.0, seed=1)
    gateway = Gateway(config, store, hosts=RayHost if hosting == "ray" else LocalHost)

    async def serve() -> None:
        port = await gateway.start("127.0.0.1", 0)
        conn.send((port, token))
        await asyncio.to_thread(conn.recv)
        await gateway.stop(0.1)

    asyncio.run(serve())


def _echo_child(conn: Connection) -> None:
    frames: list[bytes] = conn.recv()

    async def play(_requests: object, context: grpc.aio.ServicerContext) -> None:
        sent = 0
        while (await context.read()) is not grpc.aio.EOF:
            await context.write(frames[sent % len(frames)])
            sent += 1

    async def serve() -> None:
        server = grpc.aio.server()
        handler = grpc.method_handlers_generic_handler(
            "bench.Echo", {"Play": grpc.stream_stream_rpc_method_handler(play)}
        )
        server.add_generic_rpc_handlers((handler,))
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        conn.send(port)
        await asyncio.to_thread(conn.recv)
        await server.stop(0.1)

    asyncio.run(serve())


# -- the bot side ----------------------------------------------------------------------------

def _drive(address: str, method: str, first: bytes, decisions: int) -> tuple[
    list[float], list[bytes]
]:
    """Answer ``decisions`` requests with option 0; return round trips and request frames."""
    outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
    outbox.put(first)

    def requests() -> Iterator[bytes]:
        while (frame := outbox.get()) is not None:
            yield frame

    samples: list[float] = []
    frames: list[bytes] = []
    sent_at: float | None = None
    with grpc.insecure_channel(address) as channel:
        call = channel.stream_stream(method, request_serializer=None,
                                     response_deserializer=None)(requests())
        for raw in call:
            received = time.perf_counter()
            response = arena_pb2.PlayResponse.FromString(raw)
            if response.WhichOneof("message") != "decision_request":
                sent_at = None  # match boundary: not a decision round trip
                continue
            if sent_at is not None:
                samples.append(received - sent_at)
            frames.append(raw)
            if len(samples) >= decisions + WARMUP:
                break
            reply = arena_pb2.DecisionReply(request_id=response.decision_request.request_id)
            sent_at = time.perf_counter()
            outbox.put(arena_pb2.PlayRequest(decision_reply=reply).SerializeToString())
        outbox.put(None)
        call.cancel()
    return samples[WARMUP:], frames


def _run_gateway(hosting: str, decisions: int) -> tuple[list[float], list[bytes]]:
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    process = context.Process(target=_gateway_child, args=(child, hosting), daemon=True)
    process.start()
    try:
        port, token = parent.recv()
        hello = arena_pb2.PlayRequest(hello=arena_pb2.Hello(token=token, games=[GAME]))
        return _drive(f"127.0.0.1:{port}", PLAY, hello.SerializeToString(), decisions)
    finally:
        parent.send("stop")
        process.join(30)


def _run_echo(frames: list[bytes], decisions: int) -> list[float]:
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe()
    process = context.Process(target=_echo_child, args=(child,), daemon=True)
    process.start()
    try:
        parent.send(frames)
        port = parent.recv()
        first = arena_pb2.PlayRequest(decision_reply=arena_pb2.DecisionReply(request_id=1))
        samples, _ = _drive(f"127.0.0.1:{port}", ECHO, first.SerializeToString(), decisions)
        return samples
    finally:
        parent.send("stop")
        process.join(30)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.gateway", description=__doc__)
    parser.add_argument("--decisions", type=int, default=2000, help="timed round trips per case")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray-hosted case")
    args = parser.parse_args(argv or [])

    print(f"Gateway benchmark: one remote bot, {GAME}, 5 players (4 random fill seats), "
          "client and servers on this machine")
    results: list[Figures] = []
    local, frames = _run_gateway("local", args.decisions)
    sizes = [len(f) for f in frames]
    results.append(_figures("gateway, host in-process", local, sizes))
    if not args.no_ray:
        ray_samples, ray_frames = _run_gateway("ray", args.decisions)
        results.append(_figures("gateway, host Ray actor", ray_samples,
                                [len(f) for f in ray_frames]))
    echo = _run_echo(frames, args.decisions)
    baseline = _figures("bare gRPC echo", echo, sizes)
    results.append(baseline)

    print(f"{'case':<28}{'decisions':>10}{'mean µs':>10}{'p50 µs':>10}{'p99 µs':>10}"
          f"{'bytes/req':>11}{'ratio mean':>12}{'ratio p50':>11}")
    for row in results:
        print(f"{row.case:<28}{row.decisions:>10}{row.mean_us:>10.0f}{row.p50_us:>10.0f}"
              f"{row.p99_us:>10.0f}{row.request_bytes:>11.0f}"
              f"{row.mean_us / baseline.mean_us:>12.2f}{row.p50_us / baseline.p50_us:>11.2f}")
    print("ratio: round trip over the bare echo's round trip (mean, median)")


if __name__ == "__main__":
    main(sys.argv[1:])
