"""``arena serve``: run the gRPC gateway that remote bots play through."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import socket
import stat
from typing import TYPE_CHECKING, Any

from engine.core import ConfigError, GameConfig, get_game
from engine.toolkit.bots import make_bot
from services.cli import house_bots, serve_limits, serve_queues, serve_web, validate
from services.cli.extras import SERVER_MODULES, WEB_MODULES, missing_extras
from services.cli.logs import add_logging_arguments, configure_logging
from services.cli.play import naming_card_file, parse_options, print_error, read_cards
from services.gateway.config import STORE_CALL_SECONDS, GatewayConfig
from services.housebots import parse_house_bot
from services.ladder.cli_options import add_store_arguments, store_from_args
from services.ladder.store import BotAlreadyRegistered, StoreError
from services.sandbox import add_sandbox_arguments

if TYPE_CHECKING:
    from services.gateway.result_log import DurableResults
    from services.spectate.feed import MatchFeed
    from services.wire.transport import TlsFiles

# The gateway, Prometheus and the web front end are imported by run(): building the
# `arena` parser must not need the server stack.

log = logging.getLogger(__name__)

EXIT_CONFIG = 2
EXIT_RUNTIME = 1
DEFAULT_PORT = 50051
MAX_SOCKET_PATH = 107  # bytes of a Unix socket path (sun_path, less its final NUL)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the gateway remote bots connect to",
        description="Serve ArenaService on HOST:PORT: bots dial in with their token, are "
        "matched, and play rated matches; empty seats get the --fill bot. Matches run in "
        "long-lived host worker processes. SIGTERM or Ctrl-C drains: no new matches, running "
        "ones get --drain-timeout to finish.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", type=validate.bind_host,
        help="address to bind (default 127.0.0.1)",
    )
    parser.add_argument(
        "--port", type=validate.port, default=DEFAULT_PORT,
        help=f"gRPC port (default {DEFAULT_PORT}; 0 picks a free one)",
    )
    parser.add_argument(
        "--listen", type=unix_address, metavar="unix:PATH",
        help="serve on this Unix domain socket instead of --host/--port (bots on this "
        "machine then dial --server unix:PATH); --host still binds --metrics-port and "
        "--web-port",
    )
    parser.add_argument(
        "--metrics-port", type=validate.port, metavar="PORT",
        help="serve Prometheus /metrics on this port (deploy/ uses 9464)",
    )
    parser.add_argument(
        "--web-port", type=validate.port, metavar="PORT",
        help="serve the web front end (ladders, live matches, replays) on this port; with "
        "--redis from a child process (arena web), else from a thread of the gateway",
    )
    parser.add_argument(
        "--game",
        help="the hosted game: one queue, whose ladder is keyed by the game id "
        f"(default {serve_queues.SHORTHAND_GAME}); several queues: --queue or --config",
    )
    parser.add_argument(
        "--players", type=int,
        help=f"seats per match of --game (default {serve_queues.SHORTHAND_PLAYERS})")
    parser.add_argument(
        "--fill", default="random",
        help="built-in bot spec for empty seats, e.g. mcts:iterations=50 (default random)",
    )
    parser.add_argument(
        "--replays", type=validate.output_dir, metavar="DIR", help="save a replay per match"
    )
    parser.add_argument(
        "--move-timeout", type=float, default=5.0, metavar="S",
        help="seconds per decision before a strike (default 5)",
    )
    parser.add_argument(
        "--time-bank", type=float, default=0.0, metavar="S",
        help="extra seconds per seat and match usable beyond the move timeout (default 0)",
    )
    parser.add_argument(
        "--max-strikes", type=int, default=3, metavar="N",
        help="late or illegal replies that forfeit a match (default 3)",
    )
    parser.add_argument(
        "--gather", type=float, default=0.5, metavar="S",
        help="seconds a bot waits before its window has widened fully: any rating spread "
        "is accepted and a match short of players starts with fill seats (default 0.5)",
    )
    parser.add_argument(
        "--min-bots", type=int, default=1, metavar="N",
        help="remote bots needed before a match is gathered (default 1)",
    )
    parser.add_argument(
        "--seed", type=int, metavar="S",
        help="for reproducible test servers only: derive the secret keying every match seed "
        "from S, so the same S gives the same seeds and seatings on every restart (and "
        "anyone who knows S can compute them); production servers leave it unset (a random "
        "secret per start)")
    parser.add_argument(
        "--cards", type=validate.readable_file, metavar="FILE", help="card data file to play with"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help="engine option (repeatable); values read as int, float, bool or text",
    )
    parser.add_argument(
        "--bot", action="append", default=[], metavar="NAME",
        help="register this bot at start-up and print its token (repeatable; for the "
        "in-process store, whose bots cannot be registered from another command)",
    )
    serve_queues.add_arguments(parser)
    parser.add_argument(
        "--house-bot", action="append", default=[], metavar="NAME=PATH",
        type=parse_house_bot,
        help="run the bot directory PATH on the ladder as NAME (repeatable): built at "
        "start-up in the sandbox (a failed build stops the server with its last lines), "
        "started in the sandbox dialing the gateway over a private unix socket, "
        "restarted whenever it dies; NAME is registered if needed (its token is replaced "
        "at each start: the server owns a house bot's name)",
    )
    add_sandbox_arguments(parser)
    add_store_arguments(parser)
    serve_limits.add_arguments(parser)
    serve_web.add_arguments(parser)
    add_logging_arguments(parser)
    parser.set_defaults(func=run)


def gateway_config(args: argparse.Namespace) -> GatewayConfig:
    """Validate the options; raise ConfigError with a message naming the option."""
    queues = serve_queues.queues_from_args(args)
    game_id = args.game or serve_queues.SHORTHAND_GAME
    players = args.players if args.players is not None else serve_queues.SHORTHAND_PLAYERS
    options = parse_options(args.option)
    cards = read_cards(args.cards)
    if not queues:
        game = get_game(game_id)
        with naming_card_file(args.cards):
            game.validate_config(GameConfig(players, {**game.default_options, **options},
                                            cards))
        try:
            make_bot(game_id, args.fill)
        except ConfigError as err:
            raise ConfigError(
                f"--fill {args.fill!r} is not a built-in bot of {game_id}: {err}"
            ) from None
    if args.move_timeout <= 0 or args.time_bank < 0 or args.gather < 0:
        raise ConfigError("--move-timeout must be > 0, --time-bank and --gather >= 0")
    if args.max_strikes < 1:
        raise ConfigError("--max-strikes must be at least 1")
    fewest = min(q.players for q in queues) if queues else players
    if not 1 <= args.min_bots <= fewest:
        raise ConfigError("--min-bots must be between 1 and --players"
                          + (" of every queue" if queues else ""))
    serve_queues.check_policy(args)
    return GatewayConfig(
        game=queues[0].game if queues else game_id,
        players=queues[0].players if queues else players, fill=args.fill,
        move_timeout=args.move_timeout,
        time_bank=args.time_bank, max_strikes=args.max_strikes, gather_seconds=args.gather,
        min_bots=args.min_bots,
        replays=args.replays, seed=args.seed, options=options, cards=cards,
        queues=queues, match_spread=args.match_spread, match_widen=args.match_widen,
        rematch_cooldown=args.rematch_cooldown, match_rating=args.match_rating,
        **serve_limits.limit_fields(args),
    )


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from services.gateway.allocator import limit_arenas
    from services.spectate.open import open_feed

    # Before gRPC or the store start any thread: each would get a malloc arena of its own.
    if args.malloc_arenas:
        limit_arenas(args.malloc_arenas)
    configure_logging(args.log_level, args.log_format)
    err = Console(stderr=True, soft_wrap=True, highlight=False)
    with_web = args.web_port is not None
    missing = missing_extras("serve" + (" --web-port" if with_web else ""),
                             SERVER_MODULES + (WEB_MODULES if with_web else ()),
                             ("server", "web") if with_web else ("server",))
    if missing:
        print_error(missing)
        return EXIT_RUNTIME
    try:
        config = gateway_config(args)
        tls = serve_limits.tls_files(args)
        serve_web.check(args)
        serve_limits.ensure_open_files(config.max_connections)
    except ConfigError as exc:
        err.print(f"[red]error:[/] {exc}")
        return EXIT_CONFIG
    try:
        house = house_bots.prepare(args, sorted({q.game for q in config.hosted()}))
    except ConfigError as exc:
        err.print(f"[red]error:[/] {exc}")
        return EXIT_CONFIG
    store = store_from_args(args, err, timeout=STORE_CALL_SECONDS)
    try:
        store.ping()
        for name in args.bot:
            print(f"token of {name}: {store.register_bot(name)}", flush=True)
        tokens = [(bot, _house_token(store, bot.name)) for bot in args.house_bot]
    except ValueError as exc:
        err.print(f"[red]error:[/] --bot: {exc}")
        store.close()
        return EXIT_CONFIG
    except StoreError as exc:
        err.print(f"[red]error:[/] {exc}")
        store.close()
        return EXIT_RUNTIME
    feed = durable = None
    try:
        if args.listen:
            check_socket_free(args.listen)
        for flag, port in (("--port", None if args.listen else args.port),
                           ("--metrics-port", args.metrics_port), ("--web-port", args.web_port)):
            if port:
                check_port_free(flag, args.host, port)
        durable = _durable_results(args)
        feed = open_feed(args.redis, args.key_prefix)
        return asyncio.run(_serve(args, config, store, durable, feed, tls, err,
                                  house_bots.Plan(house, tokens) if house else None))
    except OSError as exc:  # a port already in use, or a journal another gateway owns
        err.print(f"[red]error:[/] {exc}")
        if durable is not None:
            durable.close()
        return EXIT_RUNTIME
    finally:
        if feed is not None:
            feed.close()
        store.close()


def _house_token(store: Any, name: str) -> str:
    """A new token of house bot ``name``, registering it if needed (else replacing its
    token: only the server runs a house bot)."""
    try:
        return str(store.register_bot(name))
    except BotAlreadyRegistered:
        return str(store.register_bot(name, rotate=True))


def _durable_results(args: argparse.Namespace) -> DurableResults | None:
    """With Redis: its results stream, and the journal for when Redis is down."""
    if args.redis is None:
        return None
    from services.gateway.result_log import DurableResults, ResultJournal, ResultStream

    try:
        journal = ResultJournal(args.journal)
    except OSError as exc:
        raise OSError(f"--journal {str(args.journal)!r}: {exc}") from None
    return DurableResults(ResultStream(args.redis, args.key_prefix), journal)


def served_text(config: GatewayConfig) -> str:
    """The game of the one-queue shorthand, or ``queues`` and each queue described."""
    if not config.queues:
        return config.game
    return "queues " + ", ".join(q.describe() for q in config.queues)


def hosting_text(host_workers: int) -> str:
    """Where matches run, for the start-up line and log: worker processes, or (0 workers,
    the default on two cores or fewer) the gateway's own event loop."""
    if host_workers:
        plural = "es" if host_workers > 1 else ""
        return f"matches hosted in {host_workers} worker process{plural}"
    return "matches hosted in the gateway's own event loop"


