"""§7 Card reference: one scenario per general card effect."""

from __future__ import annotations

from engine.monster_my_neighbor.events import (
    ORIGIN_DOG,
    RESULT_CAPTURED,
    RESULT_HUNTER_DISCARDED,
    RESULT_NO_EFFECT,
    RESULT_NO_HUNTER,
    RESULT_NO_TARGET,
    RESULT_NONE,
    PlayedCard,
    Rumor,
    SawHand,
)
from engine.monster_my_neighbor.game_state import MonsterState
from tests.monster_my_neighbor.helpers import CARDS, choose, hand_names, option_names, position, tid


# ------------------------------------------------------------------ 7.1 Wanted
def test_wanted_opens_the_round_and_has_no_effect() -> None:

    s = MonsterState.new(CARDS, 4, 11)
    opener = s.s.start_seat
    assert s.s.wanted_holder == opener
    assert [p.card for p in s.s.play_areas[opener]] == [tid("wanted")]
    assert s.s.play_areas[opener][0].result == RESULT_NONE
    assert s.s.hands[opener][tid("wanted")] == 0
    assert s.s.active == (opener + 1) % 4 and s.s.rotation == 1


# ------------------------------------------------------------------ 7.2 Hunter
def test_hunter_captures_the_monster_holder() -> None:
    s = position(4, {0: ["hunter", "villagers"], 2: ["werewolf", "rumor"]}, rotation=2)
    choose(s, 0, "hunter")
    assert option_names(s, 0) == [1, 2, 3]
    choose(s, 0, 2)
    summary = s.s.finished[-1]
    assert (summary.monster_seat, summary.catcher_seat) == (2, 0)
    assert s.s.vp == [2, 1, 0, 1]


def test_hunter_on_a_non_monster_has_no_effect_and_counts() -> None:
    s = position(4, {0: ["hunter", "villagers"], 1: ["gossip", "hide"], 2: ["werewolf", "rumor"]})
    choose(s, 0, "hunter")
    choose(s, 0, 1)
    played = s.s.play_areas[0][-1]
    assert (played.card, played.target, played.result) == (tid("hunter"), 1, RESULT_NO_EFFECT)
    assert s.s.counters[0] == 1 and s.s.first_hunter_played
    assert s.s.finished == []


def test_hunter_may_target_an_empty_hand() -> None:
    s = position(4, {0: ["hunter", "villagers"], 2: ["werewolf", "rumor", "hide"], 3: ["fog"]})
    choose(s, 0, "hunter")
    assert 1 in option_names(s, 0)
    choose(s, 0, 1)  # seat 1 is then skipped; seat 2 owes a real choice
    assert s.s.play_areas[0][-1].result == RESULT_NO_EFFECT


# ------------------------------------------------------------------ 7.3 Hide
def test_hide_in_hand_blocks_a_hunter_silently() -> None:
    s = position(4, {0: ["hunter", "villagers"], 1: ["fog", "rumor"], 2: ["werewolf", "hide"]})
    choose(s, 0, "hunter")
    choose(s, 0, 2)
    assert s.s.finished == []
    assert s.s.play_areas[0][-1].result == RESULT_NO_EFFECT
    assert not any("Hide" in line for line in s.public_log())


def test_playing_hide_does_nothing_and_drops_the_protection() -> None:
    s = position(4, {0: ["hide", "werewolf", "fog"], 1: ["hunter", "fog"]}, rotation=2)
    choose(s, 0, "hide")
    assert s.s.play_areas[0][-1].result == RESULT_NONE
    choose(s, 1, "hunter")
    choose(s, 1, 0)
    assert s.s.finished[-1].catcher_seat == 1


# ------------------------------------------------------------------ 7.4 Friend
def test_friend_discards_one_hunter_to_the_main_deck_bottom() -> None:
    s = position(4, {0: ["friend", "fog"], 1: ["hunter", "hunter", "rumor"], 2: ["werewolf"]})
    deck_before = sum(s.s.main_deck) + sum(s.s.under_deck)
    choose(s, 0, "friend")
    choose(s, 0, 1)
    assert hand_names(s, 1) == ["hunter", "rumor"]
    assert s.s.under_deck[tid("hunter")] == 1
    assert sum(s.s.main_deck) + sum(s.s.under_deck) == deck_before + 1
    assert s.s.play_areas[0][-1].result == RESULT_HUNTER_DISCARDED
    assert s.s.friends[0]
    assert s.s.counters[0] == 0 and not s.s.first_hunter_played


def test_friend_without_a_hunter_to_find_still_makes_a_friend() -> None:
    s = position(4, {0: ["friend", "fog"], 1: ["rumor", "hide"], 2: ["werewolf"]})
    choose(s, 0, "friend")
    choose(s, 0, 1)
    assert s.s.play_areas[0][-1].result == RESULT_NO_HUNTER
    assert s.s.friends == [True, False, False, False]


