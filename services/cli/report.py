"""``arena report``: rebuild a tournament's summary and plots from its results file."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console

from engine.core import ConfigError
from services.cli.play import EXIT_CONFIG, EXIT_RUNTIME, print_error


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "report",
        help="rebuild a tournament's summary and plots from results.parquet",
        description="Read a results file written by `arena tournament` (finished or "
        "interrupted) and write summary.json, summary.csv, details.json, winrate.png and "
        "ratings.png.",
    )
    parser.add_argument("results", type=Path, metavar="RESULTS", help="a results.parquet")
    parser.add_argument("--out", type=Path, metavar="DIR",
                        help="where to write (default: beside RESULTS)")
    parser.add_argument("--resamples", type=int, default=500,
                        help="bootstrap resamples for the rating intervals (default 500)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from services.cli.tournament import summary_table
    from services.tournament.report import load_config, write_report
    from services.tournament.results import has_results

    results: Path = args.results
    out: Path = args.out or results.parent
    try:
        if not has_results(results):
            raise ConfigError(f"{results} does not exist")
        if args.resamples < 0:
            raise ConfigError("--resamples must be at least 0")
        config = load_config(results)
        summary = write_report(results, out, config, args.resamples)
    except ConfigError as error:
        print_error(str(error))
        return EXIT_CONFIG
    except (OSError, ValueError) as error:
        print_error(f"cannot report {results}: {error}")
        return EXIT_RUNTIME
    Console().print(summary_table(summary, config.names, f"{config.format} {config.game}"))
    Console(stderr=True).print(f"wrote the summary and plots to {out}", style="dim")
    return 0
