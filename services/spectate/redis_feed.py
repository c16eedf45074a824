"""The Redis match feed: gateways publish, any number of web front ends read.

Keys (``P`` is the key prefix; all share the hash tag ``{P:feed}``):

- ``{P:feed}:live`` sorted set: match id -> start time
- ``{P:feed}:finished`` sorted set: match id -> end time (the newest ``keep_finished``)
- ``{P:feed}:match:ID`` hash: game, config, seed, labels, started_at, status, ended_at,
  result, interrupted, replay (JSON where structured)
- ``{P:feed}:choices:ID`` list of ``"seat index"`` while the match runs
- ``{P:feed}:instances`` sorted set: gateway instance id -> the Unix time its heartbeat
  expires (a match hash names its gateway in ``instance``)

Writes go through one background thread that sends batches in a pipeline, so the
gateway's loop never waits on Redis. A lost connection is retried with backoff; a batch
that still fails is dropped, and the offset check then marks its match interrupted.
Each gateway announces itself (:meth:`RedisFeed.announce`) and renews its heartbeat
every ``heartbeat`` seconds, valid ``expiry`` seconds. The live matches of an instance
whose heartbeat expired are ended as aborted by whoever looks next: every gateway on each
heartbeat (a restarted one too), and readers before listing matches (at most every
:data:`READER_REAP_SECONDS`). Live keys also expire unless refreshed (entries written
before instances had ids).
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from engine.core import GameConfig, Replay, Result
from services.spectate.feed import (
    ABORTED,
    COMPLETED,
    DEFAULT_KEEP_FINISHED,
    LIVE,
    FeedMatch,
    FeedUnavailable,
    MatchFeed,
)

log = logging.getLogger(__name__)

LIVE_TTL = 6 * 3600  # seconds a live match survives without a new choice
FINISHED_TTL = 7 * 86400
MAX_PENDING = 200_000  # queued writes beyond which new ones are dropped
CHUNK = 500  # choices per script call (Lua's unpack has a stack limit)
WRITE_ATTEMPTS = 8
DEFAULT_HEARTBEAT = 10.0  # seconds between a gateway's heartbeats
DEFAULT_EXPIRY = 30.0  # seconds a heartbeat stays valid
READER_REAP_SECONDS = 5.0  # a reader ends dead instances' matches at most this often

# KEYS: match, choices, live, instances. ARGV: ttl, game, config, seed, labels,
# started_at, match id, instance id ('' for none), its heartbeat's expiry.
_START = """
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'game', ARGV[2], 'config', ARGV[3], 'seed', ARGV[4],
  'labels', ARGV[5], 'started_at', ARGV[6], 'status', 'live')
if ARGV[8] ~= '' then
  redis.call('HSET', KEYS[1], 'instance', ARGV[8])
  redis.call('ZADD', KEYS[4], 'GT', ARGV[9], ARGV[8])
end
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[6], ARGV[7])
return 1
"""

# The finished list keeps its newest ``keep`` ids; older ones leave it with their hashes.
# Both scripts that end matches (_END, _REAP) open with this function.
_TRIM_FINISHED = """
local function trim_finished(finished, keep, match_prefix)
  local excess = redis.call('ZCARD', finished) - tonumber(keep)
  if excess > 0 then
    local old = redis.call('ZRANGE', finished, 0, excess - 1)
    for _, id in ipairs(old) do redis.call('DEL', match_prefix .. id) end
    redis.call('ZREMRANGEBYRANK', finished, 0, excess - 1)
  end
end
"""

# KEYS: live, finished, instances. ARGV: now, prefix of match hashes, prefix of choice
# lists, ttl of a finished match, finished matches kept.
_REAP = _TRIM_FINISHED + """
local now = tonumber(ARGV[1])
local ended = 0
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local match = ARGV[2] .. id
  local owner = redis.call('HGET', match, 'instance')
  if redis.call('EXISTS', match) == 0 then
    redis.call('ZREM', KEYS[1], id)
  elseif owner then
    local expires = redis.call('ZSCORE', KEYS[3], owner)
    if (not expires) or tonumber(expires) < now then
      local choices = ARGV[3] .. id
      redis.call('ZREM', KEYS[1], id)
      redis.call('HSET', match, 'status', 'aborted', 'ended_at', ARGV[1], 'result', '',
        'replay', '', 'decisions', redis.call('LLEN', choices))
      redis.call('DEL', choices)
      redis.call('EXPIRE', match, ARGV[4])
      redis.call('ZADD', KEYS[2], ARGV[1], id)
      ended = ended + 1
    end
  end
