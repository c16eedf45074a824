"""The hosted bots of one place that plays games (this process, or one Ray worker):
its endpoint, its bots' processes, and the play of a game with hosted seats."""

from __future__ import annotations

import logging
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from engine.core import Bot, GameConfig
from services.gateway.session import BotSession
from services.hosted.bots import HostedBot, prepare
from services.hosted.endpoint import Endpoint
from services.hosted.match import HostedMatch, HostedOutcome, match_config_bytes
from services.hosted.options import TIMEOUT, HostingOptions

log = logging.getLogger(__name__)


class HostedPlayer:
    """Hosts the bot directories ``specs`` (entrant name -> hosted worker spec) for the
    games of one worker. :meth:`start` builds them (once per node) and opens the
    endpoint; bot processes start when a game first needs them."""

    def __init__(self, game_id: str, config: GameConfig, specs: Mapping[str, str],
                 options: HostingOptions, node: str = "") -> None:
        self.game_id = game_id
        self.config = config
        self.specs = dict(specs)
        self.options = options
        self.node = node  # the Ray node id of this worker ("" off Ray)
        self.bots: dict[str, HostedBot] = {}
        self.endpoint: Endpoint | None = None
        self._socket_dir: str | None = None
        self._match_config = match_config_bytes(game_id, config)

    def start(self) -> None:
        built = {name: prepare(name, spec, self.options, self.node)
                 for name, spec in self.specs.items()}
        # A short path: a unix socket's path holds at most 107 bytes.
        self._socket_dir = tempfile.mkdtemp(prefix="arena-ep-", dir="/tmp")
        endpoint = Endpoint(Path(self._socket_dir, "endpoint.sock"), self.game_id,
                            self.options.move_timeout, self.options.max_strikes)
        endpoint.start()
        self.endpoint = endpoint
        log_dir = Path(self.options.log_dir or Path(tempfile.gettempdir(), "arena-bot-logs"))
        for number, (name, bot) in enumerate(built.items()):
            self.bots[name] = HostedBot(name, bot, endpoint, self.options, log_dir, number)

    def hosts(self, names: tuple[str, ...]) -> bool:
        return any(name in self.specs for name in names)

    @property
    def restarts(self) -> int:
        return sum(bot.restarts for bot in self.bots.values())

    def play(self, index: int, seed: int, names: tuple[str, ...], make: Callable[[str], Bot],
             with_replay: bool, node: str) -> tuple[HostedOutcome, float]:
        """Play one game; (its outcome, its wall time)."""
        endpoint = self.endpoint
        if endpoint is None:
            raise RuntimeError("the hosted bots are not started")
        wanted = Counter(name for name in names if name in self.bots)
        given = {name: self.bots[name].sessions(count) for name, count in wanted.items()}
        seats: list[Bot | BotSession | None] = []
        for name in names:
            seats.append(given[name].pop(0) if name in given else make(name))
        hosted = [name in self.bots for name in names]
        clocks = {}
        for seat, (name, session) in enumerate(zip(names, seats, strict=True)):
            if isinstance(session, BotSession):
                clock = self.bots[name].cpu_clock(session)
                if clock is not None:
                    clocks[seat] = clock
        match_id = f"{node[:8] or 'local'}-{index}"
        started = time.perf_counter()

        async def play() -> HostedOutcome:
            match = HostedMatch(self.game_id, self.config, seed, match_id, names, seats,
                                hosted, self.options, self._match_config, clocks)
            return await match.play(with_replay)

        outcome = endpoint.call(play())
        elapsed = time.perf_counter() - started
        for seat in outcome.forfeited:
            session = seats[seat]
            if outcome.statuses[seat] == TIMEOUT and isinstance(session, BotSession):
                self.bots[names[seat]].retire(session)  # it may be stuck: start afresh
        return outcome, elapsed

    def close(self) -> None:
        for bot in self.bots.values():
            bot.close()
        if self.endpoint is not None:
            self.endpoint.stop()
            self.endpoint = None
        if self._socket_dir is not None:
            shutil.rmtree(self._socket_dir, ignore_errors=True)

    def __enter__(self) -> HostedPlayer:
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
