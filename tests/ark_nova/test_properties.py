"""Property tests over full random games: 500 per player count (2-4, map A), 300 with two
players on each of the maps 0, 1, 1a and 2-8 (and with a random map per seat), and
300 solo games, by default.

Each game must end by the real end rule (spec 15.2; solo: the turn clock of spec 17, 27
turns and 5 breaks; the engine has no turn or round cap), keep money, X-tokens and the
tracks in bounds and every card in exactly one place, give each seat an observation that
does not change when only what it cannot see changes (nor, for the deciding seat, the
options and labels it is sent), and replay identically from (config, seed, choices).

``ARK_NOVA_PROPERTY_GAMES`` sets the number of games of every case (CI uses the
defaults). The games of one case are spread over two worker processes (CI machines have
two cores).
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.model.state import State
from engine.ark_nova.rules.endgame import anyone_reached
from engine.ark_nova.rules.scoring import victory_points
from engine.ark_nova.rules.turn import ChooseAction
from engine.ark_nova.view.observation import observe
from engine.core.game import GameConfig
from engine.core.registry import get_game
from engine.core.rng import GameRng
from tests.ark_nova.helpers import check_invariants
from tests.codec_checks import assert_same_requests

_GAMES = os.environ.get("ARK_NOVA_PROPERTY_GAMES")
GAMES = int(_GAMES or "500")
MAP_GAMES = int(_GAMES or "300")
SOLO_GAMES = int(_GAMES or "300")
MAPS = ("0", "1", "1a", "2", "3", "4", "5", "6", "7", "8", "random")
OBS_CHECKS_PER_GAME = 2
# Observation checks fall on random steps below this (a little under the shortest game of
# each player count, measured: solo 56-86 decisions, 2p from 690, 3p 833, 4p 1042), so
# they cover a whole game, late game and final scoring included.
CHECK_HORIZON = {1: 55, 2: 680, 3: 820, 4: 1030}
GAME = get_game("ark-nova")
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


def play(n: int, seed: int, options: dict | None = None) -> dict:
    """One random game with every property checked; returns a summary."""
    config = GameConfig(n, options or {})
    g = ArkNovaState.new(config, seed)
    s = g.s
    rng = GameRng(seed * 7 + 1)
    obs_rng = GameRng(seed * 13 + 5)
    choices = []
    steps = 0
    requests = 0
    check_at = {obs_rng.randrange(CHECK_HORIZON[n]) for _ in range(OBS_CHECKS_PER_GAME)}
    while not g.is_terminal():
        seat = g.pending_seats()[0]
        options = g.decision(seat).options
        step = s.asked_step
        if isinstance(step, ChooseAction) and step.mode == 0:
            check_invariants(s)
        if steps in check_at:
            for q in (*range(n), -1):  # -1: a spectator sees the public part only
                twin = perturb(s, q, obs_rng)
                assert observe(twin, q) == observe(s, q), (seed, steps, q)
                if q >= 0:  # and the deciding seat is asked exactly the same
                    requests += assert_same_requests(GAME, g, [ArkNovaState(twin)], q)
        i = rng.randrange(len(options))
        choices.append(i)
        g.apply(seat, i)
        steps += 1
    check_invariants(s)
    if n == 1:  # the turn clock: 27 turns, 5 breaks, then final scoring
        assert s.turn_no == 27 and sum(1 for e in s.log if e.kind == "break") == 5
        assert (s.clock_size, s.clock_left) == (2, 0)
    else:
        assert s.end_triggered and s.turns_left <= 0
        assert anyone_reached(s) or any(victory_points(p.appeal, p.cp) >= 0
                                        for p in s.players)
    result = g.result()
    if seed % REPLAY_EVERY == 0:
        again = ArkNovaState.new(config, seed)
        for i in choices:
            again.apply(again.pending_seats()[0], i)
        assert again.is_terminal() and again.result() == result
        assert [observe(again.s, q) == observe(s, q) for q in range(n)] == [True] * n
    return {"turns": s.turn_no, "decisions": steps, "vp": list(result.scores),
            "requests": requests}


def _batch(args: tuple[int, list[int], dict]) -> list[dict]:
    n, seeds, options = args
    return [play(n, seed, options) for seed in seeds]


def _play_all(n: int, seeds: list[int], options: dict) -> list[dict]:
    halves = [(n, seeds[0::2], options), (n, seeds[1::2], options)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        return [x for batch in pool.map(_batch, halves) for x in batch]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end_and_keep_every_invariant(n: int) -> None:
    summaries = _play_all(n, list(range(1000 * n, 1000 * n + GAMES)), {})
    assert len(summaries) == GAMES
    assert sum(x["requests"] for x in summaries) >= GAMES  # two checks a game


@pytest.mark.parametrize("map_id", MAPS)
def test_random_two_player_games_on_every_map(map_id: str) -> None:
    base = 20_000 + 1000 * MAPS.index(map_id)
    summaries = _play_all(2, list(range(base, base + MAP_GAMES)), {"map": map_id})
    assert len(summaries) == MAP_GAMES


def test_random_solo_games_follow_the_turn_clock() -> None:
    summaries = _play_all(1, list(range(40_000, 40_000 + SOLO_GAMES)), {})
    assert len(summaries) == SOLO_GAMES
    assert sum(x["requests"] for x in summaries) >= SOLO_GAMES
    assert {x["turns"] for x in summaries} == {27}
