"""Bot tokens: random secrets handed out once, kept only as SHA-256 digests.

A token carries 256 random bits, so an unsalted SHA-256 digest is safe to store: there
is no dictionary to run against it. Stores look tokens up by digest, never by value.
"""

from __future__ import annotations

import hashlib
import re
import secrets

TOKEN_PREFIX = "arena_"
TOKEN_BYTES = 32

# Registered names never contain ":", so they cannot collide with namespaced
# identities such as "builtin:random" that a runner may rate on the same ladder.
_BOT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def new_token() -> str:
    """A fresh secret bot token (URL-safe text)."""
    return TOKEN_PREFIX + secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """Hex SHA-256 digest of a token: the only form a store keeps."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def validate_bot_name(name: str) -> None:
    """Raise ValueError unless ``name`` is a valid registered bot name."""
    if not isinstance(name, str) or not _BOT_NAME.fullmatch(name):
        raise ValueError(
            f"invalid bot name {name!r}: 1-64 characters from letters, digits, '_', '.', '-',"
            " starting with a letter or digit"
        )
