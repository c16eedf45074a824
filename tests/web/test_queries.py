"""Results by opponent: one count per match and opponent, best seats compared."""

from __future__ import annotations

from services.ladder.records import AppliedMatch
from services.web.queries import opponents


def record(match_id: str, participants: tuple[str, ...], ranks: tuple[int, ...]) -> AppliedMatch:
    return AppliedMatch(match_id, 1, participants, ranks, {})


def test_each_match_counts_once_per_opponent_with_best_seats_compared() -> None:
    matches = [
        record("a", ("me", "x", "x", "y"), (2, 1, 4, 3)),  # x's best seat beat me
        record("b", ("me", "x", "y"), (1, 2, 1)),  # tied with y
        record("c", ("me", "me", "y"), (3, 1, 2)),  # my best seat is first
        record("d", ("x", "y"), (1, 2)),  # without me: not counted
    ]
    rows = {r["opponent"]: r for r in opponents("me", matches)}
    assert rows["x"] == {"opponent": "x", "matches": 2, "ahead": 1, "behind": 1, "tied": 0}
    assert rows["y"] == {"opponent": "y", "matches": 3, "ahead": 2, "behind": 0, "tied": 1}
    assert [r["opponent"] for r in opponents("me", matches)] == ["y", "x"]
