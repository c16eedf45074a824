"""The Redis ladder store: atomic, idempotent and shared by every process.

Keys (``P`` is the configurable key prefix, default ``arena``):

- ``P:bots:digests`` hash: token SHA-256 digest -> bot name
- ``P:bots:names`` hash: bot name -> token digest
- ``P:ladder:{game}:ratings`` sorted set: bot name -> rating
- ``P:ladder:{game}:tallies`` hash: bot name -> JSON ``{games, wins, rank_sum}``
- ``P:ladder:{game}:matches`` hash: match id -> JSON of its :class:`AppliedMatch`
- ``P:ladder:{game}:order`` sorted set: match id -> its 1-based application order
- ``P:ladder:{game}:history:{name}`` list, newest first: ``"rating at match_id"``, the
  bot's rating after each of its newest ``history`` matches

Applying a match is optimistic: one MULTI/EXEC reads a consistent snapshot of the
participants, the Elo maths runs here in Python, and a Lua script commits only if the
match id is still unrecorded and no participant's tally changed meanwhile (every write
grows a tally's ``games``, so an unchanged tally means an unchanged participant);
otherwise the read is retried. Matches with disjoint participants never conflict, a
match is counted at most once, and the final state equals applying the matches one by
one in ``order``. Registration uses a WATCH/MULTI/EXEC transaction.

A lost connection (or a server still loading its append-only file) is retried with
bounded exponential backoff, then reported as :class:`StoreUnavailable`. Retrying an
interrupted apply is safe: if the first attempt did commit, the retry finds its record
and returns the same deltas.
"""

from __future__ import annotations

import dataclasses
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
from services.ladder.records import (
    AppliedMatch,
    BotTally,
    LadderEntry,
    RatingPoint,
    settle_match,
)
from services.ladder.store import (
    DEFAULT_HISTORY,
    BotAlreadyRegistered,
    LadderStore,
    StoreError,
    StoreUnavailable,
)

T = TypeVar("T")

# Optimistic attempts before giving up: only reachable under pathological contention,
# since every failed attempt means another writer committed.
MAX_OPTIMISTIC_ATTEMPTS = 10_000

