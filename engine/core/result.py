"""Match results: per-seat scores and 1-based competition ranks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


def competition_ranks(keys: Sequence[Any]) -> tuple[int, ...]:
    """1-based "1224" ranks, best first; equal keys share a rank.

    ``keys`` are per-seat sort keys where larger is better (a score, or a tuple of
    score and tie-breakers).
    """
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    ranks = [0] * len(keys)
    for pos, seat in enumerate(order):
        if pos and keys[seat] == keys[order[pos - 1]]:
            ranks[seat] = ranks[order[pos - 1]]
        else:
            ranks[seat] = pos + 1
    return tuple(ranks)


@dataclass(frozen=True, slots=True)
class Result:
    """The final outcome of a match.

    ``scores`` are the game's own points per seat; ``ranks`` are 1-based with ties
    sharing a rank (two winners both have rank 1). ``details`` carries game-specific
    extras such as side or team results, JSON-serialisable.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "details": dict(self.details),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        return cls(
            scores=tuple(data["scores"]),
            ranks=tuple(int(r) for r in data["ranks"]),
            details=dict(data.get("details", {})),
        )

    @classmethod
    def from_scores(cls, scores: Sequence[float], **details: Any) -> Result:
        """Ranks by score alone, ties shared."""
        return cls(tuple(scores), competition_ranks(scores), details)
