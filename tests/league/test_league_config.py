"""``arena league --config``: entrants resolved as bot directories, built-in bots and
submitted bots (newest or pinned version), the matchmaking settings with their defaults,
and every mistake refused in one line (exit 2) before Ray starts."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.core import ConfigError
from services.botstore import BotStore
from services.cli.league_config import Submitted, read_league
from services.cli.main import main as arena
from tests.league.test_bots_submit import bot_dir

pytestmark = pytest.mark.usefixtures("restore_logging")


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "league.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_entrants_and_matchmaking_are_read(tmp_path: Path, redis_url: str,
                                           key_prefix: str) -> None:
    directory = bot_dir(tmp_path / "tiny")
    with BotStore(redis_url, key_prefix) as bots:
        bots.submit("sub", directory)
        (directory / "bot").write_text("#!/bin/sh\necho 2\n")
        newest = bots.submit("sub", directory).version
    path = _write(tmp_path, {
        "queues": [{"game": "epic-resort", "players": 2,
                    "entrants": ["random", "deep=mcts:iterations=50", "tiny", "sub",
                                 "old=sub:v1"]}],
        "matchmaking": {"cooldown": 30}})
    submitted = Submitted(redis_url, key_prefix)
    try:
        plan, directories = read_league(path, submitted)
    finally:
        submitted.close()
    (queue,) = plan.queues
    assert queue.id == "epic-resort-2p" and plan.rating == "mu"
    specs = {e.label: e.spec for e in queue.entrants}
    assert specs["builtin:random"] == "random" and specs["deep"] == "mcts:iterations=50"
    assert specs["tiny"].startswith("botdir:") and [d.name for d in directories] == ["tiny"]
    assert specs["sub:v2"] == f"submitted:{newest.hash}"
    assert specs["old"].startswith("submitted:") and specs["old"] != specs["sub:v2"]
    policy = queue.policy
    assert (policy.players, policy.spread, policy.widen, policy.full_after,
            policy.cooldown) == (2, 3.0, 1.0, 5.0, 30.0)
    assert queue.worker_specs()["builtin:random"] == "random"


@pytest.mark.parametrize(("data", "message"), [
    ({"queues": [{"game": "epic-resort", "players": 2, "entrants": ["nobody"]}]},
     "entrant 'nobody' is not a bot directory, a built-in bot of epic-resort"),
    ({"queues": [{"game": "epic-resort", "players": 2, "entrants": ["random", "random"]}]},
     "entrants must differ (repeated: builtin:random)"),
    ({"queues": [{"game": "epic-resort", "players": 1, "entrants": ["random"]}]},
     "players must be a whole number, at least 2"),
    ({"queues": [{"game": "epic-resort", "players": 2}]}, "wants game, players and entrants"),
    ({"queues": [{"game": "epic-resort", "players": 2, "entrants": ["random"]}],
      "matchmaking": {"rating": "trueskill"}}, "rating is one of elo, mu"),
    ({"queues": [{"game": "epic-resort", "players": 2, "entrants": ["random"]}],
      "matchmaking": {"spread": -1}}, "spread must be a number >= 0"),
    ({"queues": [], "extra": 1}, "wants queues"),
])
def test_mistakes_are_one_line_and_exit_2(tmp_path: Path, redis_url: str, key_prefix: str,
                                          data: object, message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, data)
    with pytest.raises(ConfigError, match=None) as raised:
        read_league(path, Submitted(redis_url, key_prefix))
    assert message in str(raised.value)
    code = arena(["league", "--config", str(path), "--redis", redis_url,
                  "--key-prefix", key_prefix])
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) <= 2


def test_a_league_without_redis_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("ARENA_REDIS_URL", raising=False)
    path = _write(tmp_path, {"queues": [{"game": "epic-resort", "players": 2,
                                         "entrants": ["random", "greedy"]}]})
    assert arena(["league", "--config", str(path)]) == 2
    assert "no ladder store given" in capsys.readouterr().err
