"""``arena serve`` options for hosting, caps, transport and shutdown.

Each value is checked by its argument type (:mod:`services.cli.validate`: one line and
exit 2 before anything starts); only the TLS files' combination is checked afterwards
(:func:`tls_files`). Nothing here imports the server stack.
"""

from __future__ import annotations

import argparse
import resource
from pathlib import Path
from typing import Any

from engine.core import ConfigError
from services.cli import validate
from services.gateway.allocator import ARENAS, TRIM_SECONDS
from services.gateway.config import IN_LOOP_MAX_CORES, default_workers
from services.wire.transport import TlsFiles, hard_connection_bound

DEFAULT_JOURNAL = Path("arena-journal.jsonl")
# Descriptors the gateway needs besides client connections: Redis, host worker pipes,
# the journal and replays, metrics and web clients, logs.
FD_HEADROOM = 512


def add_arguments(parser: argparse.ArgumentParser) -> None:
    hosting = parser.add_argument_group("hosting")
    hosting.add_argument(
        "--host-workers", type=validate.non_negative_int, default=default_workers(),
        metavar="N",
        help="long-lived processes hosting the matches, many each; 0 hosts them in the "
        f"gateway's own event loop (default: cores - 1, or 0 on {IN_LOOP_MAX_CORES} cores or "
        f"fewer; here {default_workers()})")
    hosting.add_argument(
        "--host-timeout", type=validate.positive_seconds, default=10.0, metavar="S",
        help="seconds a host worker may take for one call before it counts as stalled: it "
        "is killed and replaced, and its matches are aborted (default 10)")
    caps = parser.add_argument_group("caps and fairness")
    caps.add_argument(
        "--max-matches-per-bot", type=validate.positive_int, default=1, metavar="N",
        help="matches one bot plays at once; further streams with its token wait (default 1)")
    caps.add_argument("--max-streams", type=validate.positive_int, default=10_000, metavar="N",
                      help="open Play streams in all (default 10000)")
    caps.add_argument("--max-streams-per-connection", type=validate.positive_int, default=100,
                      metavar="N", help="open Play streams per client connection (default 100)")
    caps.add_argument(
        "--hello-rate", type=validate.non_negative_int, default=600, metavar="N",
        help="streams (Hello attempts) per peer address per minute; 0: no limit (default 600)")
    caps.add_argument("--hello-timeout", type=validate.positive_seconds, default=10.0,
                      metavar="S", help="seconds a new stream has to send its Hello (default 10)")
    caps.add_argument(
        "--max-message-bytes", type=validate.positive_int, default=64 * 1024, metavar="N",
        help="largest message a bot may send; a larger one ends its stream with "
        "RESOURCE_EXHAUSTED (default 65536)")
    caps.add_argument(
        "--message-rate", type=validate.non_negative_int, default=200, metavar="N",
        help="per stream, messages a second the server cannot use (stale or unknown "
        "replies, malformed messages, extra Hellos; replies it is owed are free) before the "
        "stream ends with RESOURCE_EXHAUSTED; 0: no limit (default 200)")
    caps.add_argument(
        "--message-burst", type=validate.positive_int, default=400, metavar="N",
        help="how many such messages a stream may send at once above --message-rate "
        "(default 400)")
    conns = parser.add_argument_group(
        "connections", "what a client connection may hold; see docs/protocol.md, Transport")
    conns.add_argument(
        "--max-connections", type=validate.positive_int, default=1000, metavar="N",
        help="client connections in all; beyond it the newest connections without a Play "
        "stream are closed (default 1000; the open-file limit must allow it)")
    conns.add_argument(
        "--max-connections-per-address", type=validate.non_negative_int, default=0,
        metavar="N", help="client connections per peer address; 0: no limit (default 0; "
        "behind a proxy every connection comes from the proxy's address)")
    conns.add_argument(
        "--handshake-timeout", type=validate.positive_seconds, default=5.0, metavar="S",
        help="seconds a new connection has to finish TLS and the HTTP/2 preface "
        "(default 5)")
    conns.add_argument(
        "--idle-timeout", type=validate.positive_seconds, default=30.0, metavar="S",
        help="seconds a connection may carry no stream before it is closed (default 30)")
    conns.add_argument(
        "--max-connection-age", type=validate.non_negative_seconds, default=0.0, metavar="S",
        help="seconds after which a connection gets GOAWAY (+-10%%) and its Play streams "
        "end with UNAVAILABLE at their next match boundary; bots reconnect (0: no limit, "
        "the default)")
    conns.add_argument(
        "--max-connection-age-grace", type=validate.positive_seconds, default=600.0,
        metavar="S", help="seconds an aged connection keeps running its matches before it "
        "is closed whatever it carries (default 600)")
    transport = parser.add_argument_group("transport")
    transport.add_argument(
        "--keepalive", type=validate.positive_seconds, default=30.0, metavar="S",
        help="seconds between keepalive pings of idle connections (default 30)")
    transport.add_argument("--tls-cert", type=validate.readable_file, metavar="FILE",
                           help="serve TLS with this PEM certificate chain (with --tls-key)")
    transport.add_argument("--tls-key", type=validate.readable_file, metavar="FILE",
                           help="its PEM private key")
    transport.add_argument(
        "--tls-client-ca", type=validate.readable_file, metavar="FILE",
        help="require bots to present a client certificate signed by this PEM CA")
    memory = parser.add_argument_group("native memory (glibc)")
    memory.add_argument(
        "--malloc-arenas", type=validate.non_negative_int, default=ARENAS, metavar="N",
        help="malloc arenas the gateway's threads share; 0 keeps glibc's default of 8 per "
        f"core; MALLOC_ARENA_MAX in the environment wins (default {ARENAS})")
    memory.add_argument(
        "--memory-trim", type=validate.non_negative_seconds, default=TRIM_SECONDS,
        metavar="S", help="seconds between malloc_trim calls giving free native memory "
        f"back to the kernel; 0: never (default {TRIM_SECONDS:g})")
    shutdown = parser.add_argument_group("shutdown and results")
    shutdown.add_argument(
        "--drain-timeout", type=validate.non_negative_seconds, default=30.0, metavar="S",
        help="on SIGTERM or Ctrl-C, seconds running matches get to finish before they are "
        "aborted (default 30)")
    shutdown.add_argument(
        "--journal", type=validate.writable_file, default=DEFAULT_JOURNAL, metavar="FILE",
        help="with --redis: append-only file keeping match results when Redis cannot "
        f"(default {DEFAULT_JOURNAL}, in the working directory)")


