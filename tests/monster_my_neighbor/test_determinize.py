"""Determinization for search bots: a sample looks exactly like the real game to the
observing seat, conserves every card, and never depends on what that seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.core import GameConfig, GameRng, get_game
from engine.monster_my_neighbor.game_state import MonsterState
from engine.monster_my_neighbor.options import SIMULTANEOUS_KINDS
from tests.core.hidden_checks import same_sample_for_hidden_variants
from tests.monster_my_neighbor.helpers import card_locations_total, choose, position

GAME = get_game("monster-my-neighbor")


def decision_points(games: int, seed0: int = 0) -> Iterator[tuple[MonsterState, int]]:
    """Random games; yields (state, deciding seat) at about one decision in six."""
    for seed in range(seed0, seed0 + games):
        g = GAME.new_state(GameConfig(3 + seed % 6), seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            seat = rng.choice(g.pending_seats())
            if rng.random() < 0.16:
                yield g, seat
            g.apply(seat, rng.randrange(len(g.decision(seat).options)))


def test_a_sample_looks_like_the_game_to_its_seat() -> None:
    checked = 0
    for g, seat in decision_points(60):
        sample = GAME.determinize(g, seat, GameRng(checked))
        assert sample.observation(seat) == g.observation(seat)
        assert sample.decision(seat).options == g.decision(seat).options
        assert card_locations_total(sample.s) == card_locations_total(g.s) == 38
        assert [sum(h) for h in sample.s.hands] == sample.s.hand_sizes
        checked += 1
    assert checked > 500


def _hidden_variants(g: MonsterState, seat: int, rng: random.Random) -> list[MonsterState]:
    """Copies that differ from ``g`` only in what ``seat`` cannot see."""
    s = g.s
    out = []
    others = [q for q in range(s.n) if q != seat and s.hand_sizes[q]]
    deck = [t for t, k in enumerate(s.main_deck) if k]
    for q in others:
        held = [t for t, k in enumerate(s.hands[q]) if k and not s.cards.is_monster[t]
                and s.tracked_holder[t] != q]
        if held and deck:
            v = g.clone()
            t_hand, t_deck = rng.choice(held), rng.choice(deck)
            v.s.hands[q][t_hand] -= 1
            v.s.main_deck[t_hand] += 1
            v.s.main_deck[t_deck] -= 1
            v.s.hands[q][t_deck] += 1
            out.append(v)
    v = g.clone()
    rng.shuffle(v.s.monster_deck)
    v.s.rng.reseed(rng.randrange(1 << 30))
    out.append(v)
    if s.pend_kind in SIMULTANEOUS_KINDS:
        for q in s.pend_participants:
            if q != seat and q in s.buffered and len(s.pend_options[q]) > 1:
                v = g.clone()
                v.s.buffered[q] = next(o for o in v.s.pend_options[q] if o != v.s.buffered[q])
                out.append(v)
    return out


def test_states_differing_only_in_hidden_information_give_the_same_sample() -> None:
    compared = same_sample_for_hidden_variants(
        GAME, decision_points(12, seed0=500), _hidden_variants, random.Random(5))
    assert compared > 100


def test_a_known_monster_is_the_samples_monster() -> None:
    """Seat 0 holds the Werewolf: every sample has it as the round's Monster, in seat 0's
    hand; the holders of everything else vary with the rng."""
    g = position(4, {0: ["werewolf", "hunter"], 1: ["hide", "fog"], 2: ["rumor", "villagers"],
                     3: ["dog", "hunter"]}, monster="werewolf")
    hands = set()
    for k in range(20):
        sample = GAME.determinize(g, 0, GameRng(k)).s
        assert sample.round_monster == g.s.round_monster
        assert sample.hands[0] == g.s.hands[0]
        hands.add(tuple(tuple(h) for h in sample.hands[1:]))
    assert len(hands) > 1


def test_own_simultaneous_choice_is_kept_and_others_choose_again() -> None:
    g = position(4, {0: ["gossip", "hide", "villagers"], 1: ["hunter", "fog"],
                     2: ["rumor", "hide"], 3: ["fog", "werewolf"]})
    choose(g, 0, "gossip")
    choose(g, 1, "fog")
    choose(g, 2, "rumor")
    sample = GAME.determinize(g, 1, GameRng(3))
    assert sample.s.buffered == {1: g.s.buffered[1]}
    assert sample.pending_seats() == (0, 2, 3)
    assert sample.observation(1) == g.observation(1)
