"""``arena tournament``: evaluate strategies at scale, with honest statistics.

Every setting can come from a YAML file (``--config``, keys as the flag names with
``_`` for ``-``) or a flag; flags win. The run writes ``OUT/results.parquet``,
``summary.json``, ``summary.csv``, ``details.json``, ``winrate.png`` and
``ratings.png``. On a terminal it shows a progress bar and live standings; otherwise it
prints JSON lines (progress, then the summary).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from rich.console import Console

from engine.core import ConfigError
from services.cli import validate
from services.cli.extras import missing_extras
from services.cli.logs import add_logging_arguments, configure_logging
from services.cli.play import (
    EXIT_CONFIG,
    EXIT_INTERRUPTED,
    EXIT_RUNTIME,
    naming_card_file,
    parse_options,
    print_error,
    read_cards,
)
from services.cli.report import results_file

if TYPE_CHECKING:  # heavy imports wait until a run starts: `arena --help` stays quick
    from services.tournament.config import TournamentConfig
    from services.tournament.run import RunOptions, RunOutcome

log = logging.getLogger(__name__)

# YAML keys (flag names with "_"); each also exists as a flag.
KEYS = ("game", "players", "format", "entrants", "games", "seed", "out", "workers",
        "ray_address", "challenger", "baseline", "elo0", "elo1", "alpha", "beta", "options",
        "cards", "flush_every", "resamples")

# Settings checked by the same functions whether they come from a flag or the YAML file.
CHECKS: dict[str, Callable[[str], Any]] = {
    "games": validate.positive_int,
    "out": validate.output_dir,
    "workers": validate.non_negative_int,
    "ray_address": validate.ray_address,
    "cards": validate.readable_file,
    "flush_every": validate.positive_seconds,
    "resamples": validate.non_negative_int,
}


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tournament",
        help="run a tournament (round-robin, gauntlet, swiss, sprt), locally or on Ray",
        description="Evaluate bots: a tournament in one of four formats, in this process, "
        "on local Ray or on a cluster (see --workers), streamed to OUT/results.parquet, "
        "summarised with confidence intervals and Bradley-Terry ratings, plotted. See "
        "docs/bots.md.",
    )
    parser.add_argument("--config", type=validate.readable_file, metavar="FILE",
                        help="YAML file of settings")
    parser.add_argument("--game", help="game id, e.g. epic-resort")
    parser.add_argument("--players", type=int, help="seats per table")
    parser.add_argument("--format", choices=("round-robin", "gauntlet", "swiss", "sprt"))
    parser.add_argument(
        "--entrants", metavar="A,B,...",
        help="bot specs: built-in (random, mcts:iterations=200), path/to/file.py:Class, "
        "package.module:Class or a bot directory (NAME=PATH or PATH, any language, "
        "hosted in the sandbox); for gauntlet the first is the challenger",
    )
    parser.add_argument("--games", type=CHECKS["games"],
                        help="games to play (the cap, for sprt)")
    parser.add_argument("--seed", type=int, help="master seed (default 0)")
    parser.add_argument("--out", type=CHECKS["out"], metavar="DIR", help="output directory")
    parser.add_argument(
        "--workers", type=CHECKS["workers"],
        help="Ray match workers, one CPU each; 0 plays in this process without Ray "
        "(default: locally, this process, moving to a Ray worker per CPU when the run "
        "proves long; on a cluster, every CPU of it)",
    )
    parser.add_argument(
        "--ray-address", metavar="ADDR", type=CHECKS["ray_address"],
        help="join this Ray cluster: auto or HOST:PORT (default: $RAY_ADDRESS, else a "
        "private local instance)",
    )
    parser.add_argument(
        "--resume", nargs="?", type=results_file, const=True, default=None, metavar="RESULTS",
        help="continue an interrupted run (its DIR/results.parquet; the settings are read "
        "from it when no --game is given)",
    )
    parser.add_argument("--challenger", help="sprt: the bot under test")
    parser.add_argument("--baseline", help="sprt: the bot it is tested against")
    parser.add_argument("--elo0", type=float, help="sprt: Elo of H0 (default 0)")
    parser.add_argument("--elo1", type=float, help="sprt: Elo of H1 (default 10)")
    parser.add_argument("--alpha", type=float, help="sprt: false positive rate (default 0.05)")
    parser.add_argument("--beta", type=float, help="sprt: false negative rate (default 0.05)")
    parser.add_argument("--option", action="append", default=None, metavar="KEY=VALUE",
                        help="engine option (repeatable)")
    parser.add_argument("--cards", type=CHECKS["cards"], metavar="FILE",
                        help="card data file")
    parser.add_argument("--flush-every", type=CHECKS["flush_every"], metavar="SECONDS",
                        help="write results to disk at least this often (default 1)")
    parser.add_argument("--resamples", type=CHECKS["resamples"],
                        help="bootstrap resamples (default 500)")
    from services.hosted.arguments import add_hosting_arguments

    add_hosting_arguments(parser)
    add_logging_arguments(parser)
    parser.set_defaults(func=run)


def settings(args: argparse.Namespace) -> dict[str, Any]:
    """YAML settings overlaid with the flags given."""
    values: dict[str, Any] = {}
    if args.config is not None:
        values = _read_yaml(args.config)
    for key in KEYS:
        flag = getattr(args, key if key != "options" else "option", None)
        if flag is None:
            continue
        if key == "options":
            values["options"] = {**values.get("options", {}), **parse_options(flag)}
        elif key == "entrants":
            from services.tournament.entrants import split_entrants

            values["entrants"] = split_entrants(flag)
        else:
            values[key] = flag
    return values


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as error:
        raise ConfigError(f"cannot read {path}: {error}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path} must hold a mapping of settings")
    data = {str(key).replace("-", "_"): value for key, value in data.items()}
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise ConfigError(f"{path}: unknown setting(s) {', '.join(unknown)}")
    if isinstance(data.get("entrants"), str):
        from services.tournament.entrants import split_entrants

        data["entrants"] = split_entrants(data["entrants"])
    if data.get("cards") is not None:
        data["cards"] = (path.parent / str(data["cards"])).resolve()
    for key, check in CHECKS.items():
        if data.get(key) is not None:
            try:
                data[key] = check(str(data[key]))
            except argparse.ArgumentTypeError as error:
                raise ConfigError(f"{path}: {key}: {error}") from None
    return data


def build_config(values: dict[str, Any]) -> TournamentConfig:
    """The validated tournament of ``values`` (entrants resolved and checked)."""
    from services.tournament.config import SprtParams, TournamentConfig
    from services.tournament.entrants import entrant_item, resolve_entrants

    missing = [key for key in ("game", "players", "format", "games") if values.get(key) is None]
    if missing:
        raise ConfigError("missing " + ", ".join(f"--{key}" for key in missing))
    fmt = values["format"]
    sprt = None
    if fmt == "sprt":
        if not values.get("challenger") or not values.get("baseline"):
            raise ConfigError("sprt needs --challenger and --baseline")
        items = [entrant_item(values["challenger"]), entrant_item(values["baseline"])]
        defaults = SprtParams()
        sprt = SprtParams(**{
            key: float(values[key]) if values.get(key) is not None else getattr(defaults, key)
            for key in ("elo0", "elo1", "alpha", "beta")
        })
    else:
        items = [entrant_item(item) for item in values.get("entrants") or []]
    if not items:
        raise ConfigError("missing --entrants")
    cards = values.get("cards")
    config = TournamentConfig(
        game=str(values["game"]),
        players=int(values["players"]),
        format=fmt,
        entrants=resolve_entrants(str(values["game"]), items),
        games=int(values["games"]),
        seed=int(values.get("seed") or 0),
        options=dict(values.get("options") or {}),
        cards=read_cards(Path(cards)) if cards is not None else None,
        sprt=sprt,
    )
    with naming_card_file(cards):
        config.validate()
    return config


def config_from_results(results: Path) -> TournamentConfig:
    """The recorded tournament of ``results``, its entrants resolved again here."""
    from services.tournament.config import TournamentConfig
    from services.tournament.entrants import resolve_entrants
    from services.tournament.results import stored_config

    stored = stored_config(results)
    if stored is None:
        raise ConfigError(f"{results}: nothing recorded to resume (give the settings again)")
    config = TournamentConfig.from_json(stored)
    items = [(entrant.name, entrant.spec) for entrant in config.entrants]
    return dataclasses.replace(config, entrants=resolve_entrants(config.game, items))


def plan(args: argparse.Namespace) -> tuple[TournamentConfig, RunOptions, dict[str, Any]]:
    from services.cli.where import where_to_play
    from services.tournament.run import RunOptions

    values = settings(args)
    resume = args.resume
    if isinstance(resume, Path):
        results = resume
        values.setdefault("out", results.parent)
        if results.parent.resolve() != Path(values["out"]).resolve():
            raise ConfigError("--resume RESULTS must be the results.parquet of --out")
        config = build_config(values) if values.get("game") else config_from_results(results)
    else:
        config = build_config(values)
    if values.get("out") is None:
        raise ConfigError("missing --out")
    resamples = values.get("resamples")
    workers, move_to_ray = where_to_play(values.get("workers"), values.get("ray_address"))
    options = RunOptions(
        out=Path(values["out"]),
        workers=workers,
        move_to_ray=move_to_ray,
        resume=resume is not None,
        flush_seconds=float(values.get("flush_every") or 1.0),
        resamples=500 if resamples is None else int(resamples),
        hosting=_hosting(args, config, Path(values["out"]), values.get("ray_address")),
    )
    return config, options, values


def _hosting(args: argparse.Namespace, config: TournamentConfig, out: Path,
             ray_address: str | None) -> Any:
    """How the bot directories among the entrants are hosted (None if there are none).
    Off a cluster they are built here first: a failing build stops the run (exit 2)
    before any worker starts."""
    from services.tournament.entrants import bot_dirs

    hosted = bot_dirs(config.entrants)
    if not hosted:
        return None
    from services.hosted.arguments import build_here, hosting_options

    hosting = hosting_options(args, config.seed, out)
    if not (ray_address or os.environ.get("RAY_ADDRESS")):
        build_here(hosted, hosting)
    return hosting


def run(args: argparse.Namespace) -> int:
    configure_logging(args.log_level, args.log_format)
    missing = missing_extras("tournament")
    if missing:
        print_error(missing)
        return EXIT_RUNTIME
    try:
        config, options, values = plan(args)
    except ConfigError as error:
        print_error(str(error))
        return EXIT_CONFIG
    from services.cli.where import RayStartError, planned_place, start_ray, stop_ray
    from services.runner.batch import MatchFailed

    started_ray = False
    if options.workers != 0:
        from services.tournament.entrants import runtime_env

        try:
            started_ray, workers = start_ray(options.workers, values.get("ray_address"),
                                             runtime_env(config.entrants))
        except RayStartError as error:
            print_error(str(error))
            return error.exit_code
        options = dataclasses.replace(options, workers=workers)
    _warn_if_unbalanced(config)
    log.info("tournament: %s %s, %d games %s, results in %s", config.format,
             config.game, config.games, planned_place(options.workers, options.move_to_ray),
             options.out,
             extra={"format": config.format, "game": config.game, "games": config.games,
                    "workers": options.workers, "out": str(options.out)})
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        outcome = _run_with_view(config, options)
    except ConfigError as error:
        print_error(str(error))
        return EXIT_CONFIG
    except (MatchFailed, OSError) as error:  # MatchFailed: also a worker lost for good
        print_error(str(error))
        return EXIT_RUNTIME
    except KeyboardInterrupt:
        results = options.out / "results.parquet"
        print_error(f"interrupted; recorded games are kept. Continue with: "
                    f"arena tournament --resume {results}")
        return EXIT_INTERRUPTED
    finally:
        signal.signal(signal.SIGTERM, previous)
        if started_ray:
            stop_ray()
    if sys.stdout.isatty():
        from services.tournament.tables import summary_table

        Console().print(summary_table(outcome.summary, config.names,
                                      f"{config.format} {config.game}, {options.out}"))
        Console(stderr=True).print(played_line(outcome), style="dim", highlight=False)
    else:
        event = {"event": "summary", "out": str(options.out), "played": outcome.played,
                 "seconds": round(outcome.seconds, 3), "where": outcome.where,
                 **outcome.summary}
        sys.stdout.write(json.dumps(event) + "\n")
    return 0


def played_line(outcome: RunOutcome) -> str:
    """What this command played, in plain words (games recorded by an earlier,
    interrupted run are mentioned only when it resumed one)."""
    before = outcome.recorded_before
    if not outcome.played:
        return f"Nothing left to play: all {before:,} games were recorded before."
    more = " more" if before else ""
    line = (f"Played {outcome.played:,}{more} game{'s' if outcome.played != 1 else ''} in "
            f"{outcome.seconds:.1f} s ({outcome.games_per_second:,.1f} games/s) "
            f"{outcome.where}.")
    if before:
        line += f" {before:,} were recorded before this run resumed."
    return line


def _warn_if_unbalanced(config: TournamentConfig) -> None:
    from services.tournament.formats import balance_warning, make_format

    warning = balance_warning(make_format(config))
    if warning:
        log.warning(warning)


def _interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


def _run_with_view(config: TournamentConfig, options: RunOptions) -> Any:
    from services.tournament.live import JsonLinesView, LiveStandings, TerminalView
    from services.tournament.run import run_tournament

    standings = LiveStandings(config.names, config.players)
    view = TerminalView(standings) if sys.stdout.isatty() else JsonLinesView(standings)
    return run_tournament(config, options, view, standings)

