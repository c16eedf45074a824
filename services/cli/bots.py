"""``arena bots``: register remote bots and hand out their secret tokens."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from services.cli.play import print_error
from services.ladder.cli_options import add_store_arguments, missing_store, store_from_args
from services.ladder.store import BotAlreadyRegistered, StoreError


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
    err = Console(stderr=True, soft_wrap=True, highlight=False)
    refusal = missing_store(
        args, "bots register", "a token kept in no store could never be used (a gateway "
        "without Redis registers its own bots: arena serve --bot NAME)")
    if refusal:
        print_error(refusal)
        return 2
    try:
        with store_from_args(args, err) as store:
            token = store.register_bot(args.name, rotate=args.rotate)
    except ValueError as exc:
        print_error(str(exc))
        return 2
    except BotAlreadyRegistered:
        print_error(f"bot {args.name!r} is already registered; to replace its token (the old "
                    f"one stops working): arena bots register {args.name} --rotate")
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
    refusal = missing_store(args, "bots list", "bots are registered in the Redis the gateways use")
    if refusal:
        print_error(refusal)
        return 2
    try:
        with store_from_args(args, err) as store:
            names = store.registered_bots()
    except StoreError as exc:
        err.print(f"[red]error:[/] {exc}")
        return 1
    for name in names:
        print(name)
    return 0
