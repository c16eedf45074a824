"""``arena report``: rebuild a tournament's summary and plots from its results file."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console

from engine.core import ConfigError
from services.cli import validate
from services.cli.extras import REPORT_EXTRAS, REPORT_MODULES, missing_extras
from services.cli.play import EXIT_CONFIG, EXIT_RUNTIME, print_error


def results_file(text: str) -> Path:
    """A tournament's ``results.parquet``: merged, or still in parts (an interrupted run)."""
    from services.tournament.paths import has_results

    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(
            f"{text!r} is a directory; give the results file in it, e.g. "
            f"{str(path / 'results.parquet')!r}")
    if not has_results(path):
        raise argparse.ArgumentTypeError(f"{text!r} does not exist (nor its parts)")
    return path


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "report",
        help="rebuild a tournament's summary and plots from results.parquet",
        description="Read a results file written by `arena tournament` (finished or "
        "interrupted) and write summary.json, summary.csv, details.json, winrate.png and "
        "ratings.png.",
    )
    parser.add_argument("results", type=results_file, metavar="RESULTS",
                        help="a results.parquet")
    parser.add_argument("--out", type=validate.output_dir, metavar="DIR",
                        help="where to write (default: beside RESULTS)")
    parser.add_argument("--resamples", type=validate.non_negative_int, default=500,
                        help="bootstrap resamples for the rating intervals (default 500)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    missing = missing_extras("report", REPORT_MODULES, REPORT_EXTRAS)
    if missing:
        print_error(missing)
        return EXIT_RUNTIME
    from services.tournament.report import load_config, write_report
    from services.tournament.tables import summary_table

    results: Path = args.results
    out: Path = args.out or results.parent
    try:
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
