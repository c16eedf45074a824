"""Schedule properties of round-robin and gauntlet: seat balance, every pairing, every
seat permutation equally often, shared seeds inside a block, determinism."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from services.tournament.blocks import (
    SEED_BITS,
    BlockSchedule,
    base_arrangement,
    cyclic_fills,
    game_seed,
    gauntlet_lineups,
    round_robin_lineups,
)

ENTRANTS = ("a", "b", "c", "d", "e")


def seat_counts(schedule: BlockSchedule, games: int) -> Counter[tuple[int, str]]:
    return Counter(
        (seat, name)
        for task in schedule.tasks(range(games))
        for seat, name in enumerate(task.bots)
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_robin_balances_seats_and_meets_every_pair_each_cycle(players: int) -> None:
    schedule = BlockSchedule(tuple(round_robin_lineups(ENTRANTS, players)), master_seed=1)
    cycle = schedule.balanced_cycle
    assert cycle == players * math.comb(len(ENTRANTS), players)
    for cycles in (1, 3):
        counts = seat_counts(schedule, cycles * cycle)
        per_entrant_seat = cycles * math.comb(len(ENTRANTS) - 1, players - 1)
        assert set(counts.values()) == {per_entrant_seat}
        assert len(counts) == players * len(ENTRANTS)
    met = Counter(
        frozenset(pair)
        for task in schedule.tasks(range(cycle))
        for pair in itertools.combinations(task.bots, 2)
    )
    assert set(met) == {frozenset(p) for p in itertools.combinations(ENTRANTS, 2)}
    assert len(set(met.values())) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_permutation_is_played_equally_often(players: int) -> None:
    schedule = BlockSchedule(tuple(round_robin_lineups(ENTRANTS, players)), master_seed=2)
    seen = Counter(task.bots for task in schedule.tasks(range(2 * schedule.full_cycle)))
    expected = {perm for lineup in schedule.lineups for perm in itertools.permutations(lineup)}
    assert set(seen) == expected
    assert set(seen.values()) == {2}


def test_base_arrangements_are_the_permutations_that_start_at_zero() -> None:
    for players in range(2, 6):
        listed = [base_arrangement(players, n) for n in range(math.factorial(players - 1))]
        assert listed == [(0, *rest) for rest in itertools.permutations(range(1, players))]


def test_a_block_rotates_one_arrangement_on_one_seed() -> None:
    schedule = BlockSchedule(tuple(round_robin_lineups(ENTRANTS, 3)), master_seed=9)
    for block in range(12):
        tasks = [schedule.task(block * 3 + r) for r in range(3)]
        assert {task.seed for task in tasks} == {game_seed(9, block)}
        for seat in range(3):
            assert sorted(task.bots[seat] for task in tasks) == sorted(tasks[0].bots)
    assert schedule.task(0).seed != schedule.task(3).seed


def test_fewer_entrants_than_seats_fill_seats_evenly() -> None:
    lineups = cyclic_fills(("x", "y"), 5)
    assert lineups == [("x", "y", "x", "y", "x"), ("y", "x", "y", "x", "y")]
    schedule = BlockSchedule(tuple(round_robin_lineups(("x", "y"), 5)), master_seed=0)
    counts = seat_counts(schedule, schedule.balanced_cycle)
    assert set(counts.values()) == {5} and len(counts) == 10


def test_gauntlet_puts_the_challenger_at_every_table_in_every_seat() -> None:
    lineups = gauntlet_lineups("hero", ("p", "q", "r", "s"), 3)
    assert len(lineups) == math.comb(4, 2)
    assert all(lineup[0] == "hero" for lineup in lineups)
    schedule = BlockSchedule(tuple(lineups), master_seed=4)
    tasks = list(schedule.tasks(range(schedule.balanced_cycle)))
    assert all("hero" in task.bots for task in tasks)
    hero_seats = Counter(task.bots.index("hero") for task in tasks)
    assert set(hero_seats.values()) == {len(lineups)}
    opponents = Counter(name for task in tasks for name in task.bots if name != "hero")
    assert set(opponents.values()) == {opponents["p"]}


def test_the_same_seed_gives_the_same_schedule() -> None:
    lineups = tuple(round_robin_lineups(ENTRANTS, 3))
    first = list(BlockSchedule(lineups, 5).tasks(range(200)))
    assert first == list(BlockSchedule(lineups, 5).tasks(range(200)))
    assert [t.seed for t in first] != [t.seed for t in BlockSchedule(lineups, 6).tasks(range(200))]
    assert [t.index for t in first] == list(range(200))


def test_exactly_as_many_entrants_as_seats_is_one_line_up() -> None:
    assert round_robin_lineups(["a", "b", "c"], 3) == [("a", "b", "c")]
    assert round_robin_lineups(["new", "old"], 2) == [("new", "old")]


def test_block_seeds_depend_only_on_master_seed_and_block() -> None:
    first = [game_seed(11, i) for i in range(2000)]
    assert first == [game_seed(11, i) for i in range(2000)]
    assert len(set(first)) == len(first)
    assert all(0 <= seed < 2**SEED_BITS for seed in first)
    assert first != [game_seed(12, i) for i in range(2000)]
