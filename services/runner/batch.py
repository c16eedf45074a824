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
from typing import TYPE_CHECKING, Any

from engine.core import GameConfig, play_match
from services.runner.bot_specs import BotMaker

if TYPE_CHECKING:
    from services.hosted.player import HostedPlayer


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
    ``statuses``: per seat, ``ok``, ``timeout``, ``crash`` or ``illegal`` (hosted bot
    directories, :mod:`services.hosted`); empty when every seat is a built-in or Python
    bot (all ``ok``). ``ranks`` put forfeited seats last.
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
    statuses: tuple[str, ...] = ()

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
    hosted: HostedPlayer | None = None,
) -> MatchRecord:
    """Play one match with fresh bots and summarise it; seats of bot directories are
    served by ``hosted``."""
    maker = maker or BotMaker(game_id)
    if hosted is not None and hosted.hosts(task.bots):
        return _play_hosted(game_id, task, with_replay, maker, node, hosted)
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


def _play_hosted(game_id: str, task: MatchTask, with_replay: bool, maker: BotMaker,
                 node: str, hosted: HostedPlayer) -> MatchRecord:
    outcome, elapsed = hosted.play(task.index, task.seed, task.bots, maker, with_replay, node)
    bot_seconds = outcome.builtin_seconds + outcome.remote_seconds
    return MatchRecord(
        index=task.index,
        seed=task.seed,
        labels=task.bots,
        scores=tuple(outcome.result.scores),
        ranks=outcome.ranks,
        decisions=outcome.decisions,
        engine_seconds=max(elapsed - bot_seconds, 0.0),
        bot_seconds=bot_seconds,
        replay=outcome.replay,
        node=node,
        statuses=outcome.statuses,
    )


def play_batch(
    game_id: str,
    config: GameConfig,
    tasks: Sequence[MatchTask],
    with_replays: bool = False,
    *,
    maker: BotMaker | None = None,
    node: str = "",
    hosted: HostedPlayer | None = None,
) -> list[MatchRecord]:
    """Play every task of a batch in order."""
    maker = maker or BotMaker(game_id)
    return [
        play_one(game_id, config, task, with_replays, maker=maker, node=node, hosted=hosted)
        for task in tasks
    ]
