"""Concurrent writers: eight threads, and eight processes on Redis, apply an overlapping
set of matches, each several times at once, and every match seats the shared fill label
``builtin:random`` (the case that made optimistic writes conflict on every match).
Every match must be counted exactly once, and the final ladder must equal a sequential
application in the order the store recorded, to the bit."""

from __future__ import annotations

import multiprocessing
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from services.ladder.memory_store import MemoryStore
from services.ladder.store import LadderStore
from tests.ladder.concurrent_workers import Match, apply_all

GAME = "monster-my-neighbor"
FILL = "builtin:random"


def make_matches(count: int, seed: int) -> list[Match]:
    rng = random.Random(seed)
    pool = [f"bot{i}" for i in range(7)] + [FILL]
    matches: list[Match] = []
    for i in range(count):
        seats = rng.randint(2, 5)
        names = [FILL] + [rng.choice(pool) for _ in range(seats - 1)]
        rng.shuffle(names)
        ranks = [rng.randint(1, seats) for _ in range(seats)]
        matches.append((f"match-{seed}-{i}", names, ranks))
    return matches


def assert_counted_once_as_sequential(
    store: LadderStore, matches: list[Match], returned: list[tuple[str, dict[str, float]]]
) -> None:
    records = store.applied_matches(GAME)
    assert sorted(r.match_id for r in records) == sorted(m[0] for m in matches)
    assert [r.seq for r in records] == list(range(1, len(matches) + 1))

    # Every caller got the deltas of the one application that counted.
    recorded = {r.match_id: dict(r.deltas) for r in records}
    for match_id, deltas in returned:
        assert deltas == recorded[match_id]

    assert all(FILL in names for _, names, _ in matches)
    # Games per bot: one per match it took part in.
    expected_games = Counter(name for _, names, _ in matches for name in set(names))
    assert {e.name: e.games for e in store.ladder(GAME)} == dict(expected_games)

    # Replaying sequentially in the recorded order gives exactly the same ladder.
    by_id = {m[0]: m for m in matches}
    sequential = MemoryStore()
    for record in records:
        match_id, names, ranks = by_id[record.match_id]
        assert sequential.apply_match(GAME, match_id, names, ranks) == recorded[match_id]
    assert sequential.ladder(GAME) == store.ladder(GAME)


def test_threads_applying_overlapping_matches_count_each_once(store: LadderStore) -> None:
    matches = make_matches(40, seed=11)
    threads = 8
    with ThreadPoolExecutor(max_workers=threads) as pool:
        futures = []
        for worker in range(threads):
            order = list(matches)
            random.Random(worker).shuffle(order)
            for match_id, names, ranks in order:
                futures.append(
                    (match_id, pool.submit(store.apply_match, GAME, match_id, names, ranks))
                )
        returned = [(match_id, future.result()) for match_id, future in futures]
    assert len(returned) == threads * len(matches)
    assert_counted_once_as_sequential(store, matches, returned)


def test_processes_applying_overlapping_matches_count_each_once(
    redis_url: str, key_prefix: str
) -> None:
    from services.ladder.factory import open_store

    matches = make_matches(60, seed=23)
    processes = 8
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(processes)
    queue = context.Queue()
    workers = [
        context.Process(
            target=apply_all,
            args=(redis_url, key_prefix, GAME, matches, seed, start, queue),
        )
        for seed in range(processes)
    ]
    for worker in workers:
        worker.start()
    results = [queue.get(timeout=120)[1] for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    returned = [item for result in results for item in result]
    assert len(returned) == processes * len(matches)
    with open_store(redis_url, key_prefix=key_prefix) as store:
        assert_counted_once_as_sequential(store, matches, returned)
