"""``arena play`` and ``arena replay`` with Ark Nova (1 to 4 players) on a real local Ray:
JSON summaries, replays that re-simulate, a card file and the map option reaching the
engine, and solo runs whose score is the VP and whose wins are the games with VP >= 0."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import Replay, replay_match
from services.cli.main import main as arena
from tests.ark_nova.contract import custom_cards

GAME = "ark-nova"


def play(tmp: Path, players: int, bots: str, *extra: str, games: int = 1) -> dict[str, Any]:
    out = tmp / f"summary-{players}.json"
    code = arena(["play", "--game", GAME, "--players", str(players), "--bots", bots,
                  "--games", str(games), "--seed", str(players), "--workers", "2",
                  "--json", str(out), *extra])
    assert code == 0
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def runs(ray_local: None, tmp_path_factory: pytest.TempPathFactory) -> dict[int, tuple[
        dict[str, Any], Path]]:
    """One short run per seat count (greedy takes part with two players), with replays."""
    out = {}
    for players, bots in ((2, "random,greedy"), (3, "random"), (4, "random")):
        tmp = tmp_path_factory.mktemp(f"an{players}")
        out[players] = (play(tmp, players, bots, "--replays", str(tmp / "replays"), games=2),
                        tmp / "replays")
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_summary_and_replays(runs, players: int) -> None:
    summary, replays = runs[players]
    assert (summary["game"], summary["players"], summary["games"]) == (GAME, players, 2)
    assert sum(s["games"] for s in summary["bots"].values()) == players * 2
    files = sorted(replays.glob("*.json"))
    assert len(files) == 2
    decisions = 0
    for path in files:
        replay = Replay.load(path)
        assert replay.game_id == GAME and replay.config.players == players
        state = replay_match(replay)
        assert state.is_terminal() and replay.result is not None
        assert state.result().ranks == replay.result.ranks
        decisions += len(replay.choices)
    assert summary["decisions"] == decisions


def test_solo_runs_score_the_vp_and_win_with_vp_at_least_0(ray_local: None,
                                                            tmp_path: Path) -> None:
    summary = play(tmp_path, 1, "random", "--option", "solo_difficulty=hard",
                   "--replays", str(tmp_path / "r"), games=3)
    assert (summary["players"], summary["games"]) == (1, 3)
    vps = []
    for path in sorted((tmp_path / "r").glob("*.json")):
        replay = Replay.load(path)
        state = replay_match(replay)
        assert state.result().details["turns"] == 27
        vps.append(state.result().scores[0])
    stats = summary["bots"]["random"]
    assert stats["games"] == 3 and stats["mean_rank"] == 1
    assert stats["mean_score"] == pytest.approx(sum(vps) / 3)
    assert stats["wins"] == sum(1 for v in vps if v >= 0)


def test_arena_replay_prints_and_verifies(runs, capsys: pytest.CaptureFixture[str]) -> None:
    _, replays = runs[3]
    path = sorted(replays.glob("*.json"))[0]
    assert arena(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "KEEP_STARTING_CARD" in out and "CHOOSE_ACTION" in out
    assert "Verified: the re-simulated result matches the recorded one." in out


def test_card_file_and_map_option_reach_the_engine(
        ray_local: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.jsonl"
    cards.write_text(custom_cards(), encoding="utf-8")
    play(tmp_path, 2, "random", "--cards", str(cards), "--option", "map=0",
         "--replays", str(tmp_path / "r"))
    (path,) = (tmp_path / "r").glob("*.json")
    replay = Replay.load(path)
    assert replay.config.cards == cards.read_text(encoding="utf-8")
    assert {k: str(v) for k, v in replay.config.options.items()} == {"map": "0"}
    state = replay_match(replay)
    assert state.s.params.map_id == "0"  # type: ignore[attr-defined]
    assert state.s.cards[401].name == "Swift Cheetah"  # type: ignore[attr-defined]


def test_a_broken_card_file_names_card_and_field(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.jsonl"
    cards.write_text(custom_cards().replace('"money_cost": 17', '"money_cost": "x"', 1),
                     encoding="utf-8")
    assert arena(["play", "--game", GAME, "--players", "2", "--bots", "random",
                  "--games", "1", "--cards", str(cards)]) == 2
    assert "card AN-401 field 'money_cost'" in capsys.readouterr().err
