"""Ark Nova bots and search support: determinization from an observation only, the greedy
bot against random, the core mcts through Ark Nova's Search hooks, bot specs."""

from __future__ import annotations

import pytest

from engine.ark_nova.ai.determinize import determinize
from engine.ark_nova.ai.rollout import Scorers
from engine.ark_nova.view.observation import observe
from engine.core import ConfigError, GameConfig, GameRng, get_game, play_match
from engine.toolkit.bots import make_bot
from tests.ark_nova.helpers import check_invariants
from tests.ark_nova.test_properties import perturb

GAME = "ark-nova"


def midgame(n: int, seed: int, steps: int):
    game = get_game(GAME)
    state = game.new_state(GameConfig(n, {}), seed)
    rng = GameRng(seed)
    for _ in range(steps):
        seat = state.pending_seats()[0]
        state.apply(seat, rng.randrange(len(state.decision(seat).options)))
    return state


@pytest.mark.parametrize(("n", "steps"), [(2, 3), (2, 250), (3, 400), (4, 600)])
def test_determinize_reads_only_the_observation(n: int, steps: int) -> None:
    state = midgame(n, 11, steps)
    s = state.s
    seat = state.pending_seats()[0]
    other = perturb(s, seat, GameRng(5))  # differs only in what seat cannot see
    a = determinize(observe(s, seat), GameRng(42))
    b = determinize(observe(other, seat), GameRng(42))
    assert a.deck == b.deck and [p.hand for p in a.players] == [p.hand for p in b.players]
    assert [p.finals for p in a.players] == [p.finals for p in b.players]
    for q in range(n):
        assert observe(a, q) == observe(b, q)
    assert observe(a, seat) == observe(s, seat)
    check_invariants(a)
    assert a.asked == s.asked  # the same decision, the same options


def test_game_determinize_accepts_a_state_or_an_observation() -> None:
    game = get_game(GAME)
    state = midgame(2, 3, 120)
    seat = state.pending_seats()[0]
    sampled = game.determinize(state, seat, GameRng(1))
    assert sampled.observation(seat) == state.observation(seat)
    assert sampled.decision(seat) == state.decision(seat)


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(2):
        bots = [make_bot(GAME, "greedy"), make_bot(GAME, "random")]
        if seed % 2:
            bots.reverse()
        outcome = play_match(GAME, GameConfig(2, {}), seed, bots)
        greedy_seat = 0 if seed % 2 == 0 else 1
        wins += outcome.result.ranks[greedy_seat] == 1
    assert wins == 2


def test_mcts_plays_legal_options_through_the_core_bot() -> None:
    bot = make_bot(GAME, "mcts:iterations=4")
    state = midgame(2, 7, 200)
    seat = state.pending_seats()[0]
    decision = state.decision(seat)
    index = bot.choose(state.observation(seat), decision, GameRng(1))
    assert 0 <= index < len(decision.options)


def test_bot_specs() -> None:
    from engine.toolkit.bots import bots_for

    assert {"random", "greedy", "mcts"} <= set(bots_for(GAME))
    assert not make_bot(GAME, "random").needs_observation
    assert make_bot(GAME, "greedy").needs_observation
    with pytest.raises(ConfigError):
        make_bot(GAME, "greedy:depth=3")


def policy_solo_score(seed: int, scorers: Scorers) -> float:
    """One solo game (normal) played entirely by the rule-based policy."""
    from engine.ark_nova.ai.rollout import choose_index

    game = get_game(GAME)
    state = game.new_state(GameConfig(1, {"solo_difficulty": "normal"}), seed)
    s = state.s  # type: ignore[attr-defined]
    while not state.is_terminal():
        state.apply(0, choose_index(s, 0, s.asked[0], scorers))
    return state.result().scores[0]


def test_the_rollout_policy_beats_its_basic_rules_in_solo() -> None:
    """Change 5 of docs/strength.md, on 40 fixed deals (deterministic: no flakiness). Over
    500 deals (seeds 1000000..1000499) the policy alone gained 12.7 VP [11.5, 13.9] on
    average; a regression that loses most of that (here: under +5 VP) fails."""
    from engine.ark_nova.ai.rollout import BASIC_SCORERS, SCORERS

    seeds = range(1_000_000, 1_000_040)
    gain = [policy_solo_score(k, SCORERS) - policy_solo_score(k, BASIC_SCORERS) for k in seeds]
    assert sum(gain) / len(gain) > 5.0, gain
