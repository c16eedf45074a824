"""``arena serve`` options for the web front end beside it and the live feed's
heartbeat, and starting that web front end.

With ``--redis`` the site runs as ``arena web`` in a child process at a lower CPU
priority (:class:`~services.web.process.WebProcess`), so page rendering and replay
re-simulation never take the gateway's interpreter lock; without, on a thread of the
gateway (it must read the in-process ladder and feed). Nothing here imports the server
stack at parser build time.
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
from typing import TYPE_CHECKING, Any, Protocol

from engine.core import ConfigError
from services.cli import validate
from services.spectate.redis_feed import DEFAULT_EXPIRY, DEFAULT_HEARTBEAT

# The web package's own defaults (services.web.process.DEFAULT_NICE and
# services.web.replays.DEFAULT_MAX_BUILDS), written out here because importing
# services.web would load the web stack for every command, also on the client install;
# tests/cli/test_client_imports.py keeps them equal.
DEFAULT_NICE = 10
DEFAULT_MAX_BUILDS = 2

if TYPE_CHECKING:
    from services.ladder.store import LadderStore
    from services.spectate.feed import MatchFeed


class RunningWeb(Protocol):
    def stop(self) -> None: ...


def add_arguments(parser: argparse.ArgumentParser) -> None:
    web = parser.add_argument_group("web front end and live feed")
    web.add_argument(
        "--web-nice", type=validate.non_negative_int, default=DEFAULT_NICE, metavar="N",
        help="with --web-port and --redis the site runs in a child process (arena web) "
        f"at this lower CPU priority (default {DEFAULT_NICE})")
    web.add_argument(
        "--max-resimulations", type=validate.positive_int, default=DEFAULT_MAX_BUILDS,
        metavar="N",
        help="replays the site re-simulates at once; past it a replay page not already "
        f"cached answers 503 with Retry-After (default {DEFAULT_MAX_BUILDS})")
    web.add_argument(
        "--feed-heartbeat", type=validate.positive_seconds, default=DEFAULT_HEARTBEAT,
        metavar="S",
        help="with --redis: seconds between this gateway's heartbeats in the live feed "
        f"(default {DEFAULT_HEARTBEAT:g})")
    web.add_argument(
        "--feed-expiry", type=validate.positive_seconds, default=DEFAULT_EXPIRY, metavar="S",
        help="with --redis: seconds a heartbeat stays valid; the live matches of a gateway "
        "silent that long are ended as aborted by the next gateway or web reader to look "
        f"(default {DEFAULT_EXPIRY:g})")


def check(args: argparse.Namespace) -> None:
    """ConfigError if the options do not go together."""
    if args.feed_heartbeat >= args.feed_expiry:
        raise ConfigError("--feed-heartbeat must be shorter than --feed-expiry")


def instance_id() -> str:
    """This gateway's id in the live feed: host, process and a random part."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


def announce(args: argparse.Namespace, feed: MatchFeed) -> str:
    """Start this gateway's heartbeat in ``feed``; its instance id."""
    instance = instance_id()
    feed.announce(instance, args.feed_heartbeat, args.feed_expiry)
    return instance


def start_web(
    args: argparse.Namespace, store: LadderStore, feed: MatchFeed
) -> tuple[RunningWeb, str]:
    """Start the site on ``--web-port``; it and its URL. RuntimeError if it fails."""
    if args.redis is not None:
        from services.web.process import WebProcess

        process = WebProcess(
            host=args.host, port=args.web_port, redis=args.redis, key_prefix=args.key_prefix,
            replays=args.replays, nice=args.web_nice, max_builds=args.max_resimulations)
        return process, process.start()
    from services.web.app import create_app
    from services.web.queries import WebData
    from services.web.server import WebServer

    data = WebData(store, feed, args.replays, max_builds=args.max_resimulations)
    server = WebServer(create_app(data), args.host, args.web_port)
    return server, server.url(server.start())


def describe(web: Any) -> str:
    """Where the site runs, for the start-up log."""
    pid = getattr(web, "pid", None)
    return f"process {pid}" if pid is not None else "a thread of the gateway"