# ------------------------------------------------------------------ 7.5 Dog
def test_dog_target_discards_face_down_and_takes_the_dog() -> None:
    s = position(4, {0: ["dog", "fog"], 1: ["rumor", "hide"], 2: ["werewolf"]})
    choose(s, 0, "dog")
    assert option_names(s, 0) == [1, 2]  # only players with cards
    choose(s, 0, 1)
    assert s.decision(1).kind == "DOG_DISCARD"
    assert option_names(s, 1) == ["hide", "rumor"]
    choose(s, 1, "hide")
    assert hand_names(s, 1) == ["dog", "rumor"]
    assert s.s.face_down[0] == [(tid("hide"), ORIGIN_DOG, 1, 1)]
    assert s.s.play_areas[0] == []  # the Dog left the play area for the target's hand
    assert s.s.tracked_holder[tid("dog")] == 1


def test_dog_never_offers_the_monster_while_the_target_holds_another_card() -> None:
    """§7.5, §14.1: "col Cane puoi far scartare il Mostro solo se è l'ultima carta che
    quel giocatore ha in mano"."""
    s = position(4, {0: ["dog", "fog"], 1: ["rumor"], 2: ["werewolf", "hide", "rumor"]})
    choose(s, 0, "dog")
    choose(s, 0, 2)
    assert s.decision(2).kind == "DOG_DISCARD"
    assert option_names(s, 2) == ["hide", "rumor"]
    choose(s, 2, "hide")
    assert s.s.finished == [] and hand_names(s, 2) == ["dog", "rumor", "werewolf"]


def test_dog_target_with_the_monster_and_one_other_card_discards_the_other() -> None:
    s = position(4, {0: ["dog", "fog"], 1: ["rumor", "villagers"], 2: ["werewolf", "hide"]})
    choose(s, 0, "dog")
    choose(s, 0, 2)  # the only legal discard, the Hide, is made at once
    assert s.pending_seats() == (1,) and s.decision(1).kind == "PLAY_CARD"
    assert s.s.finished == [] and hand_names(s, 2) == ["dog", "werewolf"]
    assert s.s.face_down[0] == [(tid("hide"), ORIGIN_DOG, 2, 2)]


def test_dog_catches_the_monster_as_the_targets_last_card() -> None:
    s = position(4, {0: ["dog", "fog"], 1: ["rumor", "hide"], 2: ["werewolf"]})
    choose(s, 0, "dog")
    choose(s, 0, 2)
    assert s.s.finished[-1].catcher_seat == 0 and s.s.finished[-1].monster_seat == 2
    assert s.s.vp == [2, 1, 0, 1]


def test_dog_forced_discard_of_a_lone_monster() -> None:
    s = position(4, {0: ["dog", "fog"], 2: ["kumiho"]})
    choose(s, 0, "dog")  # the only target with cards is chosen automatically
    assert s.s.finished[-1].catcher_seat == 0


def test_dog_without_any_target_stays_face_up() -> None:
    s = position(3, {0: ["dog", "werewolf", "fog"]}, rotation=1)
    s.s.rounds = 1
    choose(s, 0, "dog")
    dog = next(p for p in s.s.play_areas[0] if p.card == tid("dog"))
    assert (dog.target, dog.result) == (-1, RESULT_NO_TARGET)
    assert "seat 0's Dog: no_target" in s.public_log()


# ------------------------------------------------------------------ 7.6 Steal
def test_steal_takes_a_random_card_and_gives_one_back() -> None:
    s = position(4, {0: ["steal", "fog"], 1: ["rumor", "rumor"], 2: ["werewolf"]})
    choose(s, 0, "steal")
    choose(s, 0, 1)
    assert s.decision(0).kind == "STEAL_GIVE"
    assert option_names(s, 0) == ["rumor", "fog"]
    choose(s, 0, "fog")
    assert hand_names(s, 0) == ["rumor"]
    assert hand_names(s, 1) == ["rumor", "fog"]


# ------------------------------------------------------------------ 7.7 Deal
def test_deal_count_is_capped_by_both_hands() -> None:
    s = position(4, {0: ["deal", "fog", "rumor"], 1: ["hide"], 2: ["werewolf", "villagers"]})
    choose(s, 0, "deal")
    choose(s, 0, 2)
    assert s.decision(0).kind == "CHOOSE_DEAL_COUNT" and option_names(s, 0) == [1, 2]
    s2 = position(4, {0: ["deal", "fog", "rumor"], 1: ["hide"], 2: ["werewolf", "villagers"]})
    choose(s2, 0, "deal")
    choose(s2, 0, 1)  # target holds one card: the count 1 is forced
    assert s2.decision(0).kind == "DEAL_GIVE"


def test_deal_swaps_the_chosen_cards_simultaneously() -> None:
    s = position(
        4,
        {0: ["deal", "fog", "rumor", "hide"], 1: ["villagers"],
         2: ["werewolf", "villagers", "hunter"]},
        rotation=1,
    )
    choose(s, 0, "deal")
    choose(s, 0, 2)
    choose(s, 0, 2)
    assert s.pending_seats() == (0, 2)
    choose(s, 2, ("villagers", "werewolf"))
    assert hand_names(s, 0) == ["hide", "rumor", "fog"]  # nothing moved yet
    choose(s, 0, ("fog", "rumor"))
    assert hand_names(s, 0) == ["hide", "villagers", "werewolf"]
    assert hand_names(s, 2) == ["hunter", "rumor", "fog"]


