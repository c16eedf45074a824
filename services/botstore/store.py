"""Submitted bots in Redis: each name's versions, and each snapshot under its hash.

Keys (``P`` the key prefix; one hash tag, so one Redis Cluster slot):

- ``{P:submitted}:versions`` hash: bot name -> JSON list of its versions, oldest first,
  each ``{"version": N, "hash": H, "bytes": B, "submitted": UNIX_SECONDS}``;
- ``{P:submitted}:snapshot:H`` string: the snapshot (:mod:`services.botstore.snapshot`)
  whose content hash is ``H``; written once, never changed.

Submitting is one script, so two submissions of one name at once get two versions in
some order, never one number twice. Submitting content equal to the name's newest
version adds nothing (and says so). A version's ladder identity is ``NAME:vN``
(:func:`ladder_label`): registered bot names hold no ``:``, so it is nobody else's.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import redis

from services.botdir import content_hash, load_bot_dir
from services.botstore.snapshot import pack
from services.ladder.tokens import validate_bot_name

_SUBMIT = """
local found = redis.call('HGET', KEYS[1], ARGV[1])
local versions = {}
if found then versions = cjson.decode(found) end
local last = versions[#versions]
if last and last['hash'] == ARGV[2] then return {0, last['version']} end
redis.call('SET', KEYS[2], ARGV[3], 'NX')
local number = #versions + 1
versions[number] = {version = number, hash = ARGV[2], bytes = tonumber(ARGV[4]),
                    submitted = tonumber(ARGV[5])}
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(versions))
return {1, number}
"""


@dataclass(frozen=True, slots=True)
class Version:
    """One submitted version of a bot: its number, content hash, snapshot size, and when
    it was submitted (Unix seconds)."""

    name: str
    version: int
    hash: str
    bytes: int
    submitted: int

    @property
    def label(self) -> str:
        return ladder_label(self.name, self.version)


@dataclass(frozen=True, slots=True)
class SubmittedBot:
    """What :meth:`BotStore.submit` did: the name's newest version, and whether this
    submission made it (False: the content equals the newest version)."""

    version: Version
    created: bool


def ladder_label(name: str, version: int) -> str:
    """The ladder identity of version ``version`` of submitted bot ``name``."""
    return f"{name}:v{version}"


class BotStore:
    """Submitted bots in the Redis at ``url`` (keys under ``key_prefix``)."""

    def __init__(self, url: str, key_prefix: str = "arena", timeout: float = 10.0) -> None:
        tag = f"{{{key_prefix}:submitted}}"
        self._versions_key = f"{tag}:versions"
        self._snapshot_prefix = f"{tag}:snapshot:"
        self._client = redis.Redis.from_url(url, socket_timeout=timeout,
                                            socket_connect_timeout=timeout)
        self._submit = self._client.register_script(_SUBMIT)

    def submit(self, name: str, path: str | Path) -> SubmittedBot:
        """Store a snapshot of the bot directory ``path`` as the newest version of
        ``name``. ConfigError (a BotDirError) or ValueError (a SnapshotError over a cap, a bad name)
        says what is wrong; nothing is stored then."""
        validate_bot_name(name)
        bot = load_bot_dir(path)
        digest = content_hash(bot)
        data = pack(bot)
        if content_hash(bot) != digest:
            raise ValueError(f"bot directory {bot.path} changed while it was packed; "
                             "submit it again")
        created, number = cast("list[int]", self._submit(
            keys=[self._versions_key, self._snapshot_prefix + digest],
            args=[name, digest, data, len(data), int(time.time())]))
        version = self.latest(name)
        assert version is not None and version.version == number
        return SubmittedBot(version, bool(created))

    def versions(self, name: str) -> list[Version]:
        """Every version of ``name``, oldest first (empty if never submitted)."""
        found = self._client.hget(self._versions_key, name)
        return _parse(name, found) if found is not None else []

    def latest(self, name: str) -> Version | None:
        versions = self.versions(name)
        return versions[-1] if versions else None

    def bots(self) -> dict[str, list[Version]]:
        """Every submitted bot's versions, by name (sorted)."""
        found = cast("dict[bytes, bytes]", self._client.hgetall(self._versions_key))
        return {name.decode(): _parse(name.decode(), text)
                for name, text in sorted(found.items())}

    def snapshot(self, digest: str) -> bytes | None:
        """The snapshot stored under ``digest``, or None."""
        return cast("bytes | None", self._client.get(self._snapshot_prefix + digest))

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> BotStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _parse(name: str, text: Any) -> list[Version]:
    return [Version(name, int(v["version"]), str(v["hash"]), int(v["bytes"]),
                    int(v["submitted"]))
            for v in json.loads(text)]
