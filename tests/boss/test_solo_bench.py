"""``bench.solo``: the per-deal scores it writes replay, and its report gives the bot's
CPU seconds per decision (the issue's budget is a p95 over a benchmark run)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench import solo
from engine.core import GameConfig, play_match
from engine.core.outcomes import solo_won
from engine.toolkit.bots import make_bot


def test_the_report_gives_scores_wins_and_cpu_per_decision(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scores_file = tmp_path / "scores.json"
    solo.main(["--game", "ark-nova", "--bot", "greedy", "--games", "2", "--seed", "31",
               "--option", "solo_difficulty=hard", "--scores", str(scores_file)])
    out = capsys.readouterr().out
    written = json.loads(scores_file.read_text())
    assert written["seeds"] == [31, 32]
    assert written["options"]["solo_difficulty"] == "hard"
    options = written["options"]
    replayed = [play_match("ark-nova", GameConfig(1, options), seed,
                           [make_bot("ark-nova", "greedy")]).result.scores[0]
                for seed in (31, 32)]
    assert written["scores"] == replayed
    wins = sum(1 for score in replayed if solo_won(score))
    assert f"games 2  mean score {sum(replayed) / 2:.1f}" in out
    assert f"wins (score >= 0) {wins}  [" in out
    cpu = re.search(r"greedy: CPU s per decision median ([\d.]+)  p95 ([\d.]+)  max ([\d.]+)"
                    r"  over (\d+) decisions", out)
    assert cpu is not None, out
    median, p95, most = (float(cpu.group(i)) for i in (1, 2, 3))
    assert 0 <= median <= p95 <= most and int(cpu.group(4)) > 50
