"""``arena play`` and ``arena replay`` with Epic Resort (2 to 4 players) on a real local Ray:
JSON summaries, replays that re-simulate, and a card file and options that reach the
engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import Replay, replay_match
from services.cli.main import main as arena
from tests.epic_resort.contract import custom_cards

GAME = "epic-resort"
BOTS = ("random", "greedy")
GAMES = 2


def play(tmp: Path, players: int, *extra: str, games: int = GAMES) -> dict[str, Any]:
    out = tmp / f"summary-{players}.json"
    code = arena(["play", "--game", GAME, "--players", str(players), "--bots", ",".join(BOTS),
                  "--games", str(games), "--seed", str(players), "--workers", "2",
                  "--json", str(out), *extra])
    assert code == 0
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def runs(ray_local: None, tmp_path_factory: pytest.TempPathFactory) -> dict[int, tuple[
        dict[str, Any], Path]]:
    """A short random-vs-greedy run per seat count, with replays."""
    out = {}
    for players in (2, 3, 4):
        tmp = tmp_path_factory.mktemp(f"er{players}")
        out[players] = (play(tmp, players, "--replays", str(tmp / "replays")), tmp / "replays")
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_summary_and_replays(runs, players: int) -> None:
    summary, replays = runs[players]
    assert (summary["game"], summary["players"], summary["games"]) == (GAME, players, GAMES)
    assert set(summary["bots"]) == set(BOTS)
    assert sum(s["games"] for s in summary["bots"].values()) == players * GAMES
    assert sum(s["wins"] for s in summary["bots"].values()) == pytest.approx(GAMES)
    files = sorted(replays.glob("*.json"))
    assert len(files) == GAMES
    decisions = 0
    for path in files:
        replay = Replay.load(path)
        assert replay.game_id == GAME and replay.config.players == players
        assert set(replay.labels) == set(BOTS)
        recorded = replay.result
        state = replay_match(replay)
        assert state.is_terminal() and recorded is not None
        assert state.result().ranks == recorded.ranks
        decisions += len(replay.choices)
    assert summary["decisions"] == decisions


def test_arena_replay_prints_and_verifies(runs, capsys: pytest.CaptureFixture[str]) -> None:
    _, replays = runs[4]
    path = sorted(replays.glob("*.json"))[0]
    assert arena(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "STARTING_LAYOUT" in out and "--- season 1 ---" in out
    assert "Verified: the re-simulated result matches the recorded one." in out


def test_card_file_and_options_reach_the_engine(
        ray_local: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.yaml"
    cards.write_text(custom_cards(), encoding="utf-8")
    play(tmp_path, 2, "--cards", str(cards), "--option", "journeyman_discount=3",
         "--option", "phase_i_mode=in_turn_order", "--replays", str(tmp_path / "r"), games=1)
    (path,) = (tmp_path / "r").glob("*.json")
    replay = Replay.load(path)
    assert replay.config.cards == cards.read_text(encoding="utf-8")
    assert replay.config.options == {"journeyman_discount": 3, "phase_i_mode": "in_turn_order"}
    state = replay_match(replay)
    assert state.s.params.journeyman_discount == 3  # type: ignore[attr-defined]
    capsys.readouterr()
    assert arena(["replay", str(path)]) == 0
    assert "Sandy Beach" in capsys.readouterr().out


