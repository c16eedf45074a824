"""``arena bots register`` and ``arena ladder`` through their argument parsers."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import pytest

from services.cli import bots, ladder
from services.ladder.cli_options import REDIS_URL_ENV
from services.ladder.factory import open_store

GAME = "monster-my-neighbor"


@pytest.fixture(autouse=True)
def no_default_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(REDIS_URL_ENV, raising=False)


def run(argv: list[str]) -> int:
    """Parse with only the ladder's own commands, as ``arena`` would, and run."""
    parser = argparse.ArgumentParser(prog="arena")
    sub = parser.add_subparsers(dest="command", required=True)
    bots.add_parser(sub)
    ladder.add_parser(sub)
    args = parser.parse_args(argv)
    return int(args.func(args) or 0)


def test_bots_register_prints_the_token_alone_on_the_last_line(
    redis_url: str, key_prefix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run(["bots", "register", "alice", "--redis", redis_url, "--key-prefix", key_prefix])
    out = capsys.readouterr()
    assert code == 0
    token = out.out.rstrip("\n").splitlines()[-1]
    assert token.strip() == token
    assert " " not in token
    with open_store(redis_url, key_prefix=key_prefix) as store:
        assert store.authenticate(token) == "alice"
    assert "in-process" not in out.err


def test_bots_register_twice_fails_unless_rotating(
    redis_url: str, key_prefix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["bots", "register", "alice", "--redis", redis_url, "--key-prefix", key_prefix]
    assert run(argv) == 0
    first = capsys.readouterr().out.splitlines()[-1]
    assert run(argv) == 2
    err = capsys.readouterr().err
    assert "already registered" in err
    assert "arena bots register alice --rotate" in err
    assert len(err.strip().splitlines()) == 1, err
    assert run([*argv, "--rotate"]) == 0
    second = capsys.readouterr().out.splitlines()[-1]
    with open_store(redis_url, key_prefix=key_prefix) as store:
        assert store.authenticate(first) is None
        assert store.authenticate(second) == "alice"


@pytest.mark.parametrize("argv", [["bots", "register", "bob"], ["bots", "list"],
                                   ["ladder", "--game", GAME, "--json"]])
def test_store_commands_without_redis_refuse_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str],
) -> None:
    """A token registered in an in-process store could never be used, and its ladder is
    always empty: without --redis or $ARENA_REDIS_URL these commands refuse, exit 2."""
    assert run(argv) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert len(out.err.strip().splitlines()) == 1, out.err
    assert "no ladder store given (--redis URL or $ARENA_REDIS_URL)" in out.err


def test_bots_register_rejects_a_bad_name(
    redis_url: str, key_prefix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["bots", "register", "no spaces please", "--redis", redis_url, "--key-prefix",
            key_prefix]
    assert run(argv) == 2
    assert "invalid bot name" in capsys.readouterr().err


def test_bots_list_prints_every_registered_bot_one_a_line_sorted(
    redis_url: str, key_prefix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    store_args = ["--redis", redis_url, "--key-prefix", key_prefix]
    for name in ("carol", "alice", "bob"):
        assert run(["bots", "register", name, *store_args]) == 0
    capsys.readouterr()
    assert run(["bots", "list", *store_args]) == 0
    assert capsys.readouterr().out.splitlines() == ["alice", "bob", "carol"]


def test_ladder_json_lists_the_entries_best_first(
    redis_url: str, key_prefix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_store(redis_url, key_prefix=key_prefix) as store:
        store.apply_match(GAME, "m1", ["alice", "bob", "carol"], [1, 2, 3])
        store.apply_match(GAME, "m2", ["bob", "carol"], [1, 2])
        expected = [entry.to_json() for entry in store.ladder(GAME)]
    argv = ["ladder", "--game", GAME, "--redis", redis_url, "--key-prefix", key_prefix]
    assert run([*argv, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed == expected
    assert [e["name"] for e in listed][-1] == "carol"
    assert set(listed[0]) == {"name", "rating", "games", "wins", "mean_rank", "mu", "sigma",
                              "skill", "provisional"}
    assert all(entry["provisional"] for entry in listed)  # two games: sigma is still wide

    assert run(argv) == 0
    table = capsys.readouterr().out
    for entry in expected:
        assert entry["name"] in table


def test_ladder_solo_lists_the_solo_standings_best_first(
    redis_url: str, key_prefix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_store(redis_url, key_prefix=key_prefix) as store:
        store.apply_solo("ark-nova", "s1", "alice", -6)
        store.apply_solo("ark-nova", "s2", "alice", 2)
        store.apply_solo("ark-nova", "s3", "bob", 1)
    argv = ["ladder", "--game", "ark-nova", "--redis", redis_url, "--key-prefix", key_prefix]
    assert run([*argv, "--solo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [
        {"name": "bob", "games": 1, "mean_score": 1.0, "best_score": 1.0, "wins": 1},
        {"name": "alice", "games": 2, "mean_score": -2.0, "best_score": 2.0, "wins": 1},
    ]
    assert run([*argv, "--solo"]) == 0
    table = capsys.readouterr().out
    assert "solo standings" in table and "-2.00" in table
    assert table.index("bob") < table.index("alice")
    assert run([*argv, "--json"]) == 0  # solo games are not on the Elo ladder
    assert json.loads(capsys.readouterr().out) == []
    assert run(argv) == 0
    assert "No rated matches yet" in capsys.readouterr().out
    assert run([*argv, "--solo", "--limit", "1", "--json"]) == 0
    assert [e["name"] for e in json.loads(capsys.readouterr().out)] == ["bob"]


def test_ladder_rejects_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["ladder", "--game", "chess", "--json"]) == 2
    err = capsys.readouterr().err
    assert "unknown game" in err
    assert GAME in err


def test_ladder_reports_an_unreachable_redis(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.loopback import free_port

    url = f"redis://127.0.0.1:{free_port()}/0"
    assert run(["ladder", "--game", GAME, "--redis", url]) == 1
    assert "unreachable" in capsys.readouterr().err


def test_the_arena_command_registers_and_lists(redis_url: str, key_prefix: str) -> None:
    """End to end through the installed entry point's module, in a child process."""
    store_args = ["--redis", redis_url, "--key-prefix", key_prefix]
    env = {k: v for k, v in os.environ.items() if k != REDIS_URL_ENV}

    def arena(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "services.cli.main", *argv],
            capture_output=True, text=True, env=env, timeout=120, check=False,
        )

    registered = arena("bots", "register", "alice", *store_args)
    assert registered.returncode == 0, registered.stderr
    token = registered.stdout.splitlines()[-1]
    with open_store(redis_url, key_prefix=key_prefix) as store:
        assert store.authenticate(token) == "alice"
        store.apply_match(GAME, "m1", ["alice", "builtin:random"], [1, 2])
    listed = arena("ladder", "--game", GAME, "--json", *store_args)
    assert listed.returncode == 0, listed.stderr
    assert [entry["name"] for entry in json.loads(listed.stdout)] == ["alice", "builtin:random"]
