"""Rules the coverage table (tests/spec_coverage) found without a scenario of their own."""

from __future__ import annotations

import pytest

from engine.monster_my_neighbor.events import (
    HOW_FRIEND,
    PV_GAVE,
    RESULT_CAPTURED,
    RESULT_NONE,
    PlayedCard,
)
from engine.monster_my_neighbor.game_state import MonsterState
from tests.monster_my_neighbor.helpers import (
    CARDS,
    choose,
    hand_names,
    option_names,
    position,
    tid,
)


def test_a_new_game_starts_at_round_1_with_0_vp_for_everyone() -> None:
    """§3.5: every player's VP is 0 and the round counter is 1."""
    for players in (3, 8):
        s = MonsterState.new(CARDS, players, 7)
        assert s.s.round_no == 1 and s.s.vp == [0] * players and s.s.finished == []


def test_a_player_with_a_legal_card_may_not_pass() -> None:
    """§5.4 step 4: with a legal card there is no pass; every option is a card to play."""
    s = position(4, {0: ["vampire", "fog", "hide"], 2: ["rumor"]}, rotation=2)
    assert s.decision(0).kind == "PLAY_CARD"
    assert option_names(s, 0) == ["hide", "fog"]


def test_mandrake_is_playable_after_more_than_two_villagers() -> None:
    """§7.13 / §15.6: the condition reads "at least 2 Villagers", so 3 also allow it."""
    s = position(4, {0: ["mandragora", "fog"], 2: ["rumor", "hide"]}, villagers_played=3)
    assert "mandragora" in option_names(s, 0)


@pytest.mark.parametrize("rotation", [1, 2, 3, 4])
def test_unrestricted_cards_are_legal_on_every_turn(rotation: int) -> None:
    """§15.11 and §7.4-§7.12: Friend, Dog, Steal, Deal, Rumor, Gossip, Fog, Outlaw, Villagers
    and Hide carry no turn restriction (Hide and Villagers: playable without effect)."""
    free = ["friend", "dog", "steal", "deal", "rumor", "gossip", "fog", "outlaw", "villagers",
            "hide"]
    for card in free:
        other = "outlaw" if card == "villagers" else "villagers"
        s = position(4, {0: [card, other, "vampire"], 1: ["hide"], 2: ["rumor"]}, rotation=rotation)
        assert card in option_names(s, 0), (card, rotation)
        assert ("vampire" in option_names(s, 0)) == (rotation == 4)


def test_steal_and_deal_never_target_an_empty_hand() -> None:
    """§7.6, §7.7, §15.10: Steal and Deal target another player with at least one card."""
    for card in ("steal", "deal"):
        s = position(4, {0: [card, "fog"], 2: ["rumor"], 3: ["hide"]}, rotation=2)
        choose(s, 0, card)
        assert s.decision(0).kind == "CHOOSE_TARGET"
        assert option_names(s, 0) == [2, 3], card


def test_friends_and_counters_reset_and_cards_return_between_rounds() -> None:
    """§9: the Monster leaves the game; every other card returns to the 33-card main deck;
    Friend statuses and the counters reset; the next round is dealt as in §4."""
    s = position(4, {0: ["vampire"], 2: ["rumor"]}, rotation=4, friends=[2], hunters_played=2,
                 villagers_played=2, seed=3)
    assert s.s.finished[-1].monster_seat == 0
    st = s.s
    assert st.round_no == 2 and st.removed == [CARDS.type_id("vampire")]
    assert st.friends == [False] * 4
    assert st.counters == [0, 0] and not st.first_hunter_played
    dealt = (sum(st.hand_sizes) + sum(len(a) for a in st.play_areas)
             + sum(len(f) for f in st.face_down))
    assert dealt == 16 and sum(st.main_deck) + dealt - 1 == 33
    assert all(len(hand_names(s, q)) + len(st.play_areas[q]) == 4 for q in range(4))


def test_a_capture_marks_the_hunter_just_played_not_an_earlier_card() -> None:
    """7.2 and 14.2: the capture result goes on the Hunter that made it; the catcher's
    earlier face-up card keeps its own result (found by the mutation campaign: the mark
    was only checked with one card in the play area)."""
    s = position(4, {0: ["hunter", "fog"], 1: ["werewolf"]}, rotation=2)
    s.s.rounds = 1  # the last round: the play areas stay visible after the capture
    s.s.play_areas[0].append(PlayedCard(tid("villagers"), 1, -1, RESULT_NONE))
    choose(s, 0, "hunter")
    choose(s, 0, 1)
    first, last = s.s.play_areas[0]
    assert (first.card, first.result) == (tid("villagers"), RESULT_NONE)
    assert (last.card, last.result) == (tid("hunter"), RESULT_CAPTURED)


def test_the_friend_target_privately_logs_its_hunter_given_to_the_table() -> None:
    """7.4 and 14.2: the target of a Friend knows it gave a Hunter away, to no seat (-1, the
    table: under the main deck); found by the mutation campaign, which could change that
    recipient without any test noticing."""
    s = position(4, {0: ["friend", "fog"], 1: ["hunter", "rumor"], 2: ["werewolf"]})
    choose(s, 0, "friend")
    choose(s, 0, 1)
    gave = [e for e in s.observation(1).private_log if e[0] == PV_GAVE]
    assert gave == [(PV_GAVE, tid("hunter"), -1, HOW_FRIEND)]


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
