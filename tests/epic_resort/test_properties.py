"""Property tests over thousands of seeded random 2-, 3- and 4-player games."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalChoice
from engine.core.game import GameConfig
from engine.core.match import play_match
from engine.core.registry import get_game
from engine.core.replay import replay_match
from engine.epic_resort.actions import GmSplit
from engine.epic_resort.attacks import END_RESPONSE
from engine.epic_resort.game_state import EpicResortState
from engine.epic_resort.phase1 import FINISH_PLACING, PlanWorker
from engine.epic_resort.state import State
from engine.epic_resort.turns import END_TURN, PASS
from engine.toolkit.bots import make_bot
from tests.codec_checks import assert_same_requests

GAME = get_game("epic-resort")
GAMES = {2: 1200, 3: 900, 4: 700}
CHECKED_GAMES = 40  # games per player count with the (slower) per-step deep checks
MAX_STEPS = 20_000
STOP = {PASS, FINISH_PLACING, END_TURN, END_RESPONSE}


def policy(state: EpicResortState, seat: int, rng: random.Random) -> int:
    """Random, but passing / saying done only 30% of the time: explores deeper games."""
    opts = state.decision(seat).options
    keep = [i for i, o in enumerate(opts) if o not in STOP]
    if keep and (len(keep) < len(opts)) and rng.random() < 0.7:
        return rng.choice(keep)
    return rng.randrange(len(opts))


def check_invariants(s: State) -> None:
    atts = s.cards.attractions
    for seat, p in enumerate(s.players):
        assert 0 <= p.flair <= 14 and 0 <= p.gold <= 14
        workers = len(p.hand) + len(p.draw) + len(p.discard) + len(p.removed)
        workers += sum(len(sl.workers) + len(sl.stranded) for sl in p.slots)
        workers += len(s.p1_plan[seat]) + (1 if s.p1_gm[seat] >= 0 else 0)
        workers += sum(1 for f in s.steps if isinstance(f, GmSplit) and f.seat == seat)
        assert workers == 13 + p.trained
        for sl in p.slots:
            if sl.stack:
                # never a tourist on the gold-bordered box
                assert 0 <= sl.tourists <= atts[sl.top].capacity
                assert sl.damage < atts[sl.top].damage_limit
            else:
                assert sl.tourists == 0 and sl.hero == -1
    assert len(s.monster_deck) + len(s.monster_discard) + (s.attack is not None) in (15, 21, 27)


def play(n: int, seed: int, deep: bool) -> EpicResortState:
    g = EpicResortState.new(GameConfig(n), seed)
    rng = random.Random(seed)
    steps = 0
    while not g.is_terminal():
        seats = g.pending_seats()
        seat = seats[rng.randrange(len(seats))]
        if deep:
            check_invariants(g.s)
        g.apply(seat, policy(g, seat, rng))
        steps += 1
        assert steps < MAX_STEPS
    check_invariants(g.s)
    return g


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_end_with_invariants(n: int) -> None:
    seasons = []
    for seed in range(GAMES[n]):
        g = play(n, seed, deep=seed < CHECKED_GAMES)
        r = g.result()
        assert len(r.ranks) == n and min(r.ranks) == 1
        seasons.append(r.details["seasons"])
    assert max(seasons) > 2


def _hide_shuffle(s: State, seat: int, rng: random.Random) -> State:
    """A copy that differs only in what ``seat`` may not know."""
    t = s.clone()
    for other, p in enumerate(t.players):
        if other != seat and p.hand and p.draw:
            i, j = rng.randrange(len(p.hand)), rng.randrange(len(p.draw))
            p.hand[i], p.draw[j] = p.draw[j], p.hand[i]
        rng.shuffle(p.draw)
    if t.params.phase_i_mode == "simultaneous":  # others' Phase I plans, until revealed
        for other, plan in enumerate(t.p1_plan):
            if other != seat and plan:
                w, slot, alloc = plan[0]
                plan[0] = (w, slot + 1 if slot >= 0 else slot, alloc)
                plan.reverse()
                t.p1_day[other] += 1
            if other != seat and t.phase == 1 and not t.p1_done[other] and t.players[other].hand:
                # one more worker planned: hidden too (the hand size counts planned ones)
                t.p1_plan[other].append((t.players[other].hand.pop(), 0, ()))
    rng.shuffle(t.main_deck)
    rng.shuffle(t.monster_deck)
    for pile in t.draft_piles:
        rng.shuffle(pile)
    return t


@pytest.mark.parametrize("n", [2, 3, 4])
def test_observation_ignores_hidden_information(n: int) -> None:
    requests = 0
    for seed in range(40):
        g = EpicResortState.new(GameConfig(n), 1000 + seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            seats = g.pending_seats()
            if rng.random() < 0.05:
                for seat in range(n):
                    twin = EpicResortState(_hide_shuffle(g.s, seat, rng))
                    assert twin.observation(seat) == g.observation(seat)
                    # a deciding seat is also sent the same options and labels
                    requests += assert_same_requests(GAME, g, [twin], seat)
            seat = seats[rng.randrange(len(seats))]
            g.apply(seat, policy(g, seat, rng))
    assert requests > 300


def test_phase1_placements_hidden_from_other_seats() -> None:
    for seed in range(30):
        g = EpicResortState.new(GameConfig(3), seed)
        while g.decision(g.pending_seats()[0]).kind == "STARTING_LAYOUT":
            g.apply(g.pending_seats()[0], 0)
        seats = g.pending_seats()
        assert seats == (0, 1, 2)
        before = [g.observation(s) for s in seats]
        d = g.decision(0)
        sends = [i for i, o in enumerate(d.options) if isinstance(o, PlanWorker)]
        g.apply(0, sends[0])
        assert g.observation(1) == before[1] and g.observation(2) == before[2]
        assert g.observation(0) != before[0]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_replays_are_deterministic(n: int) -> None:
    for seed in range(15):
        bots = [make_bot("epic-resort", "random") for _ in range(n)]
        out = play_match("epic-resort", GameConfig(n), seed, bots)
        final = replay_match(out.replay)
        assert final.result() == out.result
        again = play_match("epic-resort", GameConfig(n), seed, bots)
        assert again.replay.choices == out.replay.choices


def test_illegal_choices_leave_state_unchanged() -> None:
    for seed in range(30):
        g = EpicResortState.new(GameConfig(2 + seed % 3), seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            seats = g.pending_seats()
            seat = seats[0]
            if rng.random() < 0.1:
                n_opts = len(g.decision(seat).options)
                obs = [g.observation(s) for s in range(g.s.n)]
                steps = list(g.s.steps)
                for bad_seat, bad in ((seat, n_opts), (seat, -1), (seat, True)):
                    with pytest.raises(IllegalChoice):
                        g.apply(bad_seat, bad)
                idle = [s for s in range(g.s.n) if s not in seats]
                if idle:
                    with pytest.raises(IllegalChoice):
                        g.apply(idle[0], 0)
                assert [g.observation(s) for s in range(g.s.n)] == obs
                assert g.s.steps == steps
            g.apply(seat, policy(g, seat, rng))


def test_options_stay_small_and_labelled() -> None:
    biggest = 0
    for seed in range(30):
        g = EpicResortState.new(GameConfig(2 + seed % 3), seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            seat = g.pending_seats()[0]
            d = g.decision(seat)
            biggest = max(biggest, len(d.options))
            assert len(set(d.options)) == len(d.options)
            assert g.describe_option(seat, len(d.options) - 1)
            g.apply(seat, policy(g, seat, rng))
        assert g.public_log()
    assert biggest < 100
