"""Seat rotation and per-game seeds: the deterministic plan of a local tournament."""

from __future__ import annotations

from collections import Counter

from services.tournament.schedule import SEED_BITS, game_seed, schedule, seat_bots


def test_seat_of_game_g_seat_s_is_bot_s_plus_g() -> None:
    bots = ("a", "b", "c")
    assert seat_bots(bots, 5, 0) == ("a", "b", "c", "a", "b")
    assert seat_bots(bots, 5, 1) == ("b", "c", "a", "b", "c")
    assert seat_bots(bots, 2, 4) == ("b", "c")


def test_every_bot_sits_in_every_seat_equally_over_whole_rotations() -> None:
    for bots in (("x", "y"), ("x", "y", "z"), ("p", "q", "r", "s", "t", "u", "v")):
        for players in (2, 3, 5, 8):
            games = len(bots) * 7
            per_seat = Counter(
                (seat, name)
                for task in schedule(bots, players, games, master_seed=3)
                for seat, name in enumerate(task.bots)
            )
            assert set(per_seat.values()) == {7}, (bots, players)
            assert len(per_seat) == players * len(bots)


def test_game_seeds_depend_only_on_master_seed_and_index() -> None:
    first = [game_seed(11, i) for i in range(2000)]
    assert first == [game_seed(11, i) for i in range(2000)]
    assert len(set(first)) == len(first)
    assert all(0 <= seed < 2**SEED_BITS for seed in first)
    assert first != [game_seed(12, i) for i in range(2000)]


def test_schedule_is_lazy_and_numbers_games() -> None:
    tasks = schedule(("a", "b"), 3, 10**12, master_seed=5)
    head = [next(tasks) for _ in range(4)]
    assert [t.index for t in head] == [0, 1, 2, 3]
    assert [t.seed for t in head] == [game_seed(5, i) for i in range(4)]
    assert head[1].bots == ("b", "a", "b")
    tail = list(schedule(("a", "b"), 3, 10, master_seed=5, start=8))
    assert [t.index for t in tail] == [8, 9]
