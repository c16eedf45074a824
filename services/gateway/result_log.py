"""Where finished match results are kept until the ladder has them: durably.

:class:`DurableResults` writes each result to a Redis stream (``P:results:pending``) and,
when Redis cannot take it, to a local append-only journal file (one JSON object per
line, fsync'd). A result leaves the stream (XDEL), or is marked ``applied`` in the
journal, only after the ladder store applied it. What is left in either after a crash is
applied again at the next start: the ladder applies a match id at most once, so the
result counts exactly once. Both are synchronous; the gateway calls them from threads.

The journal also holds each running match's forfeits (``forfeit``: the result an abort
of the match would be rated with, written before the forfeit is announced), until the
match's own result is kept (``settled``). A gateway killed meanwhile leaves them
unsettled: the match died with it, so the next start rates them as an abort would have.
The journal is one gateway's own file, so no other gateway's running match is touched.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match as the ladder applies it. A one-seat (solo) match carries its
    ``score`` and goes to the solo standings instead of being rated."""

    game: str
    match_id: str
    labels: tuple[str, ...]
    ranks: tuple[int, ...]
    score: float | None = None

    def to_json(self) -> str:
        data: dict[str, Any] = {"game": self.game, "match_id": self.match_id,
                                "labels": list(self.labels), "ranks": list(self.ranks)}
        if self.score is not None:
            data["score"] = self.score
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchResult:
        data = json.loads(text)
        score = data.get("score")
        return cls(str(data["game"]), str(data["match_id"]),
                   tuple(str(x) for x in data["labels"]), tuple(int(r) for r in data["ranks"]),
                   None if score is None else float(score))


# A result's place in durable storage: ("redis", entry id) or ("journal", match id), or
# ("held", match id) for the forfeits of a match a previous run left unsettled.
Token = tuple[str, str]


class ResultStream:
    """The Redis stream of results not yet applied."""

    def __init__(self, url: str, key_prefix: str, timeout: float = 2.0) -> None:
        self.key = f"{key_prefix}:results:pending"
        self._client = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout,
            retry=Retry(NoBackoff(), 0),
        )

    def add(self, result: MatchResult) -> str:
        entry = self._client.xadd(self.key, {"result": result.to_json()})
        return entry.decode() if isinstance(entry, bytes) else str(entry)

    def remove(self, entry: str) -> None:
        self._client.xdel(self.key, entry)

    def entries(self) -> list[tuple[str, MatchResult]]:
        found = []
        stream = cast("list[tuple[bytes, dict[bytes, bytes]]]", self._client.xrange(self.key))
        for entry, fields in stream:
            try:
                found.append((entry.decode(), MatchResult.from_json(fields[b"result"])))
            except (KeyError, ValueError) as exc:
                log.error("unreadable result %s in %s, left in place: %s", entry, self.key, exc)
        return found

    def close(self) -> None:
        self._client.close()


class ResultJournal:
    """An append-only local file of results and of which were applied. One gateway owns
    it: opening a journal another process holds raises OSError."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)
        self._owner = open(path.with_name(path.name + ".lock"), "a")  # noqa: SIM115
        try:
            fcntl.flock(self._owner, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._owner.close()
            raise OSError(f"the journal {path} is in use by another gateway") from None
        self._compact()
        self._file = open(path, "a", encoding="utf-8")  # noqa: SIM115 (kept open)

    def add(self, result: MatchResult) -> str:
        self._append({"op": "result", "result": json.loads(result.to_json())})
        return result.match_id

    def remove(self, match_id: str) -> None:
        self._append({"op": "applied", "match_id": match_id})

    def hold(self, result: MatchResult) -> None:
        """Keep the forfeits of a running match (the newest ``hold`` of a match counts)."""
        self._append({"op": "forfeit", "result": json.loads(result.to_json())})

    def release(self, match_id: str) -> None:
        """The match's own result is kept (or it has nothing to rate): drop its forfeits."""
        self._append({"op": "settled", "match_id": match_id})

    def entries(self) -> list[tuple[str, MatchResult]]:
        with self._lock:
            return [(r.match_id, r) for r in journal_pending(self.path)]

    def held(self) -> list[MatchResult]:
        with self._lock:
            return journal_held(self.path)

    def close(self) -> None:
        with self._lock:
            self._file.close()
            self._owner.close()

    def _append(self, record: dict[str, Any]) -> None:
        with self._lock:
            self._file.write(json.dumps(record) + "\n")
            self._file.flush()
            os.fsync(self._file.fileno())

    def _compact(self) -> None:
        """Rewrite the file with only the results still pending (atomically)."""
        if not self.path.exists():
            return
        pending = [("result", r) for r in journal_pending(self.path)]
        pending += [("forfeit", r) for r in journal_held(self.path)]
        temporary = self.path.with_name(self.path.name + ".tmp")
        with open(temporary, "w", encoding="utf-8") as out:
            for op, result in pending:
                out.write(json.dumps({"op": op, "result": json.loads(result.to_json())})
                          + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, self.path)


