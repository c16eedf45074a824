"""A node's copies of submitted bots: fetched by content hash, unpacked once per node.

``$XDG_CACHE_HOME/arena-submitted/<hash>/`` (default ``~/.cache``) holds the unpacked
snapshot; ``<hash>.ok`` beside it marks a copy that unpacked and hashed right. A file
lock makes the workers of one node unpack a snapshot once; they then build it once
too, as any bot directory (:func:`services.hosted.bots.prepare`, whose build cache is
keyed by the directory's path and content).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from services.botstore.snapshot import SnapshotError, unpack


def cache_root() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache", "arena-submitted")


def node_copy(digest: str, fetch: Callable[[str], bytes | None]) -> Path:
    """The directory of the snapshot ``digest`` on this node, fetched with ``fetch``
    (the snapshot's bytes, or None if the store has none) and unpacked if it is not here
    yet; SnapshotError if it cannot be had."""
    if not digest or not all(c in "0123456789abcdef" for c in digest):
        raise SnapshotError(f"{digest!r} is not a content hash")
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    final, marker = root / digest, root / f"{digest}.ok"
    with open(root / f"{digest}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if marker.exists() and final.is_dir():
            return final
        data = fetch(digest)
        if data is None:
            raise SnapshotError(f"no snapshot {digest[:12]} in the store")
        staging = Path(tempfile.mkdtemp(prefix=".unpack-", dir=root))
        try:
            unpack(data, digest, staging / "bot")
            shutil.rmtree(final, ignore_errors=True)
            os.replace(staging / "bot", final)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        marker.touch()
        return final
