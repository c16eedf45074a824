"""A bot cannot work out the seed of its live match from public data: a real ``arena
serve`` plays matches, the test reads each finished match's seed from the web (as any
bot could) and finds no simple relation between match numbers and seeds that would
predict the next one; nothing public carries a seed while its match runs. The same
``--seed`` replays the same seeds on a restart; no ``--seed`` gives new ones."""

from __future__ import annotations

import asyncio
import itertools
import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field

import grpc
from arena.v1 import arena_pb2

from bench.loopback import free_port
from tests.faults.harness import PLAY, ServedGateway, connection, hello, reply, until

MOD = 1 << 48
MATCHES = 4


@dataclass
class SeenMatch:
    """One match as its bot and a spectator saw it while it ran, and its seed after."""

    match_id: str
    number: int
    frames: list[bytes] = field(default_factory=list)
    public_while_live: list[str] = field(default_factory=list)
    seed: int | None = None


def _get(url: str) -> str:
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def _play_and_watch(gateway: ServedGateway, web: str, token: str) -> list[SeenMatch]:
    """Play MATCHES matches one after another; at each match's first request, read
    everything public about it (its live page, the live list, the metrics)."""

    async def run() -> list[SeenMatch]:
        matches: list[SeenMatch] = []
        async with connection(gateway.address) as channel:
            call = channel.stream_stream(PLAY)()
            await call.write(hello(token, MATCHES))
            while (raw := await call.read()) is not grpc.aio.EOF:
                response = arena_pb2.PlayResponse.FromString(raw)
                kind = response.WhichOneof("message")
                if kind == "match_start":
                    match_id = response.match_start.match_id
                    matches.append(SeenMatch(match_id, int(match_id.rsplit("-", 1)[1])))
                if matches:
                    matches[-1].frames.append(raw)
                if kind == "decision_request":
                    live = matches[-1]
                    if not live.public_while_live:
                        live.public_while_live = await asyncio.to_thread(
                            _public_pages, gateway, web, live.match_id)
                    await call.write(reply(response.decision_request.request_id))
            assert await call.code() == grpc.StatusCode.OK
        return matches

    matches = asyncio.run(run())
    assert len(matches) == MATCHES
    for match in matches:
        assert json.loads(match.public_while_live[0])["view"] == "live", (
            "the match was not live when its page was read")
        match.seed = _finished_seed(web, match.match_id)
    return matches


def _get_once_published(url: str, seconds: float = 10) -> str:
    """``_get(url)`` once the page exists: the live feed records a match a moment after
    its first request reaches the bot (which waits, unanswered, so the match stays live)."""
    page: list[str] = []

    def published() -> bool:
        try:
            page.append(_get(url))
        except urllib.error.HTTPError as exc:
            exc.close()
            if exc.code != 404:
                raise
            return False
        return True

    until(published, seconds, f"{url} to be published")
    return page[0]


def _public_pages(gateway: ServedGateway, web: str, match_id: str) -> list[str]:
    """What anyone can read about a live match: its page, the live list, the metrics."""
    return [_get_once_published(f"{web}/api/matches/{match_id}"),
            _get(f"{web}/api/matches/live"),
            _get(f"http://127.0.0.1:{gateway.metrics_port}/metrics")]


def _finished_seed(web: str, match_id: str) -> int:
    """The seed a finished match's public replay shows."""
    page: dict = {}

    def ended() -> bool:
        page.update(json.loads(_get(f"{web}/api/matches/{match_id}")))
        return page.get("view") == "replay"

    until(ended, 30, f"the replay of {match_id} on the web", lambda: page.get("view"))
    return int(page["replay"]["seed"])


def _varint(value: int) -> bytes:
    """``value`` as protobuf writes an unsigned integer field."""
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _serve(arena, *extra: str) -> tuple[ServedGateway, str]:
    web_port = free_port()
    gateway = arena.serve("--host-workers", "0", "--web-port", str(web_port), *extra)
    return gateway, f"http://127.0.0.1:{web_port}"


def _assert_unpredictable(matches: list[SeenMatch]) -> None:
    numbers = [m.number for m in matches]
    seeds = [m.seed for m in matches]
    assert numbers == list(range(numbers[0], numbers[0] + MATCHES)), numbers
    assert all(s is not None and 0 <= s < MOD for s in seeds)
    steps = [(b - a) % MOD for a, b in itertools.pairwise(seeds)]
    assert len(set(steps)) == len(steps), f"a constant difference between seeds: {steps}"
    xors = [a ^ b for a, b in itertools.pairwise(seeds)]
    assert len(set(xors)) == len(xors), f"a constant xor between seeds: {xors}"
    # seed = a * number + b (mod 2**48) fitted on two matches predicts no later one.
    for s1, s2, s3 in zip(seeds, seeds[1:], seeds[2:], strict=False):
        assert (2 * s2 - s1) % MOD != s3


def _assert_nothing_public_carried_the_seed(
    matches: list[SeenMatch], gateway: ServedGateway
) -> None:
    logs = "".join(gateway.output)
    for match in matches:
        assert match.seed is not None
        text, varint = str(match.seed), _varint(match.seed)
        assert not any(varint in frame or text.encode() in frame for frame in match.frames), (
            f"a frame of {match.match_id} carries its seed")
        assert not any(text in page for page in match.public_while_live), (
            f"a public page carries the seed of live match {match.match_id}")
        assert text not in logs


def test_match_seeds_are_unpredictable_and_repeat_only_with_the_same_seed(arena) -> None:
    token = arena.store.register_bot("seer")
    first, web = _serve(arena, "--seed", "20261201")
    runs = [_play_and_watch(first, web, token)]
    _assert_unpredictable(runs[0])
    _assert_nothing_public_carried_the_seed(runs[0], first)
    first.stop()

    again, web = _serve(arena, "--seed", "20261201")
    runs.append(_play_and_watch(again, web, token))
    again.stop()
    unseeded, web = _serve(arena)
    runs.append(_play_and_watch(unseeded, web, token))
    _assert_unpredictable(runs[2])

    def by_number(run: list[SeenMatch]) -> dict[int, int | None]:
        return {m.number: m.seed for m in run}

    assert by_number(runs[1]) == by_number(runs[0]), "the same --seed gave other seeds"
    assert runs[1][0].match_id != runs[0][0].match_id  # match ids still differ per start
    shared = by_number(runs[0]).keys() & by_number(runs[2]).keys()
    assert shared and all(by_number(runs[0])[n] != by_number(runs[2])[n] for n in shared)
    # A finished match's seed re-simulates its deal: the published seed is the real one.
    replay = json.loads((arena.directory / "replays" / f"{runs[0][0].match_id}.json")
                        .read_text())
    assert replay["seed"] == runs[0][0].seed
