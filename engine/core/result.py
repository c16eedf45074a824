"""Match results: per-seat scores, 1-based competition ranks, and the game's own verdict
of a one-seat game. Who won, and how ties split a win: :mod:`engine.core.outcomes`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.core.outcomes import first_place_shares, solo_won


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
    extras such as side or team results, JSON-serialisable. ``won`` is the game's verdict
    of a one-seat (solo) game (Ark Nova: VP >= 0), None in a game of more seats, where
    the ranks decide; the solo score must agree with it (:func:`outcomes.solo_won`), so
    the score alone carries it wherever the result travels without it.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)
    won: bool | None = None

    def __post_init__(self) -> None:
        if self.won is None:
            return
        if len(self.scores) != 1:
            raise ValueError(f"only a one-seat result has a verdict, not one of "
                             f"{len(self.scores)} seats")
        if bool(solo_won(self.scores[0])) != self.won:
            raise ValueError(f"a solo score of {self.scores[0]:g} reads as "
                             f"{'won' if not self.won else 'lost'}, not as the verdict given")

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)

    @property
    def shares(self) -> tuple[Fraction, ...]:
        """Each seat's share of the win (:mod:`engine.core.outcomes`)."""
        return first_place_shares(self.ranks, self.scores)

    def to_json(self) -> dict[str, Any]:
        """The verdict is written into ``details`` as ``won`` (where replays recorded
        before it became a field keep it), last."""
        details = dict(self.details)
        if self.won is not None:
            details["won"] = self.won
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "details": details,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        details = dict(data.get("details", {}))
        won = details.pop("won", None)
        return cls(
            scores=tuple(data["scores"]),
            ranks=tuple(int(r) for r in data["ranks"]),
            details=details,
            won=None if won is None else bool(won),
        )

    @classmethod
    def from_scores(cls, scores: Sequence[float], **details: Any) -> Result:
        """Ranks by score alone, ties shared."""
        return cls(tuple(scores), competition_ranks(scores), details)
