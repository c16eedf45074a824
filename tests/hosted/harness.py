"""Running tournaments with hosted bot directories in tests: kits built as CI builds
them (tests/clients does it first; here it is a no-op when they are up to date), and a
tournament played through the same code as ``arena tournament``."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from bench import kits
from services.hosted.options import HostingOptions
from services.sandbox import bwrap_available
from services.tournament.config import SprtParams, TournamentConfig
from services.tournament.entrants import resolve_entrants
from services.tournament.run import RunOptions, RunOutcome, run_tournament

ROOT = Path(__file__).resolve().parents[2]
GAME = "monster-my-neighbor"
BUILD_TIMEOUT = 1800
SANDBOX = "bwrap" if bwrap_available() else "none"
BOTS = Path(__file__).parent / "bots"


def built_kit(name: str) -> Path:
    """clients/<name>, built (or found up to date) as a bot author builds it."""
    found = kits.discover([name])
    if not found:
        pytest.skip(f"no clients/{name}/run")
    try:
        kits.build(found[0], timeout=BUILD_TIMEOUT)
    except RuntimeError as error:
        pytest.fail(str(error), pytrace=False)
    return found[0].run.parent


def misbehaving_dir(root: Path, name: str, *args: str) -> Path:
    """A bot directory: the Python kit (hard-linked, its .venv included) run by
    bots/misbehave.py with ``args``, by the ``python3`` on the sandbox's PATH."""
    kit = built_kit("python")
    directory = root / name
    directory.mkdir(parents=True)
    subprocess.run(["cp", "-al", str(kit / ".venv"), str(kit / "gen"), str(directory)],
                   check=True)
    shutil.copy(kit / "bot.py", directory / "kit_bot.py")
    shutil.copy(BOTS / "misbehave.py", directory / "misbehave.py")
    run = " ".join(["python3", "misbehave.py", *args])
    (directory / "arena-bot.toml").write_text(
        f'name = "{name}"\nrun = "{run}"\nignore = [".venv/"]\n')
    return directory


def play(out: Path, entrants: list[tuple[str | None, str]], *, players: int = 4,
         games: int = 8, fmt: str = "round-robin", workers: int = 0, seed: int = 3,
         sprt: SprtParams | None = None, **hosting: Any) -> RunOutcome:
    """A tournament of ``entrants`` (name, spec) with hosted bot directories."""
    config = TournamentConfig(GAME, players, fmt, resolve_entrants(GAME, entrants), games,
                              seed, sprt=sprt)
    options = HostingOptions(**{"sandbox": SANDBOX, "seed": seed,
                                "log_dir": str(out / "bot-logs"), **hosting})
    return run_tournament(config, RunOptions(out, workers, resamples=20, hosting=options))


def rows(out: Path) -> list[dict[str, Any]]:
    return sorted(pq.read_table(out / "results.parquet").to_pylist(),
                  key=lambda row: row["index"])


def summary(out: Path) -> dict[str, Any]:
    return json.loads((out / "summary.json").read_text())


def seat_statuses(out: Path) -> dict[str, list[str]]:
    """Every status each entrant's seats got, game by game."""
    found: dict[str, list[str]] = {}
    for row in rows(out):
        for name, status in zip(row["bots"], row["status"], strict=True):
            found.setdefault(name, []).append(status)
    return found
