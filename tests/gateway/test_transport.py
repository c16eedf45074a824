"""The transport: a used port is an error, TLS and mutual TLS with certificates made here,
and the message size limit."""

from __future__ import annotations

import grpc
import pytest
from arena.v1 import arena_pb2

from services.botclient import make_strategy, play
from services.cli.main import main
from services.wire.transport import ConnectionLimits, TlsFiles, client_options, server_options
from tests.gateway.botkit import TestBot, hello_frame
from tests.gateway.certs import make_pki
from tests.gateway.conftest import GAME


def test_a_second_gateway_on_a_used_port_fails_to_start(start_gateway) -> None:
    first = start_gateway()
    port = int(first.address.rsplit(":", 1)[1])
    with pytest.raises(OSError, match="in use"):
        start_gateway(port=port)


def test_arena_serve_on_a_used_port_exits_with_an_error(start_gateway, capsys) -> None:
    first = start_gateway()
    port = first.address.rsplit(":", 1)[1]
    code = main(["serve", "--port", port, "--host-workers", "0"])
    assert code == 1
    assert "in use" in capsys.readouterr().err


def test_a_bot_plays_over_tls_and_a_plaintext_or_untrusting_bot_cannot(
    start_gateway, tmp_path
) -> None:
    pki = make_pki(tmp_path)
    gateway = start_gateway(tls=TlsFiles(pki.server_cert, pki.server_key))
    token = gateway.token("secure")
    report = play(gateway.address, token, GAME, make_strategy("random"), max_matches=1,
                  tls=TlsFiles(ca=pki.ca))
    assert len(report.matches) == 1 and report.matches[0].rated
    with pytest.raises(grpc.RpcError) as plaintext:
        play(gateway.address, token, GAME, make_strategy("random"), max_matches=1)
    assert plaintext.value.code() == grpc.StatusCode.UNAVAILABLE
    with pytest.raises(grpc.RpcError) as untrusted:
        play(gateway.address, token, GAME, make_strategy("random"), max_matches=1,
             tls=TlsFiles(ca=pki.other_ca))
    assert untrusted.value.code() == grpc.StatusCode.UNAVAILABLE


def test_mutual_tls_admits_only_bots_with_a_certificate_from_the_client_ca(
    start_gateway, tmp_path
) -> None:
    pki = make_pki(tmp_path)
    gateway = start_gateway(tls=TlsFiles(pki.server_cert, pki.server_key, pki.ca))
    token = gateway.token("mutual")
    with pytest.raises(grpc.RpcError) as anonymous:
        play(gateway.address, token, GAME, make_strategy("random"), max_matches=1,
             tls=TlsFiles(ca=pki.ca))
    assert anonymous.value.code() == grpc.StatusCode.UNAVAILABLE
    report = play(gateway.address, token, GAME, make_strategy("random"), max_matches=1,
                  tls=TlsFiles(pki.client_cert, pki.client_key, pki.ca))
    assert len(report.matches) == 1


def test_the_bot_cli_speaks_tls(start_gateway, tmp_path, capsys) -> None:
    pki = make_pki(tmp_path)
    gateway = start_gateway(tls=TlsFiles(pki.server_cert, pki.server_key))
    token = gateway.token("cli")
    code = main(["bot", "--server", gateway.address, "--token", token, "--matches", "1",
                 "--quiet", "--tls-ca", str(pki.ca)])
    assert code == 0
    assert "cli: 1 matches (1 rated" in capsys.readouterr().out


def test_a_message_over_the_size_limit_ends_the_stream_with_resource_exhausted(
    start_gateway
) -> None:
    gateway = start_gateway(max_message_bytes=1024)
    bot = TestBot(gateway.address, hello_frame(gateway.token("verbose")),
                  lambda _r, _n: "silent")
    bot.send_raw(b"\x12" + b"\x80\x10" + b"x" * 2048)  # a 2 KiB decision_reply field
    transcript = bot.start().join()
    assert transcript.status == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert gateway.settles("arena_connected_bots", 0)
    assert arena_pb2.ERROR_CODE_MALFORMED not in transcript.error_codes()


def test_keepalive_settings_are_the_documented_ones() -> None:
    """docs/protocol.md: the server pings every --keepalive seconds and drops a peer
    silent for 20 s; clients may ping every 10 s at most; the reference client every 30."""
    server = dict(server_options(4 << 20, 30.0, 8))
    assert server["grpc.keepalive_time_ms"] == 30_000
    assert server["grpc.keepalive_timeout_ms"] == 20_000
    assert server["grpc.http2.min_recv_ping_interval_without_data_ms"] == 10_000
    assert server["grpc.max_receive_message_length"] == 4 << 20
    client = dict(client_options())
    assert client["grpc.keepalive_time_ms"] == 30_000
    assert client["grpc.keepalive_timeout_ms"] == 20_000
    # A client never pings more often than the server accepts (it would be cut off).
    assert dict(client_options(1.0))["grpc.keepalive_time_ms"] == 10_000


def test_connection_limits_reach_grpc_as_documented() -> None:
    """docs/protocol.md, Transport: handshake and idle time-outs, the hard bound of
    --max-connections plus 10% (at least 16), and age and grace only when an age is set."""
    limits = ConnectionLimits(max_connections=1000, handshake=5, idle=30)
    server = dict(server_options(4 << 20, 30.0, 8, limits))
    assert server["grpc.max_allowed_incoming_connections"] == 1100
    assert server["grpc.server_handshake_timeout_ms"] == 5_000
    assert server["grpc.max_connection_idle_ms"] == 30_000
    assert "grpc.max_connection_age_ms" not in server
    aged = dict(server_options(4 << 20, 30.0, 8, ConnectionLimits(10, 1, 2, 3600, 900)))
    assert aged["grpc.max_allowed_incoming_connections"] == 26
    assert aged["grpc.max_connection_age_ms"] == 3_600_000
    assert aged["grpc.max_connection_age_grace_ms"] == 900_000
