"""Tournament formats: which games to play, in stages, and when to stop.

A format hands the runner *stages*: lazy streams of :class:`MatchTask`. The runner
plays a stage on the match pool and passes every record to :meth:`Format.accept`, which
returns the records to keep. A later stage may depend on earlier results (Swiss rounds);
``finished`` ends a run early (SPRT). :meth:`Format.restore` first replays what a
results file already holds, so a resumed run plays exactly the games not yet recorded.

- round-robin: every line-up of ``players`` entrants (:mod:`.blocks`), rotated.
- gauntlet: the first entrant against every line-up of the others.
- swiss: rounds of tables of entrants close in the standings who have not met.
- sprt: challenger against baseline in rotation blocks, until the test decides.
"""

from __future__ import annotations

import itertools
import math
import random
from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from engine.core import ConfigError
from engine.core.outcomes import comparisons, head_to_head
from services.runner.batch import MatchRecord, MatchTask
from services.tournament.blocks import (
    BlockSchedule,
    block_tasks,
    gauntlet_lineups,
    round_robin_lineups,
)
from services.tournament.config import SprtParams, TournamentConfig
from services.tournament.stats import gsprt_llr, sprt_bounds, sprt_decision
from services.tournament.swiss import Pair, pair_round, table_pairs

GameRow = tuple[int, tuple[str, ...], tuple[int, ...]]
"""A recorded game as formats need it: (index, entrant per seat, rank per seat)."""


@dataclass(frozen=True, slots=True)
class Stage:
    """Tasks to play now, and how many when known (it lets batches shrink at the end)."""

    tasks: Iterator[MatchTask]
    size: int | None = None

    def __iter__(self) -> Iterator[MatchTask]:
        return self.tasks


class Recorded(Protocol):
    """What a results file already holds."""

    def indices(self) -> Iterator[np.ndarray]: ...

    def games(self) -> Iterator[GameRow]: ...


class Format(ABC):
    """The schedule of a tournament and its stopping rule."""

    total_games: int
    finished: bool = False

    @abstractmethod
    def restore(self, recorded: Recorded) -> int:
        """Take in the recorded games; return how many of them count."""

    @abstractmethod
    def stages(self) -> Iterator[Stage]:
        """Stages of tasks; the next stage is asked for once the previous one is played."""

    def accept(self, record: MatchRecord) -> Sequence[MatchRecord]:
        """The records to keep after ``record`` came in (in order)."""
        return (record,)


class FixedFormat(Format):
    """A fixed schedule of ``games`` games: round-robin and gauntlet."""

    def __init__(self, schedule: BlockSchedule, games: int) -> None:
        self.schedule = schedule
        self.total_games = games
        self._recorded: np.ndarray | None = None

    def restore(self, recorded: Recorded) -> int:
        done = np.zeros(self.total_games, dtype=bool)
        for chunk in recorded.indices():
            done[chunk[chunk < self.total_games]] = True
        self._recorded = done
        self.finished = bool(done.all())
        return int(done.sum())

    def stages(self) -> Iterator[Stage]:
        if self._recorded is None:
            yield Stage(self.schedule.tasks(range(self.total_games)), self.total_games)
        else:
            missing = np.flatnonzero(~self._recorded)
            yield Stage(self.schedule.tasks(int(i) for i in missing), len(missing))


