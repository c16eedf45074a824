"""``arena play`` with Ark Nova beyond the contract every game keeps
(tests/contracts/test_cli.py): solo runs whose score is the VP and whose wins are the
games with VP >= 0, and a broken card file named by card and field."""

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


def test_a_broken_card_file_names_card_and_field(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.jsonl"
    cards.write_text(custom_cards().replace('"money_cost": 17', '"money_cost": "x"', 1),
                     encoding="utf-8")
    assert arena(["play", "--game", GAME, "--players", "2", "--bots", "random",
                  "--games", "1", "--cards", str(cards)]) == 2
    assert "card AN-401 field 'money_cost'" in capsys.readouterr().err
