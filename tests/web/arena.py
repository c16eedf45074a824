"""A served arena in the test process: a real gateway (gRPC on loopback, matches hosted
in its own process), the Redis ladder and spectator feed, and the web front end, with
remote bots the test paces decision by decision."""

from __future__ import annotations

import random
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from arena.v1 import arena_pb2

from engine.core import Replay
from services.gateway.config import GatewayConfig
from services.gateway.server import Gateway, GatewayThread
from services.hosting.in_loop import InLoopHosts
from services.ladder.factory import open_store
from services.metrics import ArenaMetrics
from services.spectate.redis_feed import RedisFeed
from services.web.app import create_app
from services.web.queries import WebData
from services.web.server import WebServer
from tests.gateway.botkit import TestBot, hello_frame

GAME = "monster-my-neighbor"


@dataclass
class PacedBot:
    """A remote bot choosing at random; it waits at ``gate`` before each decision and
    ``delay`` seconds after it, so a live match lasts long enough to be watched."""

    delay: float = 0.0
    gate: threading.Event = field(default_factory=threading.Event)
    seed: int = 0
    decisions: int = 0

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def policy(self, request: arena_pb2.DecisionRequest, _asked: int) -> int:
        self.gate.wait(timeout=60)
        time.sleep(self.delay)
        self.decisions += 1
        return self._rng.randrange(len(request.options))


class ServedArena:
    def __init__(
        self, redis_url: str, tmp: Path, players: int = 5, game: str = GAME
    ) -> None:
        self.game = game
        self.players = players
        prefix = f"test-arena-{secrets.token_hex(6)}"
        self.replays = tmp / "replays"
        self.store = open_store(redis_url, key_prefix=prefix)
        self.feed = RedisFeed(redis_url, key_prefix=prefix)
        config = GatewayConfig(game=game, players=players, fill="random", move_timeout=30.0,
                               gather_seconds=0.1, replays=self.replays, seed=11)
        gateway = Gateway(config, self.store, ArenaMetrics(), hosts=InLoopHosts(),
                          feed=self.feed)
        self._gateway = GatewayThread(gateway)
        self.address = f"127.0.0.1:{self._gateway.start('127.0.0.1', 0)}"
        self._web = WebServer(create_app(WebData(self.store, self.feed, self.replays)))
        self.base = f"http://127.0.0.1:{self._web.start()}"
        self._bots: list[TestBot] = []

    def connect(self, name: str, bot: PacedBot) -> TestBot:
        """Register ``name`` and connect it for one match."""
        token = self.store.register_bot(name)
        client = TestBot(self.address, hello_frame(token, games=(self.game,)), bot.policy).start()
        self._bots.append(client)
        return client

    def wait_live(self, timeout: float = 60) -> str:
        """The id of the first live match."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            live = self.feed.live()
            if live:
                return live[0].match_id
            time.sleep(0.05)
        raise AssertionError("no match went live")

    def wait_replay(self, match_id: str, timeout: float = 120) -> Replay:
        path = self.replays / f"{match_id}.json"
        deadline = time.monotonic() + timeout
        while not path.exists():
            assert time.monotonic() < deadline, f"match {match_id} did not finish"
            time.sleep(0.05)
        self.feed.flush()
        return Replay.load(path)

    def close(self) -> None:
        self._gateway.stop()  # ends every bot's stream
        self._web.stop()
        self.feed.close()
        self.store.close()
