"""The Redis ladder store: atomic, idempotent, one round trip per match.

Key layout and value formats are in :mod:`services.ladder.redis_format`. Applying a
match is one EVALSHA of ``lua/apply_match.lua``: the script checks the match id, reads
the participants' ratings, skills and tallies, runs the Elo and the skill updates, and
writes ratings, skills, tallies, the match record and each participant's bounded rating
history. Redis runs a
script atomically, so concurrent writers never conflict and nothing is retried for
contention; the final state equals applying the matches one by one in ``seq`` order.
Registering a bot is one script too (``lua/register_bot.lua``), and so is counting a
solo match (``lua/apply_solo.lua``).

A lost connection (or a server still loading its append-only file) is retried with
bounded exponential backoff, then reported as :class:`StoreUnavailable`. Retrying an
interrupted apply is safe: if the first attempt did commit, the retry finds its record
and returns the same deltas. A call that times out (a hung server: stopped, swapping,
blocked) is not retried: a slow store is a down store, reported at once, so a caller
waits one socket timeout, not six.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from string import Template
from typing import Any, TypeVar, cast
from urllib.parse import urlsplit

import redis
from redis.backoff import NoBackoff
from redis.exceptions import NoScriptError
from redis.retry import Retry

from engine.core.outcomes import SOLO_WIN_SCORE
from services.ladder.elo import (
    DEFAULT_K,
    ELO_SCALE,
    INITIAL_RATING,
    RATING_UNITS,
    TALLY_UNITS,
)
from services.ladder.records import (
    AppliedMatch,
    AppliedSolo,
    LadderChanges,
    LadderEntry,
    RatingPoint,
    SoloEntry,
)
from services.ladder.redis_format import (
    GameKeys,
    bot_keys,
    history_trim_length,
    pack_score,
    parse_entry,
    parse_match,
    parse_point,
    parse_result,
    parse_solo_entry,
    parse_solo_match,
    queue_key,
    seat_bytes,
    validate_key_prefix,
)
from services.ladder.skill import BETA, KAPPA, MU0, SIGMA0, TAU
from services.ladder.store import (
    DEFAULT_HISTORY,
    RECENT_MATCHES,
    BotAlreadyRegistered,
    LadderStore,
    StoreUnavailable,
    conflict,
    solo_conflict,
)

T = TypeVar("T")
# unit / RATING_UNITS as one bound method: a delta in rating units to rating points
_UNITS_TO_RATING = float(RATING_UNITS).__rtruediv__


class _Script:
    """A Lua script run by EVALSHA, loaded again if the server lost its script cache."""

    def __init__(
        self, name: str, constants: Mapping[str, object] | None = None,
        template: str | None = None,
    ) -> None:
        """``lua/<name>`` with its ``${NAME}`` constants filled in (``template``: other
        source text instead of the file's, for ``bench.ladder_cost``)."""
        source = template if template is not None else (
            resources.files("services.ladder").joinpath("lua", name).read_text("utf-8"))
        values = {key: repr(value) for key, value in (constants or {}).items()}
        self.source = Template(source).safe_substitute(values)
        if "${" in self.source:
            raise ValueError(f"{name}: a ${{NAME}} constant has no value")
        self.sha = hashlib.sha1(self.source.encode("utf-8")).hexdigest()

    def run(self, client: redis.Redis, keys: Sequence[str], args: Sequence[object]) -> Any:
        return self.execute(client, ["EVALSHA", self.sha, len(keys), *keys, *args])

    def execute(self, client: redis.Redis, command: list[Any]) -> Any:
        """Send ``command`` (``EVALSHA sha ...`` of this script), loading it if needed."""
        try:
            return client.execute_command(*command)
        except NoScriptError:
            client.script_load(self.source)
            return client.execute_command(*command)


APPLY_MATCH_CONSTANTS = {
    "INITIAL_RATING": INITIAL_RATING, "ELO_SCALE": ELO_SCALE, "RATING_UNITS": RATING_UNITS,
    "MU0": MU0, "SIGMA0": SIGMA0, "TAU_SQUARED": TAU * TAU, "BETA_SQUARED": BETA * BETA,
    "KAPPA": KAPPA,
    "TALLY_UNITS": TALLY_UNITS, "RECENT_LAST": RECENT_MATCHES - 1,
    "RECENT_TRIM_ABOVE": history_trim_length(RECENT_MATCHES),
}
_APPLY_MATCH = _Script("apply_match.lua", APPLY_MATCH_CONSTANTS)
_REGISTER_BOT = _Script("register_bot.lua")
_APPLY_SOLO = _Script("apply_solo.lua", {"SOLO_WIN_SCORE": SOLO_WIN_SCORE})
_LAST_RATED = _Script("last_rated.lua")
_LADDER_CHANGES = _Script("ladder_changes.lua")


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Bounded exponential backoff for connection errors: ``attempts`` tries in all,
    sleeping ``base_delay * 2**n`` (capped at ``max_delay``) between them."""

    attempts: int = 6
    base_delay: float = 0.05
    max_delay: float = 1.0

    def delay(self, failures: int) -> float:
        return min(self.max_delay, self.base_delay * 2 ** (failures - 1))


def redacted(url: str) -> str:
    """``url`` without credentials, for error messages."""
    parts = urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[-1]
    return f"{parts.scheme}://{host}{parts.path}"


class RedisStore(LadderStore):
    """:class:`LadderStore` on a Redis server (5.0 or later; CI runs 7.0)."""

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
        validate_key_prefix(key_prefix)
        self.url = redacted(url)
        self.key_prefix = key_prefix
        self.retry = retry or RetryPolicy()
        # redis-py's own retries are switched off: _retrying owns the policy.
        options = {
            "socket_timeout": socket_timeout,
            "socket_connect_timeout": connect_timeout,
            "retry": Retry(NoBackoff(), 0),
        }
        self._client = redis.Redis.from_url(url, decode_responses=True, **options)
        # Rows and history points are packed binary: read them undecoded.
        self._raw = redis.Redis.from_url(url, decode_responses=False, **options)
        self._bot_keys = bot_keys(key_prefix)
        self._game_keys: dict[str, GameKeys] = {}
        self._k_arg = repr(float(k))
        self._history_arg = str(history - 1)  # the last index LTRIM keeps
        self._trim_arg = str(history_trim_length(history))

    # -- plumbing -----------------------------------------------------------------------

    def _retrying(
        self, operation: Callable[..., T], *args: Any, failed: Exception | None = None
    ) -> T:
        """``operation(*args)`` under the retry policy; ``failed`` is the error of a
        first attempt the caller already made."""
        failures, error = (0, None) if failed is None else (1, failed)
        while True:
            if error is not None:
                if failures >= self.retry.attempts:
                    raise StoreUnavailable(
                        f"ladder store at {self.url} unreachable after {failures} attempts: "
                        f"{error}"
                    ) from error
                if isinstance(error, redis.TimeoutError):
                    raise StoreUnavailable(
                        f"ladder store at {self.url} did not answer in time: {error}"
                    ) from error
                time.sleep(self.retry.delay(failures))
            try:
                return operation(*args)
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                failures, error = failures + 1, exc

    def _keys(self, game: str) -> GameKeys:
        keys = self._game_keys.get(game)
        if keys is None:
            keys = self._game_keys[game] = GameKeys.of(self.key_prefix, game)
        return keys

    # Typed reads, retried. Rows, records and points are packed: read undecoded.

    def _get(self, key: str, field: str) -> bytes | None:
        return cast("bytes | None", self._retrying(self._raw.hget, key, field))

    def _get_all(self, key: str) -> dict[bytes, bytes]:
        return cast("dict[bytes, bytes]", self._retrying(self._raw.hgetall, key))

    def _newest(self, key: str, count: int) -> list[bytes]:
        return cast("list[bytes]", self._retrying(self._raw.lrange, key, 0, count - 1))

    def _save_queue(self, queue: str, description: str) -> None:
        self._retrying(self._client.hset, queue_key(self.key_prefix), queue, description)

    def _queues(self) -> dict[str, str]:
        return cast("dict[str, str]",
                    self._retrying(self._client.hgetall, queue_key(self.key_prefix)))

    def ping(self) -> None:
        self._retrying(self._client.ping)

    def close(self) -> None:
        self._client.close()
        self._raw.close()

    # -- bots ---------------------------------------------------------------------------

    def registered_bots(self) -> list[str]:
        return sorted(cast("list[str]", self._retrying(self._client.hkeys, self._bot_keys[1])))

    def _save_token(self, name: str, digest: str, rotate: bool) -> None:
        args = (name, digest, "1" if rotate else "0")
        reply = self._retrying(lambda: _REGISTER_BOT.run(self._client, self._bot_keys, args))
        if reply == "exists":
            raise BotAlreadyRegistered(
                f"bot {name!r} is already registered; rotate its token to replace it"
            )

    def _name_for_digest(self, digest: str) -> str | None:
        return cast("str | None", self._retrying(self._client.hget, self._bot_keys[0], digest))

    # -- ladders ------------------------------------------------------------------------

    def _apply(
        self, game: str, match_id: str, participants: list[str], ranks: list[int]
    ) -> dict[str, float]:
        # This runs for every rated match: the first attempt is made inline, and only a
        # lost connection or a lost script cache takes the general path.
        game_keys = self._game_keys.get(game) or self._keys(game)
        names, seats = seat_bytes(participants, ranks)
        history = game_keys.history_prefix
        command: list[Any] = [
            "EVALSHA", _APPLY_MATCH.sha, 3 + len(names), game_keys.bots, game_keys.matches,
            *[history + name for name in names], game_keys.recent,
            self._k_arg, str(time.time_ns() // 1_000_000), self._history_arg, self._trim_arg,
            match_id, seats, *names,
        ]
        try:
            reply = self._client.execute_command(*command)
        except NoScriptError:
            reply = self._retrying(_APPLY_MATCH.execute, self._client, command)
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            reply = self._retrying(_APPLY_MATCH.execute, self._client, command, failed=exc)
        if reply[0] == "conflict":
            recorded = reply[2].encode("utf-8")
            raise conflict(game, match_id, *parse_result(int(reply[1]), recorded))
        # 'ok' or 'applied': seq, then one delta per distinct participant
        del reply[:2]
        return dict(zip(names, map(_UNITS_TO_RATING, reply), strict=True))

    def _applied_match(self, game: str, match_id: str) -> AppliedMatch | None:
        raw = self._get(self._keys(game).matches, match_id)
        return None if raw is None else parse_match(match_id, raw)

    def _applied_matches(self, game: str) -> list[AppliedMatch]:
        records = self._get_all(self._keys(game).matches)
        return [parse_match(match_id.decode("utf-8"), raw) for match_id, raw in records.items()]

    def _entries(self, game: str) -> list[LadderEntry]:
        rows = self._get_all(self._keys(game).bots)
        return [parse_entry(name.decode("utf-8"), row) for name, row in rows.items()]

    def _ladder_version(self, game: str) -> int:
        # Match records are never removed: their count is the last applied seq.
        return cast("int", self._retrying(self._raw.hlen, self._keys(game).matches))

    def _ladder_changes(self, game: str, since: int) -> LadderChanges | None:
        keys = self._keys(game)
        reply = self._retrying(_LADDER_CHANGES.run, self._raw,
                               (keys.bots, keys.matches, keys.recent), (since,))
        version = int(reply[0])
        if len(reply) == 1:
            return LadderChanges(version, {})
        if not reply[1]:
            return None
        names = [name.decode("utf-8") for name in reply[2::2]]
        return LadderChanges(version, {name: parse_entry(name, row)
                                       for name, row in zip(names, reply[3::2], strict=True)})

    def _entry(self, game: str, name: str) -> LadderEntry | None:
        row = self._get(self._keys(game).bots, name)
        return None if row is None else parse_entry(name, row)

    def _history(self, game: str, name: str, limit: int) -> list[RatingPoint]:
        points = self._newest(self._keys(game).history(name), limit)
        return [parse_point(raw) for raw in reversed(points)]

    def _last_rated(self, game: str, names: list[str]) -> dict[str, RatingPoint]:
        # One script for all: each history list's head is its newest point. (A pipeline
        # of LINDEX costs several times more client time at 1,000 bots.)
        prefix = self._keys(game).history_prefix
        keys = [prefix + name for name in names]
        heads = self._retrying(_LAST_RATED.run, self._raw, keys, ()) if keys else []
        return {name: parse_point(raw) for name, raw in zip(names, heads, strict=True)
                if raw is not None}

    # -- solo standings -----------------------------------------------------------------

    def _apply_solo(self, game: str, match_id: str, name: str, score: float) -> bool:
        game_keys = self._keys(game)
        keys = (game_keys.solo, game_keys.solo_matches)
        args = (match_id, name, pack_score(score))
        # The raw client: the record in a conflict reply is packed bytes.
        reply = self._retrying(lambda: _APPLY_SOLO.run(self._raw, keys, args))
        if reply[0] == b"conflict":
            recorded = parse_solo_match(match_id, reply[1])
            raise solo_conflict(game, match_id, recorded.name, recorded.score)
        return reply[0] == b"ok"

    def _applied_solo(self, game: str, match_id: str) -> AppliedSolo | None:
        raw = self._get(self._keys(game).solo_matches, match_id)
        return None if raw is None else parse_solo_match(match_id, raw)

    def _solo_entries(self, game: str) -> list[SoloEntry]:
        rows = self._get_all(self._keys(game).solo)
        return [parse_solo_entry(name.decode("utf-8"), row) for name, row in rows.items()]

    def _solo_entry(self, game: str, name: str) -> SoloEntry | None:
        row = self._get(self._keys(game).solo, name)
        return None if row is None else parse_solo_entry(name, row)
