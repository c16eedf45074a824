"""Totals of a results file, read one record batch at a time (memory stays flat).

Per entrant and per seat: seats played, first-place shares, sums and sums of squares of
scores and ranks. First-place shares and pair scores follow :mod:`engine.core.outcomes`
(ties split the win; a solo game is won with a score of at least 0), shares counted
exactly in whole ``SHARE_UNITS``, so totals do not depend on row order.

For head-to-head statistics every game is reduced to its *outcome*: the sorted multiset
of (rank, entrant) over its seats, which fixes all of its pairwise comparisons. Distinct
outcomes are few next to games, so the wins matrix of any re-weighting of games (the
bootstrap) is a cheap sum over outcomes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from engine.core.outcomes import (
    SHARE_UNITS,
    check_seats,
    pair_score,
    split_units,
    takes_first,
)

DIGITS = 10  # summaries are rounded so float sums in any row order print the same


def rounded(value: float | None) -> float | None:
    """``value`` rounded to ``DIGITS`` decimals (None stays None)."""
    return None if value is None else round(float(value), DIGITS)


@dataclass(frozen=True, slots=True)
class Seats:
    """The seats of a batch of games, each array shaped (games, players)."""

    entrants: np.ndarray
    ranks: np.ndarray
    scores: np.ndarray
    units: np.ndarray  # first-place share in units of 1/SHARE_UNITS

    @property
    def shape(self) -> tuple[int, int]:
        return self.entrants.shape


def decode_seats(batch: pa.RecordBatch | pa.Table, names: pa.Array, players: int) -> Seats:
    """Entrant ids (positions in ``names``), ranks, scores and win shares of each seat."""
    check_seats(players)
    games = batch.num_rows
    bots = batch.column("bots")
    if pc.any(pc.not_equal(pc.list_value_length(bots), players)).as_py():
        raise ValueError(f"a recorded game does not have {players} seats")
    ids = pc.index_in(pc.list_flatten(bots), value_set=names)
    if ids.null_count:
        raise ValueError("a recorded game names an entrant this tournament does not have")
    entrants = ids.to_numpy(zero_copy_only=False).astype(np.int64).reshape(games, players)
    ranks = pc.list_flatten(batch.column("ranks")).to_numpy(zero_copy_only=False)
    ranks = ranks.astype(np.int64).reshape(games, players)
    scores = pc.list_flatten(batch.column("scores")).to_numpy(zero_copy_only=False)
    scores = scores.reshape(games, players)
    first = takes_first(ranks, ranks.min(axis=1, keepdims=True), scores, players)
    winners = np.maximum(first.sum(axis=1, keepdims=True), 1)
    return Seats(entrants, ranks, scores, split_units(first, winners))


@dataclass(slots=True)
class Sums:
    """Count, first-place share units, and sums of scores and ranks over some seats."""

    size: int
    seats: np.ndarray = field(init=False)
    win_units: np.ndarray = field(init=False)
    score: np.ndarray = field(init=False)
    score_sq: np.ndarray = field(init=False)
    rank: np.ndarray = field(init=False)
    rank_sq: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.seats = np.zeros(self.size, dtype=np.int64)
        self.win_units = np.zeros(self.size, dtype=np.int64)
        self.score = np.zeros(self.size)
        self.score_sq = np.zeros(self.size)
        self.rank = np.zeros(self.size, dtype=np.int64)
        self.rank_sq = np.zeros(self.size, dtype=np.int64)

    def add_seats(self, seats: Seats, keys: np.ndarray) -> None:
        """Add every seat of ``seats`` to the group ``keys`` gives it (same shape)."""
        self.add(np.ravel(keys), seats.units.ravel(), seats.scores.ravel(),
                 seats.ranks.ravel())

    def add(self, keys: np.ndarray, units: np.ndarray, scores: np.ndarray,
            ranks: np.ndarray) -> None:
        """Add seats whose group is ``keys`` (flat arrays of equal length)."""
        n = self.size
        self.seats += np.bincount(keys, minlength=n)
        self.win_units += np.bincount(keys, weights=units, minlength=n).astype(np.int64)
        self.score += np.bincount(keys, weights=scores, minlength=n)
        self.score_sq += np.bincount(keys, weights=scores * scores, minlength=n)
        self.rank += np.bincount(keys, weights=ranks, minlength=n).astype(np.int64)
        self.rank_sq += np.bincount(keys, weights=ranks * ranks, minlength=n).astype(np.int64)

    def wins(self) -> np.ndarray:
        return self.win_units / SHARE_UNITS

    def row(self, i: int) -> dict[str, Any]:
        """Group ``i``'s standing, rounded (:func:`rounded`): ``games`` (seats played),
        ``wins`` (first-place shares), ``win_rate`` (wins per seat), ``mean_score`` and
        ``mean_rank`` (None without a seat). The columns of every standings table."""
        seats = int(self.seats[i])
        wins = int(self.win_units[i]) / SHARE_UNITS
        return {
            "games": seats,
            "wins": rounded(wins),
            "win_rate": rounded(wins / seats) if seats else None,
            "mean_score": rounded(self.score[i] / seats) if seats else None,
            "mean_rank": rounded(self.rank[i] / seats) if seats else None,
        }


class Totals:
    """Everything the summary needs, accumulated from record batches."""

    def __init__(self, names: Sequence[str], players: int) -> None:
        self.names = list(names)
        self.players = players
        self.games = 0
        self.decisions = 0
        self.game_seconds = 0.0
        self.entrants = Sums(len(names))
        self.seats = Sums(players)
        self.outcomes: Counter[tuple[int, ...]] = Counter()
        self.nodes: Counter[str] = Counter()
        self._names = pa.array(self.names)

    COLUMNS = ("bots", "scores", "ranks", "decisions", "duration", "worker_node")

    def add_batch(self, batch: pa.RecordBatch | pa.Table) -> None:
        games = batch.num_rows
        if games == 0:
            return
        seats = decode_seats(batch, self._names, self.players)
        self.entrants.add_seats(seats, seats.entrants)
        self.seats.add_seats(seats, np.broadcast_to(np.arange(self.players), seats.shape))
        codes = np.sort(seats.ranks * len(self.names) + seats.entrants, axis=1)
        unique, counts = np.unique(codes, axis=0, return_counts=True)
        for row, count in zip(unique.tolist(), counts.tolist(), strict=True):
            self.outcomes[tuple(row)] += count
        self.games += games
        self.decisions += int(pc.sum(batch.column("decisions")).as_py() or 0)
        self.game_seconds += float(pc.sum(batch.column("duration")).as_py() or 0.0)
        for node, count in Counter(batch.column("worker_node").to_pylist()).items():
            self.nodes[node] += count

    def add_batches(self, batches: Iterable[pa.RecordBatch]) -> Totals:
        for batch in batches:
            self.add_batch(batch)
        return self

    def outcome_table(self) -> OutcomeTable:
        return OutcomeTable(sorted(self.outcomes.items()), len(self.names))


class OutcomeTable:
    """Distinct game outcomes with their counts, and the wins matrix of any weights."""

    def __init__(self, outcomes: Sequence[tuple[tuple[int, ...], int]], entrants: int) -> None:
        self.entrants = entrants
        self.counts = np.array([count for _, count in outcomes], dtype=float)
        cells: list[int] = []
        points: list[float] = []
        owners: list[int] = []
        for number, (codes, _) in enumerate(outcomes):
            seats = [divmod(code, entrants) for code in codes]  # (rank, entrant)
            for a, (rank_a, ent_a) in enumerate(seats):
                for rank_b, ent_b in seats[a + 1:]:
                    if ent_a == ent_b:
                        continue
                    won = pair_score(rank_a, rank_b)
                    cells += [ent_a * entrants + ent_b, ent_b * entrants + ent_a]
                    points += [won, 1.0 - won]
                    owners += [number, number]
        self._cells = np.array(cells, dtype=np.int64)
        self._points = np.array(points)
        self._owners = np.array(owners, dtype=np.int64)

    def wins(self, counts: np.ndarray | None = None) -> np.ndarray:
        """``wins[i, j]``: comparisons entrant i won against j, games weighted by counts."""
        weights = self.counts if counts is None else counts
        size = self.entrants * self.entrants
        if not len(self._cells):
            return np.zeros((self.entrants, self.entrants))
        flat = np.bincount(self._cells, weights=self._points * weights[self._owners],
                           minlength=size)
        return flat.reshape(self.entrants, self.entrants)
