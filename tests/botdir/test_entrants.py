"""A bot directory as a tournament entrant spec (``NAME=PATH`` or ``PATH``): recognised
beside built-in specs and ``file.py:Class``, checked, and named by its manifest."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import ConfigError
from services.botdir import MANIFEST, BotDirError, content_hash, load_bot_dir
from services.tournament.entrants import (
    entrant_item,
    resolve_entrants,
    runtime_env,
    split_entrants,
)

ROOT = Path(__file__).resolve().parents[2]
GAME = "monster-my-neighbor"


def test_bot_directories_split_and_name_like_other_specs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    # After built-in parameters, NAME=PATH of a bot directory starts a new entrant.
    assert split_entrants("mcts:iterations=20,go=clients/go,clients/rust,heuristic") == [
        "mcts:iterations=20", "go=clients/go", "clients/rust", "heuristic"]
    # ...while a key=value that is no bot directory still continues the parameters.
    assert split_entrants("mcts:iterations=20,ms=5,random") == ["mcts:iterations=20,ms=5",
                                                                "random"]
    assert entrant_item("go=clients/go") == ("go", "clients/go")
    assert entrant_item("clients/go") == (None, "clients/go")


def test_a_bot_directory_entrant_is_checked_and_named_by_its_manifest(tmp_path: Path) -> None:
    kit = ROOT / "clients" / "go"
    _, go = resolve_entrants(GAME, [(None, "random"), (None, str(kit))])
    digest = content_hash(load_bot_dir(kit))
    assert (go.name, go.spec, go.fingerprint) == ("go-random", str(kit), digest)
    # Workers get the content hash and the path: the build's cache key and where to look.
    assert go.worker_spec == f"botdir:{digest}:{kit}"
    (named,) = resolve_entrants(GAME, [("gopher", str(kit))])
    assert named.name == "gopher"
    # It ships to a cluster without its build outputs (the manifest's ignore).
    env = runtime_env([go])
    assert env is not None and env["py_modules"] == [str(kit)]
    assert set(load_bot_dir(kit).ignore) <= set(env["excludes"])
    (tmp_path / MANIFEST).write_text('name = "x"\nbuild = "make"\n')
    with pytest.raises(BotDirError, match="missing 'run'"):
        resolve_entrants(GAME, [("mine", str(tmp_path))])
    # A directory without the manifest is not a bot directory: the usual unknown-bot error.
    with pytest.raises(ConfigError) as unknown:
        resolve_entrants(GAME, [(None, str(ROOT / "clients"))])
    assert "bot directory" not in str(unknown.value)
