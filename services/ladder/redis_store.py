"""The Redis ladder store: atomic, idempotent and shared by every process.

Keys (``P`` is the configurable key prefix, default ``arena``):

- ``P:bots:digests`` hash: token SHA-256 digest -> bot name
- ``P:bots:names`` hash: bot name -> token digest
- ``P:ladder:{game}:ratings`` sorted set: bot name -> rating
- ``P:ladder:{game}:tallies`` hash: bot name -> JSON ``{games, wins, rank_sum}``
- ``P:ladder:{game}:matches`` hash: match id -> JSON :class:`AppliedMatch` (with deltas)

Writes are WATCH/MULTI/EXEC transactions retried on WatchError, so concurrent writers
never lose an update; the match record is written in the same transaction as the
ratings, so a match id is counted at most once. A lost connection (or a server still
loading its append-only file) is retried with bounded exponential backoff, then
reported as :class:`StoreUnavailable`. Retrying an interrupted apply is safe: if the
first attempt did commit, the retry finds its record and returns the same deltas.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar
from urllib.parse import urlsplit

import redis
from redis.backoff import NoBackoff
from redis.exceptions import WatchError
from redis.retry import Retry

from services.ladder.elo import DEFAULT_K
from services.ladder.records import AppliedMatch, BotTally, LadderEntry, settle_match
from services.ladder.store import BotAlreadyRegistered, LadderStore, StoreError, StoreUnavailable

T = TypeVar("T")

# Optimistic transactions retried on WatchError before giving up: only reachable under
# pathological contention, since every retry means another writer made progress.
MAX_OPTIMISTIC_ATTEMPTS = 10_000


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Bounded exponential backoff for connection errors: ``attempts`` tries in all,
    sleeping ``base_delay * 2**n`` (capped at ``max_delay``) between them."""

    attempts: int = 6
    base_delay: float = 0.05
    max_delay: float = 1.0

    def delay(self, failures: int) -> float:
        return min(self.max_delay, self.base_delay * 2 ** (failures - 1))


@dataclass(frozen=True, slots=True)
class _GameKeys:
    ratings: str
    tallies: str
    matches: str

    @classmethod
    def of(cls, prefix: str, game: str) -> _GameKeys:
        base = f"{prefix}:ladder:{game}"
        return cls(f"{base}:ratings", f"{base}:tallies", f"{base}:matches")


def redacted(url: str) -> str:
    """``url`` without credentials, for error messages."""
    parts = urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[-1]
    return f"{parts.scheme}://{host}{parts.path}"


