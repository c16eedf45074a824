"""The gRPC transport of a gateway and of its bots: options, keepalive and TLS.

- A port already in use is an error: ``SO_REUSEPORT`` is off, so two gateways never
  share (and silently split) one port.
- Messages from bots larger than ``max_message_bytes`` end their stream with
  RESOURCE_EXHAUSTED (gRPC's own check, before the gateway sees the message).
- Keepalive: the server pings an idle connection every ``keepalive_seconds`` and drops
  it if the ping is not answered within KEEPALIVE_TIMEOUT_SECONDS (a bot host that
  vanished is noticed); it accepts client pings as often as every
  MIN_CLIENT_PING_SECONDS, and clients made with :func:`client_options` ping at
  ``keepalive_seconds``.
- Connections (see :class:`ConnectionLimits`): gRPC closes a connection that has not
  finished its handshake (TLS, the HTTP/2 preface and first SETTINGS) within the
  handshake timeout, one that carries no stream for the idle timeout, and, with a
  maximum age, sends GOAWAY to one that old and closes it after the grace. Beyond
  :func:`hard_connection_bound` it closes new connections at accept.
- TLS: a certificate chain and key for the server; with a client CA, bots must present
  a certificate signed by it (mutual TLS).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc

KEEPALIVE_TIMEOUT_SECONDS = 20
MIN_CLIENT_PING_SECONDS = 10
# Streams a connection may open beyond the gateway's own per-connection cap (health
# checks, reflection), so the gateway refuses excess Play streams with a clear status
# before HTTP/2 makes them wait.
TRANSPORT_STREAM_MARGIN = 4


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    """Seconds: ``handshake`` to finish the handshake, ``idle`` with no stream before a
    connection is closed, ``max_age`` before GOAWAY (0: no limit; gRPC jitters it by
    +-10%) and ``age_grace`` after it before the connection is closed whatever it
    carries. ``max_connections`` is the gateway's own cap, the hard bound derives from
    it."""

    max_connections: int = 1000
    handshake: float = 5.0
    idle: float = 30.0
    max_age: float = 0.0
    age_grace: float = 600.0


def hard_connection_bound(max_connections: int) -> int:
    """Connections gRPC accepts at most: ``max_connections`` plus a burst margin (10%,
    at least 16) for what arrives between two of the gateway's looks at its
    connections (:mod:`services.gateway.connections`)."""
    return max_connections + max(16, max_connections // 10)


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


def connection_options(limits: ConnectionLimits) -> list[tuple[str, Any]]:
    options: list[tuple[str, Any]] = [
        ("grpc.max_allowed_incoming_connections", hard_connection_bound(limits.max_connections)),
        ("grpc.server_handshake_timeout_ms", _ms(limits.handshake)),
        ("grpc.max_connection_idle_ms", _ms(limits.idle)),
    ]
    if limits.max_age:
        options += [("grpc.max_connection_age_ms", _ms(limits.max_age)),
                    ("grpc.max_connection_age_grace_ms", _ms(limits.age_grace))]
    return options


@dataclass(frozen=True, slots=True)
class TlsFiles:
    """PEM files: the server's (or client's) certificate chain and key, and the CA whose
    signature the peer's certificate must carry (optional)."""

    cert: Path | None = None
    key: Path | None = None
    ca: Path | None = None

    def __post_init__(self) -> None:
        if (self.cert is None) != (self.key is None):
            raise ValueError("a TLS certificate needs its key, and a key its certificate")

    @property
    def enabled(self) -> bool:
        return self.cert is not None


def _read(path: Path | None) -> bytes | None:
    return path.read_bytes() if path is not None else None


def server_options(
    max_message_bytes: int, keepalive_seconds: float, streams_per_connection: int,
    connections: ConnectionLimits | None = None,
) -> list[tuple[str, Any]]:
    return [
        *connection_options(connections or ConnectionLimits()),
        ("grpc.so_reuseport", 0),
        ("grpc.max_receive_message_length", max_message_bytes),
        ("grpc.max_concurrent_streams", streams_per_connection + TRANSPORT_STREAM_MARGIN),
        ("grpc.keepalive_time_ms", round(keepalive_seconds * 1000)),
        ("grpc.keepalive_timeout_ms", KEEPALIVE_TIMEOUT_SECONDS * 1000),
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.min_recv_ping_interval_without_data_ms", MIN_CLIENT_PING_SECONDS * 1000),
        ("grpc.http2.max_ping_strikes", 2),
    ]


def listen_address(host: str, port: int) -> str:
    """The address a server binds: ``host:port``, or ``host`` itself when it is a Unix
    domain socket (``unix:/path/to/socket``, where the port has no meaning)."""
    return host if host.startswith("unix:") else f"{host}:{port}"


def bind(server: grpc.aio.Server, address: str, tls: TlsFiles | None) -> int:
    """Listen on ``address``; raise OSError if it cannot (e.g. the port is in use)."""
    try:
        if tls is not None and tls.enabled:
            assert tls.key is not None and tls.cert is not None  # enabled: both are set
            credentials = grpc.ssl_server_credentials(
                [(tls.key.read_bytes(), tls.cert.read_bytes())],
                root_certificates=_read(tls.ca),
                require_client_auth=tls.ca is not None,
            )
            port = server.add_secure_port(address, credentials)
        else:
            port = server.add_insecure_port(address)
    except RuntimeError as exc:
        raise OSError(f"cannot listen on {address}: address in use or not available") from exc
    if not port:
        raise OSError(f"cannot listen on {address}: address in use or not available")
    return port


def client_options(keepalive_seconds: float = 30.0) -> list[tuple[str, Any]]:
    """Channel options for a bot: keepalive pings the gateway accepts."""
    return [
        ("grpc.keepalive_time_ms", round(max(keepalive_seconds, MIN_CLIENT_PING_SECONDS) * 1000)),
        ("grpc.keepalive_timeout_ms", KEEPALIVE_TIMEOUT_SECONDS * 1000),
        ("grpc.keepalive_permit_without_calls", 1),
    ]


def client_credentials(tls: TlsFiles) -> grpc.ChannelCredentials:
    """TLS for a bot: trust ``tls.ca`` (system roots if None) and present ``tls.cert``
    if given (for gateways that require client certificates)."""
    chain = (_read(tls.key), _read(tls.cert)) if tls.enabled else (None, None)
    return grpc.ssl_channel_credentials(
        root_certificates=_read(tls.ca), private_key=chain[0], certificate_chain=chain[1]
    )
