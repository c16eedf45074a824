"""Built-in bots: legal choices only, and the heuristic beats random by a clear margin."""

from __future__ import annotations

from engine.core import GameConfig, play_match
from engine.monster_my_neighbor.effects import GossipPass
from engine.monster_my_neighbor.heuristic import monster_belief
from engine.toolkit.bots import bots_for, make_bot
from tests.monster_my_neighbor.helpers import choose, position, tid

GAME_ID = "monster-my-neighbor"


def test_both_bots_are_registered() -> None:
    assert {"heuristic", "random"} <= set(bots_for(GAME_ID))


def test_heuristic_beats_random_with_seats_rotated() -> None:
    players, games = 5, 300
    wins = {"heuristic": 0.0, "random": 0.0}
    ranks = {"heuristic": 0, "random": 0}
    seats = {"heuristic": 0, "random": 0}
    for game in range(games):
        hero = game % players
        names = ["heuristic" if q == hero else "random" for q in range(players)]
        result = play_match(
            GAME_ID, GameConfig(players), 50_000 + game, [make_bot(GAME_ID, n) for n in names]
        ).result
        winners = result.winners
        for q, name in enumerate(names):
            seats[name] += 1
            ranks[name] += result.ranks[q]
            if q in winners:
                wins[name] += 1 / len(winners)
    heuristic_share = wins["heuristic"] / seats["heuristic"]
    random_share = wins["random"] / seats["random"]
    assert heuristic_share > 0.3 and heuristic_share > 1.6 * random_share
    assert ranks["heuristic"] / seats["heuristic"] < ranks["random"] / seats["random"] - 0.4


def test_belief_follows_a_monster_seen_with_outlaw() -> None:
    s = position(4, {0: ["outlaw", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor"],
                     3: ["hide", "villagers"]})
    choose(s, 0, "outlaw")
    choose(s, 0, 2)
    assert monster_belief(s.observation(0))[2] == 1.0
    belief = monster_belief(s.observation(1))
    assert belief[1] == 0.0 and abs(sum(belief) - 1.0) < 1e-9


def test_heuristic_keeps_the_monster_when_passing() -> None:
    bot = make_bot(GAME_ID, "heuristic")
    s = position(4, {0: ["gossip", "werewolf", "villagers"], 1: ["hide", "fog"],
                     3: ["hide", "villagers"]})
    choose(s, 0, "gossip")
    decision = s.decision(0)
    from engine.core import GameRng

    index = bot.choose(s.observation(0), decision, GameRng(1))
    assert decision.options[index] == GossipPass(tid("villagers"))


def test_mcts_choice_ignores_hidden_cards() -> None:
    """Swap hidden hand cards with the deck, reorder the Monster deck, change others'
    pending simultaneous choices: the seat's observation is unchanged, so mcts with the
    same rng seed chooses the same."""
    import random

    from engine.core import get_game
    from tests.core.hidden_checks import mcts_ignores_hidden_variants
    from tests.monster_my_neighbor.test_determinize import _hidden_variants, decision_points

    checked = mcts_ignores_hidden_variants(
        get_game(GAME_ID), "mcts:iterations=10", decision_points(3, seed0=900),
        _hidden_variants, random.Random(4))
    assert checked >= 10
