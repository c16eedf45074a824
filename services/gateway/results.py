"""Finished match results on their way to the ladder: durable first, applied once.

:meth:`ResultQueue.submit` keeps a result durably (:mod:`services.gateway.result_log`)
before it tries the ladder, and the gateway sends MatchEnd only after ``submit``
returns. A result the store cannot take now (Redis restarting, a network blip) waits in
the queue and is retried with capped exponential back-off by one background task, which
also applies, at start-up, whatever a previous run left unapplied; :meth:`retry_now`
(the store answers again) cuts the back-off short. Applying is
idempotent by match id, so a retry after a write whose reply was lost, or a restart
between applying and forgetting a result, never counts a match twice.

A forfeit is kept durably too, before it is announced (:meth:`ResultQueue.hold_forfeit`):
the result an abort of its match would be rated with, dropped once the match's own
result is kept. A start after a crash finds the forfeits of matches that died with the
previous run and rates them (unless a result of the match waits too, or the ladder has
one), so a SIGKILL between a forfeit and the match's end does not lose the forfeit.

A one-seat (solo) match takes the same path; applying it counts its score in the
ladder's solo standings (not rated), once per match id too.

Without durable storage (the in-process store, whose ratings die with the process
anyway) results are applied directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from services.gateway.result_log import DurableResults, MatchResult, Token
from services.ladder.store import LadderStore, MatchConflict

log = logging.getLogger(__name__)

__all__ = ["MatchResult", "ResultQueue"]


class ResultQueue:
    """Applies match results to ``store`` exactly once, keeping them in ``durable``
    until it has."""

    def __init__(
        self,
        store: LadderStore,
        durable: DurableResults | None = None,
        store_up: Callable[[], bool] = lambda: True,
        first_delay: float = 0.5,
        max_delay: float = 30.0,
    ) -> None:
        self._store = store
        self._durable = durable
        self._store_up = store_up
        self._first_delay = first_delay
        self._max_delay = max_delay
        self._pending: dict[str, tuple[Token | None, MatchResult]] = {}
        self._wake = asyncio.Event()
        self._store_back = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._submitting = 0
        self._held: set[str] = set()  # matches of this run with forfeits kept
        self.recovered = durable is None

    def __len__(self) -> int:
        """Results waiting to be applied (the store refused them or is down; with durable
        storage, also those an earlier run left)."""
        return len(self._pending)

    def unrated(self) -> int:
        """Results not yet in the ladder: being kept and applied now, or waiting."""
        return self._submitting + len(self._pending)

    def retry_now(self) -> None:
        """The store is back: retry what waits now rather than after the back-off."""
        self._store_back.set()

    def start(self) -> None:
        """Start the retry task (it first collects what a previous run left)."""
        self._task = asyncio.create_task(self._retry_forever())

    async def submit(self, result: MatchResult) -> dict[str, float] | None:
        """Keep ``result`` durably, then apply it; return the rating changes (none for a
        solo match), or None if it waits for the store (it is applied later)."""
        self._submitting += 1
        try:
            return await self._submit(result)
        finally:
            self._submitting -= 1

    async def hold_forfeit(self, match_id: str, result: MatchResult | None) -> None:
        """Keep durably what the running match ``match_id`` is rated with if it dies with
        this gateway: ``result``, its forfeits (None: nothing, e.g. every seat left)."""
        if self._durable is None:
            return
        try:
            if result is not None:
                await asyncio.to_thread(self._durable.hold, result)
                self._held.add(match_id)
            elif match_id in self._held:
                await asyncio.to_thread(self._durable.release, match_id)
                self._held.discard(match_id)
        except OSError as exc:
            log.error("forfeits of match %s are kept in memory only: %s", match_id, exc)

    async def _submit(self, result: MatchResult) -> dict[str, float] | None:
        token: Token | None = None
        if self._durable is not None:
            try:
                token = await asyncio.to_thread(self._durable.add, result)
            except OSError as exc:
                log.error("result of match %s is kept in memory only: %s", result.match_id, exc)
            else:
                await self.hold_forfeit(result.match_id, None)  # the result replaces them
        if self._store_up():
            try:
                deltas = await self._apply(result)
            except MatchConflict as exc:
                log.error("match %s cannot be rated: %s", result.match_id, exc)
                await self._forget(token)
                return None
            except Exception as exc:
                log.warning("match %s not rated yet (%s); will retry", result.match_id, exc)
            else:
                await self._forget(token)
                return deltas
        self._pending[result.match_id] = (token, result)
        self._wake.set()
        return None

    async def close(self) -> None:
        """Stop retrying. Durable results are applied at the next start; results only in
        memory are logged with what is needed to apply them by hand."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        for token, result in self._pending.values():
            if token is None:
                log.error("UNRATED match, apply by hand: %s", result.to_json())
        if self._pending:
            log.warning("%d match result(s) wait for the ladder store", len(self._pending))
        if self._durable is not None:
            await asyncio.to_thread(self._durable.close)

    async def _apply(self, result: MatchResult) -> dict[str, float]:
        if result.score is not None:
            (label,) = result.labels
            await asyncio.to_thread(
                self._store.apply_solo, result.game, result.match_id, label, result.score
            )
            return {}
        return await asyncio.to_thread(
            self._store.apply_match, result.game, result.match_id, list(result.labels),
            list(result.ranks),
        )

    async def _forget(self, token: Token | None) -> None:
        if token is not None and self._durable is not None:
            await asyncio.to_thread(self._durable.remove, token)

    async def _retry_forever(self) -> None:
        delay = self._first_delay
        while True:
            if not self.recovered:
                self.recovered = await self._recover()
            if self.recovered and not self._pending:
                self._wake.clear()
                await self._wake.wait()
                continue
            if self.recovered and await self._apply_pending():
                delay = self._first_delay
                continue
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(delay):
                    await self._store_back.wait()
            if self._store_back.is_set():
                self._store_back.clear()
                delay = self._first_delay
            else:
                delay = min(delay * 2, self._max_delay)

    async def _recover(self) -> bool:
        assert self._durable is not None
        try:
            found = await asyncio.to_thread(self._durable.pending)
        except Exception as exc:
            log.warning("results left by an earlier run cannot be read yet: %s", exc)
            return False
        for token, result in found:
            self._pending.setdefault(result.match_id, (token, result))
        if found:
            log.info("%d result(s) from an earlier run to apply", len(found))
        try:
            held = await asyncio.to_thread(self._durable.held)
        except OSError as exc:
            log.error("forfeits left by an earlier run cannot be read: %s", exc)
            held = []
        for token, result in held:
            if result.match_id in self._pending:  # its own result was kept: that counts
                await self._forget(token)
            else:
                log.info("match %s died with the previous run: its forfeits are rated "
                         "(ranks %s)", result.match_id, list(result.ranks))
                self._pending[result.match_id] = (token, result)
        return True

    async def _apply_pending(self) -> bool:
        """Apply what waits, oldest first; False if the store failed."""
        for match_id, (token, result) in list(self._pending.items()):
            try:
                await self._apply(result)
            except MatchConflict as exc:
                if token is not None and token[0] == "held":
                    log.info("match %s was rated with its own result; its forfeits are "
                             "dropped", match_id)
                else:
                    log.error("match %s cannot be rated, dropped: %s (%s)", match_id, exc,
                              result.to_json())
            except ValueError as exc:
                log.error("match %s cannot be rated, dropped: %s (%s)", match_id, exc,
                          result.to_json())
            except Exception as exc:
                log.warning("match %s still not rated (%s)", match_id, exc)
                return False
            else:
                log.info("match %s rated after waiting", match_id)
            await self._forget(token)
            self._pending.pop(match_id, None)
        return True
