"""Every URL, address, port and path flag is checked before any work: a bad value is
one line on stderr naming the flag, and exit code 2. ``--json -`` writes to stdout."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from services.cli import validate
from services.cli.main import main as arena
from services.ladder.cli_options import REDIS_URL_ENV

GAME = "monster-my-neighbor"
PLAY = ["play", "--game", GAME, "--players", "3", "--bots", "random", "--games", "2"]


@pytest.fixture(autouse=True)
def no_default_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(REDIS_URL_ENV, raising=False)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["serve", "--port", "99999"], "argument --port: port 99999 is out of range"),
        (["serve", "--port", "http"], "argument --port: port 'http' is not a number"),
        (["serve", "--metrics-port", "-1"], "argument --metrics-port: port -1 is out of range"),
        (["serve", "--host", "localhost:50051"], "looks like HOST:PORT"),
        (["serve", "--redis", "localhost:6379"], "'localhost:6379' is not a Redis URL"),
        (["serve", "--redis", "http://x"], "'http://x' is not a Redis URL"),
        (["serve", "--redis", "redis://x:port/0"], "has a bad port"),
        (["serve", "--redis", "redis://x:6379/zero"], "the database is a number"),
        (["serve", "--redis", "redis:///0"], "names no host"),
        (["serve", "--tls-cert", "/nonexistent/server.pem"], "argument --tls-cert: "),
        (["serve", "--tls-client-ca", __file__ + "/ca.pem"], "argument --tls-client-ca: "),
        (["serve", "--journal", "/nonexistent/dir/journal.jsonl"], "does not exist"),
        (["serve", "--host-workers", "-1"], "argument --host-workers: -1 must be 0 or more"),
        (["serve", "--host-timeout", "0"], "argument --host-timeout: 0 must be more than 0"),
        (["serve", "--drain-timeout", "soon"], "'soon' is not a number of seconds"),
        (["serve", "--drain-timeout", "nan"], "'nan' is not a finite number of seconds"),
        (["serve", "--hello-timeout", "-1"], "must be more than 0 seconds"),
        (["serve", "--keepalive", "0"], "argument --keepalive: 0 must be more than 0"),
        (["serve", "--max-streams", "0"], "argument --max-streams: 0 must be at least 1"),
        (["serve", "--max-streams-per-connection", "x"], "'x' is not a whole number"),
        (["serve", "--max-matches-per-bot", "0"], "0 must be at least 1"),
        (["serve", "--max-message-bytes", "1.5"], "'1.5' is not a whole number"),
        (["serve", "--hello-rate", "-5"], "argument --hello-rate: -5 must be 0 or more"),
        (["bot", "--server", "h:1", "--token", "t", "--tls-ca", "/nonexistent/ca.pem"],
         "argument --tls-ca: '/nonexistent/ca.pem' does not exist"),
        (["bot", "--server", "h:1", "--token", "t", "--matches", "-1"], "-1 must be 0 or more"),
        (["bot", "--server", "h:1", "--token", "t", "--think", "-0.5"], "must be 0 seconds"),
        (["serve", "--cards", "/nonexistent/cards.yaml"], "does not exist"),
        (["serve", "--key-prefix", "a b"], "invalid key prefix"),
        (["ladder", "--game", GAME, "--redis", "redis://h:70000/0"], "has a bad port"),
        (["bots", "register", "alice", "--redis", "127.0.0.1"], "is not a Redis URL"),
        (["bot", "--server", "http://127.0.0.1:50051", "--token", "t"], "give no scheme"),
        (["bot", "--server", "127.0.0.1", "--token", "t"], "is not HOST:PORT"),
        (["bot", "--server", "127.0.0.1:0", "--token", "t"], "port 0 is out of range"),
        ([*PLAY, "--json", "/nonexistent/dir/out.json"], "does not exist"),
        ([*PLAY, "--replays", f"{__file__}/replays"], "is not a directory"),
        ([*PLAY, "--workers", "-1"], "argument --workers: -1 must be 0 or more"),
        ([*PLAY, "--ray-address", "auto:x"], "port 'x' is not a number"),
    ],
)
def test_a_bad_flag_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert arena(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1, err
    assert err.startswith(f"arena {argv[0]}")


def test_serve_needs_no_ray_and_takes_no_ray_address(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena(["serve", "--ray-address", "auto"]) == 2
    assert "unrecognized arguments: --ray-address auto" in capsys.readouterr().err


def test_a_bad_url_in_the_environment_is_reported_as_well(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(REDIS_URL_ENV, "localhost:6379")
    assert arena(["ladder", "--game", GAME]) == 2
    assert "is not a Redis URL" in capsys.readouterr().err


@pytest.mark.parametrize(
    "text", ["redis://127.0.0.1:6379/0", "redis://h", "rediss://u:p@h:6380/2",
             "unix:///run/redis.sock"],
)
def test_good_redis_urls_pass_unchanged(text: str) -> None:
    assert validate.redis_url(text) == text


@pytest.mark.parametrize("text", ["127.0.0.1:50051", "[::1]:50051", "gw.example:443"])
def test_good_server_addresses_pass(text: str) -> None:
    assert validate.host_port(text) == text


@pytest.mark.parametrize("text", ["auto", "10.0.0.10:6380", "ray://head:10001"])
def test_good_ray_addresses_pass(text: str) -> None:
    assert validate.ray_address(text) == text


def test_ports_zero_means_any_for_listening_only() -> None:
    assert validate.port("0") == 0
    assert validate.port("65535") == 65535
    with pytest.raises(argparse.ArgumentTypeError):
        validate.host_port("h:0")


def test_output_paths(tmp_path: Path) -> None:
    assert validate.output_file("-") == validate.STDOUT
    assert validate.output_file(str(tmp_path / "out.json")) == tmp_path / "out.json"
    assert validate.output_dir(str(tmp_path / "new" / "dir")) == tmp_path / "new" / "dir"
    with pytest.raises(argparse.ArgumentTypeError, match="is a directory"):
        validate.output_file(str(tmp_path))
    (tmp_path / "file").write_text("x")
    with pytest.raises(argparse.ArgumentTypeError, match="not a directory"):
        validate.output_dir(str(tmp_path / "file"))


@pytest.mark.usefixtures("ray_local")
def test_json_dash_writes_the_summary_to_stdout_and_the_table_to_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert arena([*PLAY, "--json", "-", "--workers", "1"]) == 0
    out = capsys.readouterr()
    summary = json.loads(out.out)
    assert set(summary) >= {"games_per_second", "decisions"}
    assert not Path("-").exists()
    assert "random" in out.err


@pytest.mark.usefixtures("ray_local")
def test_more_workers_than_cluster_cpus_is_an_error_not_a_hang(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert arena([*PLAY, "--workers", "64"]) == 2
    err = capsys.readouterr().err
    assert "--workers 64 needs 64 CPUs but the Ray cluster has 2" in err


def test_an_unreachable_ray_head_fails_fast_with_one_line() -> None:
    from bench.loopback import free_port

    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    done = subprocess.run(
        [sys.executable, "-m", "services.cli.main", *PLAY, "--ray-address",
         f"127.0.0.1:{free_port()}"],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(lines) == 1 and "cannot reach the Ray cluster" in lines[0], done.stderr


@pytest.mark.parametrize("flag", ["--port", "--metrics-port"])
def test_a_port_in_use_is_one_line_before_anything_starts(flag: str) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "services.cli.main", "serve", flag, str(port)],
            capture_output=True, text=True, timeout=60, check=False,
            env={k: v for k, v in os.environ.items() if k not in ("RAY_ADDRESS", REDIS_URL_ENV)},
        )
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert errors == [f"error: {flag} {port}: cannot listen on 127.0.0.1:{port}: "
                      "Address already in use"], done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("text", ["[::1]50051", "[::1", "[::1]"])
def test_a_malformed_ipv6_address_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="IPv6 host looks like"):
        validate.host_port(text)


def test_option_values_are_typed() -> None:
    from services.cli.play import parse_option_value, parse_options

    assert parse_option_value("3") == 3
    assert parse_option_value("-2") == -2
    assert parse_option_value("0.25") == 0.25
    assert parse_option_value("true") is True
    assert parse_option_value("False") is False
    assert parse_option_value("fast") == "fast"
    assert parse_options(["rounds=4", "variant=short", "x=1.5"]) == {
        "rounds": 4, "variant": "short", "x": 1.5}
