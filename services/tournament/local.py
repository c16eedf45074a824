"""A local evaluation: many built-in matches, tallied per bot, played in this process or
on Ray workers (:mod:`services.runner.placement`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import ConfigError, GameConfig, Replay, get_game
from engine.toolkit.bots import make_bot
from engine.toolkit.checks import check_players
from services.runner.batch import MatchRecord
from services.runner.placement import describe, open_pool
from services.tournament.schedule import schedule
from services.tournament.standings import Standings


@dataclass(frozen=True, slots=True)
class TournamentPlan:
    """What to play: a game configuration, the bots, how many games, the master seed;
    and where: ``workers`` Ray workers, or 0: this process (moving to local Ray when
    ``move_to_ray`` and the run proves long); -1 until Ray says how many CPUs it has."""

    game_id: str
    config: GameConfig
    bots: tuple[str, ...]
    games: int
    seed: int
    workers: int = 1
    replays_dir: Path | None = None
    move_to_ray: bool = False

    def validate(self) -> None:
        """Raise ConfigError naming the first problem (game, bots, players, counts)."""
        game = get_game(self.game_id)
        info = game.info
        check_players(self.game_id, self.config.players, info.min_players, info.max_players)
        if not self.bots:
            raise ConfigError("no bots given")
        duplicates = sorted({name for name in self.bots if self.bots.count(name) > 1})
        if duplicates:
            raise ConfigError(f"list each bot once (repeated: {', '.join(duplicates)})")
        for name in self.bots:
            make_bot(self.game_id, name)
        if self.games < 1:
            raise ConfigError(f"--games must be at least 1, not {self.games}")
        game.validate_config(self.config)

    def batch_size(self) -> int:
        """Enough batches to keep every worker busy, few enough to amortise Ray calls."""
        per_worker = -(-self.games // (max(self.workers, 1) * 8))
        return max(1, min(64, per_worker))


@dataclass(frozen=True, slots=True)
class TournamentReport:
    """The outcome of a tournament: standings and how fast it ran."""

    plan: TournamentPlan
    standings: Standings
    seconds: float
    where: str = ""

    @property
    def games_per_second(self) -> float:
        return self.standings.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.plan.game_id,
            "players": self.plan.config.players,
            "games": self.standings.games,
            "seed": self.plan.seed,
            "bots": self.standings.bots_json(),
            "games_per_second": self.games_per_second,
            "decisions": self.standings.decisions,
        }


def replay_path(directory: Path, index: int, games: int) -> Path:
    """The replay file of game ``index``, zero-padded so names sort in game order."""
    width = len(str(max(games - 1, 0)))
    return directory / f"game-{index:0{width}d}.json"


def run_tournament(
    plan: TournamentPlan, on_record: Callable[[MatchRecord], None] | None = None
) -> TournamentReport:
    """Play the plan (on Ray workers, Ray must be initialised) and tally it."""
    plan.validate()
    if plan.replays_dir is not None:
        plan.replays_dir.mkdir(parents=True, exist_ok=True)
    standings = Standings(plan.bots)
    tasks = schedule(plan.bots, plan.config.players, plan.games, plan.seed)
    pool = open_pool(
        plan.game_id,
        plan.config,
        plan.workers,
        move_to_ray=plan.move_to_ray,
        expected=plan.games,
        with_replays=plan.replays_dir is not None,
        batch_size=plan.batch_size(),
    )
    with pool:
        started = time.perf_counter()
        for record in pool.run(tasks):
            standings.add(record)
            if plan.replays_dir is not None and record.replay is not None:
                replay = Replay.from_json(record.replay)
                replay.save(replay_path(plan.replays_dir, record.index, plan.games))
            if on_record is not None:
                on_record(record)
        seconds = time.perf_counter() - started
    return TournamentReport(plan, standings, seconds, describe(pool))
