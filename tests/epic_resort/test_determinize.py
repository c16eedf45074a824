"""Determinization for search bots: a sample looks like the game to the observing seat,
and two states that differ only in what that seat cannot see give the identical sample."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.core import GameConfig, GameRng, get_game
from engine.epic_resort.game_state import EpicResortState
from engine.epic_resort.phase1 import PHASE1
from tests.core.hidden_checks import same_sample_for_hidden_variants

GAME = get_game("epic-resort")


def decision_points(n: int, games: int, rate: float) -> Iterator[tuple[EpicResortState, int]]:
    for seed in range(games):
        g = GAME.new_state(GameConfig(n), seed)
        assert isinstance(g, EpicResortState)
        rng = random.Random(seed)
        while not g.is_terminal():
            seat = rng.choice(g.pending_seats())
            if rng.random() < rate:
                yield g, seat
            g.apply(seat, rng.randrange(len(g.decision(seat).options)))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_sample_looks_like_the_game_to_its_seat(n: int) -> None:
    """Outside Phase I exactly; in Phase I other seats' hidden placements are taken back
    (they place again), the rest is identical."""
    for g, seat in decision_points(n, 8, 0.05):
        sample = GAME.determinize(g, seat, GameRng(n))
        assert sample.decision(seat).options == g.decision(seat).options
        if PHASE1 not in g.s.steps:
            assert sample.observation(seat) == g.observation(seat)


def _hidden_variants(g: EpicResortState, seat: int, rng: random.Random) -> list[EpicResortState]:
    """Copies that differ only in what ``seat`` cannot see: another seat's hand against its
    draw pile, the order of every hidden pile, and the rng."""
    out = []
    for other in range(g.s.n):
        p = g.s.players[other]
        if other == seat:
            continue
        swaps = [(i, j) for i, w in enumerate(p.hand) for j, d in enumerate(p.draw) if d != w]
        if swaps:
            v = g.clone()
            i, j = rng.choice(swaps)
            q = v.s.players[other]
            q.hand[i], q.draw[j] = q.draw[j], q.hand[i]
            out.append(v)
    v = g.clone()
    s = v.s
    for pile in (*(p.draw for p in s.players), s.main_deck, s.monster_deck, *s.draft_piles):
        rng.shuffle(pile)
    s.rng.reseed(rng.randrange(1 << 30))
    out.append(v)
    return out


@pytest.mark.parametrize("n", [2, 4])
def test_states_differing_only_in_hidden_information_give_the_same_sample(n: int) -> None:
    compared = same_sample_for_hidden_variants(
        GAME, decision_points(n, 4, 0.03), _hidden_variants, random.Random(n))
    assert compared > 30
