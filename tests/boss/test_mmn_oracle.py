"""``bench.mmn_oracle``: inside it the boss's sample puts the Monster with its true
holder; outside it the sample draws the holder from the belief again."""

from __future__ import annotations

from bench.mmn_oracle import oracle, true_holder
from engine.core import GameConfig, GameRng, get_game
from engine.monster_my_neighbor.boss import BOSS_SEARCH
from engine.monster_my_neighbor.game_state import MonsterState
from engine.monster_my_neighbor.heuristic import HeuristicBot


def undecided_seat(seed: int) -> tuple[MonsterState, int]:
    """A 5-player state at a play decision of a seat that does not hold the Monster and
    cannot tell who does."""
    state = get_game("monster-my-neighbor").new_state(GameConfig(5), seed)
    assert isinstance(state, MonsterState)
    bot, rng = HeuristicBot(), GameRng(seed)
    while True:
        (seat,) = state.pending_seats()[:1]
        decision = state.decision(seat)
        if decision.kind == "PLAY_CARD" and true_holder(state) not in (-1, seat) \
                and state.s.rotation >= 2:
            return state, seat
        state.apply(seat, bot.choose(state.observation(seat), decision, rng))


def sampled_holders(state: MonsterState, seat: int, draws: int) -> set[int]:
    obs = state.observation(seat)
    rng = GameRng(11)
    holders = set()
    for _ in range(draws):
        sample = BOSS_SEARCH.sample(obs, rng)
        assert isinstance(sample, MonsterState)
        holders.add(true_holder(sample))
    return holders


def test_the_oracle_samples_the_true_holder_and_is_undone_after() -> None:
    state, seat = undecided_seat(7000)
    before = sampled_holders(state, seat, 60)
    assert len(before) > 1  # the belief alone leaves the holder in doubt
    with oracle():
        assert sampled_holders(state, seat, 60) == {true_holder(state)}
    assert sampled_holders(state, seat, 60) == before


def test_the_oracle_restricted_to_other_kinds_leaves_the_belief_alone() -> None:
    state, seat = undecided_seat(7000)
    before = sampled_holders(state, seat, 60)
    with oracle(frozenset({"CHOOSE_TARGET"})):  # the seat is at a play decision
        assert sampled_holders(state, seat, 60) == before
    with oracle(frozenset({"PLAY_CARD"})):
        assert sampled_holders(state, seat, 60) == {true_holder(state)}
