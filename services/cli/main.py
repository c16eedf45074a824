"""Entry point of the ``arena`` command: one sub-module per sub-command.

Each sub-module exposes ``add_parser(subparsers)``, which registers its parser and sets
``func`` (taking the parsed args, returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import sys

# Sub-command modules, in help order.
_COMMANDS = (
    "services.cli.play",
    "services.cli.tournament",
    "services.cli.report",
    "services.cli.replay",
    "services.cli.serve",
    "services.cli.bot",
    "services.cli.bots",
    "services.cli.ladder",
    "services.cli.web",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arena", description="Tabletop Arena: board-game engines, bots, ladders."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in _COMMANDS:
        importlib.import_module(name).add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
