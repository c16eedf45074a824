"""Forfeits under a real ``arena serve`` with a slow fill bot: the play-out of a match
whose last remote seat left is played in bounded host calls, so it neither stalls a
host worker past ``--host-timeout`` (aborting the other matches on it) nor blocks the
gateway's loop (striking an innocent bot); and a forfeit is rated even when its match is
then aborted for another reason, or dies with a SIGKILLed gateway."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import grpc
import pytest
from arena.v1 import arena_pb2

from engine.core import replay_match
from engine.core.replay import Replay
from tests.faults.harness import (
    GAME,
    connection,
    hello,
    kill_quietly,
    play_bot,
    until,
)

COMPLETED = arena_pb2.MATCH_END_REASON_COMPLETED
ABORTED = arena_pb2.MATCH_END_REASON_ABORTED
PLAY = "/arena.v1.ArenaService/Play"
# A fill bot that thinks 60 ms per decision whatever the machine: the play-out of a
# 3-seat match (60-80 built-in decisions) takes 3.6-4.8 s or more, past a 2 s host
# timeout when it is one call, while each decision is far below it.
SLOW_FILL = ("--players", "3", "--fill", "mcts:ms=60", "--seed", "3")


async def _leaver(channel, token: str, started: asyncio.Event, leave: asyncio.Event) -> str:
    """Join, and answer no request; from the first DecisionRequest on (which sets
    ``started``), close the stream as soon as ``leave`` is set: the bot leaves owing a
    decision, so its seat forfeits at once. Returns the match id."""
    call = channel.stream_stream(PLAY)()
    await call.write(hello(token))
    match_id = ""
    reading = asyncio.ensure_future(call.read())
    leaving = asyncio.ensure_future(leave.wait())
    try:
        while True:
            waiting = {reading, leaving} if started.is_set() else {reading}
            done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            if leaving in done or (raw := reading.result()) is grpc.aio.EOF:
                break
            response = arena_pb2.PlayResponse.FromString(raw)
            kind = response.WhichOneof("message")
            if kind == "match_start":
                match_id = response.match_start.match_id
            elif kind == "decision_request":
                started.set()
                if leave.is_set():
                    break
            reading = asyncio.ensure_future(call.read())
    finally:
        call.cancel()
        leaving.cancel()
        await asyncio.gather(reading, leaving, return_exceptions=True)
    return match_id


def _rated_record(arena, match_id: str):
    until(lambda: match_id in arena.records(), 30, f"match {match_id} rated")
    return arena.store.applied_match(GAME, match_id)


def _replay_verifies(directory: Path, match_id: str) -> None:
    path = directory / "replays" / f"{match_id}.json"
    until(path.exists, 10, f"the replay of {match_id}")
    replay_match(Replay.load(path))


@pytest.mark.parametrize("hosting", [
    # One host worker for both matches, stalled-worker limit 2 s.
    ("--host-workers", "1", "--host-timeout", "2"),
    # In the gateway's loop: the innocent bot answers at once and has 2 s per move.
    ("--host-workers", "0", "--move-timeout", "2"),
], ids=["host-worker", "in-loop"])
def test_a_slow_play_out_aborts_nothing_and_strikes_nobody(arena, hosting) -> None:
    gateway = arena.serve(*SLOW_FILL, *hosting)
    leaver, innocent = (arena.store.register_bot(name) for name in ("leaver", "innocent"))

    async def case():
        async with connection(gateway.address) as first, connection(gateway.address) as second:
            started, leave = asyncio.Event(), asyncio.Event()
            leaving = asyncio.create_task(_leaver(first, leaver, started, leave))
            await started.wait()

            def on_request(n: int) -> None:
                if n == 1:
                    # The leaver goes while the innocent bot holds this request (it
                    # answers after 0.3 s): the play-out starts while its deadline runs.
                    leave.set()

            # Only now does the innocent bot arrive: it gets a match of its own.
            playing = asyncio.create_task(play_bot(second, innocent, 1, on_request, pause=0.3))
            return await leaving, await playing

    left_match, run = asyncio.run(case())
    (end,) = run.match_ends
    assert end.match_id != left_match
    assert end.reason == COMPLETED and end.rated
    assert "error" not in run.kinds, "the innocent bot got an Error (a strike)"
    record = _rated_record(arena, left_match)
    leaver_seat = record.participants.index("leaver")
    assert record.ranks[leaver_seat] == max(record.ranks)
    assert sorted(record.ranks).count(max(record.ranks)) == 1, "the leaver alone is last"
    _replay_verifies(arena.directory, left_match)
    assert gateway.metric("arena_host_failures_total") == 0
    assert gateway.metric(f"arena_matches_total{{game={GAME},status=aborted}}") == 0
    assert gateway.metric(f"arena_matches_total{{game={GAME},status=forfeit}}") == 1
    assert gateway.metric(f"arena_matches_total{{game={GAME},status=completed}}") == 1


def test_a_forfeit_is_rated_once_when_its_match_is_then_aborted(arena) -> None:
    """Two bots share a match; one leaves, then the host worker is killed. The leaver is
    rated last, every other seat shares first place, once, also across a restart."""
    gateway = arena.serve("--players", "3", "--min-bots", "2")
    leaver, stayer = (arena.store.register_bot(name) for name in ("leaver", "stayer"))
    (worker,) = gateway.workers()

    async def case():
        async with connection(gateway.address) as first, connection(gateway.address) as second:
            started, leave = asyncio.Event(), asyncio.Event()
            leave.set()  # the leaver goes at its first request: its seat forfeits ...
            leaving = asyncio.create_task(
                _leaver(first, leaver, started, leave))
            seen_alone: list[int] = []

            def on_request(n: int) -> None:
                # ... and once the gateway has taken note (the leaver's pending request
                # went before this reply), the match's host dies at the next request.
                if seen_alone and n > seen_alone[0]:
                    kill_quietly(worker)
                elif not seen_alone and gateway.metric("arena_connected_bots") == 1:
                    seen_alone.append(n)

            staying = asyncio.create_task(play_bot(second, stayer, 1, on_request))
            return await leaving, await staying

    match_id, run = asyncio.run(case())
    (end,) = run.match_ends
    assert end.match_id == match_id
    assert end.reason == ABORTED and end.rated
    record = _rated_record(arena, match_id)
    ranks = dict(zip(record.participants, record.ranks, strict=True))
    assert ranks["leaver"] == 3 and ranks["stayer"] == 1
    assert sorted(record.ranks) == [1, 1, 3]
    assert gateway.metric(f"arena_matches_total{{game={GAME},status=aborted}}") == 1
    assert gateway.metric("arena_results_unrated") == 0

    # The result went through the durable path: a restart applies nothing again.
    gateway.stop()
    restarted = arena.serve()
    until(lambda: restarted.metric("arena_results_unrated") == 0, 30, "an empty queue")
    assert arena.records() == [match_id]
    assert arena.store.applied_match(GAME, match_id) == record


def test_a_forfeit_is_rated_when_the_gateway_is_killed_before_its_match_ends(arena) -> None:
    """A bot leaves; its forfeit is kept in the journal before it is announced; then the
    gateway is SIGKILLed mid-match. The restarted gateway rates the match as an abort
    would (the leaver last, every other seat first), once, also across another restart."""
    gateway = arena.serve("--players", "3", "--min-bots", "2")
    leaver, stayer = (arena.store.register_bot(name) for name in ("leaver", "stayer"))
    journal = arena.directory / "journal.jsonl"

    def forfeit_kept() -> bool:
        return journal.exists() and '"op": "forfeit"' in journal.read_text()

    async def case():
        async with connection(gateway.address) as first, connection(gateway.address) as second:
            started, leave = asyncio.Event(), asyncio.Event()
            leave.set()  # the leaver goes at its first request: its seat forfeits
            leaving = asyncio.create_task(_leaver(first, leaver, started, leave))
            killed: list[int] = []

            def on_request(n: int) -> None:
                if not killed and forfeit_kept():
                    gateway.signal(signal.SIGKILL)
                    killed.append(n)

            staying = asyncio.create_task(
                play_bot(second, stayer, 1, on_request, pause=0.05))
            return await leaving, await staying, killed

    match_id, run, killed = asyncio.run(case())
    assert killed, "the stayer's match ended before the forfeit was kept"
    assert run.match_ends == [] and run.status == grpc.StatusCode.UNAVAILABLE
    gateway.wait(30)
    assert arena.records() == []  # nothing was rated before the kill

    restarted = arena.serve()
    record = _rated_record(arena, match_id)
    ranks = dict(zip(record.participants, record.ranks, strict=True))
    assert ranks["leaver"] == 3 and ranks["stayer"] == 1
    assert sorted(record.ranks) == [1, 1, 3]
    until(lambda: restarted.metric("arena_results_unrated") == 0, 30, "an empty queue")
    restarted.stop()
    again = arena.serve()
    until(lambda: again.metric("arena_results_unrated") == 0, 30, "an empty queue")
    assert arena.records() == [match_id]
    assert not forfeit_kept() or '"op": "settled"' in journal.read_text()
