"""`arena play` is a preset of the tournament pipeline: on a fixed seed and the same
line-up, `arena play` and `arena tournament --format round-robin` play the same games
(seats, seeds, scores, ranks) and report the same seats, wins, mean scores and ranks.
Both run in this process (`--workers 0`): no Ray, a few seconds."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from engine.core import Replay
from services.cli.main import main as arena

CASES = [
    # game, players, bots, games: a line-up of fewer bots than seats, and one of more
    ("monster-my-neighbor", 4, ("random", "heuristic"), 16),
    ("epic-resort", 2, ("random", "greedy", "mcts:iterations=2"), 6),
]


@pytest.mark.parametrize(("game", "players", "bots", "games"), CASES)
def test_play_and_tournament_play_the_same_games_and_count_the_same_wins(
        game: str, players: int, bots: tuple[str, ...], games: int, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    common = ["--game", game, "--players", str(players), "--games", str(games),
              "--seed", "7", "--workers", "0"]
    played_json, replays = tmp_path / "play.json", tmp_path / "replays"
    assert arena(["play", *common, "--bots", ",".join(bots), "--json", str(played_json),
                  "--replays", str(replays)]) == 0
    out = tmp_path / "tournament"
    assert arena(["tournament", *common, "--format", "round-robin", "--entrants",
                  ",".join(bots), "--out", str(out), "--resamples", "0"]) == 0
    capsys.readouterr()

    # The same games: seats, seed, scores and ranks of every game index.
    rows = pq.read_table(out / "results.parquet").to_pylist()
    recorded = {row["index"]: (tuple(row["bots"]), row["seed"], tuple(row["scores"]),
                               tuple(row["ranks"])) for row in rows}
    assert sorted(recorded) == list(range(games))
    width = len(str(games - 1))
    wins: dict[str, Fraction] = defaultdict(Fraction)
    for index in range(games):
        replay = Replay.load(replays / f"game-{index:0{width}d}.json")
        assert replay.result is not None
        seats = recorded[index][0]  # the replay names a bot by its class, the file by spec
        assert len(replay.labels) == len(seats)
        assert (seats, replay.seed, tuple(replay.result.scores),
                tuple(replay.result.ranks)) == recorded[index]
        for name, share in zip(seats, replay.result.shares, strict=True):
            wins[name] += share

    # The same standings, and the wins are the games' shares (ties split).
    summary = json.loads((out / "summary.json").read_text())
    played = json.loads(played_json.read_text())
    assert played["games"] == summary["games"] == games
    for name in bots:
        mine, theirs = played["bots"][name], summary["entrants"][name]
        assert {key: mine[key] for key in ("games", "wins", "mean_score", "mean_rank")} == {
            key: theirs[key] for key in ("games", "wins", "mean_score", "mean_rank")}
        assert mine["wins"] == round(float(wins[name]), 10)
