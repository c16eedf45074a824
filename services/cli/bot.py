"""``arena bot``: the reference Python bot client, playing through a gateway."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import grpc

from services.botclient import STRATEGIES, make_strategy, play
from services.botclient.client import BotReport
from services.cli import validate
from services.wire.transport import TlsFiles

EXIT_REFUSED = 2
EXIT_FAILED = 1
EXIT_INTERRUPTED = 130


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bot",
        help="connect a reference bot to a gateway",
        description="Dial an `arena serve` gateway, play with a built-in strategy, and exit "
        "after MATCHES matches (or when the server closes the stream).",
    )
    parser.add_argument(
        "--server", required=True, metavar="HOST:PORT", type=validate.host_port,
        help="gateway address",
    )
    parser.add_argument("--token", required=True, help="the token from `arena bots register`")
    parser.add_argument("--game", default="monster-my-neighbor", help="game id to play")
    parser.add_argument(
        "--strategy", default="random", choices=sorted(STRATEGIES), help="how to choose moves"
    )
    parser.add_argument(
        "--matches", type=validate.non_negative_int, default=0, metavar="N",
        help="matches to play (0: until stopped)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the strategy's randomness")
    parser.add_argument(
        "--think", type=validate.non_negative_seconds, default=0.0, metavar="S",
        help="seconds to wait before each reply, to watch matches live (default 0)",
    )
    parser.add_argument("--quiet", action="store_true", help="print only the final summary")
    parser.add_argument("--tls", action="store_true",
                        help="connect with TLS, trusting the system's certificate authorities")
    parser.add_argument("--tls-ca", type=validate.readable_file, metavar="FILE",
                        help="connect with TLS, trusting this PEM CA (implies --tls)")
    parser.add_argument("--tls-cert", type=validate.readable_file, metavar="FILE",
                        help="client certificate (PEM) for gateways that require one")
    parser.add_argument("--tls-key", type=validate.readable_file, metavar="FILE",
                        help="its PEM private key")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        strategy = make_strategy(args.strategy, args.game)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    try:
        tls = _tls(args)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    say = None if args.quiet else (lambda text: print(text, flush=True))
    report = BotReport()
    try:
        play(args.server, args.token, args.game, strategy, max_matches=args.matches,
             seed=args.seed, on_event=say, think=args.think, tls=tls, report=report)
    except grpc.RpcError as exc:
        code = exc.code()
        print(f"error: {code.name}: {exc.details()}", file=sys.stderr)
        return EXIT_REFUSED if code == grpc.StatusCode.UNAUTHENTICATED else EXIT_FAILED
    except KeyboardInterrupt:  # Ctrl-C: how a bot left at --matches 0 is stopped
        _print_summary(report)
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    _print_summary(report)
    if args.matches and len(report.matches) < args.matches:
        print(f"error: the server ended the stream after {len(report.matches)} of "
              f"{args.matches} matches", file=sys.stderr)
        return EXIT_FAILED
    return 0


def _print_summary(report: BotReport) -> None:
    rated = sum(1 for m in report.matches if m.rated)
    forfeits = sum(1 for m in report.matches if m.reason == "forfeit")
    final = report.matches[-1].rating if report.matches else 0.0
    print(f"{report.name}: {len(report.matches)} matches ({rated} rated, {forfeits} forfeited), "
          f"{report.decisions} decisions, rating {final:.1f}")


def _tls(args: argparse.Namespace) -> TlsFiles | None:
    """The TLS settings asked for (each file already checked readable); None for
    plaintext. ValueError if a client certificate comes without its key or the reverse."""
    if not (args.tls or args.tls_ca or args.tls_cert or args.tls_key):
        return None
    if (args.tls_cert is None) != (args.tls_key is None):
        raise ValueError("--tls-cert and --tls-key go together")
    return TlsFiles(args.tls_cert, args.tls_key, args.tls_ca)
