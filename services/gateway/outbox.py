"""Match results on their way to the ladder store, retried until the store takes them.

A result that cannot be written now (Redis restarting, a network blip) is not dropped:
it waits here and is retried with capped exponential back-off. Applying a match is
idempotent by match id, so a retry after a write whose reply was lost never counts the
match twice. Results still pending when the gateway stops are logged at ERROR level with
everything needed to apply them by hand.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from services.ladder.store import LadderStore

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PendingResult:
    game: str
    match_id: str
    labels: tuple[str, ...]
    ranks: tuple[int, ...]


class RatingOutbox:
    """Writes match results to ``store``; keeps retrying those that fail."""

    def __init__(
        self, store: LadderStore, first_delay: float = 0.5, max_delay: float = 30.0
    ) -> None:
        self._store = store
        self._first_delay = first_delay
        self._max_delay = max_delay
        self._retrying: dict[str, asyncio.Task[None]] = {}
        self._pending: dict[str, PendingResult] = {}
        self._writing = 0

    def __len__(self) -> int:
        """Results waiting for a retry."""
        return len(self._pending)

    def unrated(self) -> int:
        """Results not yet in the ladder: being written now or waiting for a retry."""
        return self._writing + len(self._pending)

    async def apply(
        self, game: str, match_id: str, labels: Sequence[str], ranks: Sequence[int]
    ) -> dict[str, float] | None:
        """Apply now and return the rating changes; on failure queue a retry, return None."""
        item = PendingResult(game, match_id, tuple(labels), tuple(ranks))
        self._writing += 1
        try:
            return await self._write(item)
        except Exception as exc:
            log.warning("match %s not rated yet (%s); will retry", match_id, exc)
            self._pending[match_id] = item
            self._retrying[match_id] = asyncio.create_task(self._retry(item))
            return None
        finally:
            self._writing -= 1

    async def _write(self, item: PendingResult) -> dict[str, float]:
        return await asyncio.to_thread(
            self._store.apply_match, item.game, item.match_id, list(item.labels),
            list(item.ranks),
        )

    async def _retry(self, item: PendingResult) -> None:
        delay = self._first_delay
        while True:
            await asyncio.sleep(delay)
            try:
                await self._write(item)
            except Exception as exc:
                log.warning("match %s still not rated (%s)", item.match_id, exc)
                delay = min(delay * 2, self._max_delay)
                continue
            log.info("match %s rated after a retry", item.match_id)
            self._pending.pop(item.match_id, None)
            self._retrying.pop(item.match_id, None)
            return

    async def close(self) -> None:
        """Stop retrying; log every result that is still unwritten."""
        for task in self._retrying.values():
            task.cancel()
        await asyncio.gather(*self._retrying.values(), return_exceptions=True)
        for item in self._pending.values():
            log.error("UNRATED match, apply by hand: %s", json.dumps({
                "game": item.game, "match_id": item.match_id,
                "participants": list(item.labels), "ranks": list(item.ranks)}))
        self._retrying.clear()
