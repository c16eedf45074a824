"""Matchmaking: gathering, one seat per bot name, queues, ratings, reproducible seatings,
rating ranks."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from services.gateway.match_end import rating_ranks
from services.gateway.matchmaker import Matchmaker, seat_order
from services.gateway.seeds import MatchSeeds
from services.gateway.session import BotSession
from services.matchmaking.policy import Policy
from services.metrics import ArenaMetrics


def _one_queue(
    players: int, gather: float, start: Callable[[list[BotSession]], object],
    min_bots: int = 1, per_bot: int = 1,
) -> Matchmaker:
    """A matchmaker of one queue, ``q``, whose ratings are all equal."""
    policy = Policy(players=players, min_bots=min_bots, full_after=gather)
    return Matchmaker({"q": policy}, lambda _queue, group: start(group), per_bot)


async def _until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Poll ``condition`` until it holds; fail the test if it does not within ``timeout``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, f"the matchmaker did not get there in {timeout} s"
        await asyncio.sleep(0.01)


def _gather(
    players: int, names: list[str], min_bots: int = 1, pause_after: int | None = None,
    per_bot: int = 1,
) -> list[list[str]]:
    """The groups formed from bots arriving in ``names`` order (a 0.2 s pause after the
    first ``pause_after`` of them); matches never end."""

    async def scenario() -> list[list[str]]:
        groups: list[list[str]] = []
        matchmaker = _one_queue(
            players, 0.05, lambda g: groups.append([s.name for s in g]), min_bots, per_bot
        )
        task = asyncio.create_task(matchmaker.run())
        try:
            for number, name in enumerate(names):
                if number == pause_after:
                    await asyncio.sleep(0.2)
                matchmaker.enqueue(BotSession(name, 0))
            await _until(lambda: sum(map(len, groups)) >= len(names))
        finally:
            task.cancel()
        return groups

    return asyncio.run(scenario())


def test_a_full_table_starts_at_once_and_leftovers_get_the_next_match() -> None:
    assert _gather(2, ["a", "b", "c"]) == [["a", "b"], ["c"]]


def test_a_bot_name_takes_one_seat_per_match() -> None:
    assert _gather(3, ["a", "a", "b"], per_bot=2) == [["a", "b"], ["a"]]


def test_a_bots_further_stream_waits_until_its_match_ends() -> None:
    async def scenario() -> None:
        groups: list[list[BotSession]] = []
        matchmaker = _one_queue(3, 0.05, groups.append)
        task = asyncio.create_task(matchmaker.run())
        first, second = BotSession("a", 0), BotSession("a", 0)
        matchmaker.enqueue(first)
        matchmaker.enqueue(second)
        await _until(lambda: len(groups) == 1)
        await asyncio.sleep(0.2)
        assert groups == [[first]] and matchmaker.playing("a") == 1
        matchmaker.release(first)
        await _until(lambda: len(groups) == 2)
        assert groups[1] == [second] and matchmaker.playing("a") == 1
        task.cancel()

    asyncio.run(scenario())


def test_a_stopped_matchmaker_returns_the_waiting_and_starts_nothing() -> None:
    async def scenario() -> None:
        groups: list[list[BotSession]] = []
        matchmaker = _one_queue(3, 0.05, groups.append, min_bots=2)
        task = asyncio.create_task(matchmaker.run())
        waiting = BotSession("a", 0)
        matchmaker.enqueue(waiting)
        assert matchmaker.stop() == [waiting]
        matchmaker.enqueue(BotSession("b", 0))
        await asyncio.sleep(0.2)
        assert groups == [] and task.done()

    asyncio.run(scenario())


def test_without_min_bots_a_lone_bot_starts_after_the_window() -> None:
    assert _gather(3, ["a", "b"], pause_after=1) == [["a"], ["b"]]


def test_min_bots_holds_the_window_until_enough_bots_wait() -> None:
    assert _gather(3, ["a", "b"], min_bots=2, pause_after=1) == [["a", "b"]]


def test_bots_that_left_while_waiting_are_not_seated() -> None:
    async def scenario() -> list[list[str]]:
        groups: list[list[str]] = []
        matchmaker = _one_queue(3, 0.05, lambda g: groups.append([s.name for s in g]))
        gone, staying = BotSession("gone", 0), BotSession("staying", 0)
        matchmaker.enqueue(gone)
        matchmaker.enqueue(staying)
        gone.disconnect()
        task = asyncio.create_task(matchmaker.run())
        try:
            await _until(lambda: bool(groups))
        finally:
            task.cancel()
        return groups

    assert asyncio.run(scenario()) == [["staying"]]


def test_seating_is_a_reproducible_shuffle_with_fill_seats() -> None:
    bots = [BotSession(name, 0) for name in ("a", "b")]
    layouts = set()
    for number in range(1, 30):
        seed = MatchSeeds.from_seed(7).seed(number)
        seats = seat_order(bots, 5, seed)
        assert seats == seat_order(bots, 5, seed)
        assert sorted(s.name for s in seats if s is not None) == ["a", "b"]
        assert seats.count(None) == 3
        layouts.add(tuple(None if s is None else s.name for s in seats))
    assert len(layouts) > 5


def test_forfeited_seats_are_ranked_last_for_rating() -> None:
    assert rating_ranks((1, 2, 3, 4), set()) == (1, 2, 3, 4)
    assert rating_ranks((1, 2, 3, 4), {0}) == (4, 1, 2, 3)
    assert rating_ranks((2, 1, 1, 4), {1, 3}) == (2, 3, 1, 3)


def _queues_scenario(
    policies: dict[str, Policy], arrivals: list[tuple[str, tuple[str, ...]]],
    ratings: dict[tuple[str, str], float] | None = None, expect: int = 1,
    metrics: ArenaMetrics | None = None,
) -> list[tuple[str, list[str]]]:
    """The (queue, names) groups formed from bots arriving at once, each admitted to the
    queues given (empty: every queue); matches never end."""

    async def scenario() -> list[tuple[str, list[str]]]:
        groups: list[tuple[str, list[str]]] = []
        matchmaker = Matchmaker(
            policies, lambda q, g: groups.append((q, sorted(s.name for s in g))),
            metrics=None if metrics is None else metrics.gateway)
        for (queue, name), rating in (ratings or {}).items():
            matchmaker.rate(queue, name, rating, 3)
        for name, queues in arrivals:
            session = BotSession(name, 0)
            session.queues = queues
            matchmaker.enqueue(session)
        task = asyncio.create_task(matchmaker.run())
        try:
            await _until(lambda: len(groups) >= expect)
            await asyncio.sleep(0.1)
        finally:
            task.cancel()
        return groups

    return asyncio.run(scenario())


def test_a_bot_open_to_every_queue_goes_where_a_full_match_forms() -> None:
    slow = 60.0  # no fill seats within the test
    policies = {"four": Policy(players=4, full_after=slow),
                "two": Policy(players=2, full_after=slow)}
    groups = _queues_scenario(policies, [("a", ("four",)), ("b", ("four",)), ("c", ("two",)),
                                         ("any", ())])
    assert groups == [("two", ["any", "c"])]


def test_a_bot_in_several_queues_takes_one_seat() -> None:
    policies = {"x": Policy(players=2, full_after=60), "y": Policy(players=2, full_after=60)}
    groups = _queues_scenario(policies, [("a", ("x",)), ("b", ("y",)), ("any", ())])
    assert groups == [("x", ["a", "any"])]  # x's bot waited longest


def test_ratings_group_a_queue_and_the_metrics_carry_it() -> None:
    metrics = ArenaMetrics()
    policies = {"q": Policy(players=2, spread=100, widen=0, full_after=60)}
    ratings = {("q", "low"): 1200.0, ("q", "low2"): 1250.0, ("q", "high"): 1800.0,
               ("q", "high2"): 1790.0}
    groups = _queues_scenario(policies, [(name, ()) for name in ("low", "high", "low2",
                                                                 "high2")],
                              ratings, expect=2, metrics=metrics)
    assert sorted(groups) == [("q", ["high", "high2"]), ("q", ["low", "low2"])]
    value = metrics.registry.get_sample_value
    assert value("arena_match_rating_spread_count", {"queue": "q"}) == 2
    assert value("arena_match_rating_spread_sum", {"queue": "q"}) == 60.0
    assert value("arena_queue_wait_seconds_count", {"queue": "q"}) == 4


def test_matched_by_mu_the_skill_mean_groups_close_skills_not_close_elo() -> None:
    """--match-rating mu: proximity is measured in the skill's mean; Elo is ignored."""

    async def scenario(rating: str) -> list[list[str]]:
        groups: list[list[str]] = []
        policy = Policy(players=2, spread=15.0, widen=0.0, full_after=60.0)
        matchmaker = Matchmaker({"q": policy}, lambda _q, g: groups.append(
            sorted(s.name for s in g)), rating=rating)
        # Elo says a~b and c~d; mu says a~c and b~d.
        for name, elo, mu in (("a", 1500, 20.0), ("b", 1510, 40.0), ("c", 1800, 21.0),
                              ("d", 1810, 41.0)):
            matchmaker.rate("q", name, elo, 3, mu)
        for name in "abcd":
            matchmaker.enqueue(BotSession(name, 0))
        task = asyncio.create_task(matchmaker.run())
        try:
            await _until(lambda: len(groups) >= 2)
        finally:
            task.cancel()
        return sorted(groups)

    assert asyncio.run(scenario("mu")) == [["a", "c"], ["b", "d"]]
    assert asyncio.run(scenario("elo")) == [["a", "b"], ["c", "d"]]
    assert Matchmaker({"q": Policy(players=2)}, lambda _q, _g: None,
                      rating="mu").standing("q", "new") == (25.0, 0)
