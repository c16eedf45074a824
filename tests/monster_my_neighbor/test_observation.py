"""§14.2 What each seat sees: its own hand and private log, public facts, nothing else."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from engine.core.game import GameConfig
from engine.core.rng import GameRng
from engine.monster_my_neighbor import GAME
from engine.monster_my_neighbor.effects import GossipPass
from engine.monster_my_neighbor.events import (
    HOW_DEAL,
    HOW_DOG_HANDOVER,
    HOW_FOG,
    HOW_GOSSIP,
    HOW_RUMOR,
    HOW_STEAL,
    ORIGIN_DOG,
    FaceDownCard,
    Gave,
    OwnDiscard,
    Received,
    RoundStarted,
    SawHand,
)
from engine.monster_my_neighbor.game_state import MonsterState
from engine.monster_my_neighbor.observation import private_since, round_start
from tests.monster_my_neighbor.helpers import CARDS, choose, position, tid


def private(s: MonsterState, seat: int) -> list[tuple]:
    return list(s.observation(seat).private_log)


def test_own_hand_is_sorted_by_type_and_others_only_as_sizes() -> None:
    s = position(4, {0: ["fog", "hide", "hunter"], 1: ["werewolf", "rumor"]})
    obs = s.observation(0)
    assert obs.hand == (tid("hunter"), tid("hide"), tid("fog"))
    assert obs.hand_sizes == (3, 2, 0, 0)
    assert not hasattr(obs, "hands")
    assert s.observation(1).hand == (tid("rumor"), tid("werewolf"))


def test_after_outlaw_only_the_actor_sees_the_hand() -> None:
    s = position(4, {0: ["outlaw", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor"]})
    choose(s, 0, "outlaw")
    choose(s, 0, 2)
    assert private(s, 0)[-1] == SawHand(2, (tid("rumor"), tid("werewolf")))
    for seat in (1, 2, 3):
        assert all(not isinstance(e, SawHand) for e in private(s, seat))
        assert "seat 0 looked at seat 2's hand" in [
            line for line in s.public_log()
        ]


def test_after_steal_actor_sees_the_card_target_sees_both() -> None:
    s = position(4, {0: ["steal", "fog"], 1: ["hide", "fog"], 2: ["werewolf"]})
    choose(s, 0, "steal")
    choose(s, 0, 2)
    choose(s, 0, "fog")
    wolf, fog = tid("werewolf"), tid("fog")
    assert private(s, 0)[-2:] == [Received(wolf, 2, HOW_STEAL), Gave(fog, 2, HOW_STEAL)]
    assert private(s, 2)[-2:] == [Gave(wolf, 0, HOW_STEAL), Received(fog, 0, HOW_STEAL)]
    assert private(s, 1) == [] and private(s, 3) == []
    assert "seat 0 took 1 card from seat 2 and gave 1 back" in s.public_log()


def test_after_rumor_each_seat_knows_what_it_drew_and_lost() -> None:
    s = position(4, {0: ["rumor", "fog"], 1: ["hide", "hide"], 2: ["werewolf", "werewolf"]})
    choose(s, 0, "rumor")
    assert Received(tid("fog"), 0, HOW_RUMOR) in private(s, 1)
    assert Gave(tid("fog"), 1, HOW_RUMOR) in private(s, 0)
    assert Received(tid("hide"), 1, HOW_RUMOR) in private(s, 2)
    assert private(s, 3)[0] == Received(tid("werewolf"), 2, HOW_RUMOR)
    assert all(getattr(e, "card", None) != tid("werewolf") for e in private(s, 1))


def test_gossip_choices_stay_hidden_until_and_after_resolution() -> None:
    s = position(4, {0: ["gossip", "fog", "hide"], 1: ["hunter", "rumor"], 3: ["werewolf", "hide"]})
    choose(s, 0, "gossip")
    before = [s.observation(q) for q in range(4)]
    choose(s, 1, "rumor")
    assert s.observation(1).own_pending_choice == GossipPass(tid("rumor"))
    for q in (0, 2, 3):
        assert s.observation(q) == before[q]
    assert s.observation(0).pending_seats == (0, 1, 3)
    choose(s, 3, "werewolf")
    choose(s, 0, "fog")
    assert Received(tid("rumor"), 1, HOW_GOSSIP) in private(s, 2)
    assert Received(tid("werewolf"), 3, HOW_GOSSIP) in private(s, 0)
    assert all(getattr(e, "card", None) != tid("werewolf") for e in private(s, 2))
    assert all(getattr(e, "card", None) != tid("werewolf") for e in private(s, 1))


def test_fog_contributors_see_only_their_own_card_in_and_out() -> None:
    s = position(
        4, {0: ["fog", "hide", "villagers"], 1: ["rumor", "hide"], 2: ["werewolf", "hunter"]},
        rotation=1,
    )
    choose(s, 0, "fog")
    choose(s, 0, "villagers")
    choose(s, 1, "rumor")
    choose(s, 2, "hunter")
    for q in (0, 1, 2):
        fog_events = [e for e in private(s, q) if getattr(e, "how", None) == HOW_FOG]
        assert [type(e) for e in fog_events] == [Gave, Received]
        gave, received = fog_events
        assert gave.to_seat == received.from_seat == -1  # the pool hides who gave what
    assert private(s, 3) == []


def test_deal_parties_see_what_they_received() -> None:
    s = position(4, {0: ["deal", "fog", "rumor"], 1: ["hide", "fog"], 2: ["werewolf", "hunter"]})
    choose(s, 0, "deal")
    choose(s, 0, 2)
    choose(s, 0, 1)
    choose(s, 2, ("hunter",))
    assert s.observation(0).own_pending_choice is None
    choose(s, 0, ("rumor",))
    assert Received(tid("hunter"), 2, HOW_DEAL) in private(s, 0)
    assert Received(tid("rumor"), 0, HOW_DEAL) in private(s, 2)
    assert private(s, 1) == [] and private(s, 3) == []
    assert "seats 0 and 2 exchanged 1 card(s)" in s.public_log()


def test_dog_discard_is_known_to_the_discarder_only() -> None:
    s = position(4, {0: ["dog", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor"]})
    choose(s, 0, "dog")
    choose(s, 0, 2)  # seat 2 must discard its Rumor (the Monster is not its last card)
    assert s.observation(2).face_down[0] == (FaceDownCard(ORIGIN_DOG, tid("rumor")),)
    for q in (0, 1, 3):
        assert s.observation(q).face_down[0] == (FaceDownCard(ORIGIN_DOG, -1),)
        assert s.observation(q).tracked_holders == ((tid("dog"), 2),)
    assert OwnDiscard(tid("rumor"), ORIGIN_DOG) in private(s, 2)
    assert Received(tid("dog"), 0, HOW_DOG_HANDOVER) in private(s, 2)


def test_dog_location_forgotten_after_a_hidden_transfer() -> None:
    s = position(4, {0: ["dog", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor", "steal"]},
                 rotation=1)
    choose(s, 0, "dog")
    choose(s, 0, 2)
    choose(s, 2, "rumor")
    assert s.observation(3).tracked_holders == ((tid("dog"), 2),)
    choose(s, 1, "hide")
    choose(s, 2, "steal")  # seat 2 steals and gives a card: the Dog may have moved
    choose(s, 2, 1)
    choose(s, 2, s.decision(2).options[0])
    assert s.observation(3).tracked_holders == ()


def test_observation_is_immutable_and_comparable() -> None:
    s = position(4, {0: ["hide", "fog"], 1: ["werewolf", "rumor"]})
    a, b = s.observation(0), s.observation(0)
    assert a == b and hash(a.hand) == hash(b.hand)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.round = 3  # type: ignore[misc]


def test_observation_and_state_survive_pickling() -> None:
    """Runners ship states and observations between processes."""
    s = position(4, {0: ["hide", "fog"], 1: ["werewolf", "rumor"]})
    assert pickle.loads(pickle.dumps(s.observation(0))) == s.observation(0)
    twin = pickle.loads(pickle.dumps(s))
    assert [twin.observation(q) for q in range(4)] == [s.observation(q) for q in range(4)]


def test_an_effect_waiting_for_its_target_shows_the_slot_unfilled() -> None:
    """14.2: while the Hunter's player chooses a target, the observed effect has one target
    slot, still unfilled (-1); found by the mutation campaign."""
    s = position(4, {0: ["hunter", "fog"], 1: ["werewolf"]}, rotation=2)
    choose(s, 0, "hunter")
    effect = s.observation(0).effect
    assert (effect.card, effect.slots) == (tid("hunter"), (-1,))


def test_every_observation_names_the_pending_decision_kind() -> None:
    """14.2 "Pending decision: who is being asked, and which kind": through a whole game
    every seat observes the kind the asked seat owes (PLAY_CARD included), and nothing once
    the game is over (found by the second mutation campaign: the kind was never checked,
    so "no decision" could share PLAY_CARD's number unnoticed)."""
    g = MonsterState.new(CARDS, 4, 7)
    kinds = set()
    while not g.s.terminal:
        asked = g.pending_seats()
        kind = g.decision(asked[0]).kind
        kinds.add(kind)
        assert {g.observation(seat).pending_kind for seat in range(4)} == {kind}
        g.apply(asked[0], 0)
    assert "PLAY_CARD" in kinds
    assert {g.observation(seat).pending_kind for seat in range(4)} == {""}


def test_round_start_and_private_since_match_their_definitions_over_whole_games() -> None:
    """The fast log readers the bots use (a backward scan, a bisection) give what a full
    scan gives: the last RoundStarted, and the private entries recorded after it."""
    checked = 0
    for seed in range(4):
        state = GAME.new_state(GameConfig(5), seed)
        rng = GameRng(seed)
        while not state.is_terminal():
            for seat in range(5):
                obs = state.observation(seat)
                log = obs.public_log
                start = max((i for i, e in enumerate(log) if type(e) is RoundStarted),
                            default=0)
                assert round_start(log) == start
                assert private_since(obs, start) == [
                    (t, e) for t, e in zip(obs.private_log_times, obs.private_log,
                                           strict=True) if t > start]
                checked += 1
            seat = state.pending_seats()[0]
            state.apply(seat, rng.randrange(len(state.decision(seat).options)))
    assert checked > 500
