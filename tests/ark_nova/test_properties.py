"""Property tests over full random games: 500 per player count by default.

Each game must end by the real end rule (spec 15.2; the engine has no turn or round cap),
keep money, X-tokens and the tracks in bounds and every card in exactly one place, give
each seat an observation that does not change when only what it cannot see changes, and
replay identically from (config, seed, choices).

``ARK_NOVA_PROPERTY_GAMES`` changes the number of games (CI uses the default). The games
of one player count are spread over two worker processes (CI machines have two cores).
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from engine.ark_nova.endgame import anyone_reached
from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.observation import observe
from engine.ark_nova.scoring import victory_points
from engine.ark_nova.state import State
from engine.ark_nova.turn import ChooseAction
from engine.core.game import GameConfig
from engine.core.rng import GameRng
from tests.ark_nova.helpers import check_invariants

GAMES = int(os.environ.get("ARK_NOVA_PROPERTY_GAMES", "500"))
OBS_CHECKS_PER_GAME = 2
REPLAY_EVERY = 25


def perturb(s: State, seat: int, rng: GameRng) -> State:
    """A copy where everything ``seat`` cannot see is dealt again at random: the deck
    order, other hands, set-aside cards and pouches, the unused base projects, face-down
    draft discards (and the display during the draft), other final scoring cards."""
    c = s.clone()
    others = [p for i, p in enumerate(c.players) if i != seat]
    drafting = c.turn_no == 0
    zoo_piles: list[list[int]] = [c.deck, c.unused_base, c.draft_discards]
    zoo_piles += [p.hand for p in others]
    zoo_piles += [p.limbo for p in others if all(x > 100 for x in p.limbo)]
    zoo_piles += [v for p in others for v in p.pouched.values()]
    if drafting:
        zoo_piles.append(c.display)
    final_piles = [c.final_deck, *(p.finals for p in others)]
    for piles in (zoo_piles, final_piles):
        pool = [x for pile in piles for x in pile]
        rng.shuffle(pool)
        for pile in piles:
            k = len(pile)
            pile[:] = pool[:k]
            del pool[:k]
    return c


def play(n: int, seed: int) -> dict:
    """One random game with every property checked; returns a summary."""
    g = ArkNovaState.new(GameConfig(n, {}), seed)
    s = g.s
    rng = GameRng(seed * 7 + 1)
    obs_rng = GameRng(seed * 13 + 5)
    choices = []
    steps = 0
    check_at = {obs_rng.randrange(400) for _ in range(OBS_CHECKS_PER_GAME)}
    while not g.is_terminal():
        seat = g.pending_seats()[0]
        options = g.decision(seat).options
        step = s.asked_step
        if isinstance(step, ChooseAction) and step.mode == 0:
            check_invariants(s)
        if steps in check_at:
            for q in (*range(n), -1):  # -1: a spectator sees the public part only
                assert observe(perturb(s, q, obs_rng), q) == observe(s, q), (seed, steps, q)
        i = rng.randrange(len(options))
        choices.append(i)
        g.apply(seat, i)
        steps += 1
    check_invariants(s)
    assert s.end_triggered and s.turns_left <= 0
    assert anyone_reached(s) or any(victory_points(p.appeal, p.cp) >= 0 for p in s.players)
    result = g.result()
    if seed % REPLAY_EVERY == 0:
        again = ArkNovaState.new(GameConfig(n, {}), seed)
        for i in choices:
            again.apply(again.pending_seats()[0], i)
        assert again.is_terminal() and again.result() == result
        assert [observe(again.s, q) == observe(s, q) for q in range(n)] == [True] * n
    return {"turns": s.turn_no, "decisions": steps, "vp": list(result.scores)}


def _batch(args: tuple[int, list[int]]) -> list[dict]:
    n, seeds = args
    return [play(n, seed) for seed in seeds]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end_and_keep_every_invariant(n: int) -> None:
    seeds = list(range(1000 * n, 1000 * n + GAMES))
    halves = [(n, seeds[0::2]), (n, seeds[1::2])]
    with ProcessPoolExecutor(max_workers=2) as pool:
        summaries = [x for batch in pool.map(_batch, halves) for x in batch]
    assert len(summaries) == GAMES
    assert all(sum(1 for v in x["vp"] if v >= 0) >= 0 for x in summaries)