class RedisStore(LadderStore):
    """:class:`LadderStore` on a Redis server (6.2 or later)."""

    def __init__(
        self,
        url: str,
        *,
        key_prefix: str = "arena",
        k: float = DEFAULT_K,
        retry: RetryPolicy | None = None,
        socket_timeout: float = 5.0,
        connect_timeout: float = 2.0,
    ) -> None:
        super().__init__(k)
        if not key_prefix or any(c.isspace() for c in key_prefix):
            raise ValueError(f"invalid key prefix {key_prefix!r}")
        self.url = redacted(url)
        self.key_prefix = key_prefix
        self.retry = retry or RetryPolicy()
        # redis-py's own retries are switched off: _retrying owns the policy.
        self._client = redis.Redis.from_url(
            url,
            decode_responses=True,
            socket_timeout=socket_timeout,
            socket_connect_timeout=connect_timeout,
            retry=Retry(NoBackoff(), 0),
        )
        self._digests_key = f"{key_prefix}:bots:digests"
        self._names_key = f"{key_prefix}:bots:names"

    # -- plumbing -----------------------------------------------------------------------

    def _retrying(self, operation: Callable[[], T]) -> T:
        failures = 0
        while True:
            try:
                return operation()
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                failures += 1
                if failures >= self.retry.attempts:
                    raise StoreUnavailable(
                        f"ladder store at {self.url} unreachable after {failures} attempts: {exc}"
                    ) from exc
                time.sleep(self.retry.delay(failures))

    def _transaction(self, keys: tuple[str, ...], step: Callable[[redis.client.Pipeline], T]) -> T:
        """Run ``step`` under WATCH ``keys``, retrying on WatchError.

        ``step`` reads in immediate mode, then calls ``pipe.multi()`` and queues writes;
        this function executes them. ``step`` may return early without calling multi().
        """
        with self._client.pipeline(transaction=True) as pipe:
            for attempt in range(MAX_OPTIMISTIC_ATTEMPTS):
                try:
                    pipe.watch(*keys)
                    outcome = step(pipe)
                    if pipe.explicit_transaction:
                        pipe.execute()
                    return outcome
                except WatchError:
                    pipe.reset()
                    time.sleep(random.uniform(0.0, min(0.005, 0.0002 * attempt)))
        raise StoreError(f"gave up after {MAX_OPTIMISTIC_ATTEMPTS} conflicting transactions")

    def ping(self) -> None:
        self._retrying(self._client.ping)

    def close(self) -> None:
        self._client.close()

    # -- bots ---------------------------------------------------------------------------

    def registered_bots(self) -> list[str]:
        return sorted(self._retrying(lambda: self._client.hkeys(self._names_key)))

    def _save_token(self, name: str, digest: str, rotate: bool) -> None:
        def step(pipe: redis.client.Pipeline) -> None:
            old = pipe.hget(self._names_key, name)
            if old == digest:
                return  # a retried call whose first attempt committed
            if old is not None and not rotate:
                raise BotAlreadyRegistered(
                    f"bot {name!r} is already registered; rotate its token to replace it"
                )
            pipe.multi()
            if old is not None:
                pipe.hdel(self._digests_key, old)
            pipe.hset(self._digests_key, digest, name)
            pipe.hset(self._names_key, name, digest)

        self._retrying(lambda: self._transaction((self._names_key,), step))

    def _name_for_digest(self, digest: str) -> str | None:
        return self._retrying(lambda: self._client.hget(self._digests_key, digest))

    # -- ladders ------------------------------------------------------------------------

    def _apply(
        self, game: str, match_id: str, participants: list[str], ranks: list[int]
    ) -> AppliedMatch:
        keys = _GameKeys.of(self.key_prefix, game)
        names = list(dict.fromkeys(participants))

        def step(pipe: redis.client.Pipeline) -> AppliedMatch:
            recorded = pipe.hget(keys.matches, match_id)
            if recorded is not None:
                return AppliedMatch.from_json(recorded)
            seq = pipe.hlen(keys.matches) + 1
            ratings = dict(zip(names, pipe.zmscore(keys.ratings, names), strict=True))
            tallies = {
                name: None if raw is None else BotTally.from_json(raw)
                for name, raw in zip(names, pipe.hmget(keys.tallies, names), strict=True)
            }
            settlement = settle_match(
                match_id, seq, participants, ranks, ratings, tallies, self.k
            )
            pipe.multi()
            pipe.zadd(keys.ratings, settlement.ratings)
            pipe.hset(
                keys.tallies,
                mapping={name: tally.to_json() for name, tally in settlement.tallies.items()},
            )
            pipe.hset(keys.matches, match_id, settlement.record.to_json())
            return settlement.record

        watched = (keys.matches, keys.ratings, keys.tallies)
        return self._retrying(lambda: self._transaction(watched, step))

    def _applied_match(self, game: str, match_id: str) -> AppliedMatch | None:
        key = _GameKeys.of(self.key_prefix, game).matches
        raw = self._retrying(lambda: self._client.hget(key, match_id))
        return None if raw is None else AppliedMatch.from_json(raw)

    def _applied_matches(self, game: str) -> list[AppliedMatch]:
        key = _GameKeys.of(self.key_prefix, game).matches
        raw = self._retrying(lambda: self._client.hvals(key))
        return [AppliedMatch.from_json(text) for text in raw]

    def _entries(self, game: str) -> list[LadderEntry]:
        keys = _GameKeys.of(self.key_prefix, game)

        def read() -> list[LadderEntry]:
            with self._client.pipeline(transaction=True) as pipe:
                pipe.zrange(keys.ratings, 0, -1, withscores=True)
                pipe.hgetall(keys.tallies)
                ratings, tallies = pipe.execute()
            return [
                LadderEntry.from_tally(name, rating, BotTally.from_json(tallies[name]))
                for name, rating in ratings
            ]

        return self._retrying(read)

    def _entry(self, game: str, name: str) -> LadderEntry | None:
        keys = _GameKeys.of(self.key_prefix, game)

        def read() -> LadderEntry | None:
            with self._client.pipeline(transaction=True) as pipe:
                pipe.zscore(keys.ratings, name)
                pipe.hget(keys.tallies, name)
                rating, tally = pipe.execute()
            if rating is None or tally is None:
                return None
            return LadderEntry.from_tally(name, rating, BotTally.from_json(tally))

        return self._retrying(read)
