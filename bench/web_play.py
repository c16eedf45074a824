"""Web readers against live play: what replay readers on the web port cost remote bots.

A real ``arena serve --game ark-nova --players 2 --fill random --web-port P`` (its default
hosting on this machine) with ``--replays DIR`` holding ``--replays-count`` four-player
Ark Nova replays between random bots. ``--bots`` remote bots (grpc.aio, one client
process, each on its own connection, option chosen at random) play matches against the
fill bot for ``--seconds``; a bot's turnaround is timed from sending a DecisionReply to
receiving its next DecisionRequest of the same match (the fill bot's move, the host and
the frames included).

Each setup runs twice: quiet, then with ``--readers`` threads (in a process of their
own) asking for random turns of random replays (``/matches/ID?turn=N``) as fast as they
are answered, a refused page (503) retried at once. There are more replays than the
site's cache of re-simulated replays, so most pages re-simulate a whole match.

Setups: ``arena serve --redis`` (the web in its own process since issue 28; before, a
thread of the gateway) and ``arena serve`` with its in-process store (the web on a thread
of the gateway, which it must be to read that store).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import grpc
from arena.v1 import arena_pb2

from bench.loopback import RedisServer, free_port
from bench.quantiles import quantile
from engine.core import GameConfig, Replay, get_game, play_match
from engine.toolkit.bots import make_bot

GAME = "ark-nova"
PLAY = "/arena.v1.ArenaService/Play"


def make_replays(directory: Path, count: int) -> list[str]:
    """``count`` four-player Ark Nova replays between random bots; their match ids."""
    config = GameConfig(4, dict(get_game(GAME).default_options))
    ids = []
    for seed in range(count):
        outcome = play_match(GAME, config, seed, [make_bot(GAME, "random") for _ in range(4)])
        match_id = f"bench-an-{seed}"
        Replay(GAME, config, seed, outcome.replay.choices, outcome.result,
               ("a", "b", "c", "d")).save(directory / f"{match_id}.json")
        ids.append(match_id)
    return ids


# -- the bots (a child process) ----------------------------------------------------------

async def _bot(address: str, token: str, stop: float, seed: int) -> tuple[list[float], int]:
    rng = random.Random(seed)
    samples: list[float] = []
    decisions = 0
    options = [("grpc.use_local_subchannel_pool", 1)]
    async with grpc.aio.insecure_channel(address, options=options) as channel:
        call: Any = channel.stream_stream(PLAY)()
        hello = arena_pb2.Hello(token=token, games=[GAME], max_matches=0)
        await call.write(arena_pb2.PlayRequest(hello=hello).SerializeToString())
        sent: float | None = None
        while (raw := await call.read()) is not grpc.aio.EOF:
            now = time.perf_counter()
            response = arena_pb2.PlayResponse.FromString(raw)
            kind = response.WhichOneof("message")
            if kind != "decision_request":
                sent = None
                continue
            if sent is not None:
                samples.append(now - sent)
            if now >= stop:
                call.cancel()
                break
            request = response.decision_request
            reply = arena_pb2.DecisionReply(request_id=request.request_id,
                                            option_index=rng.randrange(len(request.options)))
            sent = time.perf_counter()
            await call.write(arena_pb2.PlayRequest(decision_reply=reply).SerializeToString())
            decisions += 1
    return samples, decisions


def _bots_child(conn: Connection, address: str, tokens: list[str], seconds: float) -> None:
    async def drive() -> tuple[list[float], int]:
        stop = time.perf_counter() + seconds
        runs = await asyncio.gather(*(_bot(address, t, stop, k) for k, t in enumerate(tokens)))
        return [s for samples, _ in runs for s in samples], sum(d for _, d in runs)

    conn.send(asyncio.run(drive()))


# -- the readers (a child process) ---------------------------------------------------------

def _readers_child(conn: Connection, base: str, ids: list[str], threads: int) -> None:
    stop = threading.Event()
    counts = {"ok": 0, "refused": 0, "other": 0}
    lock = threading.Lock()

    def read(seed: int) -> None:
        rng = random.Random(seed)
        while not stop.is_set():
            url = f"{base}/matches/{rng.choice(ids)}?after={rng.randrange(600)}"
            try:
                with urllib.request.urlopen(url, timeout=120) as response:
                    response.read()
                    outcome = "ok"
            except urllib.error.HTTPError as exc:
                outcome = "refused" if exc.code == 503 else "other"
            except OSError:
                outcome = "other"
                time.sleep(0.1)
            with lock:
                counts[outcome] += 1

    workers = [threading.Thread(target=read, args=(k,), daemon=True) for k in range(threads)]
    for worker in workers:
        worker.start()
    conn.recv()
    stop.set()
    for worker in workers:
        worker.join(timeout=150)
    conn.send(dict(counts))


# -- the server --------------------------------------------------------------------------

@dataclass
class Served:
    process: subprocess.Popen[str]
    address: str
    web: str
    tokens: list[str]

    def web_process(self) -> str:
        """Where the site runs: the gateway itself, or a child and its nice value."""
        tasks = Path(f"/proc/{self.process.pid}/task")
        children = [p for task in tasks.iterdir() for p in (task / "children").read_text().split()]
        for pid in children:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if b"web" in cmdline:
                nice = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
                return f"a child process, nice {nice}"
        return "a thread of the gateway"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def serve(redis: str | None, replays: Path, bots: int, journal: Path) -> Served:
    port, web_port = free_port(), free_port()
    names = [f"bench{k}" for k in range(bots)]
    argv = [sys.executable, "-m", "services.cli.main", "serve", "--game", GAME,
            "--players", "2", "--fill", "random", "--port", str(port), "--web-port",
            str(web_port), "--replays", str(replays), "--gather", "0.05", "--hello-rate", "0",
            "--move-timeout", "30", "--journal", str(journal), "--log-level", "warning"]
    tokens: list[str] = []
    if redis is not None:
        from services.ladder.factory import open_store

        prefix = f"bench-webplay-{secrets.token_hex(4)}"
        store = open_store(redis, key_prefix=prefix)
        tokens = [store.register_bot(name) for name in names]
        store.close()
        argv += ["--redis", redis, "--key-prefix", prefix]
    else:
        for name in names:
            argv += ["--bot", name]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    web = ""
    for line in process.stdout:
        if found := re.match(r"token of \S+: (\S+)", line):
            tokens.append(found.group(1))
        if found := re.search(r"web on (http://\S+)", line):
            web = found.group(1).rstrip("/")
        if line.startswith("serving "):
            break
    else:
        raise RuntimeError("arena serve did not start")
    threading.Thread(target=lambda: [None for _ in process.stdout or ()], daemon=True).start()
    return Served(process, f"127.0.0.1:{port}", web, tokens)


@dataclass(frozen=True)
class Case:
    decisions: int
    p50_ms: float
    p99_ms: float
    pages: dict[str, int] | None


def run_case(served: Served, ids: list[str], seconds: float, readers: int) -> Case:
    context = multiprocessing.get_context("spawn")
    reader_end = reader = None
    if readers:
        reader_end, theirs = context.Pipe()
        reader = context.Process(target=_readers_child,
                                 args=(theirs, served.web, ids, readers))
        reader.start()
        time.sleep(2.0)  # the readers at full speed before the bots start
    bots_end, theirs = context.Pipe()
    bots = context.Process(target=_bots_child,
                           args=(theirs, served.address, served.tokens, seconds))
    bots.start()
    samples, decisions = bots_end.recv()
    bots.join()
    pages = None
    if reader is not None and reader_end is not None:
        reader_end.send("stop")
        pages = reader_end.recv()
        reader.join()
    time.sleep(1.0)  # matches the bots left are forfeited before the next case
    return Case(decisions, quantile(samples, 0.5) * 1000, quantile(samples, 0.99) * 1000, pages)


def _row(label: str, case: Case) -> str:
    pages = "" if case.pages is None else (
        f"  pages {case.pages['ok']:>6} served {case.pages['refused']:>6} refused (503)"
        + (f" {case.pages['other']} failed" if case.pages["other"] else ""))
    return (f"  {label:<16}{case.decisions:>10}{case.p50_ms:>9.1f}{case.p99_ms:>9.1f}{pages}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0, help="per case (default 20)")
    parser.add_argument("--bots", type=int, default=4)
    parser.add_argument("--readers", type=int, default=16)
    parser.add_argument("--replays-count", type=int, default=24)
    parser.add_argument("--setups", default="redis,in-process",
                        help="comma-separated: redis, in-process (default both)")
    args = parser.parse_args(argv)
    redis = RedisServer(appendonly=False).start()
    url = redis.url
    work = Path(tempfile.mkdtemp(prefix="arena-bench-webplay-"))
    try:
        replays = work / "replays"
        replays.mkdir()
        ids = make_replays(replays, args.replays_count)
        print(f"web vs play: {GAME}, 2 players (1 remote seat, 1 random fill seat), "
              f"{args.bots} remote bots, {args.seconds:g} s per case; readers: "
              f"{args.readers} threads on {len(ids)} four-player replays")
        for setup in args.setups.split(","):
            served = serve(url if setup == "redis" else None, replays, args.bots,
                           work / f"journal-{setup}.jsonl")
            try:
                print(f"arena serve {'--redis' if setup == 'redis' else '(in-process store)'}"
                      f": the web runs in {served.web_process()}")
                print(f"  {'case':<16}{'decisions':>10}{'p50 ms':>9}{'p99 ms':>9}")
                run_case(served, ids, min(5.0, args.seconds), 0)  # warm-up, not shown
                quiet = run_case(served, ids, args.seconds, 0)
                print(_row("quiet", quiet), flush=True)
                loaded = run_case(served, ids, args.seconds, args.readers)
                print(_row(f"{args.readers} readers", loaded), flush=True)
                ratio = loaded.p99_ms / quiet.p99_ms if quiet.p99_ms else float("nan")
                kept = loaded.decisions / quiet.decisions if quiet.decisions else float("nan")
                print(f"  with readers: p99 {ratio:.1f}x the quiet run's, decisions "
                      f"{kept:.2f}x")
            finally:
                served.stop()
    finally:
        redis.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
