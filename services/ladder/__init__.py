"""Elo ladders and bot tokens: rating maths, a store contract, memory and Redis stores."""

from services.ladder.elo import DEFAULT_K, INITIAL_RATING, match_deltas
from services.ladder.factory import open_store
from services.ladder.records import AppliedMatch, LadderEntry
from services.ladder.store import (
    BotAlreadyRegistered,
    LadderStore,
    MatchConflict,
    StoreError,
    StoreUnavailable,
)

__all__ = [
    "DEFAULT_K",
    "INITIAL_RATING",
    "AppliedMatch",
    "BotAlreadyRegistered",
    "LadderEntry",
    "LadderStore",
    "MatchConflict",
    "StoreError",
    "StoreUnavailable",
    "match_deltas",
    "open_store",
]
