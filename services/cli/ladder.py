"""``arena ladder``: show a game's Elo ladder as a table or JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.table import Table

from engine.core import available_games
from services.ladder.cli_options import add_store_arguments, store_from_args
from services.ladder.records import LadderEntry
from services.ladder.store import StoreError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "ladder", help="show a game's Elo ladder", description="Show a game's Elo ladder."
    )
    parser.add_argument("--game", required=True, help="game id, e.g. monster-my-neighbor")
    parser.add_argument("--json", action="store_true", help="print a JSON list of entries")
    parser.add_argument("--limit", type=int, metavar="N", help="show only the best N bots")
    add_store_arguments(parser)
    parser.set_defaults(func=run)


def ladder_table(game: str, entries: list[LadderEntry]) -> Table:
    table = Table(title=f"{game} ladder")
    table.add_column("#", justify="right")
    table.add_column("Bot")
    table.add_column("Rating", justify="right")
    table.add_column("Games", justify="right")
    table.add_column("Wins", justify="right")
    table.add_column("Mean rank", justify="right")
    for place, entry in enumerate(entries, start=1):
        table.add_row(
            str(place),
            entry.name,
            f"{entry.rating:.1f}",
            str(entry.games),
            f"{entry.wins:g}",
            f"{entry.mean_rank:.2f}",
        )
    return table


def run(args: argparse.Namespace) -> int:
    err = Console(stderr=True)
    games = available_games()
    if args.game not in games:
        err.print(f"[red]error:[/] unknown game {args.game!r}; known games: {', '.join(games)}")
        return 2
    if args.limit is not None and args.limit < 1:
        err.print("[red]error:[/] --limit must be at least 1")
        return 2
    try:
        with store_from_args(args, err) as store:
            entries = store.ladder(args.game, limit=args.limit)
    except StoreError as exc:
        err.print(f"[red]error:[/] {exc}")
        return 1
    if args.json:
        print(json.dumps([entry.to_json() for entry in entries], indent=2))
    elif entries:
        Console().print(ladder_table(args.game, entries))
    else:
        print(f"No rated matches yet for {args.game}.")
    return 0
