"""Formats on synthetic bots of known strength: Swiss pairs without repeats, SPRT stops
as soon as it decides and decides right, both resume from recorded games exactly."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from engine.core import ConfigError
from services.runner.batch import MatchRecord
from services.tournament.blocks import BlockSchedule, round_robin_lineups
from services.tournament.config import SprtParams, TournamentConfig
from services.tournament.entrants import Entrant
from services.tournament.formats import (
    FixedFormat,
    Format,
    SprtFormat,
    SprtState,
    SwissFormat,
    balance_warning,
    make_format,
)
from services.tournament.stats import gsprt_llr
from services.tournament.swiss import pair_round, table_pairs
from tests.tournament.synthetic import FakeRecorded, synthetic_record


def play(fmt: Format, strengths: dict[str, float], shuffle_seed: int | None = None,
         stop_after: int | None = None) -> list[MatchRecord]:
    """Drive a format like the runner does; shuffle arrivals within windows of 16."""
    kept: list[MatchRecord] = []
    rng = random.Random(shuffle_seed)
    for stage in fmt.stages():
        while window := list(itertools.islice(stage, 16)):
            records = [synthetic_record(task, strengths) for task in window]
            if shuffle_seed is not None:
                rng.shuffle(records)
            for record in records:
                kept.extend(fmt.accept(record))
                if stop_after is not None and len(kept) >= stop_after:
                    return kept
            if fmt.finished:
                return kept
    return kept


def test_pair_round_avoids_repeats_and_falls_back_when_it_must() -> None:
    order = list("abcdef")
    first = pair_round(order, 2, set())
    assert first.tables == (("a", "b"), ("c", "d"), ("e", "f")) and first.repeats == 0
    met = {frozenset("ab"), frozenset("cd"), frozenset("ef")}
    second = pair_round(order, 2, met)
    assert second.repeats == 0
    assert not any(frozenset(t) in met for t in second.tables)
    everyone = {frozenset(p) for p in itertools.combinations("abcd", 2)}
    forced = pair_round(list("abcd"), 2, everyone)
    assert forced.tables == (("a", "b"), ("c", "d")) and forced.repeats == 2
    # Six at tables of three: round two cannot avoid one repeat per table, and no more.
    met_six = set(table_pairs("abc")) | set(table_pairs("def"))
    fewest = pair_round(list("abcdef"), 3, met_six)
    assert fewest.repeats == 2
    assert all(len(set(t) & set("abc")) in (1, 2) for t in fewest.tables)


@pytest.mark.parametrize(("entrants", "players", "rounds"), [(10, 2, 5), (12, 3, 3), (9, 2, 4)])
def test_swiss_never_repeats_a_pairing_and_gives_byes_in_turn(
    entrants: int, players: int, rounds: int
) -> None:
    names = [f"bot{i}" for i in range(entrants)]
    strengths = {name: 40.0 * i for i, name in enumerate(names)}
    tables = entrants // players
    fmt = SwissFormat(names, players, games=rounds * tables * players, seed=7)
    assert fmt.rounds == rounds and fmt.total_games == rounds * tables * players
    records = play(fmt, strengths)
    assert sorted(r.index for r in records) == list(range(fmt.total_games))
    pairs = Counter()
    for block in range(rounds * tables):
        games = [r for r in records if r.index // players == block]
        assert len({r.seed for r in games}) == 1
        for seat in range(players):  # each table member plays every seat once
            assert sorted(r.labels[seat] for r in games) == sorted(games[0].labels)
        pairs.update(frozenset(p) for p in itertools.combinations(games[0].labels, 2))
    assert set(pairs.values()) == {1}, "a pairing repeated"
    assert fmt.repeats == 0
    per_round = Counter(name for r in records for name in r.labels)
    sat_out = entrants % players
    if sat_out:
        assert sorted(fmt.byes.values()) == sorted(Counter(fmt.byes).values())
        assert max(fmt.byes.values()) - min(fmt.byes.get(n, 0) for n in names) <= 1
    assert sum(per_round.values()) == fmt.total_games * players


def test_swiss_standings_bring_strong_entrants_together() -> None:
    names = [f"bot{i}" for i in range(8)]
    strengths = {name: 300.0 * i for i, name in enumerate(names)}
    fmt = SwissFormat(names, 2, games=4 * 4 * 2, seed=3)
    play(fmt, strengths)
    top = fmt.standings()[:3]
    assert top[0] == "bot7" and set(top) <= {"bot4", "bot5", "bot6", "bot7"}


def test_swiss_resume_replays_the_same_rounds() -> None:
    names = [f"bot{i}" for i in range(6)]
    strengths = {name: 100.0 * i for i, name in enumerate(names)}
    whole = play(SwissFormat(names, 2, games=4 * 3 * 2, seed=1), strengths)
    interrupted = play(SwissFormat(names, 2, games=4 * 3 * 2, seed=1), strengths,
                       stop_after=11)
    resumed_format = SwissFormat(names, 2, games=4 * 3 * 2, seed=1)
    assert resumed_format.restore(FakeRecorded(interrupted)) == 11
    rest = play(resumed_format, strengths)
    assert sorted(interrupted + rest, key=lambda r: r.index) == sorted(
        whole, key=lambda r: r.index)


def sprt(elo: float, seed: int, shuffle: int | None = None, players: int = 2,
         games: int = 20_000) -> tuple[SprtFormat, list[MatchRecord]]:
    fmt = SprtFormat("new", "old", players, games, seed, SprtParams(0.0, 50.0, 0.05, 0.05))
    return fmt, play(fmt, {"new": elo, "old": 0.0}, shuffle_seed=shuffle)


def test_sprt_decides_right_on_bots_of_known_strength() -> None:
    runs = 60
    h1_when_better = sum(sprt(50.0, seed)[0].state.decision == "H1" for seed in range(runs))
    h0_when_equal = sum(sprt(0.0, seed)[0].state.decision == "H0" for seed in range(runs))
    # alpha = beta = 0.05: about 3 wrong decisions in 60 each way are expected.
    assert h1_when_better >= runs - 8
    assert h0_when_equal >= runs - 8
    far_stronger = sprt(400.0, 1)[0]
    assert far_stronger.state.decision == "H1" and far_stronger.state.games < 100


def test_sprt_stops_at_the_first_block_that_decides() -> None:
    fmt, kept = sprt(50.0, seed=2)
    assert fmt.finished and fmt.state.decision is not None
    assert [r.index for r in kept] == list(range(len(kept)))
    assert len(kept) == fmt.state.games and len(kept) % 2 == 0
    shorter = SprtFormat("new", "old", 2, 20_000, 2, SprtParams(0.0, 50.0, 0.05, 0.05))
    shorter.restore(FakeRecorded(kept[:-2]))
    lower, upper = shorter.state.bounds
    assert lower < shorter.state.llr < upper and shorter.state.decision is None
    assert not shorter.finished


def test_sprt_is_the_same_whatever_order_results_arrive_in() -> None:
    in_order = sprt(25.0, seed=4)
    for shuffle in (1, 2):
        shuffled = sprt(25.0, seed=4, shuffle=shuffle)
        assert shuffled[1] == in_order[1]
        assert shuffled[0].state.to_json() == in_order[0].state.to_json()


def test_sprt_hits_the_game_cap_without_a_decision() -> None:
    fmt, kept = sprt(25.0, seed=5, games=40)
    assert fmt.finished and fmt.state.decision is None and len(kept) == 40


def test_sprt_verdicts_say_which_bound_was_crossed_and_what_it_means() -> None:
    h1 = sprt(400.0, 1)[0]
    lower, upper = h1.state.bounds
    assert h1.verdict() == (
        f"LLR {h1.state.llr:.3f} crossed the upper bound {upper:.3f} after "
        f"{h1.state.games:,} games: accept H1, new is stronger than old")
    h0 = sprt(-400.0, 1)[0]
    assert h0.verdict() == (
        f"LLR {h0.state.llr:.3f} crossed the lower bound {lower:.3f} after "
        f"{h0.state.games:,} games: accept H0, new is not 50 Elo stronger than old")
    assert h0.state.llr < lower and h1.state.llr > upper
    capped = sprt(25.0, seed=5, games=40)[0]
    assert capped.verdict() == (
        f"LLR {capped.state.llr:.3f} is between the bounds {lower:.3f} and {upper:.3f} "
        "after 40 games: no decision (the --games cap was reached)")
    unfinished = SprtFormat("new", "old", 2, 1000, 5, SprtParams(0.0, 50.0, 0.05, 0.05))
    assert unfinished.verdict().endswith("after 0 games: no decision (play on to decide)")
    other = SprtParams(5.0, 15.0, 0.05, 0.05)
    state = SprtState(other, {}, games=10, llr=3.5, decision="H1")
    assert state.verdict("a", "b").endswith("accept H1, a is more than 5 Elo stronger than b")
    state = SprtState(SprtParams(-5.0, 0.0, 0.05, 0.05), {}, games=10, llr=-3.5,
                      decision="H0")
    assert state.verdict("a", "b").endswith("accept H0, a is not stronger than b")
    state.decision = "H1"
    assert state.verdict("a", "b").endswith("accept H1, a is less than 5 Elo weaker than b")


def test_sprt_with_more_seats_than_bots_scores_head_to_head() -> None:
    fmt, kept = sprt(200.0, seed=6, players=3)
    assert fmt.state.decision == "H1"
    assert len(kept) % 3 == 0
    assert all(set(r.labels) == {"new", "old"} for r in kept)


def test_sprt_resume_continues_exactly() -> None:
    whole_fmt, whole = sprt(30.0, seed=8)
    cut = len(whole) // 2 // 2 * 2
    resumed = SprtFormat("new", "old", 2, 20_000, 8, SprtParams(0.0, 50.0, 0.05, 0.05))
    resumed.restore(FakeRecorded(whole[:cut]))
    rest = play(resumed, {"new": 30.0, "old": 0.0})
    assert whole[:cut] + rest == whole
    assert resumed.state.to_json() == whole_fmt.state.to_json()


def test_sprt_refuses_recorded_games_that_are_not_whole_blocks() -> None:
    _, whole = sprt(30.0, seed=8, games=20)
    fmt = SprtFormat("new", "old", 2, 20, 8, SprtParams())
    with pytest.raises(ConfigError, match="whole blocks"):
        fmt.restore(FakeRecorded(whole[:3]))


def test_unbalanced_game_counts_are_pointed_out() -> None:
    lineups = tuple(round_robin_lineups(["a", "b", "c", "d"], 3))  # 4 tables, cycle 12
    schedule = BlockSchedule(lineups, 0)
    assert balance_warning(FixedFormat(schedule, 24)) is None
    assert "multiple of 12" in (balance_warning(FixedFormat(schedule, 25)) or "")
    assert "seat order" in (balance_warning(FixedFormat(schedule, 12)) or "")
    assert balance_warning(SwissFormat(["a", "b", "c"], 3, 9, 0)) is None


def test_pair_round_spends_one_step_of_its_budget_per_table_tried() -> None:
    # With a and b met, the repeat-free pairing is found on the fourth table tried:
    # (a, b) refused, then (a, c), (b, d), (e, f).
    met = {frozenset("ab")}
    found = pair_round(list("abcdef"), 2, met, budget=4)
    assert found.tables == (("a", "c"), ("b", "d"), ("e", "f")) and found.repeats == 0
    # One step less and the search gives up: tables cut in standings order.
    cut = pair_round(list("abcdef"), 2, met, budget=3)
    assert cut.tables == (("a", "b"), ("c", "d"), ("e", "f")) and cut.repeats == 1


@pytest.mark.parametrize("seed", range(6))
def test_swiss_standings_are_mean_points_over_every_comparison(seed: int) -> None:
    """Mean head-to-head points of every comparison an entrant took part in (from either
    seat); an entrant yet to play counts 0.5; ties go by the round-one order. Checked
    after round one, when the entrant who sat out has not played."""
    names = [f"bot{i}" for i in range(7)]  # tables of three: one sits out
    rng = random.Random(seed)
    strengths = {name: rng.uniform(0, 400) for name in names}
    fmt = SwissFormat(names, 3, games=2 * 6, seed=seed)
    records = play(fmt, strengths, stop_after=6)
    assert len(records) == 6 and sum(fmt.byes.values()) == 1
    points: Counter[str] = Counter()
    compared: Counter[str] = Counter()
    for record in records:
        for a, b in itertools.combinations(range(3), 2):
            first, second = record.labels[a], record.labels[b]
            ra, rb = record.ranks[a], record.ranks[b]
            won = 1.0 if ra < rb else 0.5 if ra == rb else 0.0
            points[first] += won
            points[second] += 1.0 - won
            compared[first] += 1
            compared[second] += 1
    expected = sorted(
        names, key=lambda name: (-(points[name] / compared[name]) if compared[name] else -0.5,
                                  fmt.start_order.index(name)))
    assert fmt.standings() == expected


def test_sprt_state_counts_every_block_and_tests_all_of_them() -> None:
    state = SprtState(SprtParams(0.0, 50.0, 0.05, 0.05), {})
    for score in (1.0, 0.5, 1.0, 0.25, 1.0):
        state.add_block(score, 2)
    assert state.counts == {1.0: 3, 0.5: 1, 0.25: 1} and state.games == 10
    assert state.llr == gsprt_llr([1.0, 0.5, 0.25], [3, 1, 1], 0.0, 50.0)


def test_sprt_restore_counts_the_recorded_games_and_stops_at_the_cap() -> None:
    _, whole = sprt(25.0, seed=5, games=40)
    resumed = SprtFormat("new", "old", 2, 40, 5, SprtParams(0.0, 50.0, 0.05, 0.05))
    assert resumed.restore(FakeRecorded(whole[:12])) == 12 and not resumed.finished
    capped = SprtFormat("new", "old", 2, 40, 5, SprtParams(0.0, 50.0, 0.05, 0.05))
    assert capped.restore(FakeRecorded(whole)) == 40
    assert capped.state.decision is None and capped.finished  # every game played: done


def test_a_gauntlet_seats_the_challenger_against_the_field_only() -> None:
    entrants = tuple(Entrant(n, n, n) for n in ("hero", "p", "q", "r"))
    fmt = make_format(TournamentConfig("monster-my-neighbor", 3, "gauntlet", entrants,
                                       games=36, seed=4))
    assert isinstance(fmt, FixedFormat)
    tables = {tuple(sorted(task.bots)) for stage in fmt.stages() for task in stage}
    assert tables == {("hero", "p", "q"), ("hero", "p", "r"), ("hero", "q", "r")}
