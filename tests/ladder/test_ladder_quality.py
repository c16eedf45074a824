"""``bench.ladder_quality``: its Kendall tau, its outcome model, a reproducible
simulation, the documented line format, and the real-bot ladder on cheap bots (short
runs: the figures are for ``make bench``, never asserted)."""

from __future__ import annotations

import random
import re

import pytest

from bench import ladder_quality as quality


def test_kendall_tau_counts_concordant_and_discordant_pairs() -> None:
    strength = [0.0, 40.0, 80.0, 120.0]
    assert quality.kendall_tau([3, 2, 1, 0], strength) == 1.0
    assert quality.kendall_tau([0, 1, 2, 3], strength) == -1.0
    # one neighbour pair swapped: 5 of 6 pairs agree
    assert quality.kendall_tau([3, 1, 2, 0], strength) == pytest.approx((5 - 1) / 6)


def test_two_player_outcomes_follow_the_elo_win_probability() -> None:
    rng = random.Random(5)
    draws = 20_000
    wins = sum(quality.draw_order(rng, [200.0, 0.0])[0] == 1 for _ in range(draws))
    expected = 1 / (1 + 10 ** (-200 / 400))  # 0.760
    assert wins / draws == pytest.approx(expected, abs=0.015)
    ranks = quality.draw_order(rng, [0.0, 40.0, 80.0, 120.0])
    assert sorted(ranks) == [1, 2, 3, 4]


def test_a_simulation_is_reproducible_and_reaches_the_target() -> None:
    pairing = quality.proximity(2, **quality.SIM_POLICY)
    first = quality.simulate(2, pairing, seed=3, max_games=200)
    again = quality.simulate(2, quality.proximity(2, **quality.SIM_POLICY), seed=3,
                             max_games=200)
    assert first == again
    assert all(games is not None and 0 < games <= 200 for games in first.games.values())


def test_first_come_pairing_seats_the_longest_waiting() -> None:
    waiting = [quality.Waiting(name, name, 25.0, 0, 0.0) for name in "abcde"]
    groups, wake = quality.fifo(2)(waiting, 0.0, {})
    assert [[w.name for w in group] for group in groups] == [["a", "b"], ["c", "d"]]
    assert wake is None


@pytest.mark.timeout(300)
def test_the_bench_prints_its_documented_lines(capsys: pytest.CaptureFixture[str]) -> None:
    quality.main(["--players", "2,4", "--runs", "1", "--real-matches", "0"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 6
    for players, block in zip((2, 4), (lines[0:3], lines[3:6]), strict=True):
        match = re.fullmatch(
            rf"ladder quality: bots=16 players={players} fifo_elo=([\d.]+) "
            r"rating_skill=([\d.]+) ratio=(\d+\.\d\d)", block[0])
        assert match is not None, block[0]
        a, b, ratio = float(match[1]), float(match[2]), float(match[3])
        assert 0 < a <= quality.MAX_GAMES and 0 < b <= quality.MAX_GAMES
        assert ratio == pytest.approx(b / a, abs=0.01)
        assert block[1].startswith("  rating_mu=") and "median sigma" in block[1]
        assert block[2].startswith("  requeue=1 (bots come back apart): fifo_elo=")


@pytest.mark.timeout(300)
def test_the_real_bot_ladder_ranks_the_bots_it_played() -> None:
    lines = quality.real_bots(2, 240.0, bots=("random", "greedy"), workers=1)
    assert re.fullmatch(r"ladder quality real: game=epic-resort players=2 matches=2 "
                        r"seconds=\d+", lines[0]), lines[0]
    for line, order in zip(lines[1:], ("skill", "elo"), strict=True):
        match = re.fullmatch(rf"  by {order}: tau=(-?1\.00) (\S+) .*", line)
        assert match is not None, line
        # the known order is random < greedy: tau is 1 exactly when greedy is on top
        assert float(match[1]) == (1.0 if match[2] == "greedy" else -1.0)
