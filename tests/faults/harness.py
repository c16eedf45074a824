"""A real ``arena serve`` in a child process, and what the fault cases need around it:
its metrics and memory, its host workers, bot tokens, and asyncio bot streams."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from arena.v1 import arena_pb2
from prometheus_client.parser import text_string_to_metric_families

from bench.loopback import free_port

GAME = "monster-my-neighbor"
PLAY = "/arena.v1.ArenaService/Play"
# What "back to baseline" allows: tasks that come and go (a health ping's timer, a
# thread hand-off) and memory the allocator keeps for reuse.
TASK_SLACK = 4
RSS_SLACK_MB = 30.0


def until(
    condition: Callable[[], bool], seconds: float, what: str,
    state: Callable[[], object] | None = None,
) -> None:
    """Wait for ``condition``; on time-out, fail saying ``what`` and ``state()``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            seen = f" (last seen: {state()})" if state is not None else ""
            raise AssertionError(f"timed out after {seconds:g} s waiting for {what}{seen}")
        time.sleep(0.05)


@dataclass
class ServedGateway:
    """``arena serve`` on free loopback ports, its ladder in ``redis_url`` under
    ``prefix``, its journal in ``directory``."""

    redis_url: str
    prefix: str
    directory: Path
    extra: tuple[str, ...] = ()
    port: int = field(default_factory=free_port)
    metrics_port: int = field(default_factory=free_port)
    process: subprocess.Popen[str] | None = None
    output: list[str] = field(default_factory=list)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> ServedGateway:
        argv = [
            sys.executable, "-m", "services.cli.main", "serve",
            "--port", str(self.port), "--metrics-port", str(self.metrics_port),
            "--redis", self.redis_url, "--key-prefix", self.prefix,
            "--journal", str(self.directory / "journal.jsonl"),
            "--replays", str(self.directory / "replays"),
            "--host-workers", "1", "--gather", "0.05", "--hello-rate", "0",
            "--move-timeout", "10", *self.extra,
        ]
        self.process = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        deadline = time.monotonic() + 120  # the web child (nice 10) is slow on a busy box
        for line in self.process.stdout:
            self.output.append(line)
            if line.startswith("serving "):
                break
            assert time.monotonic() < deadline, "arena serve did not start"
        else:
            raise AssertionError("arena serve exited:\n" + "".join(self.output))
        self._drain_output()
        return self

    def _drain_output(self) -> None:
        import threading

        def pump() -> None:
            assert self.process is not None and self.process.stdout is not None
            for line in self.process.stdout:
                self.output.append(line)

        threading.Thread(target=pump, daemon=True).start()

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def signal(self, number: int) -> None:
        os.kill(self.pid, number)

    def wait(self, seconds: float = 60) -> int:
        assert self.process is not None
        return self.process.wait(seconds)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.signal(signal.SIGTERM)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    # -- inspection ------------------------------------------------------------------------

    def metrics(self) -> dict[str, float]:
        """Every sample, keyed ``name`` or ``name{label=value,...}``."""
        url = f"http://127.0.0.1:{self.metrics_port}/metrics"
        with urllib.request.urlopen(url, timeout=10) as response:
            text = response.read().decode()
        samples = {}
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
                samples[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
        return samples

    def metric(self, key: str) -> float:
        return self.metrics().get(key, 0.0)

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.pid}/status").read_text()
        (kb,) = re.findall(r"VmRSS:\s+(\d+) kB", status)
        return int(kb) / 1024

    def fds(self) -> int:
        """Open file descriptors of the gateway process."""
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def workers(self) -> list[int]:
        """The host worker processes (the gateway's children)."""
        children = Path(f"/proc/{self.pid}/task/{self.pid}/children").read_text().split()
        return [int(pid) for pid in children]

    def baseline(self) -> Baseline:
        until(self.idle, 60, "an idle gateway", self.load)
        return Baseline(self.metric("arena_event_loop_tasks"), self.rss_mb())

    LOAD = ("arena_connected_bots", "arena_streams", "arena_active_matches",
            "arena_waiting_bots", "arena_event_loop_tasks")

    def load(self) -> dict[str, float]:
        m = self.metrics()
        return {k: m.get(k, 0.0) for k in self.LOAD}

    def idle(self) -> bool:
        return all(v == 0 for k, v in self.load().items() if k != "arena_event_loop_tasks")

    def back_to(self, baseline: Baseline, seconds: float = 60) -> None:
        """Streams, bots and matches at zero, tasks and memory back near ``baseline``."""
        until(lambda: self.idle() and self.metric("arena_event_loop_tasks")
              <= baseline.tasks + TASK_SLACK, seconds, "the gateway to return to baseline",
              self.load)
        grown = self.rss_mb() - baseline.rss_mb
        assert grown < RSS_SLACK_MB, f"resident memory grew by {grown:.1f} MB"


@dataclass(frozen=True)
class Baseline:
    tasks: float
    rss_mb: float


def connection(address: str) -> grpc.aio.Channel:
    """A channel on a TCP connection of its own (channels to one address otherwise
    share one connection)."""
    return grpc.aio.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])


def hello(token: str, max_matches: int = 1) -> bytes:
    message = arena_pb2.Hello(token=token, games=[GAME], max_matches=max_matches)
    return arena_pb2.PlayRequest(hello=message).SerializeToString()


def reply(request_id: int, index: int = 0) -> bytes:
    message = arena_pb2.DecisionReply(request_id=request_id, option_index=index)
    return arena_pb2.PlayRequest(decision_reply=message).SerializeToString()


@dataclass
class BotRun:
    """What one asyncio bot saw."""

    kinds: list[str] = field(default_factory=list)
    match_starts: list[str] = field(default_factory=list)
    match_ends: list[arena_pb2.MatchEnd] = field(default_factory=list)
    status: grpc.StatusCode | None = None
    details: str = ""
    times: list[float] = field(default_factory=list)


async def play_bot(
    channel: grpc.aio.Channel, token: str, max_matches: int = 1,
    on_request: Callable[[int], None] | None = None, pause: float = 0.0,
) -> BotRun:
    """Answer every request with option 0 (after ``pause`` s) until the stream ends;
    ``on_request(n)`` runs before the n-th answer."""
    run = BotRun()
    call = channel.stream_stream(PLAY)()
    asked = 0
    try:
        await call.write(hello(token, max_matches))
        while (raw := await call.read()) is not grpc.aio.EOF:
            response = arena_pb2.PlayResponse.FromString(raw)
            kind = response.WhichOneof("message")
            run.kinds.append(kind)
            run.times.append(time.monotonic())
            if kind == "match_start":
                run.match_starts.append(response.match_start.match_id)
            elif kind == "match_end":
                run.match_ends.append(response.match_end)
            elif kind == "decision_request":
                if on_request is not None:
                    on_request(asked)
                asked += 1
                if pause:
                    await asyncio.sleep(pause)
                await call.write(reply(response.decision_request.request_id))
        run.status, run.details = await call.code(), await call.details()
    except grpc.aio.AioRpcError as exc:
        run.status, run.details = exc.code(), exc.details() or ""
    except asyncio.InvalidStateError:  # a reply written after the stream ended
        run.status, run.details = await call.code(), await call.details()
    except asyncio.CancelledError:
        call.cancel()
        run.status = grpc.StatusCode.CANCELLED
    return run


def kill_quietly(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
