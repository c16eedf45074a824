"""``arena tournament`` and ``arena report`` on a real local Ray: determinism, every
format end to end, interruption and resume, killed workers, clear errors."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
import ray
import yaml
from rich.console import Console

from services.cli.main import main as arena
from services.runner import pool as pool_module
from services.runner.pool import MatchPool
from services.tournament import run as run_module
from services.tournament.config import TournamentConfig
from services.tournament.entrants import Entrant
from services.tournament.live import LiveStandings, TerminalView

pytestmark = pytest.mark.usefixtures("restore_logging")

GAME = "monster-my-neighbor"
ROUND_ROBIN = ["--game", GAME, "--players", "3", "--format", "round-robin",
               "--entrants", "random,heuristic,r2=random", "--games", "90", "--seed", "5",
               "--resamples", "100"]


def tournament(out: Path, *args: str, workers: int = 2) -> int:
    return arena(["tournament", *args, "--out", str(out), "--workers", str(workers)])


def rows(out: Path) -> list[tuple[Any, ...]]:
    """Every recorded game, without what depends on where and when it ran."""
    table = pq.read_table(out / "results.parquet").to_pylist()
    return sorted((r["index"], r["seed"], r["seats"], tuple(r["bots"]), tuple(r["scores"]),
                   tuple(r["ranks"]), r["decisions"]) for r in table)


def summary(out: Path) -> dict[str, Any]:
    return json.loads((out / "summary.json").read_text())


@pytest.fixture(scope="module")
def reference(ray_local: None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("reference") / "run"
    assert tournament(out, *ROUND_ROBIN) == 0
    return out


def test_the_same_seed_gives_the_same_results_on_any_number_of_workers(
    reference: Path, tmp_path: Path
) -> None:
    config = tmp_path / "tournament.yaml"
    config.write_text(yaml.safe_dump({
        "game": GAME, "players": 3, "format": "round-robin", "games": 90, "seed": 5,
        "entrants": ["random", "heuristic", {"name": "r2", "bot": "random"}], "resamples": 100,
    }))
    again = tmp_path / "again"
    assert arena(["tournament", "--config", str(config), "--out", str(again),
                  "--workers", "1"]) == 0
    assert rows(again) == rows(reference)
    assert summary(again) == summary(reference)
    assert [r[0] for r in rows(reference)] == list(range(90))
    other_seed = tmp_path / "other"
    assert tournament(other_seed, *ROUND_ROBIN[:-4], "--seed", "6", "--resamples", "100") == 0
    assert rows(other_seed) != rows(reference)


def test_the_outputs_are_all_there_and_report_rebuilds_them(
    reference: Path, tmp_path: Path
) -> None:
    for name in ("results.parquet", "summary.json", "summary.csv", "details.json",
                 "winrate.png", "ratings.png"):
        assert (reference / name).stat().st_size > 0, name
    assert not (reference / "results.parquet.parts").exists()
    data = summary(reference)
    assert data["games"] == 90 and set(data["entrants"]) == {"random", "heuristic", "r2"}
    assert sum(e["games"] for e in data["entrants"].values()) == 90 * 3
    assert data["entrants"]["heuristic"]["rating"] > data["entrants"]["random"]["rating"]
    details = json.loads((reference / "details.json").read_text())
    nodes = details["workers"]["games_by_node"]
    assert sum(nodes.values()) == 90 and all(nodes)
    rebuilt = tmp_path / "rebuilt"
    assert arena(["report", str(reference / "results.parquet"), "--out", str(rebuilt),
                  "--resamples", "100"]) == 0
    assert summary(rebuilt) == data
    assert (rebuilt / "summary.csv").read_text() == (reference / "summary.csv").read_text()
    assert (rebuilt / "winrate.png").exists() and (rebuilt / "ratings.png").exists()


def test_without_a_terminal_the_output_is_json_lines(
    ray_local: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--game", GAME, "--players", "3", "--format", "gauntlet", "--entrants",
            "heuristic,random,r2=random", "--games", "30", "--resamples", "50"]
    assert tournament(tmp_path / "g", *args) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert events[0]["event"] == "start" and events[0]["total"] == 30
    assert events[-1]["event"] == "summary" and events[-1]["games"] == 30
    assert any(e["event"] == "progress" and "standings" in e for e in events)
    table = pq.read_table(tmp_path / "g" / "results.parquet").to_pylist()
    assert all("heuristic" in r["bots"] for r in table)


def test_on_a_terminal_the_run_ends_with_a_table_and_its_speed(
    ray_local: None, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    args = ["--game", GAME, "--players", "3", "--format", "gauntlet", "--entrants",
            "heuristic,random,r2=random", "--games", "6", "--resamples", "20"]
    assert tournament(tmp_path / "t", *args, workers=1) == 0
    captured = capsys.readouterr()
    assert '"event"' not in captured.out  # a table for people, not JSON lines
    assert "heuristic" in captured.out and "r2" in captured.out
    err = " ".join(captured.err.split())
    assert re.search(r"Played 6 games in [\d.]+ s \([\d.,]+ games/s\) on 1 Ray worker "
                     r"\(1 node\)\.$", err.strip()), err
    assert "before" not in err  # nothing was resumed


def test_sprt_stops_when_it_decides(ray_local: None, tmp_path: Path) -> None:
    args = ["--game", GAME, "--players", "3", "--format", "sprt", "--challenger", "heuristic",
            "--baseline", "random", "--elo0", "0", "--elo1", "40", "--games", "3000",
            "--resamples", "50"]
    assert tournament(tmp_path / "s", *args) == 0
    data = summary(tmp_path / "s")
    sprt = data["sprt"]
    assert sprt["decision"] == "H1" and sprt["llr"] >= sprt["upper"]
    assert sprt["verdict"] == (
        f"LLR {sprt['llr']:.3f} crossed the upper bound {sprt['upper']:.3f} after "
        f"{sprt['games']:,} games: accept H1, heuristic is stronger than random")
    assert sprt["games"] == data["games"] < 3000 and data["games"] % 3 == 0
    assert [r[0] for r in rows(tmp_path / "s")] == list(range(data["games"]))
    reverse = ["--challenger", "random", "--baseline", "heuristic"]
    assert tournament(tmp_path / "r", *args[:6], *reverse, *args[10:]) == 0
    reversed_test = summary(tmp_path / "r")["sprt"]
    assert reversed_test["decision"] == "H0" and reversed_test["verdict"].endswith(
        "accept H0, random is not 40 Elo stronger than heuristic")


def test_swiss_rounds_end_to_end(ray_local: None, tmp_path: Path) -> None:
    entrants = ",".join(f"{name}={'random' if i % 2 else 'heuristic'}"
                        for i, name in enumerate("abcdefghi"))
    args = ["--game", GAME, "--players", "3", "--format", "swiss", "--entrants", entrants,
            "--games", "18", "--resamples", "50"]
    assert tournament(tmp_path / "w", *args) == 0
    games = rows(tmp_path / "w")
    assert [g[0] for g in games] == list(range(18))
    tables = {frozenset(g[3]) for g in games}
    assert len(tables) == 6  # 2 rounds of 3 tables
    met = [frozenset((x, y)) for t in tables for x in t for y in t if x < y]
    assert len(met) == len(set(met)), "a pair met twice"


def test_swiss_with_exactly_as_many_entrants_as_seats_seats_them_all_each_game(
    ray_local: None, tmp_path: Path
) -> None:
    args = ["--game", GAME, "--players", "3", "--format", "swiss", "--entrants",
            "a=random,b=heuristic,c=random", "--games", "6", "--resamples", "20"]
    assert tournament(tmp_path / "s", *args) == 0
    games = rows(tmp_path / "s")
    assert [g[0] for g in games] == list(range(6))
    assert all(sorted(g[3]) == ["a", "b", "c"] for g in games)


class _InterruptAfter:
    """A view that presses Ctrl-C once ``games`` are done."""

    def __init__(self, games: int) -> None:
        self.games = games

    def start(self, *args: Any) -> None:
        pass

    def update(self, done: int, force: bool = False) -> None:
        if done >= self.games and not force:
            raise KeyboardInterrupt

    def stop(self) -> None:
        pass


def test_ctrl_c_keeps_every_recorded_game_and_resume_plays_the_rest(
    reference: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from services.cli import tournament as cli

    out = tmp_path / "cut"
    monkeypatch.setattr(cli, "_run_with_view", lambda config, options: run_module.run_tournament(
        config, options, _InterruptAfter(40)))
    assert tournament(out, *ROUND_ROBIN) == 130
    recorded = pq.ParquetFile
    parts = sorted((out / "results.parquet.parts").glob("part-*.parquet"))
    kept = sum(recorded(p).metadata.num_rows for p in parts)
    assert 40 <= kept < 90
    monkeypatch.undo()
    assert tournament(out, *ROUND_ROBIN, "--workers", "1") == 2  # resume is explicit
    assert arena(["tournament", "--resume", str(out / "results.parquet"), "--workers", "2",
                  "--resamples", "100"]) == 0
    assert rows(out) == rows(reference)
    assert summary(out) == summary(reference)


class _PoolThatNeverStarts:
    """A match pool interrupted (Ctrl-C) while its workers start."""

    nodes: tuple[str, ...] = ()
    workers = 1

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def __enter__(self) -> Any:
        raise KeyboardInterrupt

    def __exit__(self, *exc: object) -> None:
        pass


def test_ctrl_c_while_the_workers_start_is_an_interrupt_under_the_terminal_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pool_module, "MatchPool", _PoolThatNeverStarts)
    entrants = tuple(Entrant(n, n, n) for n in ("random", "heuristic"))
    config = TournamentConfig(GAME, 3, "round-robin", entrants, games=3, seed=1)
    console = Console(file=io.StringIO(), force_terminal=False)
    view = TerminalView(LiveStandings(config.names, config.players), console)
    with pytest.raises(KeyboardInterrupt):  # not the view's error on a run never shown
        run_module.run_tournament(config, run_module.RunOptions(tmp_path / "x", 1), view)
    assert not (tmp_path / "x" / "results.parquet").exists()


def test_resume_refuses_a_different_tournament(reference: Path, tmp_path: Path) -> None:
    changed = [*ROUND_ROBIN[:-4], "--seed", "99", "--resamples", "100"]
    assert arena(["tournament", *changed, "--out", str(reference), "--resume"]) == 2


def test_a_killed_workers_games_are_played_again_once(
    reference: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    restarts: list[int] = []

    class KillingPool(MatchPool):
        def run(self, tasks: Any, total: int | None = None) -> Iterator[Any]:
            for number, record in enumerate(super().run(tasks, total)):
                if number == 10:
                    for actor in self.actors:
                        ray.kill(actor, no_restart=True)
                yield record
            restarts.append(self.restarts)

    monkeypatch.setattr(pool_module, "MatchPool", KillingPool)
    out = tmp_path / "killed"
    assert tournament(out, *ROUND_ROBIN) == 0
    assert restarts and restarts[0] >= 1
    assert rows(out) == rows(reference)


@pytest.mark.parametrize(("args", "message"), [
    (["--game", GAME, "--players", "3", "--format", "round-robin", "--games", "5"],
     "missing --entrants"),
    (["--game", GAME, "--players", "3", "--format", "sprt", "--challenger", "random",
      "--games", "5"], "--challenger and --baseline"),
    (["--game", GAME, "--players", "9", "--format", "round-robin", "--entrants",
      "random,heuristic", "--games", "5"], "3 to 8 players"),
    (["--game", GAME, "--players", "3", "--format", "sprt", "--challenger", "random",
      "--baseline", "heuristic", "--elo0", "5", "--elo1", "1", "--games", "5"],
     "--elo0 must be below --elo1"),
    (["--game", GAME, "--players", "3", "--format", "swiss", "--entrants",
      "random,heuristic", "--games", "5"], "at least as many entrants as seats"),
])
def test_bad_settings_are_clear_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert tournament(tmp_path / "x", *args) == 2
    assert message in capsys.readouterr().err.replace("\n", " ")
    assert not (tmp_path / "x").exists()
