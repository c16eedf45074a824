"""Where a tournament's results live on disk (no Parquet needed to ask)."""

from __future__ import annotations

from pathlib import Path


def parts_dir(results: Path) -> Path:
    """The directory a running tournament writes ``results``'s parts into."""
    return results.with_name(results.name + ".parts")


def has_results(results: Path) -> bool:
    """True if ``results`` exists, merged or still in parts."""
    return results.exists() or parts_dir(results).exists()
