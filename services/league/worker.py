"""A league's Ray worker: plays one match at a time of any of the league's queues.

At start (:meth:`LeagueWorker.ready`) it fetches the submitted bots' snapshots into
this node's cache (:func:`services.botstore.cache.node_copy`), and builds and hosts
every bot directory with the tournament's own code (:class:`HostedPlayer`: built once
per node in the sandbox, processes started once per worker). A match is played by
:func:`services.runner.batch.play_one`, as a tournament's: seats of bot directories
get the server's deadlines and strikes, a forfeited seat ranks last.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import ray

from engine.core import ConfigError, GameConfig
from services.botstore import BotStore, SnapshotError
from services.botstore.cache import node_copy
from services.hosted.options import HostingOptions, hosted_spec
from services.league.plan import SUBMITTED_PREFIX
from services.runner.batch import MatchRecord, MatchTask, play_one
from services.runner.bot_specs import BotMaker, hosted_specs


def local_specs(specs: Mapping[str, str], redis_url: str | None, key_prefix: str
                ) -> dict[str, str]:
    """``specs`` with each submitted snapshot replaced by its copy on this node (fetched
    and unpacked if needed); ConfigError if one cannot be had."""
    found = {}
    store: BotStore | None = None
    try:
        for label, spec in specs.items():
            if not spec.startswith(SUBMITTED_PREFIX):
                found[label] = spec
                continue
            digest = spec.removeprefix(SUBMITTED_PREFIX)
            if store is None:
                if redis_url is None:
                    raise ConfigError(f"{label}: a submitted bot needs the league's Redis")
                store = BotStore(redis_url, key_prefix)
            try:
                path = node_copy(digest, store.snapshot)
            except SnapshotError as error:
                raise ConfigError(f"{label}: {error}") from None
            found[label] = hosted_spec(digest, str(path))
    finally:
        if store is not None:
            store.close()
    return found


class _Queue:
    """One queue's bots on this worker."""

    def __init__(self, game_id: str, config: GameConfig, specs: dict[str, str],
                 hosting: HostingOptions) -> None:
        self.game_id = game_id
        self.config = config
        self.maker = BotMaker(game_id, specs)
        self.maker.prepare()
        self.hosted: Any = None
        bot_dirs = hosted_specs(specs)
        if bot_dirs:
            from services.hosted.player import HostedPlayer

            hosted = HostedPlayer(game_id, config, bot_dirs, hosting)
            hosted.start()
            self.hosted = hosted

    def close(self) -> None:
        if self.hosted is not None:
            self.hosted.close()
            self.hosted = None


@ray.remote(num_cpus=1, max_restarts=0)
class LeagueWorker:
    """Plays the league's matches; ``queues`` maps a queue id to (game id, game config,
    label -> spec). Not restarted by Ray: the league replaces a dead worker, and the
    match it was playing is not rated."""

    def __init__(self, queues: dict[str, tuple[str, GameConfig, dict[str, str]]],
                 hosting: HostingOptions, redis_url: str | None, key_prefix: str) -> None:
        self._plans = queues
        self._hosting = hosting
        self._redis_url = redis_url
        self._key_prefix = key_prefix
        self._queues: dict[str, _Queue] = {}
        self._node = ray.get_runtime_context().get_node_id()

    def ready(self) -> tuple[str, int]:
        """(node id, process id) once every queue's bots are fetched, built and hosted
        here; ConfigError if one cannot be."""
        for queue_id, (game_id, config, specs) in self._plans.items():
            if queue_id not in self._queues:
                here = local_specs(specs, self._redis_url, self._key_prefix)
                self._queues[queue_id] = _Queue(game_id, config, here, self._hosting)
        return self._node, os.getpid()

    def play(self, queue_id: str, index: int, seed: int, labels: tuple[str, ...]
             ) -> MatchRecord:
        queue = self._queues[queue_id]
        return play_one(queue.game_id, queue.config, MatchTask(index, seed, labels),
                        maker=queue.maker, node=self._node, hosted=queue.hosted)

    def close(self) -> None:
        for queue in self._queues.values():
            queue.close()
        self._queues = {}
