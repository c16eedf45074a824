"""Paired comparison of two bots on the same seeded matches, from ``bench.strength``
records.

``python -m bench.paired BASELINE.jsonl CANDIDATE.jsonl`` reads two ``--record`` files
of ``bench.strength`` runs made with the same ``--game``, ``--players``, ``--against``
and ``--seed`` (so match ``i`` has the same deal, seat and opponents in both), pairs
them by match index, and prints each bot's win rate over the shared matches and the
candidate's mean difference in win share with a normal 95% interval (the matches are
independent; a match's difference is in [-1, 1]). This is the acceptance test for a
change of a many-player boss, where one seat plays against the rest of the table.
"""

from __future__ import annotations

import argparse
import math
import statistics
from dataclasses import dataclass
from pathlib import Path

from bench.strength import recorded


@dataclass(frozen=True)
class Paired:
    matches: int
    baseline: float  # win rate over the shared matches
    candidate: float
    difference: float  # candidate minus baseline, mean per match
    low: float  # 95% interval of the difference
    high: float


def compare(baseline: dict[int, float], candidate: dict[int, float]) -> Paired:
    """The comparison over the matches both hold (at least two)."""
    shared = sorted(set(baseline) & set(candidate))
    if len(shared) < 2:
        raise ValueError(f"{len(shared)} shared matches: need at least 2")
    diffs = [candidate[i] - baseline[i] for i in shared]
    n = len(shared)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n)
    return Paired(n, sum(baseline[i] for i in shared) / n,
                  sum(candidate[i] for i in shared) / n, mean, mean - half, mean + half)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.paired", description=__doc__)
    parser.add_argument("baseline", type=Path)
    parser.add_argument("candidate", type=Path)
    args = parser.parse_args(argv)
    for path in (args.baseline, args.candidate):
        if not path.exists():
            parser.error(f"no such record: {path}")
    base = {i: share for i, (share, _) in recorded(args.baseline).items()}
    cand = {i: share for i, (share, _) in recorded(args.candidate).items()}
    p = compare(base, cand)
    print(f"matches {p.matches}  baseline {p.baseline:.3f}  candidate {p.candidate:.3f}  "
          f"difference {p.difference:+.3f}  95% interval [{p.low:+.3f}, {p.high:+.3f}]")


if __name__ == "__main__":
    main()
