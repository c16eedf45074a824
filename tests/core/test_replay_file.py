"""Replay files are written atomically: a reader never sees a half-written file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.core.game import GameConfig
from engine.core.replay import Replay


def replay(seed: int) -> Replay:
    return Replay("monster-my-neighbor", GameConfig(5), seed, ((0, 1), (2, 0)))


def test_save_replaces_the_file_whole_and_leaves_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "m1.json"
    replay(1).save(path)
    replay(2).save(path)
    assert Replay.load(path) == replay(2)
    assert [p.name for p in tmp_path.iterdir()] == ["m1.json"]


def test_a_failed_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m1.json"
    replay(1).save(path)

    def no_rename(src: object, dst: object) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", no_rename)
    with pytest.raises(OSError, match="disk gone"):
        replay(2).save(path)
    assert Replay.load(path) == replay(1)
    assert [p.name for p in tmp_path.iterdir()] == ["m1.json"]
