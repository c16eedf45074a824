"""Properties over thousands of seeded random games (3-8 players).

Every game ends and every round ends by rotation 4; all 38 cards are accounted for in
every state; the §5.6 hand limit holds; a seat's observation does not change when only
information hidden from it changes; games are pure functions of (seed, choices); an
illegal choice raises and leaves the state unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.core import GameConfig, IllegalChoice, NotYourTurn, get_game, play_match, replay_match
from engine.monster_my_neighbor.game_state import MonsterState
from engine.monster_my_neighbor.options import (
    KIND_NAMES,
    SIMULTANEOUS_KINDS,
)
from engine.toolkit.bots import make_bot
from tests.codec_checks import assert_same_requests
from tests.monster_my_neighbor.helpers import card_locations_total, hand_within_limit

GAME = get_game("monster-my-neighbor")


def random_states(games: int, seed0: int = 0) -> Iterator[tuple[int, MonsterState]]:
    """Yield every state of ``games`` random games, cycling through 3..8 players."""
    for seed in range(seed0, seed0 + games):
        players = 3 + seed % 6
        s = GAME.new_state(GameConfig(players), seed)
        pick = random.Random(seed * 7 + 1)
        yield seed, s
        while not s.is_terminal():
            seat = pick.choice(s.pending_seats())
            s.apply(seat, pick.randrange(len(s.decision(seat).options)))
            yield seed, s


def snapshot(s: MonsterState) -> tuple:
    """All of a state's data, for exact before/after comparison."""
    return (
        tuple(tuple(h) for h in s.s.hands), tuple(s.s.hand_sizes), tuple(s.s.turns_taken),
        tuple(tuple(a) for a in s.s.play_areas), tuple(tuple(f) for f in s.s.face_down),
        tuple(s.s.main_deck), tuple(s.s.under_deck), tuple(s.s.monster_deck), tuple(s.s.removed),
        tuple(s.s.vp), s.s.round_no, s.s.rotation, s.s.active, s.s.pend_kind, tuple(s.s.pend_seats),
        tuple(sorted(s.s.pend_options.items())), tuple(sorted(s.s.buffered.items())),
        s.s.ctx_step, tuple(s.s.ctx_slots), tuple(s.s.public_events),
        tuple(tuple(log) for log in s.s.private_logs), tuple(tuple(t) for t in s.s.private_times),
        s.s.rng.fork().random(),
    )


def test_invariants_over_thousands_of_random_games() -> None:
    games = 0
    last_seed = -1
    for seed, s in random_states(2400):
        if seed != last_seed:
            games += 1
            last_seed = seed
        assert card_locations_total(s.s) == 38, seed
        assert hand_within_limit(s.s), seed
        assert s.s.rotation <= 4, seed  # every round ends by rotation 4
        if not s.is_terminal():
            assert s.pending_seats(), seed
            for seat in s.pending_seats():
                assert len(s.decision(seat).options) >= 2  # single options auto-resolve
        else:
            assert len(s.result().details["rounds"]) == 5
    assert games == 2400


def hidden_variants(s: MonsterState, seat: int, rng: random.Random) -> list[MonsterState]:
    """Clones of ``s`` that differ only in information hidden from ``seat``."""
    variants = []
    others = [q for q in range(s.s.n) if q != seat and s.s.hand_sizes[q]]
    c = s.s.cards
    if len(others) >= 2:  # swap one card between two other hands (sizes kept)
        a, b = rng.sample(others, 2)
        v = s.clone()
        ta = rng.choice([t for t, k in enumerate(v.s.hands[a]) if k])
        tb = rng.choice([t for t, k in enumerate(v.s.hands[b]) if k])
        v.s.hands[a][ta] -= 1
        v.s.hands[b][tb] -= 1
        v.s.hands[a][tb] += 1
        v.s.hands[b][ta] += 1
        variants.append(v)
    deck = [t for t, k in enumerate(s.s.main_deck) if k]
    if others and deck:  # exchange a hidden hand card with an undealt card
        q = rng.choice(others)
        v = s.clone()
        held = [t for t, k in enumerate(v.s.hands[q]) if k and not c.is_monster[t]]
        if held:
            t_hand, t_deck = rng.choice(held), rng.choice(deck)
            v.s.hands[q][t_hand] -= 1
            v.s.main_deck[t_hand] += 1
            v.s.main_deck[t_deck] -= 1
            v.s.hands[q][t_deck] += 1
            variants.append(v)
    hidden_face_down = [  # face-down cards this seat neither discarded nor was shown
        (i, j) for i, pile in enumerate(s.s.face_down)
        for j, (_card, _origin, owner, viewer) in enumerate(pile) if seat not in (owner, viewer)
    ]
    if hidden_face_down and deck:  # exchange one of them with an undealt card
        i, j = rng.choice(hidden_face_down)
        v = s.clone()
        card, origin, owner, viewer = v.s.face_down[i][j]
        t_deck = rng.choice(deck)
        v.s.main_deck[t_deck] -= 1
        v.s.main_deck[card] += 1
        v.s.face_down[i][j] = (t_deck, origin, owner, viewer)
        variants.append(v)
    noted = [q for q in range(s.s.n) if q != seat and s.s.private_logs[q]]
    if noted:  # forget another seat's latest private note
        q = rng.choice(noted)
        v = s.clone()
        v.s.private_logs[q].pop()
        v.s.private_times[q].pop()
        variants.append(v)
    v = s.clone()  # reorder the Monster deck and reseed the future
    rng.shuffle(v.s.monster_deck)
    v.s.rng.reseed(rng.randrange(1 << 30))
    variants.append(v)
    if s.s.pend_kind in SIMULTANEOUS_KINDS:  # change another seat's pending choice
        for q in s.s.pend_participants:
            if q != seat and q in s.s.buffered and len(s.s.pend_options[q]) > 1:
                v = s.clone()
                options = [o for o in v.s.pend_options[q] if o != v.s.buffered[q]]
                v.s.buffered[q] = rng.choice(options)
                variants.append(v)
    return variants


