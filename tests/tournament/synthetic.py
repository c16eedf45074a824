"""Synthetic bots of known strength: results drawn from the Elo model, no game engine.

In a game of P seats every seat gets a performance; the Elo model fixes each pairwise
expected score exactly for two seats (draw probability ``draw``, wins and losses split
so the expected score is ``1 / (1 + 10**(-diff/400))``). Results depend only on the task
(its seed and index), like real matches.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence

import numpy as np

from engine.core import competition_ranks
from services.runner.batch import MatchRecord, MatchTask
from services.tournament.stats import score_from_elo


def synthetic_record(task: MatchTask, strengths: Mapping[str, float],
                     draw: float = 0.2) -> MatchRecord:
    rng = random.Random(f"{task.seed}:{task.index}")
    if len(task.bots) == 2:
        a, b = task.bots
        expected = score_from_elo(strengths[a] - strengths[b])
        win = (expected - draw / 2) / (1 - draw)
        u = rng.random()
        scores = (1.0, 0.0) if u < win else (0.5, 0.5) if u < win + draw else (0.0, 1.0)
    else:  # Gumbel performances: a multi-seat Bradley-Terry (Plackett-Luce) model
        scores = tuple(strengths[name] / 400 * np.log(10) - np.log(-np.log(rng.random()))
                       for name in task.bots)
    ranks = competition_ranks(scores)
    return MatchRecord(task.index, task.seed, task.bots, tuple(scores), ranks, 1, 0.0, 0.0,
                       node="synthetic")


class FakeRecorded:
    """A :class:`services.tournament.formats.Recorded` over records in memory."""

    def __init__(self, records: Sequence[MatchRecord]) -> None:
        self.records = list(records)

    def indices(self) -> Iterator[np.ndarray]:
        yield np.array([r.index for r in self.records], dtype=np.int64)

    def games(self) -> Iterator[tuple[int, tuple[str, ...], tuple[int, ...]]]:
        for r in self.records:
            yield r.index, r.labels, r.ranks
