"""The core ``mcts`` bot on Ark Nova at every player count: it reads only its own
observation (hidden cards swapped, same seed, same choice and same tree), it keeps to its
iteration and millisecond budgets, and solo searches tell good ends from bad ones."""

from __future__ import annotations

import pytest

from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.search import SEARCH, evaluate
from engine.core import GameConfig, GameRng, get_game, play_match
from engine.toolkit.bots import make_bot
from engine.toolkit.mcts import MctsBot
from tests.ark_nova.test_bots import midgame
from tests.ark_nova.test_properties import perturb

GAME = "ark-nova"


def searching_state(n: int, seed: int, steps: int) -> ArkNovaState:
    """A mid-game state whose pending decision has several options."""
    state = midgame(n, seed, steps)
    rng = GameRng(seed)
    while len(state.decision(state.pending_seats()[0]).options) < 3:
        seat = state.pending_seats()[0]
        state.apply(seat, rng.randrange(len(state.decision(seat).options)))
    return state


def tree(bot: MctsBot) -> dict:
    assert bot.last_root is not None
    return {key: (child.visits, child.total) for key, child in bot.last_root.children.items()}


@pytest.mark.parametrize(("n", "steps"), [(1, 60), (2, 150), (3, 300), (4, 420)])
def test_hidden_cards_swapped_give_the_same_choice(n: int, steps: int) -> None:
    state = searching_state(n, 5 + n, steps)
    seat = state.pending_seats()[0]
    other = ArkNovaState(perturb(state.s, seat, GameRng(99)))
    assert other.s.deck != state.s.deck  # the hidden order really changed
    decision = state.decision(seat)
    assert other.decision(seat) == decision
    bots = [make_bot(GAME, "mcts:iterations=16") for _ in range(2)]
    choices = [bot.choose(s.observation(seat), decision, GameRng(7))
               for bot, s in zip(bots, (state, other), strict=True)]
    assert choices[0] == choices[1]
    assert tree(bots[0]) == tree(bots[1])  # every sample and rollout alike
    # ...while a different seed does search differently: the test can tell.
    third = make_bot(GAME, "mcts:iterations=16")
    third.choose(state.observation(seat), decision, GameRng(8))
    assert tree(third) != tree(bots[0])


def test_the_default_budget_is_an_iteration_count() -> None:
    bot = make_bot(GAME, "mcts")
    assert isinstance(bot, MctsBot)
    assert bot.iterations == SEARCH.defaults["iterations"] and bot.ms == 0
    state = searching_state(2, 3, 200)
    seat = state.pending_seats()[0]
    bot.choose(state.observation(seat), state.decision(seat), GameRng(1))
    assert bot.last_iterations == SEARCH.defaults["iterations"]
    visits = sum(child.visits for child in bot.last_root.children.values()
                 if child.mover == seat)
    assert visits == SEARCH.defaults["iterations"]


def test_a_millisecond_budget_stops_at_its_deadline() -> None:
    bot = make_bot(GAME, "mcts:iterations=0,ms=10")
    assert isinstance(bot, MctsBot)
    ticks = iter(range(10**6))
    bot.clock = lambda: next(ticks) / 1000  # a clock that advances 1 ms per reading
    state = searching_state(2, 4, 220)
    seat = state.pending_seats()[0]
    bot.choose(state.observation(seat), state.decision(seat), GameRng(2))
    # one reading sets the deadline at 10 ms; each iteration reads once more
    assert bot.last_iterations == 10


def test_a_solo_search_scores_the_end_by_vp() -> None:
    game = get_game(GAME)
    state = game.new_state(GameConfig(1, {}), 3)
    rng = GameRng(3)
    while not state.is_terminal():
        state.apply(0, rng.randrange(len(state.decision(0).options)))
    start = ArkNovaState(state.s.clone())
    start.s.terminal = False
    better = ArkNovaState(state.s.clone())
    better.s.players[0].appeal += 5
    low, high = evaluate(start, state)[0], evaluate(start, better)[0]
    assert 0 < low < high < 1


@pytest.mark.parametrize("n", [1, 3])
def test_mcts_plays_whole_games_at_other_player_counts(n: int) -> None:
    bots = [make_bot(GAME, "mcts:iterations=2")] + [make_bot(GAME, "random")
                                                   for _ in range(n - 1)]
    outcome = play_match(GAME, GameConfig(n, {}), 11, bots)
    assert len(outcome.result.ranks) == n
    if n == 1:
        assert outcome.result.details["turns"] == 27


def test_a_solo_rollout_reaching_the_end_is_scored_by_vp_not_by_rank() -> None:
    # By rank every end of a solo game would score 1 and all options would look alike.
    game = get_game(GAME)
    state = game.new_state(GameConfig(1, {}), 21)
    rng = GameRng(21)
    start = None
    while not state.is_terminal():
        if state.s.turn_no == 26 and start is None:
            start = ArkNovaState(state.s.clone())
        state.apply(0, rng.randrange(len(state.decision(0).options)))
    assert start is not None
    better = ArkNovaState(state.s.clone())
    better.s.players[0].appeal += 5
    bot = make_bot(GAME, "mcts:iterations=1")
    ends = [bot._rollout(start, end, rng) for end in (state, better)]
    assert ends[0] == evaluate(start, state)
    assert 0 < ends[0][0] < ends[1][0] < 1
