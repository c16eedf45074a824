"""The options of ``arena tournament`` for hosted bot directories: the server's
deadline rules (``--move-timeout``, ``--time-bank``, ``--max-strikes``; in the bot's CPU
time, with ``--wall-backstop``) and the sandbox
(``--sandbox``, ``--bot-memory``, ``--build-timeout``), turned into
:class:`~services.hosted.options.HostingOptions`."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path

from engine.core import ConfigError
from services.hosted.options import HostingOptions
from services.sandbox import add_sandbox_arguments, limits_from_args, resolve_mode

DEFAULTS = HostingOptions()


def _seconds(text: str, allow_zero: bool) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if value < 0 or (value == 0 and not allow_zero):
        raise argparse.ArgumentTypeError(
            f"must be {'0 or more' if allow_zero else 'positive'}: {text!r}")
    return value


def _multiple(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value >= 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value


def _strikes(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value


def add_hosting_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the deadline and sandbox options of hosted bot directories."""
    group = parser.add_argument_group("hosted bot directories (as on the server)")
    group.add_argument("--move-timeout", type=lambda t: _seconds(t, False),
                       default=DEFAULTS.move_timeout, metavar="SECONDS",
                       help="time per decision before the time bank is used (default "
                            f"{DEFAULTS.move_timeout:g})")
    group.add_argument("--time-bank", type=lambda t: _seconds(t, True),
                       default=DEFAULTS.time_bank, metavar="SECONDS",
                       help="extra time per seat and game, spent past the move timeout "
                            f"(default {DEFAULTS.time_bank:g})")
    group.add_argument("--wall-backstop", type=_multiple,
                       default=DEFAULTS.wall_backstop, metavar="N",
                       help="deadlines count the bot's CPU time; a decision also ends "
                            "after N times its deadline of wall time (default "
                            f"{DEFAULTS.wall_backstop:g})")
    group.add_argument("--max-strikes", type=_strikes, default=DEFAULTS.max_strikes,
                       metavar="N", help="late or illegal replies that forfeit a game "
                                         f"(default {DEFAULTS.max_strikes})")
    add_sandbox_arguments(parser)


def hosting_options(args: argparse.Namespace, seed: int, out: Path) -> HostingOptions:
    """The options the parsed flags ask for; ConfigError if the sandbox cannot be had
    (the default falls back to none with a one-line warning)."""
    try:
        mode = resolve_mode(getattr(args, "sandbox", None))
    except ValueError as error:
        raise ConfigError(str(error)) from None
    return HostingOptions(
        move_timeout=getattr(args, "move_timeout", DEFAULTS.move_timeout),
        time_bank=getattr(args, "time_bank", DEFAULTS.time_bank),
        max_strikes=getattr(args, "max_strikes", DEFAULTS.max_strikes),
        wall_backstop=getattr(args, "wall_backstop", DEFAULTS.wall_backstop),
        sandbox=mode,
        limits=limits_from_args(args) if hasattr(args, "bot_memory") else DEFAULTS.limits,
        build_timeout=getattr(args, "build_timeout", DEFAULTS.build_timeout),
        seed=seed,
        log_dir=str(out / "bot-logs"),
    )


def build_here(bot_dirs: Mapping[str, str], options: HostingOptions) -> None:
    """Build every bot directory on this machine now (each skipped when cached), so a
    failing build stops the run before any worker starts (BotBuildFailed)."""
    # Here, not at the top: building the command line (arena --help) stays client-light.
    from services.hosted.bots import prepare

    for name, spec in bot_dirs.items():
        prepare(name, spec, options)
