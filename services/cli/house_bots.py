"""``arena serve --house-bot NAME=PATH``: what start-up does for house bots (sandbox
mode, limits, the build of each bot directory) and the running bots' private socket."""

from __future__ import annotations

import argparse
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from arena.v1 import arena_pb2

from engine.core import ConfigError
from services.housebots import HouseBot, HouseBots, build_house_bots
from services.sandbox import BuildFailed, Limits, SandboxMode, limits_from_args, resolve_mode


@dataclass(frozen=True)
class Prepared:
    """House bots built and ready: how to sandbox them."""

    mode: SandboxMode
    limits: Limits


def proto_dir() -> Path:
    """The arena's proto/ directory: the kits' builds compile their stubs from it."""
    return Path(arena_pb2.__file__).resolve().parents[2]


def prepare(args: argparse.Namespace, games: list[str]) -> Prepared | None:
    """Check the house bots' names (and a Python bot's spec against every hosted game of
    ``games``), choose the sandbox, and build each bot directory; ConfigError (its
    build's last lines for a failed build). None without house bots."""
    bots: list[HouseBot] = args.house_bot
    if not bots:
        return None
    names = [bot.name for bot in bots]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ConfigError(f"--house-bot: names must differ (repeated: {', '.join(repeated)})")
    try:
        mode = resolve_mode(args.sandbox)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    limits = limits_from_args(args)
    from services.botclient.engine_bot import engine_strategy  # the server stack: lazily

    for bot in bots:
        for game in games if bot.python is not None else ():  # as arena bot checks it
            try:
                engine_strategy(str(bot.python), game)
            except ValueError as exc:
                raise ConfigError(f"--house-bot {bot.name}: {exc}") from None
    try:
        proto = proto_dir()
        build_house_bots(bots, mode, limits, args.build_timeout, (proto,),
                         {"ARENA_PROTO": str(proto)})
    except BuildFailed as exc:
        raise ConfigError(f"--house-bot: a build failed: {exc}") from None
    return Prepared(mode, limits)


@dataclass(frozen=True)
class Plan:
    """The prepared house bots and their tokens."""

    prepared: Prepared
    tokens: list[tuple[HouseBot, str]]

    def runner(self, listen: str | None) -> Running:
        return Running(self, listen)


class Running:
    """The house bots of a serving gateway: ``also`` is the extra unix socket the gateway
    must serve (None when it already serves one, ``--listen unix:PATH``)."""

    def __init__(self, plan: Plan, listen: str | None) -> None:
        self._dir = Path(tempfile.mkdtemp(prefix="arena-house-"))  # 0700: ours alone
        if listen is not None:
            socket, self.also = Path(listen.removeprefix("unix:")), None
        else:
            socket = self._dir / "gateway.sock"
            self.also = f"unix:{socket}"
        prepared = plan.prepared
        self._bots = HouseBots(plan.tokens, socket, prepared.mode, prepared.limits,
                               self._dir / "logs")

    def start(self) -> None:
        self._bots.start()

    def close(self) -> None:
        """End every house bot and remove the private directory."""
        self._bots.stop()
        shutil.rmtree(self._dir, ignore_errors=True)
