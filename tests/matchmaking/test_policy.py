"""The matchmaking policy, driven by a clock the test controls: proximity, widening,
least-played first, the rematch cooldown and fill seats."""

from __future__ import annotations

import math

import pytest

from services.matchmaking.policy import (
    Policy,
    Waiting,
    accepted_spread,
    forget_cooled,
    lineup,
    plan,
    spread_of,
)


def bot(name: str, rating: float = 1500.0, games: int = 0, since: float = 0.0) -> Waiting:
    return Waiting(key=name, name=name, rating=rating, games=games, since=since)


def names(groups: list[tuple[Waiting, ...]]) -> list[set[str]]:
    return [{w.name for w in group} for group in groups]


def test_waiting_bots_are_grouped_by_rating_proximity() -> None:
    policy = Policy(players=2, spread=100, widen=0, full_after=60)
    waiting = [bot("low", 1200), bot("top", 1810), bot("lowish", 1260), bot("high", 1800)]
    result = plan(policy, waiting, now=0.0)
    assert sorted(names(result.groups), key=sorted) == [{"high", "top"}, {"low", "lowish"}]
    assert [spread_of(g) for g in result.groups] in ([60, 10], [10, 60])


def test_a_group_beyond_the_spread_waits() -> None:
    policy = Policy(players=2, spread=100, widen=0, full_after=60)
    result = plan(policy, [bot("a", 1500), bot("b", 1700)], now=1.0)
    assert result.groups == []
    assert result.wake == 60.0  # nothing changes until the window has widened fully


def test_the_spread_widens_with_waiting_time() -> None:
    policy = Policy(players=2, spread=100, widen=50, full_after=60)
    assert accepted_spread(policy, 0) == 100
    assert accepted_spread(policy, 2) == 200
    assert accepted_spread(policy, 60) == math.inf
    waiting = [bot("a", 1500, since=0.0), bot("b", 1700, since=0.0)]
    first = plan(policy, waiting, now=0.0)
    assert first.groups == [] and first.wake == pytest.approx(2.0)  # 200 apart: at 2 s
    assert plan(policy, waiting, now=1.99).groups == []
    assert names(plan(policy, waiting, now=2.0).groups) == [{"a", "b"}]


def test_the_longest_wait_sets_the_window_so_nobody_waits_forever() -> None:
    policy = Policy(players=2, spread=0, widen=0, full_after=30)
    waiting = [bot("new", 1500, since=25.0), bot("far", 2900, since=0.0)]
    assert plan(policy, waiting, now=29.9).groups == []
    assert names(plan(policy, waiting, now=30.0).groups) == [{"new", "far"}]


def test_least_played_bots_go_first() -> None:
    policy = Policy(players=2, spread=1000, widen=0, full_after=60)
    waiting = [bot("veteran", games=40, since=0.0), bot("rookie", games=0, since=5.0),
               bot("second", games=1, since=4.0)]
    result = plan(policy, waiting, now=5.0)
    assert names(result.groups) == [{"rookie", "second"}]
    # Among equally played bots the one waiting longest anchors, and picks the nearest.
    waiting = [bot("a", 1500, since=1.0), bot("b", 1900, since=0.0), bot("c", 1880, since=2.0)]
    assert names(plan(policy, waiting, now=2.0).groups) == [{"b", "c"}]


def test_a_line_up_does_not_meet_again_within_the_cooldown() -> None:
    policy = Policy(players=2, spread=1000, widen=0, full_after=60, cooldown=100)
    recent = {lineup(["a", "b"]): 0.0}
    alone = plan(policy, [bot("a", since=1.0), bot("b", since=1.0)], now=10.0, recent=recent)
    assert alone.groups == [] and alone.wake == 61.0  # widened fully at 61, cool at 100
    # A third bot: a meets it instead, and the avoided rematch is counted.
    result = plan(policy, [bot("a", since=1.0), bot("b", since=2.0), bot("c", since=3.0)],
                  now=10.0, recent=recent)
    assert names(result.groups) == [{"a", "c"}] and result.avoided == 1
    # Once cooled the pair may meet again.
    cooled = plan(policy, [bot("a", since=95.0), bot("b", since=95.0)], now=100.0,
                  recent=recent)
    assert names(cooled.groups) == [{"a", "b"}] and cooled.avoided == 0
    assert forget_cooled(policy, {**recent, lineup(["c", "d"]): 50.0}, 100.0) == {
        lineup(["c", "d"]): 50.0}


def test_with_no_cooldown_a_rematch_is_allowed() -> None:
    policy = Policy(players=2, spread=1000, widen=0, full_after=60)
    result = plan(policy, [bot("a"), bot("b")], now=1.0, recent={lineup(["a", "b"]): 0.5})
    assert names(result.groups) == [{"a", "b"}] and result.avoided == 0


def test_a_cooling_pair_plays_fill_seats_once_the_window_has_widened() -> None:
    policy = Policy(players=2, spread=1000, widen=0, full_after=5, cooldown=100)
    recent = {lineup(["a", "b"]): 0.0}
    result = plan(policy, [bot("a", since=1.0), bot("b", since=2.0)], now=6.0, recent=recent)
    assert names(result.groups) == [{"a"}]  # b's own window widens at 7
    assert result.wake == 7.0
    later = plan(policy, [bot("b", since=2.0)], now=7.0, recent=recent)
    assert names(later.groups) == [{"b"}]


def test_fill_seats_only_after_the_window_has_widened_fully() -> None:
    policy = Policy(players=4, spread=1000, widen=100, full_after=8)
    waiting = [bot("a", since=0.0), bot("b", since=1.0), bot("c", since=2.0)]
    early = plan(policy, waiting, now=7.9)
    assert early.groups == [] and early.wake == 8.0
    full = plan(policy, waiting, now=8.0)
    assert names(full.groups) == [{"a", "b", "c"}]  # one fill seat
    # min_bots: a short match needs that many bots even then.
    strict = Policy(players=4, spread=1000, widen=0, full_after=8, min_bots=3)
    assert plan(strict, waiting[:2], now=100.0).groups == []
    assert names(plan(strict, waiting, now=8.0).groups) == [{"a", "b", "c"}]


def test_a_full_table_starts_at_once_and_the_rest_wait() -> None:
    policy = Policy(players=2, spread=100, widen=0, full_after=0.5)
    waiting = [bot("a", since=0.0), bot("b", since=0.1), bot("c", since=0.2)]
    result = plan(policy, waiting, now=0.2)
    assert names(result.groups) == [{"a", "b"}]
    assert result.wake == 0.7  # c fills at 0.5 s of waiting


def test_a_bot_name_takes_one_seat_per_plan() -> None:
    policy = Policy(players=3, spread=1000, widen=0, full_after=0)
    waiting = [Waiting("s1", "a", 1500, 0, 0.0), Waiting("s2", "a", 1500, 0, 0.1),
               bot("b", since=0.2)]
    result = plan(policy, waiting, now=1.0)
    assert [sorted(w.key for w in g) for g in result.groups] == [["b", "s1"]]


def test_a_policy_refuses_impossible_settings() -> None:
    with pytest.raises(ValueError, match="min_bots"):
        Policy(players=2, min_bots=3)
    with pytest.raises(ValueError, match="cooldown"):
        Policy(players=2, cooldown=-1)
    with pytest.raises(ValueError, match="widen"):
        Policy(players=2, widen=math.nan)
    with pytest.raises(ValueError, match="seat"):
        Policy(players=0)
