"""Every recorded replay in ``data/`` still plays the same game, bit for bit.

The files were recorded on main by ``tests/replays/record.py`` (see ``data/README.md``).
Each one is replayed two ways: through ``replay_match``, as ``arena replay`` verifies a
file, and step by step to recompute its fingerprint: the result, the number of
decisions, every decision request's wire bytes, each seat's final observation bytes and
the public log. A change of rules, of the seed derivation, of an option's label or of a
wire message fails here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import Replay, available_games, replay_match
from tests.replays.fingerprint import fingerprint

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.glob("*.json"))


def load(path: Path) -> tuple[Replay, dict[str, Any]]:
    data = json.loads(path.read_text())
    return Replay.from_json(data), data["fingerprint"]


def test_every_installed_game_has_recorded_replays() -> None:
    recorded = {json.loads(path.read_text())["game"] for path in FILES}
    assert recorded == set(available_games())


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_recorded_replay_verifies(path: Path) -> None:
    replay, expected = load(path)
    state = replay_match(replay)  # raises ValueError when the result differs
    assert state.is_terminal()
    got = json.loads(json.dumps(fingerprint(replay)))
    assert got["decisions"] == expected["decisions"]
    assert got["result"] == expected["result"]
    assert got["public_log"] == expected["public_log"], "the public log text changed"
    assert got["observations"] == expected["observations"], "final observation bytes changed"
    assert got["requests"] == expected["requests"], (
        "a decision request changed: its kind, option labels, observation or option bytes"
    )
    assert got == expected
