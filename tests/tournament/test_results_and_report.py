"""Results files (parts, merge, what counts as recorded) and the report built from them,
checked against totals worked out by hand."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

from services.runner.batch import MatchRecord
from services.tournament.aggregate import Totals
from services.tournament.config import TournamentConfig
from services.tournament.entrants import Entrant
from services.tournament.paths import has_results, parts_dir
from services.tournament.report import CSV_FIELDS, summarise, write_report
from services.tournament.results import (
    METADATA_KEY,
    SCHEMA,
    RecordedGames,
    ResultWriter,
    stored_config,
)


def config(players: int = 3, fmt: str = "round-robin") -> TournamentConfig:
    entrants = tuple(Entrant(n, n, n) for n in ("a", "b", "c"))
    return TournamentConfig("monster-my-neighbor", players, fmt, entrants, games=4, seed=2)


def record(index: int, labels: tuple[str, ...], scores: tuple[float, ...],
           ranks: tuple[int, ...], node: str = "n1") -> MatchRecord:
    return MatchRecord(index, 100 + index, labels, scores, ranks, 7, 0.25, 0.75, node=node)


# Four games, worked by hand below: a tie for first, a three-way tie, plain orders.
GAMES = [
    record(0, ("a", "b", "c"), (5, 3, 1), (1, 2, 3)),
    record(1, ("b", "c", "a"), (4, 4, 2), (1, 1, 3)),
    record(2, ("c", "a", "b"), (2, 2, 2), (1, 1, 1), node="n2"),
    record(3, ("a", "c", "b"), (6, 1, 0), (1, 2, 3)),
]


def write(results: Path, records: list[MatchRecord], **kwargs: float) -> ResultWriter:
    writer = ResultWriter(results, config().to_json(), **kwargs)
    for r in records:
        writer.add(r)
    return writer


def test_rows_reach_disk_in_whole_parts_and_merge_into_one_file(tmp_path: Path) -> None:
    results = tmp_path / "results.parquet"
    writer = write(results, GAMES[:3], flush_seconds=3600, flush_rows=2)
    parts = sorted(parts_dir(results).glob("part-*.parquet"))
    assert len(parts) == 1 and pq.read_table(parts[0]).num_rows == 2
    (parts_dir(results) / ".part-000009.tmp").write_bytes(b"half a file")  # a killed write
    assert sorted(i for chunk in RecordedGames(results).indices() for i in chunk) == [0, 1]
    writer.add(GAMES[3])
    writer.finish()
    assert results.exists() and not parts_dir(results).exists()
    table = pq.read_table(results)
    assert table.schema.remove_metadata() == SCHEMA
    assert sorted(table.column("index").to_pylist()) == [0, 1, 2, 3]
    (row,) = [r for r in table.to_pylist() if r["index"] == 1]
    assert row == {"index": 1, "seed": 101, "seats": 3, "bots": ["b", "c", "a"],
                   "scores": [4.0, 4.0, 2.0], "ranks": [1, 1, 3], "decisions": 7,
                   "duration": 1.0, "worker_node": "n1", "status": ["ok", "ok", "ok"]}
    assert json.loads(table.schema.metadata[METADATA_KEY]) == config().to_json()
    assert stored_config(results) == config().to_json()


def test_a_resumed_writer_adds_parts_after_the_existing_ones(tmp_path: Path) -> None:
    results = tmp_path / "results.parquet"
    write(results, GAMES[:2], flush_seconds=3600, flush_rows=1)
    assert stored_config(results) == config().to_json() and has_results(results)
    again = write(results, GAMES[2:], flush_seconds=3600, flush_rows=1)
    names = [p.name for p in sorted(parts_dir(results).glob("part-*.parquet"))]
    assert names == [f"part-{i:06d}.parquet" for i in range(4)]
    again.finish()
    games = sorted(RecordedGames(results).games())
    assert games == [(r.index, r.labels, r.ranks) for r in GAMES]


def test_a_run_begun_before_the_status_column_resumes_and_merges(tmp_path: Path) -> None:
    """Parts written before per-seat ``status`` existed merge with new ones; their
    seats read as ``ok``."""
    results = tmp_path / "results.parquet"
    write(results, GAMES[:2], flush_seconds=3600, flush_rows=1)
    for part in sorted(parts_dir(results).glob("part-*.parquet")):  # as the old format
        pq.write_table(pq.read_table(part).drop_columns(["status"]), part)
    again = write(results, GAMES[2:], flush_seconds=3600, flush_rows=1)
    again.finish()
    rows = sorted(pq.read_table(results).to_pylist(), key=lambda r: r["index"])
    assert [r["index"] for r in rows] == [0, 1, 2, 3]
    assert [r["status"] for r in rows] == [["ok"] * 3] * 4
    assert pq.read_table(results).schema.remove_metadata() == SCHEMA


def test_rows_are_flushed_after_the_interval(tmp_path: Path) -> None:
    results = tmp_path / "results.parquet"
    write(results, GAMES[:1], flush_seconds=0.0)
    assert len(list(parts_dir(results).glob("part-*.parquet"))) == 1


def test_totals_match_the_hand_count(tmp_path: Path) -> None:
    results = tmp_path / "results.parquet"
    write(results, GAMES).finish()
    totals = Totals(["a", "b", "c"], 3).add_batches(
        RecordedGames(results).batches(list(Totals.COLUMNS)))
    assert totals.games == 4 and totals.decisions == 28
    assert totals.entrants.seats.tolist() == [4, 4, 4]
    # a: 1 + 0 + 1/3 + 1; b: 0 + 1/2 + 1/3 + 0; c: 0 + 1/2 + 1/3 + 0
    assert totals.entrants.wins() == pytest.approx([7 / 3, 5 / 6, 5 / 6])
    assert totals.entrants.score.tolist() == [15.0, 9.0, 8.0]
    assert totals.entrants.rank.tolist() == [6, 7, 7]
    assert totals.seats.wins() == pytest.approx([1 + 1 / 2 + 1 / 3 + 1, 1 / 2 + 1 / 3, 1 / 3])
    assert dict(totals.nodes) == {"n1": 3, "n2": 1}
    wins = totals.outcome_table().wins()
    # a ahead of b: g0 1, g1 0, g2 .5, g3 1 -> 2.5 of 4; a over c: 1, 0, .5, 1
    assert wins[0, 1] == 2.5 and wins[1, 0] == 1.5
    assert wins[0, 2] == 2.5 and wins[2, 0] == 1.5
    # b over c: g0 1, g1 .5, g2 .5, g3 0
    assert wins[1, 2] == 2.0 and wins[2, 1] == 2.0
    weighted = totals.outcome_table().wins(np.ones(4) * 2)
    assert weighted[0, 1] == 5.0


def test_a_solo_game_is_won_with_a_score_of_at_least_0(tmp_path: Path) -> None:
    results = tmp_path / "results.parquet"
    solo = [record(0, ("a",), (-3.0,), (1,)), record(1, ("b",), (0.0,), (1,)),
            record(2, ("a",), (5.0,), (1,)), record(3, ("b",), (-1.0,), (1,))]
    write(results, solo).finish()
    totals = Totals(["a", "b", "c"], 1).add_batches(
        RecordedGames(results).batches(list(Totals.COLUMNS)))
    assert totals.entrants.seats.tolist() == [2, 2, 0]
    assert totals.entrants.wins() == pytest.approx([1, 1, 0])  # 5 and 0, not -3 or -1
    assert totals.entrants.score.tolist() == [2.0, -1.0, 0.0]


def test_summary_has_exactly_the_documented_fields(tmp_path: Path) -> None:
    results = tmp_path / "results.parquet"
    write(results, GAMES).finish()
    summary = write_report(results, tmp_path, config(), resamples=50)
    assert set(summary) == {"games", "entrants"}
    assert summary["games"] == 4
    entry = summary["entrants"]["a"]
    assert set(entry) == {"games", "wins", "win_rate", "win_rate_ci", "mean_score",
                          "mean_rank", "rating", "rating_ci", "failures"}
    assert entry["failures"] == {"timeout": 0, "crash": 0, "illegal": 0}
    assert entry["games"] == 4 and entry["wins"] == pytest.approx(7 / 3)
    assert entry["mean_score"] == 3.75 and entry["mean_rank"] == 1.5
    lo, hi = entry["win_rate_ci"]
    assert lo < 7 / 12 < hi
    ratings = {name: e["rating"] for name, e in summary["entrants"].items()}
    assert ratings["a"] > ratings["b"] == pytest.approx(ratings["c"])
    assert sum(ratings.values()) == pytest.approx(0, abs=1e-6)
    assert json.loads((tmp_path / "summary.json").read_text()) == summary
    with (tmp_path / "summary.csv").open() as handle:
        rows = list(csv.reader(handle))
    assert tuple(rows[0]) == CSV_FIELDS and [r[0] for r in rows[1:]] == ["a", "b", "c"]
    for plot in ("winrate.png", "ratings.png"):
        assert (tmp_path / plot).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    details = json.loads((tmp_path / "details.json").read_text())
    assert details["head_to_head"]["a"]["b"]["rate"] == 2.5 / 4
    assert details["seats"]["per_seat"][0]["win_rate"] == pytest.approx((1 + .5 + 1 / 3 + 1) / 4)
    assert details["workers"]["games_by_node"] == {"n1": 3, "n2": 1}


def test_the_summary_does_not_depend_on_row_order(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    records = []
    for i in range(300):
        labels = tuple(rng.permutation(["a", "b", "c"]).tolist())
        scores = tuple(float(s) for s in rng.choice([0.1, 1 / 3, 2.7, 5.0], size=3))
        ranks = tuple(1 + sum(o > s for o in scores) for s in scores)
        records.append(record(i, labels, scores, ranks))
    one, two = tmp_path / "one" / "results.parquet", tmp_path / "two" / "results.parquet"
    write(one, records, flush_rows=37).finish()
    write(two, records[::-1], flush_rows=50).finish()
    assert summarise(one, config(), 100) == summarise(two, config(), 100)


def test_an_interrupted_run_can_be_reported_from_its_parts(tmp_path: Path) -> None:
    results = tmp_path / "results.parquet"
    write(results, GAMES[:3], flush_seconds=3600, flush_rows=1)
    assert not results.exists()
    summary = write_report(results, tmp_path / "report", resamples=20)
    assert summary["games"] == 3
    assert (tmp_path / "report" / "summary.json").exists()


def test_seat_advantage_is_the_win_rate_above_the_fair_share(tmp_path: Path) -> None:
    results = tmp_path / "results.parquet"
    write(results, GAMES).finish()
    _, details = summarise(results, config(), resamples=20)
    seats = details["seats"]
    assert seats["expected_win_rate"] == pytest.approx(1 / 3)
    # first-place shares by seat: 1 + 1/2 + 1/3 + 1, 1/2 + 1/3, 1/3 (four games each)
    advantages = [seat["advantage"] for seat in seats["per_seat"]]
    assert advantages == pytest.approx([17 / 24 - 1 / 3, 5 / 24 - 1 / 3, 1 / 12 - 1 / 3])
    assert sum(advantages) == pytest.approx(0, abs=1e-9)


def test_one_game_is_enough_for_the_equal_seats_test(tmp_path: Path) -> None:
    results = tmp_path / "results.parquet"
    write(results, GAMES[:1]).finish()
    _, details = summarise(results, config(), resamples=20)
    # seat wins (1, 0, 0) against 1/3 each: chi-square 2 on 2 degrees, p = e^-1
    assert details["seats"]["equal_seats_p_value"] == pytest.approx(np.exp(-1))


def test_head_to_head_lists_only_the_pairs_that_met(tmp_path: Path) -> None:
    results = tmp_path / "results.parquet"
    duels = [record(0, ("a", "b"), (3, 1), (1, 2)), record(1, ("c", "a"), (2, 2), (1, 1))]
    write(results, duels).finish()
    _, details = summarise(results, config(players=2), resamples=20)
    matrix = details["head_to_head"]
    assert set(matrix["a"]) == {"b", "c"}
    assert set(matrix["b"]) == {"a"} and set(matrix["c"]) == {"a"}  # b and c never met
    pair = matrix["c"]["a"]
    assert (pair["comparisons"], pair["points"], pair["rate"]) == (1.0, 0.5, 0.5)