def test_observation_unchanged_when_only_hidden_information_changes() -> None:
    rng = random.Random(99)
    checked = 0
    simultaneous_checked = 0
    requests = 0
    for _seed, s in random_states(60, seed0=10_000):
        if s.is_terminal():
            continue
        pending = s.pending_seats()
        if s.s.pend_kind in SIMULTANEOUS_KINDS and rng.random() < 0.5:
            # commit one participant so others have a hidden pending choice to vary
            first = pending[0]
            probe = s.clone()
            probe.apply(first, rng.randrange(len(probe.decision(first).options)))
            if not probe.is_terminal() and probe.s.pend_kind in SIMULTANEOUS_KINDS:
                for seat in range(probe.s.n):
                    if seat != first:
                        obs = probe.observation(seat)
                        variants = hidden_variants(probe, seat, rng)
                        for v in variants:
                            assert v.observation(seat) == obs
                            simultaneous_checked += 1
                        requests += assert_same_requests(GAME, probe, variants, seat)
        if rng.random() < 0.1:
            for seat in range(s.s.n):
                obs = s.observation(seat)
                variants = hidden_variants(s, seat, rng)
                for v in variants:
                    assert v.observation(seat) == obs
                    checked += 1
                # a deciding seat is also sent the same options and labels
                requests += assert_same_requests(GAME, s, variants, seat)
    assert checked > 5_000 and simultaneous_checked > 5_000 and requests > 2_000


def test_observation_does_change_with_the_seats_own_hand() -> None:
    """The property above is not vacuous: a seat's own hidden hand is in its view."""
    for _seed, s in random_states(30, seed0=500):
        if s.is_terminal() or not s.s.hand_sizes[0]:
            continue
        v = s.clone()
        t = next(t for t, k in enumerate(v.s.hands[0]) if k)
        v.s.hands[0][t] -= 1
        v.s.hands[0][(t + 1) % v.s.cards.type_count] += 1
        assert v.observation(0) != s.observation(0)


def play_recorded(players: int, seed: int) -> tuple[list, list, object]:
    s = GAME.new_state(GameConfig(players), seed)
    pick = random.Random(seed)
    choices, views = [], []
    while not s.is_terminal():
        seat = s.pending_seats()[-1]
        index = pick.randrange(len(s.decision(seat).options))
        views.append(tuple(s.observation(q) for q in range(players)))
        choices.append((seat, index))
        s.apply(seat, index)
    return choices, views, s.result()


@pytest.mark.parametrize("players", [3, 5, 8])
def test_same_seed_and_choices_give_the_same_game(players: int) -> None:
    for seed in range(15):
        choices, views, result = play_recorded(players, seed)
        s = GAME.new_state(GameConfig(players), seed)
        for step, (seat, index) in enumerate(choices):
            assert tuple(s.observation(q) for q in range(players)) == views[step]
            s.apply(seat, index)
        assert s.result() == result


def test_replay_match_reproduces_a_bot_game() -> None:
    bots = [make_bot("monster-my-neighbor", "random") for _ in range(6)]
    for seed in range(10):
        outcome = play_match("monster-my-neighbor", GameConfig(6), seed, bots)
        state = replay_match(outcome.replay)
        assert state.result().scores == outcome.result.scores
        assert state.public_log() == replay_match(outcome.replay).public_log()


def test_clone_is_independent() -> None:
    for _seed, s in random_states(20, seed0=77):
        if s.is_terminal():
            continue
        before = snapshot(s)
        twin = s.clone()
        seat = twin.pending_seats()[0]
        twin.apply(seat, 0)
        assert snapshot(s) == before


def test_illegal_choice_raises_and_leaves_the_state_unchanged() -> None:
    rng = random.Random(5)
    for _seed, s in random_states(60, seed0=3_000):
        if s.is_terminal() or rng.random() < 0.7:
            continue
        before = snapshot(s)
        views = [s.observation(q) for q in range(s.s.n)]
        seat = s.pending_seats()[0]
        size = len(s.decision(seat).options)
        for bad in (-1, size, size + 5, True, "0", 1.0):
            with pytest.raises(IllegalChoice):
                s.apply(seat, bad)  # type: ignore[arg-type]
        idle = [q for q in range(s.s.n) if q not in s.pending_seats()]
        for q in idle:
            with pytest.raises(NotYourTurn):
                s.apply(q, 0)
            with pytest.raises(NotYourTurn):
                s.decision(q)
        assert snapshot(s) == before
        assert [s.observation(q) for q in range(s.s.n)] == views


def test_options_of_simultaneous_kinds_are_buffered() -> None:
    """An option class of a simultaneous kind answers by buffering (SimultaneousOption),
    every other kind by acting at once: the apply a choice takes follows its kind."""
    import engine.monster_my_neighbor.effects as effects
    import engine.monster_my_neighbor.turns as turns
    from engine.monster_my_neighbor.options import MonsterOption, SimultaneousOption

    kinds = {cls: cls.kind for module in (effects, turns) for cls in vars(module).values()
             if isinstance(cls, type) and issubclass(cls, MonsterOption)
             and "__dataclass_fields__" in cls.__dict__}
    assert set(kinds.values()) == set(range(len(KIND_NAMES)))
    for cls, kind in kinds.items():
        assert issubclass(cls, SimultaneousOption) == (kind in SIMULTANEOUS_KINDS), cls
