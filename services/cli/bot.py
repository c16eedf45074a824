"""``arena bot``: the reference Python bot client, playing through a gateway."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import grpc

from engine.core import available_games
from services.botclient import STRATEGIES, Refused, make_strategy, play
from services.botclient.client import BotReport, format_wins
from services.botdir import BotDirError, find_bot_dir, load_bot_dir
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
        "after MATCHES matches (or when the server closes the stream). Each match's line "
        "and the summary say its rank, how it ended and the rating after it (\"not "
        "rated\" when the ladder was not updated, e.g. a match aborted by a shutdown); "
        "wins count a k-way tie for first as 1/k, as the ladder does.",
    )
    parser.add_argument(
        "--server", required=True, metavar="HOST:PORT", type=_server,
        help="gateway address, or unix:PATH for a gateway's unix socket",
    )
    parser.add_argument("--token", required=True, help="the token from `arena bots register`")
    parser.add_argument(
        "--game",
        help="game id or queue id to play (default: every queue of the server; a server "
        "hosting none of it refuses the bot)",
    )
    parser.add_argument(
        "--strategy", default="random", metavar="SPEC",
        help=f"how to choose moves: a wire strategy ({', '.join(sorted(STRATEGIES))}: they "
        "read only the protobuf messages), or any bot spec `arena tournament` takes (a "
        "built-in bot of the game such as mcts:iterations=50 or h=heuristic, file.py:Class, "
        "package.module:Class, each optionally NAME=SPEC), played by the same class on "
        "the server's engine values; or a bot directory (arena-bot.toml: built, then its "
        "run command plays with these flags) (default: random)",
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
    if find_bot_dir(args.strategy) is not None:
        return run_bot_dir(args)
    try:  # with --game, a strategy that cannot play it is refused before dialling
        if args.game in available_games():
            make_strategy(args.strategy, args.game)
        strategy = lambda game: make_strategy(args.strategy, game)  # noqa: E731
        tls = _tls(args)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    say = None if args.quiet else (lambda text: print(text, flush=True))
    report = BotReport()
    try:
        play(args.server, args.token, args.game, strategy, max_matches=args.matches,
             seed=args.seed, on_event=say, think=args.think, tls=tls, report=report,
             engine_values=args.strategy not in STRATEGIES)
    except Refused as exc:
        hint = " (leave out --game to play the server's game)" if args.game else ""
        print(f"error: {exc}{hint}", file=sys.stderr)
        return EXIT_REFUSED
    except grpc.RpcError as exc:
        if report.name:  # it was welcomed: what it played before the stream broke
            _print_summary(report)
        code = exc.code()
        print(f"error: {code.name}: {exc.details()}{_port_hint(exc)}", file=sys.stderr)
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


def run_bot_dir(args: argparse.Namespace) -> int:
    """``--strategy DIR``: a bot directory (any language) built with its ``build`` and
    run with its ``run`` plus the kits' flags, as this machine's own process (your own
    bot on your own machine: no sandbox; ``arena serve --house-bot`` sandboxes). Its exit
    code is returned."""
    try:
        bot = load_bot_dir(args.strategy)
    except BotDirError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    env = {**os.environ, "ARENA_PROTO": os.environ.get("ARENA_PROTO", str(_proto_dir()))}
    if bot.build:
        built = subprocess.run(list(bot.build), cwd=bot.path, env=env, check=False)
        if built.returncode != 0:
            print(f"error: the build of {bot.path} failed (exit {built.returncode})",
                  file=sys.stderr)
            return EXIT_REFUSED
    argv = [*bot.run, "--server", args.server, "--token", args.token,
            "--matches", str(args.matches), "--seed", str(args.seed)]
    if args.tls_ca:
        argv += ["--tls-ca", str(args.tls_ca)]
    try:
        return subprocess.run(argv, cwd=bot.path, env=env, check=False).returncode
    except OSError as exc:
        print(f"error: cannot start {bot.run[0]!r} in {bot.path}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


def _proto_dir() -> Path:
    """The arena's proto/ directory, which the kits' builds compile."""
    from arena.v1 import arena_pb2

    return Path(arena_pb2.__file__).resolve().parents[2]


def _server(text: str) -> str:
    """``--server``: HOST:PORT, or ``unix:PATH`` (a socket path)."""
    if text.startswith("unix:"):
        if not text.removeprefix("unix:").strip():
            raise argparse.ArgumentTypeError(f"{text!r} names no socket path")
        return text
    return validate.host_port(text)


def _port_hint(exc: grpc.RpcError) -> str:
    """A hint when the peer does not speak gRPC at all (an HTTP/1 server such as the
    gateway's /metrics port answers the HTTP/2 preface with something else)."""
    details = exc.details() or ""
    if exc.code() == grpc.StatusCode.UNAVAILABLE and "HTTP/2" in details:
        return " (is this an arena gateway port?)"
    return ""


def _print_summary(report: BotReport) -> None:
    rated = [m for m in report.matches if m.rated]
    forfeits = sum(1 for m in report.matches if m.reason == "forfeit")
    wins = sum(m.win for m in report.matches)
    rating = f"rating {rated[-1].rating:.1f}" if rated else "not rated"
    print(f"{report.name}: {len(report.matches)} matches ({len(rated)} rated, {forfeits} "
          f"forfeited), {format_wins(wins)} wins, {report.decisions} decisions, {rating}")


def _tls(args: argparse.Namespace) -> TlsFiles | None:
    """The TLS settings asked for (each file already checked readable); None for
    plaintext. ValueError if a client certificate comes without its key or the reverse."""
    if not (args.tls or args.tls_ca or args.tls_cert or args.tls_key):
        return None
    if (args.tls_cert is None) != (args.tls_key is None):
        raise ValueError("--tls-cert and --tls-key go together")
    return TlsFiles(args.tls_cert, args.tls_key, args.tls_ca)
