"""Match seeds nobody outside the server can predict.

A match's seed fixes its whole game (every deal and draw), its seating and its fill
bots' random streams, so a bot that knew the seed of its live match could rebuild every
hidden hand. Match numbers are public (they are in every match id) and finished
matches' seeds are public (in their replays), so the seed of match *n* must not follow
from *n* and other seeds: it is a keyed hash, BLAKE2b keyed with a 32-byte server secret,
of the match number, cut to :data:`SEED_BITS` bits. Knowing any number of (number, seed)
pairs tells nothing about another match's seed without the secret.

The secret comes from the OS CSPRNG at each start (:meth:`MatchSeeds.random`), or, for
a reproducible test server (``arena serve --seed S``), is derived from ``S``
(:meth:`MatchSeeds.from_seed`): then anyone who knows ``S`` can compute every seed, and
the seeds repeat on every restart with the same ``S``. Production servers leave
``--seed`` unset.
"""

from __future__ import annotations

import hashlib
import secrets

# The engines' seed width: seeds stay below 2**48, exact as JSON numbers (doubles).
SEED_BITS = 48
SECRET_BYTES = 32
_MASK = (1 << SEED_BITS) - 1
# Domain separation: these hashes are used for nothing else.
_SEED_PERSON = b"arena.matchseed"
_SECRET_PERSON = b"arena.seedkey"


class MatchSeeds:
    """The seed of each match number, keyed by a secret that never leaves the object
    (its repr does not show it)."""

    __slots__ = ("_secret",)

    def __init__(self, secret: bytes) -> None:
        if len(secret) != SECRET_BYTES:
            raise ValueError(f"a match seed secret has {SECRET_BYTES} bytes, not {len(secret)}")
        self._secret = secret

    @classmethod
    def random(cls) -> MatchSeeds:
        """A fresh secret from the OS CSPRNG: seeds no one can predict or repeat."""
        return cls(secrets.token_bytes(SECRET_BYTES))

    @classmethod
    def from_seed(cls, seed: int) -> MatchSeeds:
        """The secret of ``arena serve --seed SEED``: the same for the same ``seed``, so a
        test server replays the same matches; known to whoever knows ``seed``."""
        digest = hashlib.blake2b(str(seed).encode(), digest_size=SECRET_BYTES,
                                 person=_SECRET_PERSON)
        return cls(digest.digest())

    def seed(self, number: int) -> int:
        """The seed of the server's ``number``-th match (``number`` >= 0)."""
        if number < 0:
            raise ValueError(f"match numbers are >= 0, not {number}")
        data = number.to_bytes((number.bit_length() + 8) // 8, "big")
        digest = hashlib.blake2b(data, digest_size=8, key=self._secret, person=_SEED_PERSON)
        return int.from_bytes(digest.digest(), "big") & _MASK

    def __repr__(self) -> str:
        return "MatchSeeds(<secret>)"
