"""`arena serve` option checking (no server is started for a bad configuration)."""

from __future__ import annotations

import dataclasses

import pytest

from services.cli.main import build_parser
from services.cli.main import main as arena
from services.cli.serve import gateway_config
from services.gateway.config import GatewayConfig, default_workers


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fill", "nobody"], "is not a built-in bot"),
        (["--players", "12"], "players must be between"),
        (["--game", "chess"], "unknown game"),
        (["--move-timeout", "0"], "--move-timeout must be > 0"),
        (["--max-strikes", "0"], "--max-strikes must be at least 1"),
        (["--min-bots", "6"], "--min-bots must be between 1 and --players"),
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