def _read_lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    records = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            try:
                records.append(json.loads(line))
            except ValueError:
                # A line cut short by a crash mid-write: its result was never announced.
                log.warning("%s:%d: unreadable journal line skipped", path, number)
    return records


def journal_pending(path: Path) -> list[MatchResult]:
    """The results a journal file holds that were not applied (reads only)."""
    results: dict[str, MatchResult] = {}
    for record in _read_lines(path):
        if record.get("op") == "result":
            result = MatchResult.from_json(json.dumps(record["result"]))
            results[result.match_id] = result
        elif record.get("op") == "applied" and isinstance(record.get("match_id"), str):
            results.pop(record["match_id"], None)
    return list(results.values())


def journal_held(path: Path) -> list[MatchResult]:
    """The forfeits a journal file holds of matches never settled (reads only)."""
    held: dict[str, MatchResult] = {}
    for record in _read_lines(path):
        if record.get("op") == "forfeit":
            result = MatchResult.from_json(json.dumps(record["result"]))
            held[result.match_id] = result
        elif record.get("op") == "settled" and isinstance(record.get("match_id"), str):
            held.pop(record["match_id"], None)
    return list(held.values())


class DurableResults:
    """The Redis stream, with the journal for when Redis cannot be reached."""

    def __init__(self, stream: ResultStream | None, journal: ResultJournal | None) -> None:
        if stream is None and journal is None:
            raise ValueError("durable results need a Redis stream or a journal")
        self.stream = stream
        self.journal = journal

    def add(self, result: MatchResult) -> Token:
        """Keep ``result`` durably; raise OSError if neither place can take it."""
        if self.stream is not None:
            try:
                return ("redis", self.stream.add(result))
            except redis.RedisError as exc:
                if self.journal is None:
                    raise OSError(f"Redis could not take the result: {exc}") from exc
                log.warning("result of %s goes to the journal: %s", result.match_id, exc)
        assert self.journal is not None
        return ("journal", self.journal.add(result))

    def remove(self, token: Token) -> None:
        """The ladder has the result: forget it (a failure only means a harmless repeat)."""
        where, key = token
        try:
            if where == "redis":
                assert self.stream is not None
                self.stream.remove(key)
            elif where == "held":
                assert self.journal is not None
                self.journal.release(key)
            else:
                assert self.journal is not None
                self.journal.remove(key)
        except (redis.RedisError, OSError) as exc:
            log.warning("applied result %s stays queued (applied again later): %s", key, exc)

    def hold(self, result: MatchResult) -> None:
        """Keep a running match's forfeits (in the journal; raises OSError if it fails)."""
        if self.journal is not None:
            self.journal.hold(result)

    def release(self, match_id: str) -> None:
        if self.journal is not None:
            self.journal.release(match_id)

    def held(self) -> list[tuple[Token, MatchResult]]:
        """Forfeits of matches a previous run left unsettled (token ``("held", id)``)."""
        if self.journal is None:
            return []
        return [(("held", r.match_id), r) for r in self.journal.held()]

    def pending(self) -> list[tuple[Token, MatchResult]]:
        """Everything not yet known to be applied; raises if Redis cannot be read."""
        found: list[tuple[Token, MatchResult]] = []
        if self.journal is not None:
            found += [(("journal", key), r) for key, r in self.journal.entries()]
        if self.stream is not None:
            found += [(("redis", key), r) for key, r in self.stream.entries()]
        return found

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()
        if self.journal is not None:
            self.journal.close()
