"""The core `mcts` bot on the toy game: budgets, and blindness to hidden truth."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import pytest

from engine.core import Decision, GameConfig, GameRng
from engine.toolkit.mcts import MctsBot, Node
from tests.core import toygame

GAME = toygame.GAME


def first_decision(seed: int = 3) -> tuple[toygame.ToyState, Decision]:
    """Two players: three of the nine cards stay in the deck."""
    state = toygame.new_state(GameConfig(2), seed)
    return state, state.decision(0)


def counting_game() -> tuple[Any, list[int]]:
    """The toy game whose sampler counts its calls."""
    calls: list[int] = []
    search = GAME.search
    assert search is not None

    def sample(obs: Any, rng: GameRng) -> toygame.ToyState:
        calls.append(1)
        return search.sample(obs, rng)

    return dataclasses.replace(GAME, search=dataclasses.replace(search, sample=sample)), calls


def test_iteration_budget_is_exact() -> None:
    game, calls = counting_game()
    state, decision = first_decision()
    bot = MctsBot(game, iterations=37)
    bot.choose(state.observation(0), decision, GameRng(1))
    assert bot.last_iterations == 37 and len(calls) == 37


def test_common_random_numbers_sweep_every_root_option_on_each_sample() -> None:
    game, calls = counting_game()
    state, decision = first_decision()
    n = len(decision.options)
    bot = MctsBot(game, iterations=4 * n + 1, crn=True)
    bot.choose(state.observation(0), decision, GameRng(1))
    assert len(calls) == 4 and bot.last_iterations == 4 * n
    assert bot.last_root is not None
    assert sorted(child.visits for child in bot.last_root.children.values()) == [4] * n


def test_millisecond_budget_stops_at_the_deadline() -> None:
    state, decision = first_decision()
    bot = MctsBot(GAME, iterations=0, ms=5)
    ticks = itertools.count()
    bot.clock = lambda: next(ticks) / 1000  # one millisecond per reading
    bot.choose(state.observation(0), decision, GameRng(1))
    assert bot.last_iterations == 5


def test_the_first_limit_reached_wins() -> None:
    state, decision = first_decision()
    bot = MctsBot(GAME, iterations=3, ms=10_000)
    bot.choose(state.observation(0), decision, GameRng(1))
    assert bot.last_iterations == 3


def test_a_single_option_is_answered_without_search() -> None:
    bot = MctsBot(GAME, iterations=50)
    decision = Decision(0, "PLAY_CARD", (toygame.PlayCard.of(4),))
    assert bot.choose(None, decision, GameRng(1)) == 0 and bot.last_iterations == 0


def test_choice_ignores_what_the_seat_cannot_see() -> None:
    """Swap the opponent's hand with the deck: seat 0 sees nothing new, so the same rng
    seed gives the same choice."""
    for seed in range(6):
        state, decision = first_decision(seed)
        other = state.clone()
        s = other.s
        s.hands[1], s.deck = s.deck, s.hands[1]
        assert other.observation(0) == state.observation(0)
        assert other.s.hands != state.s.hands
        picks = [
            MctsBot(GAME, iterations=40).choose(g.observation(0), decision, GameRng(seed))
            for g in (state, other)
        ]
        assert picks[0] == picks[1]


def test_determinize_never_reads_hidden_truth() -> None:
    state, _ = first_decision(8)
    other = state.clone()
    s = other.s
    s.hands[1], s.deck = s.deck, s.hands[1]
    a = GAME.determinize(state, 0, GameRng(99))
    b = GAME.determinize(other, 0, GameRng(99))
    assert (a.s.hands, a.s.deck) == (b.s.hands, b.s.deck)
    assert a.observation(0) == state.observation(0)


def _movers(root: Node | None) -> set[int]:
    """The seats that chose the edges of a search tree."""
    movers: set[int] = set()
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        movers.update(mover for mover, _ in node.children)
        stack.extend(node.children.values())
    return movers


def test_tree_self_branches_only_on_the_bots_own_decisions() -> None:
    """With tree=self the other seat's moves inside the tree come from the policy: every
    edge of the tree is the bot's own; with tree=all both seats' moves branch."""
    state, decision = first_decision(5)
    mine, both = MctsBot(GAME, iterations=60, tree="self"), MctsBot(GAME, iterations=60)
    for bot in (mine, both):
        bot.choose(state.observation(0), decision, GameRng(2))
    assert _movers(mine.last_root) == {0}
    assert _movers(both.last_root) == {0, 1}


@pytest.mark.parametrize("crn", [False, True])
def test_tree_root_keeps_only_the_root_and_spends_every_iteration_there(crn: bool) -> None:
    """With tree=root every iteration plays one root option, then the policy: the root's
    children have no children, and their visits add up to the budget; with tree=self
    the same budget grows a deeper tree."""
    state, decision = first_decision(5)
    flat = MctsBot(GAME, iterations=60, tree="root", crn=crn)
    deep = MctsBot(GAME, iterations=60, tree="self", crn=crn)
    for bot in (flat, deep):
        bot.choose(state.observation(0), decision, GameRng(2))
    assert flat.last_root is not None and deep.last_root is not None
    children = flat.last_root.children.values()
    assert all(not child.children for child in children)
    assert sum(child.visits for child in children) == flat.last_iterations == 60
    assert any(child.children for child in deep.last_root.children.values())


def seeing_game() -> Any:
    """The toy game with a ``seen`` key: the cards revealed so far."""
    search = GAME.search
    assert search is not None
    return dataclasses.replace(GAME, search=dataclasses.replace(
        search, seen=lambda state, seat: tuple(state.s.log)))


def _own_nodes_below_root(root: Node | None) -> list[Node]:
    """Every node of a tree but the root, through the children kept apart by seen."""
    out: list[Node] = []
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        below = list(node.children.values())
        for split in node.by_seen.values():
            below.extend(split.values())
        out.extend(below)
        stack.extend(below)
    return out


def test_seen_keeps_the_bots_later_decisions_apart_by_what_it_saw() -> None:
    """With seen=true the bot's second decision is a child of what the first round
    revealed (it differs from sample to sample), so a move is chosen for what was seen;
    without it, one node takes every sample."""
    state, decision = first_decision(5)
    split = MctsBot(seeing_game(), iterations=120, tree="self", seen=True)
    joint = MctsBot(seeing_game(), iterations=120, tree="self")
    for bot in (split, joint):
        bot.choose(state.observation(0), decision, GameRng(2))
    assert split.last_root is not None and joint.last_root is not None
    first_moves = list(split.last_root.children.values())
    assert all(not child.children for child in first_moves)
    assert max(len(child.by_seen) for child in first_moves) > 1
    assert all(len(key) == 1 for child in first_moves for key in child.by_seen)
    assert not any(node.by_seen for node in _own_nodes_below_root(joint.last_root))
    assert any(child.children for child in joint.last_root.children.values())


def test_expand_leaves_a_decision_to_the_policy_until_it_was_reached_that_often() -> None:
    """With expand=3 a decision of the bot's below the root is played by the rollout
    policy the first two times a descent reaches it (per seen key), and branches from
    the third on: every child of it comes from a later reach. expand=1 branches at once."""
    state, decision = first_decision(5)
    late = MctsBot(seeing_game(), iterations=60, tree="self", seen=True, expand=3)
    early = MctsBot(seeing_game(), iterations=60, tree="self", seen=True)
    for bot in (late, early):
        bot.choose(state.observation(0), decision, GameRng(2))
    nodes = _own_nodes_below_root(late.last_root)
    reached = [(node, key, n) for node in nodes for key, n in node.reached.items()]
    assert any(n < 3 for _, _, n in reached) and any(n >= 3 for _, _, n in reached)
    for node, key, n in reached:
        below = node.by_seen.get(key, {})
        assert sum(child.visits for child in below.values()) == max(0, n - 2)
    assert not any(node.reached for node in _own_nodes_below_root(early.last_root))
    with pytest.raises(ValueError, match="expand must be at least 1"):
        MctsBot(GAME, iterations=10, expand=0)


def test_seen_needs_a_game_that_gives_the_key() -> None:
    with pytest.raises(ValueError, match="has no seen key"):
        MctsBot(GAME, iterations=10, seen=True)


def test_an_unknown_tree_setting_is_refused() -> None:
    with pytest.raises(ValueError, match="tree must be all, self or root"):
        MctsBot(GAME, iterations=10, tree="leaf")


def test_a_capped_rollout_stops_after_its_cap_and_scores_nobody() -> None:
    """``rollout=2`` plays exactly two decisions of a longer game, then gives no score
    (None: 0.5 for everyone, as the toy game has no ``evaluate``); uncapped, the same
    rollout plays to the end and returns the ranks' rewards."""
    search = GAME.search
    assert search is not None
    moves: list[int] = []

    def counting(state: Any, seat: int, rng: GameRng) -> int:
        moves.append(seat)
        return rng.randrange(len(state.decision(seat).options))

    game = dataclasses.replace(GAME, search=dataclasses.replace(search, policy=counting))
    start, _ = first_decision()
    capped = MctsBot(game, iterations=1, rollout=2)
    assert capped._rollout(start, start.clone(), GameRng(1)) is None
    assert len(moves) == 2
    moves.clear()
    rewards = MctsBot(game, iterations=1)._rollout(start, start.clone(), GameRng(1))
    assert rewards is not None and len(moves) > 2
