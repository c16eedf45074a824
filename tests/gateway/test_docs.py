"""docs/protocol.md states the defaults, messages and limits the code uses."""

from __future__ import annotations

import re
from pathlib import Path

from services.cli.main import build_parser
from services.gateway.config import GatewayConfig
from services.gateway.health import STORE_DOWN
from services.gateway.server import SHUTTING_DOWN
from services.wire.transport import KEEPALIVE_TIMEOUT_SECONDS, MIN_CLIENT_PING_SECONDS

PROTOCOL = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
FLAGS = ("--max-streams", "--max-streams-per-connection", "--hello-rate", "--hello-timeout",
         "--max-matches-per-bot", "--max-message-bytes", "--host-timeout", "--drain-timeout",
         "--keepalive", "--max-strikes", "--message-rate", "--message-burst",
         "--max-connections", "--max-connections-per-address", "--handshake-timeout",
         "--idle-timeout", "--max-connection-age", "--max-connection-age-grace")


def _documented_default(flag: str) -> str:
    text = " ".join(PROTOCOL.split())
    found = re.findall(rf"`{re.escape(flag)}`[^()]*?\(default (\d+)", text)
    assert found, f"docs/protocol.md gives no default for {flag}"
    return found[0]


def test_every_documented_default_is_the_serve_default() -> None:
    args = build_parser().parse_args(["serve"])
    for flag in FLAGS:
        value = getattr(args, flag.lstrip("-").replace("-", "_"))
        assert _documented_default(flag) == f"{value:g}", flag


def test_status_messages_and_limits_are_quoted_as_sent() -> None:
    flat = " ".join(PROTOCOL.split())
    assert STORE_DOWN in flat and SHUTTING_DOWN[1] in flat
    assert f"not answered in {KEEPALIVE_TIMEOUT_SECONDS} s" in flat
    assert f"as often as every {MIN_CLIENT_PING_SECONDS} s" in flat
    assert f"more than {GatewayConfig().max_queued_frames} messages unread" in flat
