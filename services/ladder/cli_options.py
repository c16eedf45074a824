"""Command-line options shared by the commands that open a ladder store."""

from __future__ import annotations

import argparse
import os

from rich.console import Console

from services.ladder.factory import open_store
from services.ladder.redis_format import validate_key_prefix
from services.ladder.store import LadderStore
from services.wire.addresses import redis_url

REDIS_URL_ENV = "ARENA_REDIS_URL"


def add_store_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--redis",
        metavar="URL",
        type=redis_url,
        default=os.environ.get(REDIS_URL_ENV),
        help=f"Redis URL of the ladder store (default ${REDIS_URL_ENV}; "
        "without one, an in-process store that lives only in this command)",
    )
    parser.add_argument(
        "--key-prefix", default="arena", type=key_prefix,
        help="prefix of every Redis key (default arena)",
    )


def key_prefix(text: str) -> str:
    try:
        validate_key_prefix(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def missing_store(args: argparse.Namespace, command: str, why: str) -> str | None:
    """For commands that are useless without a shared store (a token nobody could use, a
    ladder that is always empty): a one-line refusal when neither --redis nor
    $ARENA_REDIS_URL names one, else None."""
    if args.redis is not None:
        return None
    return f"arena {command}: no ladder store given (--redis URL or ${REDIS_URL_ENV}): {why}"


def store_from_args(
    args: argparse.Namespace, err: Console, timeout: float | None = None
) -> LadderStore:
    """Open the store the options name, warning on ``err`` when it is in-process
    (``timeout``: seconds one Redis call may take, see :func:`open_store`)."""
    if args.redis is None:
        err.print(
            "[yellow]warning:[/] no --redis given: using an in-process store that lives"
            " only in this process and is lost when the command exits"
        )
    return open_store(args.redis, key_prefix=args.key_prefix, timeout=timeout)