def unix_address(text: str) -> str:
    """``--listen``: ``unix:PATH``, a socket path that fits a socket address and whose
    directory exists."""
    path = text.removeprefix("unix:")
    if not text.startswith("unix:") or not path or path.startswith("//"):
        raise argparse.ArgumentTypeError(f"{text!r} is not unix:PATH (e.g. unix:/tmp/arena.sock)")
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        raise argparse.ArgumentTypeError(
            f"{path!r} is longer than a Unix socket path may be ({MAX_SOCKET_PATH} bytes)")
    if not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        raise argparse.ArgumentTypeError(f"the directory of {path!r} does not exist")
    return text


def check_socket_free(address: str) -> None:
    """Raise OSError if another server answers on the Unix socket of ``address`` (gRPC
    would silently take the path over) or the path is some other kind of file; a socket
    nobody answers on is a stale one, which gRPC replaces."""
    path = address.removeprefix("unix:")
    if not os.path.lexists(path):
        return
    if not stat.S_ISSOCK(os.lstat(path).st_mode):
        raise OSError(f"--listen {address}: {path} exists and is not a socket")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(path)
        except OSError:
            return
    raise OSError(f"--listen {address}: another server is listening on {path}")


def check_port_free(flag: str, host: str, port: int) -> None:
    """Raise OSError naming ``flag`` if ``host:port`` cannot be bound, so a taken port is
    one line before any host worker starts."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host.strip("[]"), port))
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise OSError(f"{flag} {port}: cannot listen on {host}:{port}: {reason}") from None


async def _serve(
    args: argparse.Namespace, config: GatewayConfig, store: Any,
    durable: DurableResults | None, feed: MatchFeed, tls: TlsFiles | None, err: Any,
    house: house_bots.Plan | None = None,
) -> int:
    from services.gateway.server import Gateway
    from services.metrics import ArenaMetrics

    instance = serve_web.announce(args, feed)
    metrics = ArenaMetrics()
    gateway = Gateway(config, store, metrics, durable=durable, feed=feed)
    running = house.runner(args.listen) if house is not None else None
    try:
        port = await gateway.start(args.listen or args.host, args.port, tls,
                                   also=running.also if running is not None else None)
    except OSError as exc:  # the port was taken since it was checked
        flag = f"--listen {args.listen}" if args.listen else f"--port {args.port}"
        err.print(f"[red]error:[/] {flag}: {exc}")
        await gateway.stop(0)
        if running is not None:
            running.close()
        return EXIT_RUNTIME
    web = None
    try:
        if running is not None:
            running.start()
        if args.metrics_port is not None:
            metrics_port = metrics.serve(args.metrics_port, args.host)
            print(f"metrics on http://{args.host}:{metrics_port}/metrics", flush=True)
        scheme = "TLS" if tls is not None else "plaintext"
        hosting = hosting_text(config.host_workers)
        address = args.listen or f"{args.host}:{port}"
        hosted = served_text(config)
        log.info("gateway serving %s on %s (%s, %s; instance %s)",
                 hosted, address, scheme, hosting, instance,
                 extra={"game": config.game, "queues": [q.id for q in config.hosted()],
                        "port": None if args.listen else port,
                        "listen": args.listen, "metrics_port": args.metrics_port,
                        "tls": tls is not None, "host_workers": config.host_workers,
                        "instance": instance})
        if args.web_port is not None:
            try:
                web, url = await asyncio.to_thread(serve_web.start_web, args, store, feed)
            except RuntimeError as exc:
                err.print(f"[red]error:[/] --web-port {args.web_port}: {exc}")
                return EXIT_RUNTIME
            log.info("web front end on %s (%s)", url, serve_web.describe(web),
                     extra={"web": url})
            print(f"web on {url}", flush=True)
        print(f"serving {hosted} on {address} ({scheme}, {hosting})", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        log.info("draining (up to %g s)", args.drain_timeout,
                 extra={"drain_timeout": args.drain_timeout})
        await gateway.drain(args.drain_timeout)
    finally:
        if running is not None:
            running.close()
        await gateway.stop(0)  # nothing left to do after a drain; else stops the workers
        if web is not None:
            web.stop()
    return 0
