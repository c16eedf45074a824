"""Paired quiet and loaded windows: how much a disturbance (replay readers, a flooding
bot) slows other bots' turnaround, measured on a shared, noisy machine.

One quiet window beside one loaded window compares mostly the other processes of the
machine: two quiet windows of a few seconds differ 2x in p99 on their own on a busy
2-core box. So well-behaved bots play throughout, the windows alternate in ABBA order
(quiet, loaded, loaded, quiet, ...: a drift of the background weighs both kinds alike),
every turnaround is stamped with its time, the turnarounds of all windows of a kind are
pooled, and the two pools' p99s are compared. An experiment past the bound is run again,
at most a fixed number of times (a burst of the background can still land on loaded
windows); the bound must hold in one of them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import grpc
from arena.v1 import arena_pb2

from tests.faults.harness import PLAY, connection, hello, reply

QUIET, LOADED = "quiet", "loaded"


@dataclass
class Steady:
    """What one well-behaved bot saw: (when, seconds) from each reply to the next
    request of its match, when each request came (in every match), its match ends, any
    Error, and how many of its matches held a seat labelled ``skip`` (not timed)."""

    turnarounds: list[tuple[float, float]] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)  # when each request came, any match
    ends: list[arena_pb2.MatchEnd] = field(default_factory=list)
    errors: list[arena_pb2.Error] = field(default_factory=list)
    shared_matches: int = 0


async def steady_bot(address: str, token: str, stop: asyncio.Event, skip: str = "") -> Steady:
    """Answer every request at once until ``stop``; time the turnarounds of matches
    without a seat labelled ``skip`` (a flooder's match waits for its queued replies)."""
    seen = Steady()
    async with connection(address) as channel:
        call = channel.stream_stream(PLAY)()
        await call.write(hello(token, 0))
        sent: float | None = None
        timed = False
        while not stop.is_set() and (raw := await call.read()) is not grpc.aio.EOF:
            now = time.perf_counter()
            response = arena_pb2.PlayResponse.FromString(raw)
            kind = response.WhichOneof("message")
            if kind == "match_start":
                timed = not skip or skip not in response.match_start.seat_labels
                seen.shared_matches += not timed
            elif kind == "decision_request":
                seen.decisions.append(now)
                if sent is not None and timed:
                    seen.turnarounds.append((now, now - sent))
                await call.write(reply(response.decision_request.request_id))
                sent = time.perf_counter()
            elif kind == "match_end":
                seen.ends.append(response.match_end)
                sent = None
            elif kind == "error":
                seen.errors.append(response.error)
        call.cancel()
    return seen


def quantile(samples: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank below) of ``samples``; NaN if there are none."""
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def p99(samples: list[float]) -> float:
    return quantile(samples, 0.99)


@dataclass
class Windows:
    """Time windows (``time.perf_counter``) of each kind."""

    spans: dict[str, list[tuple[float, float]]] = field(
        default_factory=lambda: {QUIET: [], LOADED: []})

    def pooled(self, runs: list[Steady], kind: str) -> list[float]:
        return [seconds for run in runs for when, seconds in run.turnarounds
                if any(start <= when < end for start, end in self.spans[kind])]

    def seconds(self, kind: str) -> float:
        return sum(end - start for start, end in self.spans[kind])

    def decisions(self, runs: list[Steady], kind: str) -> int:
        """Requests the bots were sent in the windows of ``kind`` (in every match)."""
        return sum(1 for run in runs for when in run.decisions
                   if any(start <= when < end for start, end in self.spans[kind]))


@dataclass
class Comparison:
    """One experiment: the pooled turnarounds of each kind and their p99 ratio."""

    quiet: list[float]
    loaded: list[float]
    windows: Windows = field(default_factory=Windows)

    @property
    def ratio(self) -> float:
        return p99(self.loaded) / p99(self.quiet)

    def __str__(self) -> str:
        return (f"p99 quiet {p99(self.quiet) * 1000:.1f} ms ({len(self.quiet)} decisions), "
                f"loaded {p99(self.loaded) * 1000:.1f} ms ({len(self.loaded)}): "
                f"{self.ratio:.2f}x")


async def alternate(
    pairs: int, quiet_seconds: float, load: Callable[[], Awaitable[tuple[float, float]]],
) -> Windows:
    """``pairs`` quiet windows of ``quiet_seconds`` and ``pairs`` runs of ``load`` (which
    disturbs and returns the window it disturbed), in ABBA order."""
    windows = Windows()

    async def quiet() -> None:
        start = time.perf_counter()
        await asyncio.sleep(quiet_seconds)
        windows.spans[QUIET].append((start, time.perf_counter()))

    async def loaded() -> None:
        windows.spans[LOADED].append(await load())

    for pair in range(pairs):
        for step in ((quiet, loaded) if pair % 2 == 0 else (loaded, quiet)):
            await step()
    return windows


async def compare(
    address: str, tokens: list[str], pairs: int, quiet_seconds: float,
    load: Callable[[], Awaitable[tuple[float, float]]], skip: str = "",
) -> tuple[Comparison, list[Steady]]:
    """Steady bots play while :func:`alternate` runs; their pooled turnarounds."""
    stop = asyncio.Event()
    bots = [asyncio.create_task(steady_bot(address, token, stop, skip)) for token in tokens]
    try:
        await asyncio.sleep(1.0)  # matches under way
        windows = await alternate(pairs, quiet_seconds, load)
    finally:
        stop.set()
        async with asyncio.timeout(60):
            runs = await asyncio.gather(*bots)
    return (Comparison(windows.pooled(runs, QUIET), windows.pooled(runs, LOADED), windows),
            runs)


def best_of(attempts: int, bound: float, experiment: Callable[[], Comparison]) -> list[Comparison]:
    """Run ``experiment`` until its ratio is within ``bound``, at most ``attempts`` times;
    every comparison made, the last one the best candidate."""
    made: list[Comparison] = []
    for _ in range(attempts):
        made.append(experiment())
        print(made[-1])
        if made[-1].ratio <= bound:
            break
    return made