# KEYS: ratings, tallies, matches, order, then each participant's history list.
# ARGV: match id, record JSON, time, history length, then per participant: name, tally
# read ('' if none), new rating, new tally.
# Returns {'applied', record, seq}, {'conflict'} or {'ok', seq}.
_COMMIT_MATCH = """
local recorded = redis.call('HGET', KEYS[3], ARGV[1])
if recorded then
  return {'applied', recorded, redis.call('ZSCORE', KEYS[4], ARGV[1])}
end
for i = 5, #ARGV, 4 do
  if (redis.call('HGET', KEYS[2], ARGV[i]) or '') ~= ARGV[i + 1] then
    return {'conflict'}
  end
end
local history = 5
for i = 5, #ARGV, 4 do
  redis.call('ZADD', KEYS[1], ARGV[i + 2], ARGV[i])
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 3])
  redis.call('LPUSH', KEYS[history], ARGV[i + 2] .. ' ' .. ARGV[3] .. ' ' .. ARGV[1])
  redis.call('LTRIM', KEYS[history], 0, tonumber(ARGV[4]) - 1)
  history = history + 1
end
local seq = redis.call('ZCARD', KEYS[4]) + 1
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[4], seq, ARGV[1])
return {'ok', seq}
"""


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
    order: str

    @classmethod
    def of(cls, prefix: str, game: str) -> _GameKeys:
        base = f"{prefix}:ladder:{game}"
        return cls(f"{base}:ratings", f"{base}:tallies", f"{base}:matches", f"{base}:order")

    def commit_keys(self) -> list[str]:
        return [self.ratings, self.tallies, self.matches, self.order]

    def history(self, name: str) -> str:
        return self.ratings.removesuffix(":ratings") + f":history:{name}"


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
        history: int = DEFAULT_HISTORY,
        retry: RetryPolicy | None = None,
        socket_timeout: float = 5.0,
        connect_timeout: float = 2.0,
    ) -> None:
        super().__init__(k, history)
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
        # Runs by EVALSHA, reloading itself if the server lost its script cache.
        self._commit_match = self._client.register_script(_COMMIT_MATCH)
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

    def ping(self) -> None:
        self._retrying(self._client.ping)

    def close(self) -> None:
        self._client.close()

    # -- bots ---------------------------------------------------------------------------

    def registered_bots(self) -> list[str]:
        return sorted(self._retrying(lambda: self._client.hkeys(self._names_key)))

    def _save_token(self, name: str, digest: str, rotate: bool) -> None:
        self._retrying(lambda: self._save_token_once(name, digest, rotate))

    def _save_token_once(self, name: str, digest: str, rotate: bool) -> None:
        with self._client.pipeline(transaction=True) as pipe:
            for _ in range(MAX_OPTIMISTIC_ATTEMPTS):
                try:
                    pipe.watch(self._names_key)
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
                    pipe.execute()
                    return
                except WatchError:
                    continue
        raise StoreError(f"gave up registering {name!r} after {MAX_OPTIMISTIC_ATTEMPTS} conflicts")

    def _name_for_digest(self, digest: str) -> str | None:
        return self._retrying(lambda: self._client.hget(self._digests_key, digest))

    # -- ladders ------------------------------------------------------------------------

    def _apply(
        self, game: str, match_id: str, participants: list[str], ranks: list[int]
    ) -> AppliedMatch:
        keys = _GameKeys.of(self.key_prefix, game)
        return self._retrying(lambda: self._apply_once(keys, match_id, participants, ranks))

    def _apply_once(
        self, keys: _GameKeys, match_id: str, participants: list[str], ranks: list[int]
    ) -> AppliedMatch:
        names = list(dict.fromkeys(participants))
        for _ in range(MAX_OPTIMISTIC_ATTEMPTS):
            with self._client.pipeline(transaction=True) as pipe:
                pipe.hget(keys.matches, match_id)
                pipe.zscore(keys.order, match_id)
                pipe.zmscore(keys.ratings, names)
                pipe.hmget(keys.tallies, names)
                recorded, seq, ratings, tallies_read = pipe.execute()
            if recorded is not None:
                return AppliedMatch.from_json(recorded, int(seq))
            settlement = settle_match(
                match_id,
                0,
                participants,
                ranks,
                dict(zip(names, ratings, strict=True)),
                {
                    name: None if raw is None else BotTally.from_json(raw)
                    for name, raw in zip(names, tallies_read, strict=True)
                },
                self.k,
            )
            args: list[str] = [
                match_id, settlement.record.to_json(), f"{time.time():.3f}", str(self.history)
            ]
            for name, read in zip(names, tallies_read, strict=True):
                args += [
                    name,
                    read or "",
                    repr(settlement.ratings[name]),
                    settlement.tallies[name].to_json(),
                ]
            reply = self._commit_match(
                keys=keys.commit_keys() + [keys.history(name) for name in names], args=args
            )
            if reply[0] == "applied":
                return AppliedMatch.from_json(reply[1], int(float(reply[2])))
            if reply[0] == "ok":
                return dataclasses.replace(settlement.record, seq=int(reply[1]))
        raise StoreError(f"gave up applying {match_id!r} after {MAX_OPTIMISTIC_ATTEMPTS} conflicts")

    def _applied_match(self, game: str, match_id: str) -> AppliedMatch | None:
        keys = _GameKeys.of(self.key_prefix, game)

        def read() -> AppliedMatch | None:
            with self._client.pipeline(transaction=True) as pipe:
                pipe.hget(keys.matches, match_id)
                pipe.zscore(keys.order, match_id)
                recorded, seq = pipe.execute()
            return None if recorded is None else AppliedMatch.from_json(recorded, int(seq))

        return self._retrying(read)

    def _applied_matches(self, game: str) -> list[AppliedMatch]:
        keys = _GameKeys.of(self.key_prefix, game)

        def read() -> list[AppliedMatch]:
            with self._client.pipeline(transaction=True) as pipe:
                pipe.hgetall(keys.matches)
                pipe.zrange(keys.order, 0, -1, withscores=True)
                records, order = pipe.execute()
            return [AppliedMatch.from_json(records[match_id], int(seq)) for match_id, seq in order]

        return self._retrying(read)

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

    def _history(self, game: str, name: str, limit: int) -> list[RatingPoint]:
        key = _GameKeys.of(self.key_prefix, game).history(name)
        texts = self._retrying(lambda: self._client.lrange(key, 0, limit - 1))
        points = []
        for text in reversed(texts):
            rating, at, match_id = text.split(" ", 2)
            points.append(RatingPoint(match_id, float(rating), float(at)))
        return points
