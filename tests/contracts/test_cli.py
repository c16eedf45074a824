"""``arena play`` and ``arena replay`` with every installed game on a real local Ray: a
short run per seat count gives a JSON summary whose counts add up and replays that
re-simulate to their recorded result; ``arena replay`` prints and verifies a match; a
card file and options reach the engine. Per-game data: ``tests/<game>/contract.py``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import Replay, replay_match
from services.cli.main import main as arena
from tests.contracts.games import GAMES, contract

GAMES_PER_RUN = 2
RUNS = [(game, players) for game in GAMES for players in contract(game).play.bots]


def play(tmp: Path, game: str, players: int, bots: str, *extra: str,
         games: int = GAMES_PER_RUN) -> dict[str, Any]:
    out = tmp / f"summary-{players}.json"
    code = arena(["play", "--game", game, "--players", str(players), "--bots", bots,
                  "--games", str(games), "--seed", str(players), "--workers", "2",
                  "--json", str(out), *extra])
    assert code == 0
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def runs(ray_local: None, tmp_path_factory: pytest.TempPathFactory) -> dict[
        tuple[str, int], tuple[dict[str, Any], Path]]:
    """One short run per game and seat count, with replays."""
    out = {}
    for game, players in RUNS:
        tmp = tmp_path_factory.mktemp(f"{game}-{players}")
        bots = contract(game).play.bots[players]
        out[game, players] = (play(tmp, game, players, bots, "--replays", str(tmp / "r")),
                              tmp / "r")
    return out


@pytest.mark.parametrize(("game", "players"), RUNS)
def test_summary_and_replays(runs, game: str, players: int) -> None:
    summary, replays = runs[game, players]
    bots = set(contract(game).play.bots[players].split(","))
    assert (summary["game"], summary["players"], summary["games"]) == (
        game, players, GAMES_PER_RUN)
    assert set(summary["bots"]) == bots
    assert sum(s["games"] for s in summary["bots"].values()) == players * GAMES_PER_RUN
    assert sum(s["wins"] for s in summary["bots"].values()) == pytest.approx(GAMES_PER_RUN)
    files = sorted(replays.glob("*.json"))
    assert len(files) == GAMES_PER_RUN
    decisions = 0
    for path in files:
        replay = Replay.load(path)
        assert replay.game_id == game and replay.config.players == players
        assert set(replay.labels) == bots
        recorded = replay.result
        state = replay_match(replay)
        assert state.is_terminal() and recorded is not None
        assert state.result().ranks == recorded.ranks
        decisions += len(replay.choices)
    assert summary["decisions"] == decisions


@pytest.mark.parametrize("game", GAMES)
def test_arena_replay_prints_and_verifies(runs, game: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    players = max(contract(game).play.bots)
    _, replays = runs[game, players]
    path = sorted(replays.glob("*.json"))[0]
    capsys.readouterr()
    assert arena(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    for mark in contract(game).play.replay_marks:
        assert mark in out
    assert "Verified: the re-simulated result matches the recorded one." in out


@pytest.mark.parametrize("game", GAMES)
def test_a_card_file_and_options_reach_the_engine(
        game: str, ray_local: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = contract(game)
    cards = tmp_path / f"cards{rules.play.card_suffix}"
    cards.write_text(rules.served.cards, encoding="utf-8")
    options = [arg for k, v in rules.play.card_options.items() for arg in ("--option", f"{k}={v}")]
    play(tmp_path, game, rules.play.card_players, "random", "--cards", str(cards), *options,
         "--replays", str(tmp_path / "r"), games=1)
    (path,) = (tmp_path / "r").glob("*.json")
    replay = Replay.load(path)
    assert replay.config.cards == cards.read_text(encoding="utf-8")
    assert dict(replay.config.options) == rules.play.card_options
    rules.play.check_card_state(replay_match(replay))
    capsys.readouterr()
    assert arena(["replay", str(path)]) == 0
    assert rules.play.card_replay_text in capsys.readouterr().out
