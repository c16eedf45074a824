"""Submitted bots: versioned, size-capped snapshots of bot directories kept in Redis.

``arena bots submit NAME PATH`` packs a bot directory (:mod:`~services.botstore.snapshot`:
the files its content hash covers, so not its build outputs) and stores it under its
content hash (:mod:`~services.botstore.store`); the name gets a new version when the
content changed. League workers on any node fetch a snapshot by hash into a per-node
cache (:mod:`~services.botstore.cache`), where the hosted-bot code builds it once per
node in the sandbox. Each version is its own ladder identity, ``NAME:vN``, so a new
version starts at the wide initial skill while the old one's history stays readable.
"""

from services.botstore.snapshot import (
    MAX_FILES,
    MAX_SNAPSHOT_BYTES,
    MAX_UNPACKED_BYTES,
    SnapshotError,
    pack,
    unpack,
)
from services.botstore.store import BotStore, SubmittedBot, Version, ladder_label

__all__ = ["MAX_FILES", "MAX_SNAPSHOT_BYTES", "MAX_UNPACKED_BYTES", "BotStore",
           "SnapshotError", "SubmittedBot", "Version", "ladder_label", "pack", "unpack"]
