"""Results of a tournament on disk: one Parquet row per game, written as the games end.

While a run goes, rows collect in memory for at most ``flush_seconds`` (or
``flush_rows``) and are then written as one small, complete Parquet file in
``results.parquet.parts/`` (to a temporary name, then renamed: a part is there whole or
not at all). Memory stays flat however long the run. A driver killed with SIGKILL loses
at most the rows of one interval, and those games are simply not recorded; on Ctrl-C the
rows in memory are written first. When the run ends the parts are merged into
``results.parquet`` and removed.

:class:`RecordTally` takes the same records and writes nothing (``arena play``): it only
hands them on as tables for the standings, and counts decisions and where the time went.

``--resume`` reads what is recorded: ``results.parquet`` when it exists (the parts were
merged into it), otherwise the parts. The tournament config travels in every file's
metadata (and in ``config.json`` beside the parts from the first moment of a run).
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from services.runner.batch import MatchRecord
from services.tournament.paths import parts_dir

METADATA_KEY = b"tabletop_arena.tournament"

SCHEMA = pa.schema([
    ("index", pa.int64()),
    ("seed", pa.int64()),
    ("seats", pa.int16()),
    ("bots", pa.list_(pa.string())),
    ("scores", pa.list_(pa.float64())),
    ("ranks", pa.list_(pa.int16())),
    ("decisions", pa.int64()),
    ("duration", pa.float64()),
    ("worker_node", pa.string()),
    # Per seat: ok, timeout, crash or illegal (services.hosted.options.STATUSES).
    ("status", pa.list_(pa.string())),
])

MERGED_ROW_GROUP = 65_536


def _schema_with(config: dict[str, Any]) -> pa.Schema:
    return SCHEMA.with_metadata({METADATA_KEY: json.dumps(config, sort_keys=True).encode()})


def _part_files(results: Path) -> list[Path]:
    return sorted(parts_dir(results).glob("part-*.parquet"))


def stored_config(results: Path) -> dict[str, Any] | None:
    """The tournament config recorded with ``results`` (final file, or a run's parts)."""
    if results.exists():
        metadata = pq.read_schema(results).metadata or {}
        if METADATA_KEY in metadata:
            return json.loads(metadata[METADATA_KEY])
        return None
    config_file = parts_dir(results) / "config.json"
    if config_file.exists():
        return json.loads(config_file.read_text())
    return None


class RecordedGames:
    """The games a results path already holds (see the module doc for where)."""

    def __init__(self, results: Path) -> None:
        self.results = results

    def files(self) -> list[Path]:
        if self.results.exists():
            return [self.results]
        return _part_files(self.results)

    def batches(self, columns: list[str]) -> Iterator[pa.RecordBatch]:
        for path in self.files():
            yield from pq.ParquetFile(path).iter_batches(batch_size=65_536, columns=columns)

    def indices(self) -> Iterator[np.ndarray]:
        for batch in self.batches(["index"]):
            yield batch.column(0).to_numpy()

    def has_column(self, name: str) -> bool:
        """Whether the recorded files have column ``name`` (older ones lack ``status``)."""
        files = self.files()
        return bool(files) and all(name in pq.read_schema(path).names for path in files)

    def games(self) -> Iterator[tuple[int, tuple[str, ...], tuple[int, ...]]]:
        for batch in self.batches(["index", "bots", "ranks"]):
            rows = zip(*(batch.column(i).to_pylist() for i in range(3)), strict=True)
            for index, bots, ranks in rows:
                yield index, tuple(bots), tuple(ranks)


class ResultWriter:
    """Streams game records into parts; :meth:`finish` merges them into the results."""

    def __init__(self, results: Path, config: dict[str, Any], flush_seconds: float = 1.0,
                 flush_rows: int = 20_000) -> None:
        self.results = results
        self.schema = _schema_with(config)
        self.flush_seconds = flush_seconds
        self.flush_rows = flush_rows
        self.parts = parts_dir(results)
        self.parts.mkdir(parents=True, exist_ok=True)
        config_file = self.parts / "config.json"
        if not config_file.exists():
            tmp = self.parts / ".config.json.tmp"
            tmp.write_text(json.dumps(config, sort_keys=True))
            os.replace(tmp, config_file)
        existing = _part_files(results)
        self._next_part = int(existing[-1].stem.split("-")[1]) + 1 if existing else 0
        self._rows: list[MatchRecord] = []
        self._last_flush = time.monotonic()
        self.written = 0

    def add(self, record: MatchRecord) -> pa.Table | None:
        """Queue one game (a single append: an interrupt never leaves half a row); return
        the table written when this call flushed."""
        self._rows.append(record)
        if (len(self._rows) >= self.flush_rows
                or time.monotonic() - self._last_flush >= self.flush_seconds):
            return self.flush()
        return None

    def flush(self) -> pa.Table | None:
        """Write the queued rows as one part file; return them as a table."""
        self._last_flush = time.monotonic()
        if not self._rows:
            return None
        rows, self._rows = self._rows, []
        table = records_table(rows, self.schema)
        final = self.parts / f"part-{self._next_part:06d}.parquet"
        tmp = self.parts / f".part-{self._next_part:06d}.tmp"
        pq.write_table(table, tmp)
        os.replace(tmp, final)
        self._next_part += 1
        self.written += len(rows)
        return table

    def finish(self) -> None:
        """Flush, merge every part into the results file, and remove the parts."""
        self.flush()
        merge_parts(self.results, self.schema)


class RecordTally:
    """Records kept as totals only, nothing written: the same tables as
    :class:`ResultWriter` for the standings, every ``flush_rows`` records."""

    def __init__(self, flush_rows: int = 1024) -> None:
        self.flush_rows = flush_rows
        self.games = 0
        self.decisions = 0
        self.engine_seconds = 0.0
        self.bot_seconds = 0.0
        self._rows: list[MatchRecord] = []

    def add(self, record: MatchRecord) -> pa.Table | None:
        self._rows.append(record)
        self.games += 1
        self.decisions += record.decisions
        self.engine_seconds += record.engine_seconds
        self.bot_seconds += record.bot_seconds
        return self.flush() if len(self._rows) >= self.flush_rows else None

    def flush(self) -> pa.Table | None:
        if not self._rows:
            return None
        rows, self._rows = self._rows, []
        return records_table(rows)

    def finish(self) -> None:
        pass


def _lists(values: list[Any], lengths: list[int], type_: pa.DataType) -> pa.Array:
    offsets = np.zeros(len(lengths) + 1, dtype=np.int32)
    np.cumsum(lengths, out=offsets[1:])
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(values, type=type_))


