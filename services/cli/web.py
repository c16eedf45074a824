"""``arena web``: the read-only web front end on its own, reading the gateways' Redis."""

from __future__ import annotations

import argparse
import faulthandler
import os
import signal
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from services.cli import validate
from services.cli.extras import WEB_MODULES, missing_extras
from services.cli.play import print_error
from services.cli.serve_web import DEFAULT_MAX_BUILDS, DEFAULT_NICE
from services.ladder.cli_options import add_store_arguments
from services.ladder.factory import open_store
from services.ladder.store import StoreError

# Once asked to stop, the site has this long to close before it exits anyway, printing
# where each thread was (its server, spectator feed and store each wait up to 10 s).
SHUTDOWN_GRACE = 20.0

# The site (Starlette, uvicorn, Jinja: the `web` extra) is imported by run(), so the
# `arena` parser builds without it.


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "web",
        help="serve the read-only web front end",
        description="Serve ladders, bot pages, live matches and replays over HTTP, read "
        "from the Redis the gateways use (their ladder and spectator feed). Nothing on "
        "this port can change a rating or act for a bot. Stop with Ctrl-C.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", type=validate.bind_host,
        help="address to bind (default 127.0.0.1)",
    )
    parser.add_argument(
        "--port", type=validate.port, default=8080, help="HTTP port (default 8080; 0: any)"
    )
    parser.add_argument(
        "--replays", type=Path, metavar="DIR",
        help="the gateways' replay directory, for matches older than the feed keeps",
    )
    parser.add_argument(
        "--max-resimulations", type=validate.positive_int, default=DEFAULT_MAX_BUILDS,
        metavar="N",
        help="replays re-simulated at once; past it a replay page not already cached "
        f"answers 503 with Retry-After (default {DEFAULT_MAX_BUILDS})",
    )
    parser.add_argument(
        "--nice", type=validate.non_negative_int, default=0, metavar="N",
        help="lower this process's CPU priority by N once it serves (arena serve --web-port "
        "runs it with "
        f"{DEFAULT_NICE})",
    )
    # Set by arena serve --web-port: exit when that process (the gateway) is gone.
    parser.add_argument("--parent-pid", type=int, help=argparse.SUPPRESS)
    add_store_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    missing = missing_extras("web", WEB_MODULES, ("web",))
    if missing:
        print_error(missing)
        return 1
    from services.spectate.open import open_feed
    from services.web.app import create_app
    from services.web.process import StopRequest, follow_parent
    from services.web.queries import WebData
    from services.web.server import WebServer

    err = Console(stderr=True)
    if args.redis is None:
        err.print("[red]error:[/] arena web needs --redis URL (the gateways' Redis); "
                  "to watch an in-process gateway use arena serve --web-port")
        return 2
    store = open_store(args.redis, key_prefix=args.key_prefix)
    try:
        store.ping()
    except StoreError as exc:
        err.print(f"[red]error:[/] {exc}")
        store.close()
        return 1
    stop = StopRequest()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    if args.parent_pid is not None:
        follow_parent(args.parent_pid, stop.set)
    feed = open_feed(args.redis, args.key_prefix)
    data = WebData(store, feed, args.replays, max_builds=args.max_resimulations)
    server = WebServer(create_app(data), args.host, args.port)
    try:
        url = server.url(server.start())
        if args.nice:  # once serving: starting at a low priority on a busy host is slow
            os.nice(args.nice)
        print(f"web on {url}", flush=True)
        stop.wait()
        # Bounded: a stuck close must not leave a ghost site after its gateway is gone.
        faulthandler.dump_traceback_later(SHUTDOWN_GRACE, exit=True)
        print("shutting down", file=sys.stderr, flush=True)
    finally:
        server.stop()
        feed.close()
        store.close()
    return 0
