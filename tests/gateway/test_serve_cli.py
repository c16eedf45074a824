"""`arena serve` option checking (no server is started for a bad configuration)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from bench.loopback import free_port
from services.cli.main import build_parser
from services.cli.main import main as arena
from services.cli.serve import gateway_config
from services.gateway.config import GatewayConfig, default_workers
from tests.epic_resort.contract import custom_cards


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fill", "nobody"], "is not a built-in bot"),
        (["--players", "12"], "monster-my-neighbor is played by 3 to 8 players, not 12"),
        (["--game", "chess"], "unknown game"),
        (["--move-timeout", "0"], "--move-timeout must be > 0"),
        (["--max-strikes", "0"], "--max-strikes must be at least 1"),
        (["--min-bots", "6"], "--min-bots must be between 1 and --players"),
        (["--min-bots", "0"], "--min-bots must be between 1 and --players"),
        (["--time-bank", "-0.5"], "--time-bank and --gather >= 0"),
        (["--gather", "-0.5"], "--time-bank and --gather >= 0"),
        (["--tls-cert", __file__], "--tls-cert and --tls-key go together"),
        (["--tls-key", __file__], "--tls-cert and --tls-key go together"),
        (["--tls-client-ca", __file__], "--tls-client-ca needs --tls-cert and --tls-key"),
    ],
)
def test_bad_serve_options_exit_2_with_a_message(args, message, capsys) -> None:
    assert arena(["serve", *args]) == 2
    assert message in capsys.readouterr().err.replace("\n", " ")


def test_a_bot_certificate_needs_its_key(capsys) -> None:
    code = arena(["bot", "--server", "127.0.0.1:1", "--token", "t", "--tls-cert", __file__])
    assert code == 2
    assert capsys.readouterr().err == "error: --tls-cert and --tls-key go together\n"


def test_arena_serve_without_options_configures_the_gateway_by_its_own_defaults() -> None:
    config = gateway_config(build_parser().parse_args(["serve"]))
    assert config.host_workers == default_workers()  # sized to this machine
    assert dataclasses.replace(config, host_workers=GatewayConfig().host_workers) == GatewayConfig()


def test_an_invalid_bot_name_is_refused_before_serving(capsys) -> None:
    assert arena(["serve", "--bot", "bad name"]) == 2
    assert "error: --bot: invalid bot name 'bad name'" in capsys.readouterr().err


@pytest.mark.timeout(120)
def test_serve_with_an_unreachable_redis_fails_fast_even_without_bots() -> None:
    """Nothing needs the store before the first match, so only the start-up ping can
    tell the operator now rather than at the first result."""
    port = free_port()
    done = subprocess.run(
        [sys.executable, "-m", "services.cli.main", "serve", "--port", str(free_port()),
         "--redis", f"redis://127.0.0.1:{port}/0"],
        capture_output=True, text=True, timeout=90,
    )
    assert done.returncode == 1
    assert f"redis://127.0.0.1:{port}/0 unreachable" in done.stderr
    assert "Traceback" not in done.stderr


def test_too_low_an_open_file_limit_for_max_connections_is_one_line_and_exit_2() -> None:
    import resource

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 2048))

    done = subprocess.run(
        [sys.executable, "-m", "services.cli.main", "serve", "--port", str(free_port()),
         "--max-connections", "5000"],
        capture_output=True, text=True, timeout=120, preexec_fn=low_limit, check=False)
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    assert "--max-connections 5000 needs 6012 open files" in line and "2048" in line


def test_the_soft_open_file_limit_is_raised_to_what_max_connections_needs() -> None:
    import resource

    from services.cli.serve_limits import ensure_open_files, open_files_needed

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = open_files_needed(1000)
    if hard != resource.RLIM_INFINITY and hard < needed:
        pytest.skip(f"this machine's hard limit {hard} is below {needed}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))
    try:
        assert needed == 1000 + 100 + 512
        assert ensure_open_files(1000) == needed
        assert resource.getrlimit(resource.RLIMIT_NOFILE) == (needed, hard)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, needed), hard))


def test_epic_resort_serve_arguments_reach_the_gateway_config(tmp_path) -> None:
    cards = tmp_path / "cards.yaml"
    cards.write_text(custom_cards(), encoding="utf-8")
    args = build_parser().parse_args([
        "serve", "--game", "epic-resort", "--players", "3", "--option",
        "journeyman_discount=3", "--option", "phase_i_mode=in_turn_order", "--cards", str(cards)])
    config = gateway_config(args)
    assert (config.game, config.players) == ("epic-resort", 3)
    assert config.options == {"journeyman_discount": 3, "phase_i_mode": "in_turn_order"}
    assert config.cards == cards.read_text(encoding="utf-8")
