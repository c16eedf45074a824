"""Native memory of a real ``arena serve``: its threads share the capped malloc arenas,
and it trims its heaps on its interval (``services/gateway/allocator.py``). The RSS
curve of sustained play is measured by ``bench/soak.py``, not here."""

from __future__ import annotations

import asyncio
from pathlib import Path

import grpc
from arena.v1 import arena_pb2

from services.gateway.allocator import ARENAS
from tests.faults.harness import PLAY, connection, hello, reply, until

HEAP_BYTES = 64 << 20  # glibc's HEAP_MAX_SIZE on 64-bit: one mapping per thread arena


def thread_arenas(pid: int) -> int:
    """glibc thread arenas in ``pid``: anonymous mappings starting on a 64 MiB boundary
    that, with the reserved rest right after them, span exactly 64 MiB."""
    spans: list[tuple[int, int, str]] = []
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        fields = line.split()
        if len(fields) > 5:  # a file, the stack, the main heap...
            continue
        low, high = (int(x, 16) for x in fields[0].split("-"))
        spans.append((low, high, fields[1]))
    found = 0
    for i, (low, high, perms) in enumerate(spans):
        if low % HEAP_BYTES or not perms.startswith("rw"):
            continue
        end = high
        if end - low < HEAP_BYTES and i + 1 < len(spans) and spans[i + 1][0] == high:
            end = spans[i + 1][1]
        found += end - low == HEAP_BYTES
    return found


async def _one_match(channel: grpc.aio.Channel, token: str) -> bool:
    """Play one match answering option 0, then leave; whether it ended."""
    call = channel.stream_stream(PLAY)()
    await call.write(hello(token))
    while (raw := await call.read()) is not grpc.aio.EOF:
        response = arena_pb2.PlayResponse.FromString(raw)
        kind = response.WhichOneof("message")
        if kind == "match_end":
            call.cancel()
            return True
        if kind == "decision_request":
            await call.write(reply(response.decision_request.request_id))
    return False


def _play(address: str, tokens: list[str]) -> list[bool]:
    async def case() -> list[bool]:
        channels = [connection(address) for _ in tokens]
        async with asyncio.timeout(60):
            ended = await asyncio.gather(*(_one_match(c, t)
                                           for c, t in zip(channels, tokens, strict=True)))
        for channel in channels:
            await channel.close()
        return list(ended)

    return asyncio.run(case())


def test_a_served_gateway_shares_its_arenas_and_trims_on_its_interval(arena) -> None:
    capped = arena.serve("--memory-trim", "0.2")
    tokens = [arena.store.register_bot(f"heap{i}") for i in range(8)]
    assert all(_play(capped.address, tokens))
    until(lambda: capped.metric("arena_allocator_trims_total") >= 3, 10,
          "three periodic trims", lambda: capped.metric("arena_allocator_trims_total"))
    assert thread_arenas(capped.pid) <= ARENAS - 1
    capped.stop()  # it holds the journal
    # The same play with glibc's own default (8 arenas per core) spreads the gateway's
    # threads over more arenas: what the cap prevents, and what this check can see.
    uncapped = arena.serve("--malloc-arenas", "0", "--memory-trim", "0")
    assert all(_play(uncapped.address, tokens))
    assert thread_arenas(uncapped.pid) > ARENAS - 1
    assert uncapped.metric("arena_allocator_trims_total") == 0
