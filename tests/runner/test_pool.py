"""The Ray match pool on a real local Ray: every game once, same as in-process, and
unchanged when workers are killed mid-run."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import ray

from engine.core import GameConfig, Replay, replay_match
from services.runner.batch import MatchRecord, MatchTask, play_batch
from services.runner.pool import MatchPool, WorkerLost
from services.tournament.blocks import BlockSchedule, round_robin_lineups

GAME = "monster-my-neighbor"
BOTS = ("heuristic", "random")


def tasks(games: int, players: int = 3, seed: int = 21) -> list[MatchTask]:
    schedule = BlockSchedule(tuple(round_robin_lineups(BOTS, players)), seed)
    return list(schedule.tasks(range(games)))


def outcome_key(record: MatchRecord) -> tuple[object, ...]:
    """Everything of a record that must not depend on where or when it was played."""
    return (record.index, record.seed, record.labels, record.scores, record.ranks,
            record.decisions, record.replay)


def test_pool_plays_every_game_once_exactly_as_in_process(ray_local: None) -> None:
    config = GameConfig(3)
    plan = tasks(24)
    with MatchPool(GAME, config, workers=2, batch_size=5) as pool:
        records = list(pool.run(iter(plan)))
        assert pool.restarts == 0
    assert sorted(r.index for r in records) == list(range(24))
    expected = play_batch(GAME, config, plan)
    assert sorted(map(outcome_key, records)) == sorted(map(outcome_key, expected))
    for record in records:
        assert record.replay is None
        assert record.decisions > 0
        assert record.engine_seconds >= 0 and record.bot_seconds >= 0


def test_replays_are_returned_only_when_asked_and_re_simulate(ray_local: None) -> None:
    config = GameConfig(4)
    with MatchPool(GAME, config, workers=2, batch_size=3, with_replays=True) as pool:
        records = list(pool.run(tasks(6, players=4)))
    assert len(records) == 6
    for record in records:
        assert record.replay is not None
        replay = Replay.from_json(record.replay)
        assert replay.seed == record.seed
        assert tuple(replay.labels) == record.labels
        assert len(replay.choices) == record.decisions
        final = replay_match(replay)
        assert tuple(final.result().ranks) == record.ranks


def test_killed_workers_batches_are_rerun_and_counted_once(ray_local: None) -> None:
    config = GameConfig(3)
    plan = tasks(40)
    with MatchPool(GAME, config, workers=2, batch_size=4) as pool:
        undisturbed = sorted(map(outcome_key, pool.run(plan)))

    with MatchPool(GAME, config, workers=2, batch_size=4) as pool:
        killed: list[object] = []

        def tasks_killing_workers_mid_run() -> Iterator[MatchTask]:
            # The pool cuts the batch of games 16-19 after the first batch has come back,
            # and submits it right away: kill every worker then, so that batch (and any
            # other unfinished one) runs into a dead actor.
            for task in plan:
                if task.index == 16:
                    killed.extend(pool.actors)
                    for actor in pool.actors:
                        ray.kill(actor, no_restart=True)
                yield task

        disturbed = list(pool.run(tasks_killing_workers_mid_run()))
        assert pool.restarts >= 1
        assert killed and all(actor not in pool.actors for actor in killed)

    indices = [r.index for r in disturbed]
    assert sorted(indices) == list(range(40)), "a game was lost or counted twice"
    assert sorted(map(outcome_key, disturbed)) == undisturbed


def test_a_batch_that_keeps_losing_its_worker_stops_the_run(ray_local: None) -> None:
    with MatchPool(GAME, GameConfig(3), workers=1, batch_size=4, max_attempts=1) as pool:
        ray.kill(pool.actors[0], no_restart=True)
        with pytest.raises(WorkerLost, match=r"starting at game 0 lost its worker 1 time"):
            list(pool.run(tasks(4)))
        assert pool.restarts == 1


class _DoomedReplacements(MatchPool):
    """A pool whose next ``doomed`` replacement workers die as they are made (the
    workers made by ``start`` are spared)."""

    doomed = 0

    def _new_actor(self) -> Any:
        actor = super()._new_actor()
        if self._actors and self.doomed > 0:
            self.doomed -= 1
            ray.kill(actor, no_restart=True)
        return actor


def test_a_batch_gets_exactly_max_attempts_tries_before_the_run_stops(
    ray_local: None,
) -> None:
    with _DoomedReplacements(GAME, GameConfig(3), workers=1, batch_size=4,
                             max_attempts=2) as pool:
        pool.doomed = 3  # more deaths than two tries need: the cap, not luck, stops it
        ray.kill(pool.actors[0], no_restart=True)
        with pytest.raises(WorkerLost, match=r"starting at game 0 lost its worker 2 time"):
            list(pool.run(tasks(4)))
        assert pool.restarts == 2


def test_a_batch_cut_later_in_the_run_gets_every_try_too(ray_local: None) -> None:
    config = GameConfig(3)
    plan = tasks(6)
    with MatchPool(GAME, config, workers=1, batch_size=2, batches_per_worker=1,
                   max_attempts=2) as pool:

        def tasks_killing_the_worker_for_the_second_batch() -> Iterator[MatchTask]:
            # Game 2 is pulled only once the first batch has come back: the batch it
            # starts is new, and its first try meets a dead worker.
            for task in plan:
                if task.index == 2:
                    ray.kill(pool.actors[0], no_restart=True)
                yield task

        records = list(pool.run(tasks_killing_the_worker_for_the_second_batch()))
        assert pool.restarts == 1
    assert sorted(map(outcome_key, records)) == sorted(
        map(outcome_key, play_batch(GAME, config, plan)))


def _timed(seconds_per_game: float, games: int) -> list[MatchRecord]:
    return [MatchRecord(i, i, ("a", "b", "c"), (0.0,) * 3, (1, 2, 3), 10,
                        engine_seconds=seconds_per_game, bot_seconds=0.0)
            for i in range(games)]


def test_adaptive_batches_start_at_batch_size_then_follow_the_time_per_game() -> None:
    """With a target batch time the first batch is ``batch_size`` (nothing is measured
    yet); later ones hold as many games as fit the target, at most ``max_batch_size``
    (1024 unless given). No worker is needed to size batches."""
    pool = MatchPool(GAME, GameConfig(3), workers=2, batch_size=4, target_batch_seconds=1.0)
    assert pool._next_batch_size() == 4
    pool._time(_timed(0.1, 4))
    assert pool._next_batch_size() == 10
    fast = MatchPool(GAME, GameConfig(3), workers=2, batch_size=4, target_batch_seconds=1.0)
    fast._time(_timed(1e-4, 4))  # 10 000 games would fit the target
    assert fast._next_batch_size() == 1024