def records_table(records: list[MatchRecord], schema: pa.Schema = SCHEMA) -> pa.Table:
    """Match records as a results table (list columns built flat: no per-row lists)."""
    seats = [len(r.labels) for r in records]
    flat = itertools.chain.from_iterable
    columns = [
        pa.array([r.index for r in records], pa.int64()),
        pa.array([r.seed for r in records], pa.int64()),
        pa.array(seats, pa.int16()),
        _lists(list(flat(r.labels for r in records)), seats, pa.string()),
        _lists(list(flat(r.scores for r in records)), seats, pa.float64()),
        _lists(list(flat(r.ranks for r in records)), seats, pa.int16()),
        pa.array([r.decisions for r in records], pa.int64()),
        pa.array([r.engine_seconds + r.bot_seconds for r in records], pa.float64()),
        pa.array([r.node for r in records], pa.string()),
        _lists(list(flat(r.statuses or ("ok",) * len(r.labels) for r in records)), seats,
               pa.string()),
    ]
    return pa.Table.from_arrays(columns, schema=schema)


def conform(table: pa.Table, schema: pa.Schema) -> pa.Table:
    """``table`` in ``schema``; a part written before ``status`` existed gets every seat
    ``ok``, which is how the report reads a file without it (a run resumed across the
    change then merges)."""
    if "status" not in table.column_names:
        seats = table.column("seats").to_pylist()
        table = table.append_column(
            "status", pa.array([["ok"] * n for n in seats], pa.list_(pa.string())))
    return table.select(schema.names).cast(schema)


def merge_parts(results: Path, schema: pa.Schema) -> None:
    """Merge the parts of ``results`` into it (a no-op if already merged)."""
    parts = parts_dir(results)
    if results.exists():
        shutil.rmtree(parts, ignore_errors=True)
        return
    tmp = results.with_name(f".{results.name}.tmp")
    with pq.ParquetWriter(tmp, schema) as writer:
        pending: list[pa.Table] = []
        rows = 0
        for path in _part_files(results):
            table = conform(pq.read_table(path), schema)
            pending.append(table)
            rows += table.num_rows
            if rows >= MERGED_ROW_GROUP:
                writer.write_table(pa.concat_tables(pending), row_group_size=MERGED_ROW_GROUP)
                pending, rows = [], 0
        if pending:
            writer.write_table(pa.concat_tables(pending), row_group_size=MERGED_ROW_GROUP)
    os.replace(tmp, results)
    shutil.rmtree(parts, ignore_errors=True)
