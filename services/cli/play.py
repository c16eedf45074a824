"""``arena play``: a local evaluation of built-in bots, with a summary table; played in
this process or on Ray (``--workers``, :mod:`services.cli.where`)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from engine.core import CardFileError, ConfigError, GameConfig
from engine.toolkit.botspec import split_specs
from services.cli import validate
from services.cli.extras import RAY_MODULES, missing_extras

if TYPE_CHECKING:  # Ray is imported only when a run starts: `arena --help` stays quick.
    from services.tournament.local import TournamentPlan, TournamentReport

EXIT_CONFIG = 2
EXIT_RUNTIME = 1
EXIT_INTERRUPTED = 130


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play built-in bots against each other locally",
        description="Play GAMES matches between built-in bots, rotating seats, in this "
        "process or on Ray (local or a cluster), and summarise them per bot.",
    )
    parser.add_argument("--game", required=True, help="game id, e.g. monster-my-neighbor")
    parser.add_argument("--players", type=int, required=True, help="seats per match")
    parser.add_argument(
        "--bots", required=True,
        help="comma-separated built-in bot specs, e.g. random,mcts:iterations=50,ms=20",
    )
    parser.add_argument("--games", type=int, required=True, help="number of matches")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument(
        "--workers", type=validate.non_negative_int, default=None,
        help="Ray match workers, one CPU each; 0 plays in this process without Ray "
        "(default: locally, this process, moving to a Ray worker per CPU when the run "
        "proves long; on a cluster, every CPU of it)",
    )
    parser.add_argument(
        "--json", type=validate.output_file, metavar="FILE",
        help="write the summary as JSON (- for standard output; the table then goes to "
        "standard error)",
    )
    parser.add_argument(
        "--replays", type=validate.output_dir, metavar="DIR", help="write one replay per game"
    )
    parser.add_argument(
        "--cards", type=validate.readable_file, metavar="FILE", help="card data file to play with"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help="engine option (repeatable); values read as int, float, bool or text",
    )
    parser.add_argument(
        "--ray-address", metavar="ADDR", type=validate.ray_address,
        help="join this Ray cluster: auto or HOST:PORT (default: $RAY_ADDRESS, else a "
        "private local instance)",
    )
    parser.set_defaults(func=run)


def parse_option_value(text: str) -> int | float | bool | str:
    """``3`` -> 3, ``0.5`` -> 0.5, ``true``/``false`` -> bool, anything else stays text."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


def parse_options(pairs: list[str]) -> dict[str, int | float | bool | str]:
    options: dict[str, int | float | bool | str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--option wants KEY=VALUE, got {pair!r}")
        options[key.strip()] = parse_option_value(value)
    return options


def read_cards(path: Path | None) -> str | None:
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"card file {str(path)!r} does not exist") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"cannot read card file {str(path)!r}: {err}") from None


@contextmanager
def naming_card_file(path: Path | str | None) -> Iterator[None]:
    """A card-file problem found inside (the engines see only the text) names the file
    it was read from, with the line when the engine knows it."""
    try:
        yield
    except CardFileError as exc:
        if path is None:
            raise
        raise exc.naming(path) from None


def build_plan(args: argparse.Namespace) -> TournamentPlan:
    from services.cli.where import where_to_play
    from services.tournament.local import TournamentPlan

    bots = tuple(split_specs(args.bots))
    config = GameConfig(args.players, parse_options(args.option), read_cards(args.cards))
    workers, move_to_ray = where_to_play(args.workers, args.ray_address)
    return TournamentPlan(
        game_id=args.game,
        config=config,
        bots=bots,
        games=args.games,
        seed=args.seed,
        workers=workers,
        replays_dir=args.replays,
        move_to_ray=move_to_ray,
    )


def print_error(message: str) -> None:
    """One clean line on stderr (no markup parsing: messages may contain brackets)."""
    Console(stderr=True, soft_wrap=True, highlight=False).print(
        Text.assemble(("error:", "bold red"), " ", message)
    )


def run(args: argparse.Namespace) -> int:
    missing = missing_extras("play", RAY_MODULES, ("server",))  # long runs move to Ray
    if missing:
        print_error(missing)
        return EXIT_RUNTIME
    try:
        with naming_card_file(args.cards):
            plan = build_plan(args)
            plan.validate()
    except ConfigError as error:
        print_error(str(error))
        return EXIT_CONFIG
    from services.cli.where import RayStartError, start_ray, stop_ray
    from services.runner.batch import MatchFailed

    started_ray = False
    if plan.workers != 0:
        try:
            started_ray, workers = start_ray(plan.workers, args.ray_address, None)
        except RayStartError as error:
            print_error(str(error))
            return error.exit_code
        plan = dataclasses.replace(plan, workers=workers)
    try:
        report = _play_with_progress(plan, Console(stderr=True))
    except (MatchFailed, ConfigError) as error:  # MatchFailed: also a worker lost for good
        print_error(str(error))
        return EXIT_RUNTIME
    except OSError as error:  # the replays directory cannot be written
        print_error(f"cannot write replays: {error}")
        return EXIT_RUNTIME
    except KeyboardInterrupt:
        print_error("interrupted")
        return EXIT_INTERRUPTED
    finally:
        if started_ray:
            stop_ray()
    summary = json.dumps(report.to_json(), indent=2) + "\n"
    # With --json - standard output carries the JSON alone; the table goes to stderr.
    console = Console(stderr=args.json == validate.STDOUT)
    console.print(summary_table(report))
    if report.standings.decisions:
        console.print(per_decision_times(report), style="dim", highlight=False)
    if args.json == validate.STDOUT:
        sys.stdout.write(summary)
    elif args.json is not None:
        try:
            args.json.write_text(summary)
        except OSError as error:
            print_error(f"cannot write {args.json}: {error}")
            return EXIT_RUNTIME
    return 0


def _play_with_progress(plan: TournamentPlan, console: Console) -> TournamentReport:
    from services.tournament.local import run_tournament

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        bar = progress.add_task(f"{plan.game_id}", total=plan.games)
        return run_tournament(plan, on_record=lambda _record: progress.advance(bar))


def summary_table(report: TournamentReport) -> Table:
    """Per bot: seats played, wins, win rate, mean score and rank (the columns of
    ``arena tournament``'s tables)."""
    from services.tournament.tables import format_wins, standings_table

    plan = report.plan
    table = standings_table(
        f"{plan.game_id}: {report.standings.games:,} games, {plan.config.players} players, "
        f"seed {plan.seed}",
        f"{report.games_per_second:,.1f} games/s · "
        f"{report.standings.decisions:,} decisions · played {report.where}",
    )
    for name, tally in report.standings.tallies.items():
        rate = float(tally.wins) / tally.seats if tally.seats else 0.0
        table.add_row(
            name,
            str(tally.seats),
            format_wins(float(tally.wins)),
            f"{rate:.1%}",
            _fmt(tally.mean_score, ".2f"),
            _fmt(tally.mean_rank, ".3f"),
        )
    return table


def per_decision_times(report: TournamentReport) -> str:
    standings = report.standings
    engine = standings.engine_seconds / standings.decisions * 1e6
    bots = standings.bot_seconds / standings.decisions * 1e6
    return f"time per decision: engine {engine:.1f} µs, bots {bots:.1f} µs"


def _fmt(value: float | None, spec: str) -> str:
    return "-" if value is None else format(value, spec)
