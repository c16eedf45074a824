"""Ladder benchmark: match results per second into Redis, against a bare EVALSHA floor.

Each writer is a process with its own connection, applying five-seat matches as fast as
it can for a fixed time: four bots drawn from a pool of 100 and the shared fill label
``builtin:random`` in every match (the case that made optimistic writes conflict).

- *results/s*: ``RedisStore.apply_match``, everything a result costs: validation, one
  EVALSHA of the apply script (idempotency check, reads, Elo and skill, writes,
  history).
- *floor*: the same writers sending a bare EVALSHA whose script does the same writes
  (each participant's rating and tallies, the match record, the history lists, trimmed
  as the store trims them) with values computed beforehand, and nothing else. ``ratio``
  is results/s over floor.

Both run side by side on a private redis-server (no persistence), alternating floor and
store ``--rounds`` times; each figure is the median of its rounds, which a busy machine
sways less than a best or a mean. One line per writer count:
``ladder writers=4 results/s=21000 floor=25000 ratio=0.84``, then an indented line with
the server time per EVALSHA of each (Redis ``INFO commandstats``), which shows how much of
the gap is the apply script's own work in Redis.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import struct
import time
from collections.abc import Callable
from string import Template
from typing import Any

from bench import loopback
from services.ladder.redis_format import history_trim_length
from services.ladder.store import DEFAULT_HISTORY

GAME = "monster-my-neighbor"
FILL = "builtin:random"
POOL = [f"bot{i:03d}" for i in range(100)]
SEATS = 5
DISTINCT_MATCHES = 1000

# The floor: the apply script's writes, with values given, histories trimmed as the store
# trims them. KEYS as the apply script's. ARGV: match id, record, then per distinct
# participant: name, row, history point.
FLOOR = Template("""
local rows = {}
local n = (#ARGV - 2) / 3
for j = 1, n do
  rows[2 * j - 1], rows[2 * j] = ARGV[3 * j], ARGV[3 * j + 1]
end
redis.call('HSET', KEYS[1], unpack(rows))
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
for j = 1, n do
  if redis.call('LPUSH', KEYS[2 + j], ARGV[3 * j + 2] .. ARGV[1]) > ${TRIM_ABOVE} then
    redis.call('LTRIM', KEYS[2 + j], '0', '${LAST}')
  end
end
return {'ok', 1, 16000000, -16000000, 0, 0, 0}
""").substitute(TRIM_ABOVE=history_trim_length(DEFAULT_HISTORY), LAST=DEFAULT_HISTORY - 1)


def _matches(seed: int) -> list[tuple[list[str], list[int]]]:
    rng = random.Random(seed)
    matches = []
    for _ in range(DISTINCT_MATCHES):
        names = [*rng.sample(POOL, SEATS - 1), FILL]
        rng.shuffle(names)
        ranks = list(range(1, SEATS + 1))
        rng.shuffle(ranks)
        matches.append((names, ranks))
    return matches


def _store_writer(url: str, prefix: str, writer: int, seconds: float, start: Any) -> int:
    from services.ladder.redis_store import RedisStore

    store = RedisStore(url, key_prefix=prefix)
    matches = _matches(writer)
    store.apply_match(GAME, f"warm-{writer}", *matches[0])
    start.wait()
    done = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for names, ranks in matches[:100]:
            store.apply_match(GAME, f"w{writer}-{done}", names, ranks)
            done += 1
        matches.append(matches.pop(0))
    store.close()
    return done


def floor_calls(sha: str, prefix: str, writer: int) -> list[tuple[list[Any], list[Any]]]:
    """The floor's calls for ``writer``'s matches: (``EVALSHA sha numkeys keys``, the
    arguments after the match id), values computed beforehand."""
    from services.ladder.redis_format import GameKeys, result_text

    keys = GameKeys.of(prefix, GAME)
    calls = []
    rng = random.Random(writer)
    for names, ranks in _matches(writer):
        distinct = list(dict.fromkeys(names))
        call_keys = [keys.bots, keys.matches, *[keys.history(name) for name in distinct]]
        deltas = [rng.randrange(-16_000_000, 16_000_000) for _ in distinct]
        record = struct.pack(f"<{len(deltas) + 3}d", len(deltas), len(names), 1, *deltas)
        args: list[str | bytes] = [record + result_text(names, ranks)]
        for name in distinct:
            rating = rng.randrange(1_400_000_000, 1_600_000_000)
            row = struct.pack("<dddddd", rating, rng.randrange(10**4), rng.randrange(10**9),
                              rng.randrange(10**10), rng.uniform(0, 50), rng.uniform(1, 8))
            args += [name, row, struct.pack("<dd", rating, time.time())]
        calls.append((["EVALSHA", sha, len(call_keys), *call_keys], args))
    return calls


def _floor_writer(url: str, prefix: str, writer: int, seconds: float, start: Any) -> int:
    import redis

    client = redis.Redis.from_url(url, decode_responses=True)
    calls = floor_calls(client.script_load(FLOOR), prefix, writer)
    start.wait()
    done = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for head, args in calls[:100]:
            client.execute_command(*head, f"w{writer}-{done}", *args)
            done += 1
        calls.append(calls.pop(0))
    client.close()
    return done


def _worker(target: Any, args: tuple[Any, ...], start: Any, counts: Any) -> None:
    counts.put(target(*args, start))


def _run(target: Any, url: str, writers: int, seconds: float) -> float:
    """Results per second of ``writers`` processes running ``target`` together."""
    context = multiprocessing.get_context("spawn")
    prefix = f"bench-{target.__name__}-{writers}-{time.monotonic_ns()}"
    start = context.Barrier(writers + 1)
    counts = context.Queue()
    processes = [
        context.Process(
            target=_worker, args=(target, (url, prefix, writer, seconds), start, counts)
        )
        for writer in range(writers)
    ]
    for process in processes:
        process.start()
    start.wait(timeout=120)
    began = time.perf_counter()
    total = sum(counts.get(timeout=seconds + 120) for _ in processes)
    elapsed = time.perf_counter() - began
    for process in processes:
        process.join(timeout=30)
    return total / max(elapsed, seconds)


class RedisServer(loopback.RedisServer):
    """bench.loopback's redis-server (no persistence), started at once, with the command
    statistics this bench reads. ``launcher`` and ``start_timeout`` as there."""

    def __init__(
        self, launcher: Callable[[str], list[str]] | None = None, start_timeout: float = 10,
    ) -> None:
        super().__init__(appendonly=False, launcher=launcher, start_timeout=start_timeout)
        self.start()

    def flush(self) -> None:
        """Empty the server and zero its command statistics."""
        import redis

        with redis.Redis.from_url(self.url) as client:
            client.flushall()
            client.config_resetstat()

    def evalsha_micros(self) -> float:
        """Server time per EVALSHA since the last flush, in µs (INFO commandstats)."""
        import redis

        with redis.Redis.from_url(self.url) as client:
            stats = client.info("commandstats").get("cmdstat_evalsha", {})
        return float(stats.get("usec_per_call", 0.0))



def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", default="1,4", help="writer counts (default 1,4)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per run")
    parser.add_argument("--rounds", type=int, default=5, help="runs per case; median kept")
    args = parser.parse_args(argv)
    server = RedisServer()
    try:
        for writers in (int(w) for w in args.writers.split(",")):
            floors, stores, floor_us, store_us = [], [], [], []
            for _ in range(args.rounds):
                server.flush()
                floors.append(_run(_floor_writer, server.url, writers, args.seconds))
                floor_us.append(server.evalsha_micros())
                server.flush()
                stores.append(_run(_store_writer, server.url, writers, args.seconds))
                store_us.append(server.evalsha_micros())
            floor, store = statistics.median(floors), statistics.median(stores)
            print(f"ladder writers={writers} results/s={store:.0f} floor={floor:.0f} "
                  f"ratio={store / floor:.2f}", flush=True)
            print(f"  server µs per EVALSHA: store={statistics.median(store_us):.1f} "
                  f"floor={statistics.median(floor_us):.1f}", flush=True)
    finally:
        server.close()


if __name__ == "__main__":
    main()