def limit_fields(args: argparse.Namespace) -> dict[str, Any]:
    """The GatewayConfig fields these options set."""
    return {
        "host_workers": args.host_workers, "host_timeout": args.host_timeout,
        "max_matches_per_bot": args.max_matches_per_bot, "max_streams": args.max_streams,
        "max_streams_per_connection": args.max_streams_per_connection,
        "hellos_per_minute": args.hello_rate, "hello_timeout": args.hello_timeout,
        "max_message_bytes": args.max_message_bytes, "keepalive_seconds": args.keepalive,
        "message_rate": args.message_rate, "message_burst": args.message_burst,
        "max_connections": args.max_connections,
        "max_connections_per_address": args.max_connections_per_address,
        "handshake_timeout": args.handshake_timeout, "idle_timeout": args.idle_timeout,
        "max_connection_age": args.max_connection_age,
        "max_connection_age_grace": args.max_connection_age_grace,
        "memory_trim_seconds": args.memory_trim,
    }


def open_files_needed(max_connections: int) -> int:
    return hard_connection_bound(max_connections) + FD_HEADROOM


def ensure_open_files(max_connections: int) -> int:
    """Raise the soft RLIMIT_NOFILE (up to the hard one) to what ``max_connections``
    needs; return the soft limit now in force. ConfigError naming the flag if the hard
    limit is too low."""
    needed = open_files_needed(max_connections)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return soft
    if hard != resource.RLIM_INFINITY and hard < needed:
        raise ConfigError(
            f"--max-connections {max_connections} needs {needed} open files but the hard "
            f"limit (RLIMIT_NOFILE) is {hard}: lower --max-connections or raise the limit "
            "(LimitNOFILE= in the systemd unit, ulimit -Hn)")
    resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    return needed


def tls_files(args: argparse.Namespace) -> TlsFiles | None:
    """The TLS files given (each already checked readable); None for plaintext.
    ConfigError if they do not go together."""
    if args.tls_cert is None and args.tls_key is None:
        if args.tls_client_ca is not None:
            raise ConfigError("--tls-client-ca needs --tls-cert and --tls-key")
        return None
    if args.tls_cert is None or args.tls_key is None:
        raise ConfigError("--tls-cert and --tls-key go together")
    return TlsFiles(args.tls_cert, args.tls_key, args.tls_client_ca)
