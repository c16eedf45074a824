"""Playing batches of whole built-in matches in-process: the evaluation fast path.

A batch is a list of :class:`MatchTask` (game index, seed, bot per seat). Every match
is played by :func:`engine.core.play_match` with no I/O per move; only a compact
:class:`MatchRecord` per match leaves the process. :class:`MatchWorker` is the Ray
actor wrapping :func:`play_batch`. A task names a bot per seat; a :class:`BotMaker`
turns names into bots (built-in specs, or user strategy classes).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ray

from engine.core import GameConfig, play_match
from services.runner.bot_specs import BotMaker


@dataclass(frozen=True, slots=True)
class MatchTask:
    """One match to play: its index in the run, its seed and the bot name of each seat."""

    index: int
    seed: int
    bots: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """What a played match reports back.

    ``bot_seconds`` is the time :class:`engine.core.MatchSession` measures around the
    bots' turns (``choose`` plus building its observation and decision arguments);
    ``engine_seconds`` is the rest of the match's wall time. ``bench.engine`` measures
    the engine alone more strictly. ``replay`` is the replay's JSON, only when asked for.
    ``node`` is the Ray node id of the worker that played it ("" in-process).
    """

    index: int
    seed: int
    labels: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    decisions: int
    engine_seconds: float
    bot_seconds: float
    replay: dict[str, Any] | None = None
    node: str = ""

    @property
    def duration(self) -> float:
        """Wall time of the match, bots included."""
        return self.engine_seconds + self.bot_seconds


def play_one(
    game_id: str,
    config: GameConfig,
    task: MatchTask,
    with_replay: bool = False,
    *,
    maker: BotMaker | None = None,
    node: str = "",
) -> MatchRecord:
    """Play one built-in match with fresh bots and summarise it."""
    maker = maker or BotMaker(game_id)
    bots = [maker(name) for name in task.bots]
    started = time.perf_counter()
    outcome = play_match(game_id, config, task.seed, bots)
    elapsed = time.perf_counter() - started
    result = outcome.result
    return MatchRecord(
        index=task.index,
        seed=task.seed,
        labels=task.bots,
        scores=tuple(result.scores),
        ranks=tuple(result.ranks),
        decisions=outcome.decisions,
        engine_seconds=max(elapsed - outcome.builtin_seconds, 0.0),
        bot_seconds=outcome.builtin_seconds,
        replay=outcome.replay.to_json() if with_replay else None,
        node=node,
    )


def play_batch(
    game_id: str,
    config: GameConfig,
    tasks: Sequence[MatchTask],
    with_replays: bool = False,
    *,
    maker: BotMaker | None = None,
    node: str = "",
) -> list[MatchRecord]:
    """Play every task of a batch in order."""
    maker = maker or BotMaker(game_id)
    return [
        play_one(game_id, config, task, with_replays, maker=maker, node=node) for task in tasks
    ]


@ray.remote(num_cpus=1, max_restarts=0)
class MatchWorker:
    """A Ray actor that plays batches of one game configuration.

    It is deliberately not restarted by Ray: the pool replaces a dead worker itself and
    re-runs its unfinished batches, so each game is counted exactly once.
    """

    def __init__(
        self,
        game_id: str,
        config: GameConfig,
        with_replays: bool = False,
        bot_specs: dict[str, str] | None = None,
    ) -> None:
        self._game_id = game_id
        self._config = config
        self._with_replays = with_replays
        self._maker = BotMaker(game_id, bot_specs)
        self._node = ray.get_runtime_context().get_node_id()

    def ready(self) -> str:
        """The id of the node this worker runs on, once every bot spec resolves here."""
        self._maker.prepare()
        return self._node

    def run(self, tasks: list[MatchTask]) -> list[MatchRecord]:
        return play_batch(
            self._game_id, self._config, tasks, self._with_replays,
            maker=self._maker, node=self._node,
        )
