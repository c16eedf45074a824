"""The boss's belief of who holds the Monster (``belief.py``): a distribution over the
seats that may hold it, and on games of the ``heuristic`` bot closer to the truth than
the heuristic's own belief, which it sharpens."""

from __future__ import annotations

from engine.core import GameConfig, GameRng, get_game
from engine.monster_my_neighbor.belief import table_belief
from engine.monster_my_neighbor.heuristic import HeuristicBot, monster_belief
from tests.monster_my_neighbor.test_determinize import decision_points

GAME = get_game("monster-my-neighbor")


def test_a_distribution_over_the_seats_that_may_hold_the_monster() -> None:
    checked = 0
    for g, seat in decision_points(30, seed0=300):
        obs = g.observation(seat)
        belief = table_belief(obs)
        assert abs(sum(belief) - 1) < 1e-9 and min(belief) >= 0
        if any(obs.cards.is_monster[t] for t in obs.hand):
            assert belief[seat] == 1
        else:
            assert belief[seat] == 0
            assert all(belief[q] == 0 for q in range(obs.players) if obs.hand_sizes[q] == 0)
        checked += 1
    assert checked > 200


def test_closer_to_the_holder_than_the_heuristic_belief_on_heuristic_games() -> None:
    """Probability given to the true holder, at every card play of a seat that does not
    hold the Monster, over 20 five-player games of the heuristic bot (seeds unused when
    the play ratios were counted)."""
    bot = HeuristicBot()
    table = heuristic = 0.0
    plays = 0
    for seed in range(20):
        g = GAME.new_state(GameConfig(5), 50_000 + seed)
        rng = GameRng(seed)
        while not g.is_terminal():
            seat = g.pending_seats()[0]
            obs, decision = g.observation(seat), g.decision(seat)
            s = g.s
            holder = next((q for q in range(s.n) if s.hands[q][s.round_monster]), seat)
            if holder != seat and decision.kind == "PLAY_CARD":
                table += table_belief(obs)[holder]
                heuristic += monster_belief(obs)[holder]
                plays += 1
            g.apply(seat, bot.choose(obs, decision, rng))
    assert plays > 500
    assert table / plays > heuristic / plays + 0.05, (table / plays, heuristic / plays)


def test_the_boss_samples_the_holder_by_this_belief() -> None:
    """The boss's sampling draws the Monster's holder by ``table_belief`` (300 samples
    per position, fixed seeds: each frequency within 0.1 of the belief, at least 3.4
    standard deviations)."""
    from engine.monster_my_neighbor.boss import BOSS_SEARCH

    checked = 0
    for g, seat in decision_points(12, seed0=700):
        obs = g.observation(seat)
        if any(obs.cards.is_monster[t] for t in obs.hand) or obs.tracked_holders:
            continue
        belief = table_belief(obs)
        counts = [0] * obs.players
        rng = GameRng(checked)
        for _ in range(300):
            s = BOSS_SEARCH.sample(obs, rng).s
            counts[next(q for q in range(s.n) if s.hands[q][s.round_monster])] += 1
        assert all(abs(k / 300 - b) < 0.1 for k, b in zip(counts, belief, strict=True)), (
            counts, belief)
        checked += 1
        if checked == 4:
            break
    assert checked == 4
