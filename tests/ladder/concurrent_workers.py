"""Work run in child processes by the concurrency tests (kept free of pytest imports)."""

from __future__ import annotations

import random
from typing import Any

from services.ladder.factory import open_store

Match = tuple[str, list[str], list[int]]


def apply_all(
    url: str,
    key_prefix: str,
    game: str,
    matches: list[Match],
    seed: int,
    start: Any,
    results: Any,
) -> None:
    """Wait at the ``start`` barrier, apply every match in a seed-shuffled order, and
    put ``(seed, [(match_id, deltas), ...])`` on the ``results`` queue."""
    order = list(matches)
    random.Random(seed).shuffle(order)
    with open_store(url, key_prefix=key_prefix) as store:
        store.ping()
        start.wait()
        returned = [
            (match_id, store.apply_match(game, match_id, names, ranks))
            for match_id, names, ranks in order
        ]
    results.put((seed, returned))