# ------------------------------------------------------------------ 7.8 Rumor
def test_rumor_everyone_draws_from_the_right_neighbour() -> None:
    s = position(
        4,
        {0: ["rumor", "fog"], 1: ["hide", "hide"], 2: ["werewolf", "werewolf"],
         3: ["villagers", "villagers"]},
        rotation=2,
    )
    choose(s, 0, "rumor")
    assert hand_names(s, 0) == ["villagers"]  # from seat 3
    assert hand_names(s, 1) == ["hide", "fog"]  # from seat 0
    assert hand_names(s, 2) == ["hide", "werewolf"]  # from seat 1
    assert hand_names(s, 3) == ["villagers", "werewolf"]  # from seat 2


def test_rumor_empty_hands_give_nothing() -> None:
    s = position(4, {0: ["rumor", "fog"], 2: ["werewolf", "hide"]}, rotation=2)
    choose(s, 0, "rumor")
    rumor = next(e for e in s.s.public_events if isinstance(e, Rumor))
    assert rumor == Rumor(((0, 1), (2, 3)))


# ------------------------------------------------------------------ 7.9 Gossip
def test_gossip_everyone_passes_a_chosen_card_left() -> None:
    s = position(4, {0: ["gossip", "fog", "hide"], 1: ["hunter", "rumor"], 3: ["werewolf"]})
    choose(s, 0, "gossip")
    assert s.pending_seats() == (0, 1)  # seat 3 has a single card: passed automatically
    choose(s, 1, "rumor")
    choose(s, 0, "hide")
    assert hand_names(s, 0) == ["fog", "werewolf"]
    assert hand_names(s, 1) == ["hunter", "hide"]
    assert hand_names(s, 2) == ["rumor"]
    assert hand_names(s, 3) == []


# ------------------------------------------------------------------ 7.10 Fog
def test_fog_pools_one_card_each_and_redeals() -> None:
    s = position(
        4, {0: ["fog", "hide", "villagers"], 1: ["rumor", "hide"], 2: ["werewolf", "hunter"]},
        rotation=1,
    )
    choose(s, 0, "fog")
    choose(s, 0, "villagers")
    choose(s, 1, "rumor")
    choose(s, 2, "hunter")
    pooled = sorted(["villagers", "rumor", "hunter"])
    got = sorted([*hand_names(s, 0), *hand_names(s, 1), *hand_names(s, 2)])
    assert got == sorted(["hide", "hide", "werewolf", *pooled])
    assert [s.s.hand_sizes[q] for q in range(4)] == [2, 2, 2, 0]
    assert "hide" in hand_names(s, 0) and "werewolf" in hand_names(s, 2)


# ------------------------------------------------------------------ 7.11 Outlaw
def test_outlaw_shows_the_targets_hand_to_the_actor_only() -> None:
    s = position(4, {0: ["outlaw", "fog"], 1: ["hide", "werewolf", "rumor"], 2: ["rumor"]})
    choose(s, 0, "outlaw")
    choose(s, 0, 1)
    seen = s.observation(0).private_log[-1]
    assert seen == SawHand(1, (tid("hide"), tid("rumor"), tid("werewolf")))
    assert all(not isinstance(e, SawHand) for e in s.observation(2).private_log)
    assert "seat 0 looked at seat 1's hand" in s.public_log()


def test_outlaw_works_as_the_last_card() -> None:
    s = position(4, {0: ["outlaw"], 1: ["werewolf", "hide", "villagers"]}, rotation=2)
    choose(s, 0, 1)
    seen = (tid("hide"), tid("villagers"), tid("werewolf"))
    assert s.observation(0).private_log[-1] == SawHand(1, seen)


# ------------------------------------------------------------------ 7.12 Villagers
def test_villagers_do_nothing_but_count() -> None:
    s = position(
        4, {0: ["villagers", "fog"], 1: ["villagers", "rumor"], 2: ["mandragora", "hide"]}
    )
    choose(s, 0, "villagers")
    choose(s, 1, "villagers")
    assert s.s.counters[1] == 2
    assert option_names(s, 2) == ["hide", "mandragora"]  # the count unlocks the Mandrake
    assert s.s.play_areas[0][-1].result == RESULT_NONE


def test_capture_result_recorded_on_the_hunter() -> None:
    s = position(4, {0: ["hunter", "fog"], 1: ["werewolf"]}, rotation=2)
    s.s.rounds = 1
    choose(s, 0, "hunter")
    choose(s, 0, 1)
    assert s.s.play_areas[0][-1].result == RESULT_CAPTURED


def test_steal_and_deal_never_target_an_empty_hand() -> None:
    """§7.6, §7.7, §15.10: Steal and Deal target another player with at least one card."""
    for card in ("steal", "deal"):
        s = position(4, {0: [card, "fog"], 2: ["rumor"], 3: ["hide"]}, rotation=2)
        choose(s, 0, card)
        assert s.decision(0).kind == "CHOOSE_TARGET"
        assert option_names(s, 0) == [2, 3], card


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
