"""``arena ladder``: show a game's or a queue's ladder (Elo and skill, ordered by
either), or with ``--solo`` its solo standings (one-seat matches, counted by score, not
rated), as a table or JSON; ``--queues`` lists the queues gateways host (each a ladder of
its own)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.table import Table

from engine.core import available_games
from services.cli.play import print_error
from services.ladder.cli_options import add_store_arguments, missing_store, store_from_args
from services.ladder.records import LADDER_ORDERS, LadderEntry, SoloEntry
from services.ladder.skill import PROVISIONAL_SIGMA
from services.ladder.store import StoreError, validate_game_id


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "ladder", help="show a game's ladder (Elo and skill)",
        description="Show a game's ladder: Elo rating and Bayesian skill (mu, sigma)."
    )
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", help="game id, e.g. monster-my-neighbor: the ladder of the "
                       "one-queue shorthand (arena serve --game)")
    which.add_argument("--queue", metavar="ID",
                       help="queue id, e.g. monster-my-neighbor-4p: that queue's ladder")
    which.add_argument("--queues", action="store_true",
                       help="list the queues gateways host (id, game, players, options)")
    parser.add_argument("--json", action="store_true", help="print a JSON list of entries")
    parser.add_argument("--limit", type=int, metavar="N", help="show only the best N bots")
    parser.add_argument(
        "--order", choices=LADDER_ORDERS, default="elo",
        help="order by Elo rating (default) or by skill, mu - 3 sigma (a bot is "
        f"provisional, marked ?, until sigma < {PROVISIONAL_SIGMA:g})",
    )
    parser.add_argument(
        "--solo", action="store_true",
        help="show the solo standings (one-seat matches, e.g. Ark Nova solo: games, mean "
        "and best score, wins = games scored >= 0) instead of the Elo ladder",
    )
    add_store_arguments(parser)
    parser.set_defaults(func=run)


def _ranked_table(title: str, columns: list[str], rows: list[list[str]]) -> Table:
    """A table with a place column first; ``Bot`` is left-aligned, figures right."""
    table = Table(title=title)
    table.add_column("#", justify="right")
    for column in columns:
        table.add_column(column, justify="left" if column == "Bot" else "right")
    for place, row in enumerate(rows, start=1):
        table.add_row(str(place), *row)
    return table


def ladder_table(game: str, entries: list[LadderEntry], title: str | None = None) -> Table:
    """Elo and skill side by side; a provisional bot's skill is marked ``?``. The title is
    "GAME ladder" unless given."""
    return _ranked_table(
        title or f"{game} ladder",
        ["Bot", "Rating", "Skill", "mu ± 3 sigma", "Games", "Wins", "Mean rank"],
        [[e.name, f"{e.rating:.1f}", f"{e.skill:.1f}{'?' if e.provisional else ''}",
          f"{e.mu:.1f} ± {3 * e.sigma:.1f}", str(e.games), f"{e.wins:g}",
          f"{e.mean_rank:.2f}"]
         for e in entries],
    )


def solo_table(game: str, entries: list[SoloEntry]) -> Table:
    return _ranked_table(
        f"{game} solo standings", ["Bot", "Games", "Mean score", "Best score", "Wins"],
        [[e.name, str(e.games), f"{e.mean:.2f}", f"{e.best:g}", str(e.wins)] for e in entries],
    )


def queues_table(queues: dict[str, dict[str, Any]]) -> Table:
    table = Table(title="queues")
    for column in ("Queue", "Game", "Players", "Options"):
        table.add_column(column, justify="right" if column == "Players" else "left")
    for queue, about in queues.items():
        options = about.get("options") or {}
        table.add_row(queue, str(about.get("game", "")), str(about.get("players", "")),
                      json.dumps(options, sort_keys=True) if options else "")
    return table


def _valid_ladder(queue: str) -> bool:
    try:
        validate_game_id(queue)
    except ValueError:
        return False
    return True


def run(args: argparse.Namespace) -> int:
    err = Console(stderr=True)
    games = available_games()
    if args.game is not None and args.game not in games:
        err.print(f"[red]error:[/] unknown game {args.game!r}; known games: {', '.join(games)}")
        return 2
    if args.queue is not None and not _valid_ladder(args.queue):
        err.print(f"[red]error:[/] --queue {args.queue!r} is not a queue id (lowercase "
                  "letters, digits and dashes; `arena ladder --queues` lists them)")
        return 2
    ladder = args.game or args.queue
    if args.limit is not None and args.limit < 1:
        err.print("[red]error:[/] --limit must be at least 1")
        return 2
    refusal = missing_store(args, "ladder", "the ladder is kept in the Redis the gateways use")
    if refusal:
        print_error(refusal)
        return 2
    rated: list[LadderEntry] = []
    solo: list[SoloEntry] = []
    queues: dict[str, dict[str, Any]] = {}
    try:
        with store_from_args(args, err) as store:
            if args.queues:
                queues = store.queues()
            elif args.solo:
                solo = store.solo_standings(ladder, limit=args.limit)
            else:
                rated = store.ladder(ladder, limit=args.limit, order=args.order)
    except StoreError as exc:
        err.print(f"[red]error:[/] {exc}")
        return 1
    if args.queues:
        if args.json:
            print(json.dumps(queues, indent=2))
        elif queues:
            Console().print(queues_table(queues))
        else:
            print("No queues recorded yet (a gateway records its queues when it starts).")
    elif args.json:
        print(json.dumps([entry.to_json() for entry in solo or rated], indent=2))
    elif solo:
        Console().print(solo_table(ladder, solo))
    elif rated:
        Console().print(ladder_table(ladder, rated))
    else:
        print(f"No {'solo' if args.solo else 'rated'} matches yet for {ladder}.")
    return 0
