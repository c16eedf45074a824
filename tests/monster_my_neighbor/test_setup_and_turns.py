"""§3-§5: game and round setup, the Wanted opening, turn markers, turn flow."""

from __future__ import annotations

import pytest

from engine.monster_my_neighbor.events import (
    ORIGIN_FORCED_HUNTER,
    RESULT_LAST_CARD_VOID,
    CardPlayed,
    DealtHand,
    ForcedChoice,
    ForcedHunterDiscard,
    Passed,
    TurnSkipped,
)
from engine.monster_my_neighbor.game_state import MonsterState
from engine.monster_my_neighbor.turns import PlayCard, marker_turn
from tests.monster_my_neighbor.helpers import CARDS, choose, hand_names, option_names, position, tid


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_round_setup_composition(players: int) -> None:
    """§4: 3 fixed + 4(N-1) random general cards + 1 Monster, 4 dealt to each seat."""
    for seed in range(20):
        s = MonsterState.new(CARDS, players, seed)
        dealt = [0] * CARDS.type_count
        for q in range(players):
            hand = s.s.private_logs[q][0]
            assert isinstance(hand, DealtHand) and (hand.round, len(hand.cards)) == (1, 4)
            for t in hand.cards:
                dealt[t] += 1
        assert sum(dealt) == 4 * players
        assert dealt[tid("wanted")] == 1
        assert dealt[tid("hunter")] >= 1 and dealt[tid("hide")] >= 1
        assert sum(dealt[t] for t in CARDS.monster_types) == 1
        assert dealt[s.s.round_monster] == 1
        assert sum(s.s.main_deck) == 33 - (4 * players - 1)
        for t in range(CARDS.type_count):
            expected = int(t == s.s.round_monster) if CARDS.is_monster[t] else CARDS.counts[t]
            assert dealt[t] + s.s.main_deck[t] == expected


def test_each_round_uses_a_different_monster() -> None:
    s = MonsterState.new(CARDS, 5, 3)
    seen = [s.s.round_monster]
    while not s.is_terminal():
        round_no = s.s.round_no
        seat = s.pending_seats()[0]
        s.apply(seat, 0)
        if s.s.round_no != round_no and not s.is_terminal():
            seen.append(s.s.round_monster)
    assert sorted(seen) == sorted(CARDS.monster_types)
    assert len(s.s.finished) == 5


def test_wanted_holder_opens_and_rotation_counts_from_them() -> None:
    s = MonsterState.new(CARDS, 5, 5)
    opener = s.s.wanted_holder
    assert s.s.public_events[1] == CardPlayed(opener, tid("wanted"), 1)  # by the holder
    assert s.s.turns_taken[opener] == 1 and s.s.rotation == 1


def test_hunter_cannot_be_played_in_rotation_1() -> None:
    s = position(4, {0: ["hunter", "fog", "hide"]}, rotation=1)
    assert option_names(s, 0) == ["hide", "fog"]
    s = position(4, {0: ["hunter", "fog", "hide"]}, rotation=2)
    assert option_names(s, 0) == ["hunter", "hide", "fog"]


def test_rotation_advances_after_the_last_seat() -> None:
    s = position(3, {2: ["hide", "fog"], 0: ["hide", "fog"]}, rotation=2, active=2, start_seat=0)
    choose(s, 2, "hide")
    assert (s.s.active, s.s.rotation) == (0, 3)


def test_rotation_is_counted_from_the_wanted_holder() -> None:
    s = position(3, {0: ["hide", "fog"], 1: ["hide", "fog"]}, rotation=2, active=0, start_seat=1)
    choose(s, 0, "hide")
    assert (s.s.active, s.s.rotation) == (1, 3)


def test_empty_hand_skips_the_turn_and_still_counts() -> None:
    s = position(4, {0: ["hide", "fog"], 2: ["hide", "fog"]}, rotation=2)
    choose(s, 0, "hide")
    assert TurnSkipped(1, 2) in s.s.public_events
    assert s.s.turns_taken[1] == 2 and s.s.active == 2


def test_no_legal_play_with_a_hunter_forces_a_face_down_discard() -> None:
    """FAQ 1 generalised (§5.4): Hunters plus an unplayable Monster on turn 1."""
    s = position(4, {1: ["hunter", "hunter", "hunter", "werewolf"], 2: ["hide", "fog"]},
                 rotation=1, active=1)
    assert s.s.face_down[1] == [(tid("hunter"), ORIGIN_FORCED_HUNTER, 1, 1)]
    assert hand_names(s, 1) == ["hunter", "hunter", "werewolf"]
    assert ForcedHunterDiscard(1, 1) in s.s.public_events
    assert s.s.counters[0] == 0 and not s.s.first_hunter_played
    assert s.s.active == 2


def test_lone_monster_before_turn_4_passes() -> None:
    s = position(4, {1: ["vampire"], 2: ["hide", "fog"]}, rotation=2, active=1)
    assert Passed(1, 2) in s.s.public_events
    assert hand_names(s, 1) == ["vampire"] and s.s.active == 2


@pytest.mark.parametrize("card", ["fog", "rumor", "gossip", "deal"])
def test_last_card_rule_voids_card_moving_effects(card: str) -> None:
    """§5.5 / FAQ 2: played as the last card, the card has no effect at all."""
    s = position(4, {0: [card], 1: ["hide", "fog"], 2: ["werewolf", "rumor"]}, rotation=3)
    assert s.s.play_areas[0][-1].result == RESULT_LAST_CARD_VOID
    assert hand_names(s, 1) == ["hide", "fog"] and hand_names(s, 2) == ["rumor", "werewolf"]
    assert s.s.active == 1


def test_steal_works_as_the_last_card() -> None:
    s = position(4, {0: ["steal"], 1: ["hide", "fog"], 2: ["werewolf"]}, rotation=3)
    choose(s, 0, 2)
    assert hand_names(s, 0) == [] and hand_names(s, 2) == ["werewolf"]
    assert any(line.startswith("seat 0 took 1 card from seat 2") for line in s.public_log())


def test_single_option_is_resolved_and_logged_privately_as_forced() -> None:
    s = position(4, {0: ["hide", "hide"], 1: ["fog", "rumor"]}, rotation=2)
    assert s.s.play_areas[0][-1].card == tid("hide")
    assert ForcedChoice(0, PlayCard(tid("hide"))) in s.s.private_logs[0]
    assert all(not isinstance(e, ForcedChoice) for e in s.s.private_logs[1])
    assert s.pending_seats() == (1,)


def test_fallback_rotation_beyond_4_uses_turn_4_markers() -> None:
    """§5.6 defensive fallback: unreachable in play, but the markers stay at turn 4."""
    s = position(4, {0: ["werewolf", "fog"], 1: ["hide", "fog"]}, rotation=5)
    assert marker_turn(s.s) == 3
    assert option_names(s, 0) == ["fog", "werewolf"]


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
