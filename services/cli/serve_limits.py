"""``arena serve`` options for hosting, caps, transport and shutdown.

Each value is checked by its argument type (:mod:`services.cli.validate`: one line and
exit 2 before anything starts); only the TLS files' combination is checked afterwards
(:func:`tls_files`). Nothing here imports the server stack.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.core import ConfigError
from services.cli import validate
from services.gateway.config import IN_LOOP_MAX_CORES, default_workers
from services.wire.transport import TlsFiles

DEFAULT_JOURNAL = Path("arena-journal.jsonl")


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
    }


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
