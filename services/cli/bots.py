"""``arena bots``: register remote bots and hand out their secret tokens; submit bot
directories (versioned snapshots the league plays, :mod:`services.botstore`)."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console

from engine.core import ConfigError
from services.botstore.snapshot import MAX_SNAPSHOT_BYTES, MIB
from services.cli.play import print_error
from services.ladder.cli_options import add_store_arguments, missing_store, store_from_args
from services.ladder.store import BotAlreadyRegistered, StoreError

MAX_SNAPSHOT_MIB = MAX_SNAPSHOT_BYTES // MIB


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

    listing = actions.add_parser(
        "list", help="list registered bots, then submitted bots and their versions",
        description="Registered bots one a line, sorted; then each submitted bot: its "
        "newest version's ladder name, content hash and size, and how many versions.")
    add_store_arguments(listing)
    listing.set_defaults(func=run_list)

    submit = actions.add_parser(
        "submit", help="store a new version of a bot directory for the league",
        description="Store a snapshot of the bot directory PATH (its arena-bot.toml and "
        "files, without what its `ignore` names) in Redis under its content hash, as the "
        f"newest version of NAME (at most {MAX_SNAPSHOT_MIB} MiB packed). League workers "
        "fetch it by hash and build it once per node. A version plays on the ladder as "
        "NAME:vN, so a new version starts at the initial skill and the old one's history "
        "stays; the same content again adds no version.")
    submit.add_argument("name", metavar="NAME", help="bot name (letters, digits, _ . -)")
    submit.add_argument("path", metavar="PATH", help="the bot directory")
    add_store_arguments(submit)
    submit.set_defaults(func=run_submit)


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
    import redis

    from services.botstore import BotStore

    try:
        with BotStore(args.redis, args.key_prefix) as bots:
            submitted = bots.bots()
    except redis.RedisError as exc:
        err.print(f"[red]error:[/] submitted bots: {exc}")
        return 1
    for versions in submitted.values():
        newest = versions[-1]
        print(f"{newest.label}  hash {newest.hash[:12]}  {newest.bytes:,} bytes  "
              f"({len(versions)} version{'s' if len(versions) > 1 else ''})")
    return 0


def run_submit(args: argparse.Namespace) -> int:
    refusal = missing_store(args, "bots submit", "league workers fetch submitted bots "
                            "from the Redis they share")
    if refusal:
        print_error(refusal)
        return 2
    import redis

    from services.botstore import BotStore

    try:
        with BotStore(args.redis, args.key_prefix) as bots:
            done = bots.submit(args.name, args.path)
    except (ValueError, ConfigError) as exc:  # a bad name or directory; over the cap
        print_error(str(exc))
        return 2
    except redis.RedisError as exc:
        print_error(f"cannot store the snapshot: {exc}")
        return 1
    version = done.version
    if done.created:
        print(f"Submitted {args.name} version {version.version} (plays as {version.label}; "
              f"hash {version.hash[:12]}, {version.bytes:,} bytes).")
    else:
        print(f"{args.name} version {version.version} ({version.label}) already has this "
              f"content (hash {version.hash[:12]}): nothing new stored.")
    return 0
