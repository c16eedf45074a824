"""``arena bots``: register remote bots and hand out their secret tokens."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from services.ladder.cli_options import add_store_arguments, store_from_args
from services.ladder.store import StoreError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bots", help="register remote bots", description="Manage remote bots and their tokens."
    )
    actions = parser.add_subparsers(dest="bots_command", required=True, metavar="ACTION")

    register = actions.add_parser(
        "register",
        help="register a bot and print its token",
        description="Register a bot. Its secret token is printed once, alone on the last line.",
    )
    register.add_argument("name", metavar="NAME", help="bot name (letters, digits, _ . -)")
    register.add_argument(
        "--rotate", action="store_true", help="replace the token of an existing bot"
    )
    add_store_arguments(register)
    register.set_defaults(func=run_register)

    listing = actions.add_parser("list", help="list registered bots")
    add_store_arguments(listing)
    listing.set_defaults(func=run_list)


def run_register(args: argparse.Namespace) -> int:
    err = Console(stderr=True)
    try:
        with store_from_args(args, err) as store:
            token = store.register_bot(args.name, rotate=args.rotate)
    except ValueError as exc:
        err.print(f"[red]error:[/] {exc}")
        return 2
    except StoreError as exc:
        err.print(f"[red]error:[/] {exc}")
        return 1
    verb = "New token for" if args.rotate else "Registered"
    print(f"{verb} bot {args.name!r}. Keep its token secret; it is not shown again:")
    print(token)
    return 0


def run_list(args: argparse.Namespace) -> int:
    err = Console(stderr=True)
    try:
        with store_from_args(args, err) as store:
            names = store.registered_bots()
    except StoreError as exc:
        err.print(f"[red]error:[/] {exc}")
        return 1
    for name in names:
        print(name)
    return 0
