"""``arena league``: rated matches between bots without end, on Ray workers.

The queues and entrants come from a YAML file (:mod:`services.cli.league_config`); the
league itself is :mod:`services.league`. SIGTERM or Ctrl-C drains: no new matches,
running ones finish and are rated, then the command prints the standings and exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
from typing import Any

from engine.core import ConfigError
from services.cli import validate
from services.cli.extras import SERVER_MODULES, missing_extras
from services.cli.logs import add_logging_arguments, configure_logging
from services.cli.play import print_error
from services.hosted.arguments import add_hosting_arguments
from services.ladder.cli_options import add_store_arguments, missing_store
from services.wire.addresses import ray_address

log = logging.getLogger(__name__)

EXIT_CONFIG = 2
EXIT_RUNTIME = 1


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "league", help="play rated matches between bots without end, on Ray",
        description="Play rated matches between the entrants of each queue of --config "
        "(built-in bots, bot directories, submitted bots) on Ray workers, paired by the "
        "gateway's matchmaking policy, rated into the queues' ladders in --redis through "
        "the gateway's durable result stream. Runs until SIGTERM or Ctrl-C (which drain: "
        "running matches finish, no new ones), --duration or --matches.")
    parser.add_argument("--config", type=validate.readable_file, required=True,
                        metavar="FILE", help="YAML: queues (game, players, entrants) and "
                        "optionally matchmaking (docs/ladder.md, \"The league\")")
    parser.add_argument("--ray-address", type=ray_address, metavar="HOST:PORT",
                        help="join this Ray cluster (default: $RAY_ADDRESS, else a local "
                        "Ray instance)")
    parser.add_argument("--workers", type=validate.positive_int, metavar="N",
                        help="Ray workers, one CPU each (default: every CPU of the cluster, "
                        "or of this machine)")
    parser.add_argument("--duration", type=float, metavar="S",
                        help="stop starting matches after S seconds, then drain")
    parser.add_argument("--matches", type=validate.positive_int, metavar="N",
                        help="stop once N matches have finished (a match lost with its "
                        "worker does not count)")
    parser.add_argument("--slots", type=validate.positive_int, metavar="N",
                        help="matches an entrant may play at once in a queue (default: one "
                        "per worker)")
    parser.add_argument("--seed", type=int, metavar="S",
                        help="derive every match seed and seating from S (default: random)")
    parser.add_argument("--metrics-port", type=validate.port, metavar="PORT",
                        help="serve Prometheus /metrics on this port")
    parser.add_argument("--host", default="127.0.0.1", type=validate.bind_host,
                        help="address --metrics-port binds (default 127.0.0.1)")
    add_hosting_arguments(parser)
    add_store_arguments(parser)
    add_logging_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    missing = missing_extras("league", ("ray", *SERVER_MODULES), ("server",))
    if missing:
        print_error(missing)
        return EXIT_RUNTIME
    refusal = missing_store(args, "league", "its ratings would die with it; the league "
                            "rates into the Redis ladder the gateways share")
    if refusal:
        print_error(refusal)
        return EXIT_CONFIG
    if args.duration is not None and not args.duration > 0:
        print_error(f"--duration must be a positive number of seconds, got {args.duration:g}")
        return EXIT_CONFIG
    configure_logging(args.log_level, args.log_format)
    from services.cli.league_config import Submitted, read_league

    submitted = Submitted(args.redis, args.key_prefix)
    try:
        league, directories = read_league(args.config, submitted)
    except ConfigError as exc:
        print_error(str(exc))
        return EXIT_CONFIG
    except Exception as exc:  # Redis, while looking submitted bots up
        print_error(f"cannot read the submitted bots: {exc}")
        return EXIT_RUNTIME
    finally:
        submitted.close()
    from services.cli.where import RayStartError, start_ray, stop_ray
    from services.hosted.arguments import hosting_options
    from services.tournament.entrants import runtime_env

    try:
        hosting = hosting_options(args, args.seed or 0, _log_root(args))
    except ConfigError as exc:
        print_error(str(exc))
        return EXIT_CONFIG
    try:
        started, workers = start_ray(args.workers or -1, args.ray_address,
                                     runtime_env(directories))
    except RayStartError as exc:
        print_error(str(exc))
        return exc.exit_code
    try:
        return asyncio.run(_league(args, league, hosting, workers))
    finally:
        if started:
            stop_ray()


def _log_root(args: argparse.Namespace) -> Any:
    import tempfile
    from pathlib import Path

    return Path(tempfile.gettempdir(), "arena-league")


async def _league(args: argparse.Namespace, plan: Any, hosting: Any, workers: int) -> int:
    from rich.console import Console

    from services.cli.league_view import LeagueView
    from services.gateway.result_log import DurableResults, ResultStream
    from services.gateway.results import ResultQueue
    from services.ladder.factory import open_store
    from services.league.run import League, LeagueOptions
    from services.metrics.league import LeagueMetrics

    out = Console(soft_wrap=True, highlight=False)
    store = open_store(args.redis, key_prefix=args.key_prefix)
    for queue in plan.queues:
        store.register_queue(queue.id, {
            "game": queue.spec.game, "players": queue.spec.players,
            "options": dict(queue.spec.options), "custom_cards": queue.spec.cards is not None})
    results = ResultQueue(store, DurableResults(ResultStream(args.redis, args.key_prefix),
                                                None))
    metrics = LeagueMetrics()
    options = LeagueOptions(workers=workers, matches=args.matches, duration=args.duration,
                            seed=args.seed, slots=args.slots, hosting=hosting,
                            redis_url=args.redis, key_prefix=args.key_prefix)
    order = "skill" if plan.rating == "mu" else "elo"

    def standings() -> list[tuple[str, list[Any]]]:
        try:
            return [(q.id, store.ladder(q.id, limit=20, order=order)) for q in plan.queues]
        except Exception as exc:
            log.warning("standings not read: %s", exc)
            return []

    view: LeagueView | None = None
    league = League(plan, store, results, options, metrics,
                    on_finish=lambda finished: view.finished(finished) if view else None)
    view = LeagueView(out, lambda: league.counts, standings, order)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    results.start()
    try:
        try:
            await league.start()
        except ConfigError as exc:
            print_error(str(exc))
            return EXIT_CONFIG
        if args.metrics_port is not None:
            port = metrics.serve(args.metrics_port, args.host)
            out.print(f"metrics on http://{args.host}:{port}/metrics")
        queues = ", ".join(f"{q.id} ({len(q.entrants)} entrants)" for q in plan.queues)
        nodes = len(set(league.nodes.values()))
        out.print(f"league {league.run_id}: {queues}; {workers} worker(s) on {nodes} "
                  f"node(s), matched by {plan.rating}")
        view.start()
        counts = await league.run(stop, lambda running: out.print(
            f"draining: {running} running match(es) finish, no new ones"))
        view.stop()
        out.print(view.progress())
        view.show_standings()
        out.print(f"league {league.run_id} stopped: {counts.started} started, {counts.rated} "
                  f"rated, {counts.unrated} waiting for the store, {counts.lost} lost with "
                  f"their worker, {counts.failed} failed")
        return 0
    finally:
        view.stop()
        await league.close()
        await results.close()
        store.close()