class SwissFormat(Format):
    """Rounds of tables; each table plays one rotation block (every seat once).

    Standings are the entrants' mean points over their head-to-head comparisons; round
    one uses a seeded shuffle. When entrants do not fill the tables, the lowest-ranked
    entrants among those with the fewest byes sit out the round.
    """

    def __init__(self, entrants: Sequence[str], players: int, games: int, seed: int) -> None:
        self.players = players
        self.seed = seed
        self.tables = len(entrants) // players
        self.per_round = self.tables * players
        self.rounds = max(1, games // self.per_round)
        self.total_games = self.rounds * self.per_round
        self.start_order = list(entrants)
        random.Random(f"swiss:{seed}").shuffle(self.start_order)
        self.points: dict[str, float] = defaultdict(float)
        self.compared: dict[str, int] = defaultdict(int)
        self.byes: dict[str, int] = defaultdict(int)
        self.met: set[Pair] = set()
        self.repeats = 0
        self._recorded: dict[int, list[GameRow]] = defaultdict(list)

    def restore(self, recorded: Recorded) -> int:
        count = 0
        for row in recorded.games():
            self._recorded[row[0] // self.per_round].append(row)
            count += 1
        return count

    def stages(self) -> Iterator[Stage]:
        for round_number in range(self.rounds):
            tasks = self._round_tasks(round_number)
            done = {index: (labels, ranks)
                    for index, labels, ranks in self._recorded.pop(round_number, [])}
            for task in tasks:
                if task.index in done:
                    labels, ranks = done[task.index]
                    if labels != task.bots:
                        raise ConfigError(
                            f"recorded game {task.index} seats {labels}, but this "
                            f"tournament seats {task.bots}: the results belong to another run"
                        )
                    self._add(labels, ranks)
            todo = [task for task in tasks if task.index not in done]
            yield Stage(iter(todo), len(todo))

    def accept(self, record: MatchRecord) -> Sequence[MatchRecord]:
        self._add(record.labels, record.ranks)
        return (record,)

    def standings(self) -> list[str]:
        """Entrants best first (mean head-to-head points, then the round-one order)."""
        def key(position_name: tuple[int, str]) -> tuple[float, int]:
            position, name = position_name
            compared = self.compared[name]
            return (-(self.points[name] / compared) if compared else -0.5, position)

        return [name for _, name in sorted(enumerate(self.start_order), key=key)]

    def _round_tasks(self, round_number: int) -> list[MatchTask]:
        order = self.standings()
        sitting_out = len(order) - self.tables * self.players
        if sitting_out:
            by_need = sorted(reversed(order), key=lambda name: self.byes[name])
            for name in by_need[:sitting_out]:
                self.byes[name] += 1
                order.remove(name)
        pairing = pair_round(order, self.players, self.met)
        self.repeats += pairing.repeats
        tasks: list[MatchTask] = []
        for number, table in enumerate(pairing.tables):
            self.met.update(table_pairs(table))
            block = round_number * self.tables + number
            tasks.extend(block_tasks(block, table, self.seed))
        return tasks

    def _add(self, labels: Sequence[str], ranks: Sequence[int]) -> None:
        for first, second, points in comparisons(labels, ranks):
            self.points[first] += points
            self.points[second] += 1.0 - points
            self.compared[first] += 1
            self.compared[second] += 1


@dataclass(slots=True)
class SprtState:
    """The running test: counts of block scores, the LLR and the decision."""

    params: SprtParams
    counts: dict[float, int]
    games: int = 0
    llr: float = 0.0
    decision: str | None = None

    @property
    def bounds(self) -> tuple[float, float]:
        return sprt_bounds(self.params.alpha, self.params.beta)

    def add_block(self, score: float, games: int, update: bool = True) -> None:
        key = round(score, 12)
        self.counts[key] = self.counts.get(key, 0) + 1
        self.games += games
        if update:
            self.update()

    def update(self) -> None:
        values = list(self.counts)
        self.llr = gsprt_llr(values, [self.counts[v] for v in values],
                             self.params.elo0, self.params.elo1)
        self.decision = sprt_decision(self.llr, *self.bounds)

    def to_json(self) -> dict[str, object]:
        lower, upper = self.bounds
        return {"llr": self.llr, "lower": lower, "upper": upper, "decision": self.decision,
                "games": self.games}

    def verdict(self, challenger: str, baseline: str, capped: bool = False) -> str:
        """The test's state in words: which bound the LLR crossed and what that means,
        or that it is still between the bounds (``capped``: because the games ran out)."""
        lower, upper = self.bounds
        games = f"after {self.games:,} games"
        if self.decision == "H1":
            return (f"LLR {self.llr:.3f} crossed the upper bound {upper:.3f} {games}: "
                    f"accept H1, {challenger} is {_above(self.params.elo0)} {baseline}")
        if self.decision == "H0":
            return (f"LLR {self.llr:.3f} crossed the lower bound {lower:.3f} {games}: "
                    f"accept H0, {challenger} is {_below(self.params.elo1)} {baseline}")
        why = "the --games cap was reached" if capped else "play on to decide"
        return (f"LLR {self.llr:.3f} is between the bounds {lower:.3f} and {upper:.3f} "
                f"{games}: no decision ({why})")

    def status(self) -> str:
        """A short live form: the LLR against the bounds."""
        lower, upper = self.bounds
        return f"SPRT: LLR {self.llr:.3f}, bounds {lower:.3f} and {upper:.3f}"


def _above(elo: float) -> str:
    """What accepting H1 says: stronger than ``elo`` (H0's Elo)."""
    if elo > 0:
        return f"more than {elo:g} Elo stronger than"
    if elo < 0:
        return f"less than {-elo:g} Elo weaker than"
    return "stronger than"


def _below(elo: float) -> str:
    """What accepting H0 says: not as strong as ``elo`` (H1's Elo)."""
    if elo > 0:
        return f"not {elo:g} Elo stronger than"
    if elo < 0:
        return f"more than {-elo:g} Elo weaker than"
    return "not stronger than"


class SprtFormat(Format):
    """Challenger against baseline, block after block in game order, until the
    GSPRT on the blocks' mean head-to-head scores decides (or ``games`` are played).

    Records arriving out of order wait until every earlier game is in, so the test
    sees the same sequence whatever the workers do, and stops at the same game. Only
    whole blocks are kept (and so recorded): a resumed test restarts at a block edge.
    """

    def __init__(self, challenger: str, baseline: str, players: int, games: int, seed: int,
                 params: SprtParams) -> None:
        self.challenger, self.baseline = challenger, baseline
        self.players = players
        self.schedule = BlockSchedule(tuple(round_robin_lineups([challenger, baseline], players)),
                                      seed)
        self.total_games = max(1, games // players) * players
        self.state = SprtState(params, {})
        self._next = 0
        self._waiting: dict[int, MatchRecord] = {}
        self._block: list[MatchRecord] = []

    def restore(self, recorded: Recorded) -> int:
        """Count the recorded blocks (only unfinished blocks are held while reading)."""
        partial: dict[int, list[float]] = defaultdict(list)
        count = complete = last = 0
        for index, labels, ranks in recorded.games():
            block = index // self.players
            points = partial[block]
            points.append(self._score(labels, ranks))
            count += 1
            last = max(last, block)
            if len(points) == self.players:
                self.state.add_block(math.fsum(points) / self.players, self.players,
                                     update=False)
                del partial[block]
                complete += 1
        if partial or (complete and last + 1 != complete):
            raise ConfigError("the recorded SPRT games are not whole blocks from the start")
        self.state.update()
        self._next = complete * self.players
        self.finished = self.state.decision is not None or self._next >= self.total_games
        return count

    def stages(self) -> Iterator[Stage]:
        yield Stage(self._tasks())

    def _tasks(self) -> Iterator[MatchTask]:
        for index in itertools.count(self._next):
            if self.finished or index >= self.total_games:
                return
            yield self.schedule.task(index)

    def accept(self, record: MatchRecord) -> Sequence[MatchRecord]:
        """Whole blocks, in game order, up to the block that decides the test."""
        if self.finished:
            return ()
        self._waiting[record.index] = record
        kept: list[MatchRecord] = []
        while self._next in self._waiting and not self.finished:
            self._block.append(self._waiting.pop(self._next))
            self._next += 1
            if len(self._block) == self.players:
                points = [self._score(r.labels, r.ranks) for r in self._block]
                self.state.add_block(math.fsum(points) / self.players, self.players)
                kept.extend(self._block)
                self._block = []
                self.finished = (self.state.decision is not None
                                 or self._next >= self.total_games)
        if self.finished:
            self._waiting.clear()
        return kept

    def verdict(self) -> str:
        """:meth:`SprtState.verdict` for this test's challenger and baseline."""
        capped = self.state.decision is None and self._next >= self.total_games
        return self.state.verdict(self.challenger, self.baseline, capped)

    def _score(self, labels: Sequence[str], ranks: Sequence[int]) -> float:
        score = head_to_head(labels, ranks, self.challenger, self.baseline)
        if score is None:
            raise ConfigError("an SPRT game without both challenger and baseline")
        return score


def balance_warning(fmt: Format) -> str | None:
    """Why the schedule of ``fmt`` is not exactly balanced, if it is not."""
    if not isinstance(fmt, FixedFormat):
        return None
    cycle = fmt.schedule.balanced_cycle
    if fmt.total_games % cycle:
        return (f"{fmt.total_games} games is not a multiple of {cycle}: seats and pairings "
                "are not exactly balanced")
    full = fmt.schedule.full_cycle
    if fmt.total_games % full and fmt.total_games < 10 * full:
        return (f"{fmt.total_games} games is not a multiple of {full}: not every seat "
                "order of every table is played equally often (seats are balanced)")
    return None


def make_format(config: TournamentConfig) -> Format:
    """The format of ``config`` (validated)."""
    names = list(config.names)
    players = config.players
    if config.format == "round-robin":
        lineups: Iterable[tuple[str, ...]] = round_robin_lineups(names, players)
        return FixedFormat(BlockSchedule(tuple(lineups), config.seed), config.games)
    if config.format == "gauntlet":
        lineups = gauntlet_lineups(names[0], names[1:], players)
        return FixedFormat(BlockSchedule(tuple(lineups), config.seed), config.games)
    if config.format == "swiss":
        return SwissFormat(names, players, config.games, config.seed)
    assert config.sprt is not None
    return SprtFormat(names[0], names[1], players, config.games, config.seed, config.sprt)
