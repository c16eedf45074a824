"""Playing batches of whole built-in matches in-process: the evaluation fast path.

A batch is a list of :class:`MatchTask` (game index, seed, bot per seat). Every match
is played by :func:`engine.core.play_match` with no I/O per move; only a compact
:class:`MatchRecord` per match leaves the process. The Ray actor wrapping
:func:`play_batch` is in :mod:`services.runner.pool`; this module imports no Ray, so
playing in the command's own process (``--workers 0``) and reading results never load
it. A task names a bot per seat; a :class:`BotMaker` turns names into bots (built-in
specs, or user strategy classes).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import GameConfig, play_match
from services.runner.bot_specs import BotMaker


@dataclass(frozen=True, slots=True)
class MatchTask:
    """One match to play: its index in the run, its seed and the bot name of each seat."""

    index: int
    seed: int
    bots: tuple[str, ...]


class MatchFailed(RuntimeError):
    """A match raised an error (an engine or bot bug): one line saying which."""


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
