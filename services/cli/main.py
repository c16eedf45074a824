"""Entry point of the ``arena`` command: one sub-module per sub-command.

Each sub-module exposes ``add_parser(subparsers)``, which registers its parser and sets
``func`` (taking the parsed args, returning an exit code). Building the parser imports
no server stack (Ray, Prometheus, the gateway): a sub-command imports what it needs
when it runs, so the client install (`arena bot`, `arena ladder`) works without them.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from services.cli.validate import ArenaParser

# Sub-command modules, in help order.
_COMMANDS = (
    "services.cli.play",
    "services.cli.tournament",
    "services.cli.report",
    "services.cli.replay",
    "services.cli.serve",
    "services.cli.bot",
    "services.cli.bots",
    "services.cli.league",
    "services.cli.ladder",
    "services.cli.web",
)


def build_parser() -> argparse.ArgumentParser:
    parser = ArenaParser(
        prog="arena", description="Tabletop Arena: board-game engines, bots, ladders."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in _COMMANDS:
        importlib.import_module(name).add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:  # a usage error (exit 2, one line on stderr) or --help
        return stop.code if isinstance(stop.code, int) else 2
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