end
if ended > 0 then trim_finished(KEYS[2], ARGV[5], ARGV[2]) end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', '(' .. ARGV[1])
return ended
"""

# KEYS: match, choices. ARGV: ttl, offset, then the choices.
_ADVANCE = """
if redis.call('HGET', KEYS[1], 'status') ~= 'live' then return 0 end
if redis.call('HEXISTS', KEYS[1], 'interrupted') == 1 then return 0 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], 'interrupted', '1')
  return 0
end
redis.call('RPUSH', KEYS[2], unpack(ARGV, 3))
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[1])
return 1
"""

# KEYS: match, choices, live, finished. ARGV: ttl, match id, status, ended_at, result,
# replay, decisions, keep, key prefix of match hashes.
_END = _TRIM_FINISHED + """
redis.call('ZREM', KEYS[3], ARGV[2])
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local decisions = ARGV[7]
if ARGV[3] == 'aborted' then decisions = redis.call('LLEN', KEYS[2]) end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'status', ARGV[3], 'ended_at', ARGV[4], 'result', ARGV[5],
  'replay', ARGV[6], 'decisions', decisions)
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[4], ARGV[4], ARGV[2])
trim_finished(KEYS[4], ARGV[8], ARGV[9])
return 1
"""

_META = ("game", "config", "seed", "labels", "started_at", "status", "ended_at", "result",
         "interrupted", "decisions")
_STOP = object()


class RedisFeed(MatchFeed):
    """:class:`MatchFeed` on a Redis server, shared by gateways and web front ends."""

    def __init__(
        self,
        url: str,
        *,
        key_prefix: str = "arena",
        keep_finished: int = DEFAULT_KEEP_FINISHED,
        socket_timeout: float = 5.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(keep_finished)
        self._clock = clock
        if not key_prefix or any(c.isspace() or c in "{}" for c in key_prefix):
            raise ValueError(f"invalid key prefix {key_prefix!r}")
        self._client = redis.Redis.from_url(
            url, decode_responses=True, socket_timeout=socket_timeout,
            socket_connect_timeout=2.0, retry=Retry(NoBackoff(), 0),
        )
        tag = f"{{{key_prefix}:feed}}"
        self._live_key = f"{tag}:live"
        self._finished_key = f"{tag}:finished"
        self._match_prefix = f"{tag}:match:"
        self._choices_prefix = f"{tag}:choices:"
        self._instances_key = f"{tag}:instances"
        self._start = self._client.register_script(_START)
        self._reap = self._client.register_script(_REAP)
        self._advance = self._client.register_script(_ADVANCE)
        self._end = self._client.register_script(_END)
        self._queue: queue.Queue[Any] = queue.Queue()
        self._dropping = False
        self._writer: threading.Thread | None = None
        self._writer_lock = threading.Lock()
        self.instance = ""
        self._expiry = DEFAULT_EXPIRY
        self._beating = threading.Event()
        self._heart: threading.Thread | None = None
        self._last_reap = float("-inf")

    # -- publishing ----------------------------------------------------------------------

    def _keys(self, match_id: str) -> tuple[str, str]:
        return self._match_prefix + match_id, self._choices_prefix + match_id

    def _put(self, script: Any, keys: list[str], args: list[Any]) -> None:
        if self._queue.qsize() >= MAX_PENDING:
            if not self._dropping:
                log.warning("spectator feed: %d writes pending, dropping new ones", MAX_PENDING)
                self._dropping = True
            return
        self._dropping = False
        self._ensure_writer()
        self._queue.put((script, keys, args))

    def started(
        self, match_id: str, game: str, config: GameConfig, seed: int, labels: Sequence[str]
    ) -> None:
        match_key, choices_key = self._keys(match_id)
        keys = [match_key, choices_key, self._live_key, self._instances_key]
        self._put(self._start, keys, [
            LIVE_TTL, game, json.dumps(config.to_json()), seed, json.dumps(list(labels)),
            repr(time.time()), match_id, self.instance, repr(self._clock() + self._expiry),
        ])

    def advanced(self, match_id: str, offset: int, choices: Sequence[tuple[int, int]]) -> None:
        keys = list(self._keys(match_id))
        for start in range(0, len(choices), CHUNK):
            chunk = choices[start:start + CHUNK]
            self._put(self._advance, keys, [
                LIVE_TTL, offset + start, *(f"{seat} {index}" for seat, index in chunk)
            ])

    def ended(self, match_id: str, replay: Replay | None) -> None:
        match_key, choices_key = self._keys(match_id)
        result = "" if replay is None or replay.result is None else json.dumps(
            replay.result.to_json())
        self._put(self._end, [match_key, choices_key, self._live_key, self._finished_key], [
            FINISHED_TTL, match_id, ABORTED if replay is None else COMPLETED, repr(time.time()),
            result, "" if replay is None else json.dumps(replay.to_json(), separators=(",", ":")),
            0 if replay is None else len(replay.choices), self.keep_finished,
            self._match_prefix,
        ])

    # -- gateway instances: heartbeats, and ending a dead one's matches -----------------

    def announce(
        self, instance: str, heartbeat: float = DEFAULT_HEARTBEAT,
        expiry: float = DEFAULT_EXPIRY,
    ) -> None:
        """Publish as gateway ``instance``: a heartbeat now and every ``heartbeat``
        seconds (each valid ``expiry`` seconds) from a thread, which also ends the live
        matches of instances whose heartbeat expired."""
        if not 0 < heartbeat < expiry:
            raise ValueError("the heartbeat must be shorter than its expiry, both > 0")
        self.instance, self._expiry = instance, expiry
        self._beat_and_reap()  # before the first match, and a restart cleans up at once
        self._heart = threading.Thread(
            target=self._beat_loop, args=(heartbeat,), name="feed-heartbeat", daemon=True)
        self._heart.start()

    def _beat_loop(self, heartbeat: float) -> None:
        while not self._beating.wait(heartbeat):
            self._beat_and_reap()

    def _beat_and_reap(self) -> None:
        try:
            self.beat()
            self.reap()
        except redis.RedisError as exc:
            log.warning("spectator feed: heartbeat of %s failed: %s", self.instance, exc)

    def beat(self) -> None:
        """Renew this instance's heartbeat (valid ``expiry`` seconds from now)."""
        self._client.zadd(self._instances_key, {self.instance: self._clock() + self._expiry})

    def reap(self) -> int:
        """End as aborted the live matches of instances whose heartbeat expired (and
        forget the instances); the number of matches ended."""
        self._last_reap = now = self._clock()
        keys = [self._live_key, self._finished_key, self._instances_key]
        ended = int(self._reap(keys=keys, args=[
            repr(now), self._match_prefix, self._choices_prefix, FINISHED_TTL,
            self.keep_finished]))
        if ended:
            log.warning("spectator feed: ended %d live match(es) of gateways gone silent "
                        "as aborted", ended, extra={"matches": ended})
        return ended

    def _reap_if_due(self) -> None:
        if self._clock() - self._last_reap >= READER_REAP_SECONDS:
            self.reap()

    def _ensure_writer(self) -> None:
        if self._writer is not None:
            return
        with self._writer_lock:
            if self._writer is None:
                self._writer = threading.Thread(
                    target=self._write_loop, name="spectator-feed", daemon=True
                )
                self._writer.start()

    def _write_loop(self) -> None:
        while True:
            batch = [self._queue.get()]
            while len(batch) < 256:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            stop = any(item is _STOP for item in batch)
            self._write([item for item in batch if item is not _STOP])
            for _ in batch:
                self._queue.task_done()
            if stop:
                return

    def _write(self, batch: list[Any]) -> None:
        if not batch:
            return
        for attempt in range(1, WRITE_ATTEMPTS + 1):
            try:
                with self._client.pipeline(transaction=False) as pipe:
                    for script, keys, args in batch:
                        script(keys=keys, args=args, client=pipe)
                    pipe.execute()
                return
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                if attempt == WRITE_ATTEMPTS:
                    log.warning("spectator feed: dropped %d writes: %s", len(batch), exc)
                    return
                time.sleep(min(2.0, 0.05 * 2 ** attempt))
            except redis.RedisError:
                log.exception("spectator feed: a write failed; dropped %d writes", len(batch))
                return

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every queued write was sent (for tests and shutdown)."""
        deadline = time.monotonic() + timeout
        while self._queue.unfinished_tasks and time.monotonic() < deadline:
            time.sleep(0.01)

    def close(self) -> None:
        if self._writer is not None:
            self._queue.put(_STOP)
            self._writer.join(timeout=10)
        if self._heart is not None:
            self._beating.set()
            self._heart.join(timeout=10)
            try:  # its matches were ended above; any left are reaped at once
                self._client.zrem(self._instances_key, self.instance)
            except redis.RedisError as exc:
                log.warning("spectator feed: could not withdraw %s: %s", self.instance, exc)
        self._client.close()

    # -- reading -------------------------------------------------------------------------

    def _read(self, operation: Any) -> Any:
        try:
            return operation()
        except redis.RedisError as exc:
            raise FeedUnavailable(f"spectator feed unreachable: {exc}") from exc

    def _matches(self, ids: Any) -> list[FeedMatch]:
        """The matches of ``ids`` (a list of match ids, as a sorted-set read returns)."""
        with self._client.pipeline(transaction=False) as pipe:
            for match_id in ids:
                pipe.hmget(self._match_prefix + match_id, _META)
                pipe.llen(self._choices_prefix + match_id)
            replies = pipe.execute()
        matches = []
        for k, match_id in enumerate(ids):
            parsed = _parse(match_id, replies[2 * k], replies[2 * k + 1])
            if parsed is not None:
                matches.append(parsed)
        return matches

    def live(self) -> list[FeedMatch]:
        self._read(self._reap_if_due)
        return self._read(lambda: self._matches(self._client.zrange(self._live_key, 0, -1)))

    def finished(self, limit: int = 50) -> list[FeedMatch]:
        self._read(self._reap_if_due)
        return self._read(lambda: self._matches(
            self._client.zrevrange(self._finished_key, 0, max(0, limit - 1))))

    def match(self, match_id: str) -> FeedMatch | None:
        self._read(self._reap_if_due)
        found = self._read(lambda: self._matches([match_id]))
        return found[0] if found else None

    def choices(self, match_id: str, start: int = 0) -> list[tuple[int, int]]:
        items = self._read(lambda: self._client.lrange(self._choices_prefix + match_id, start, -1))
        if not items:
            replay = self.replay(match_id)
            return list(replay.choices[start:]) if replay is not None else []
        return [(int(seat), int(index)) for seat, index in (i.split(" ") for i in items)]

    def replay(self, match_id: str) -> Replay | None:
        text = self._read(lambda: self._client.hget(self._match_prefix + match_id, "replay"))
        return Replay.from_json(json.loads(text)) if text else None


def _parse(match_id: str, values: list[str | None], length: int) -> FeedMatch | None:
    meta = dict(zip(_META, values, strict=True))
    if meta["game"] is None:
        return None  # expired or never fully written
    status = meta["status"] or LIVE
    result = json.loads(meta["result"]) if meta["result"] else None
    return FeedMatch(
        match_id=match_id,
        game=str(meta["game"]),
        config=GameConfig.from_json(json.loads(str(meta["config"]))),
        seed=int(str(meta["seed"])),
        labels=tuple(json.loads(str(meta["labels"]))),
        started_at=float(str(meta["started_at"])),
        status=status,
        ended_at=float(meta["ended_at"]) if meta["ended_at"] else None,
        result=Result.from_json(result) if result else None,
        decisions=length if status == LIVE else int(meta["decisions"] or 0),
        interrupted=meta["interrupted"] is not None,
    )
