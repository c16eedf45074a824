"""§10 FAQ rulings 1-12, one scenario each."""

from __future__ import annotations

from engine.monster_my_neighbor.events import (
    ORIGIN_DOG,
    ORIGIN_FORCED_HUNTER,
    RESULT_LAST_CARD_VOID,
    RESULT_NO_HUNTER,
)
from tests.monster_my_neighbor.helpers import (
    CARDS,
    choose,
    hand_names,
    option_names,
    position,
    tid,
)


def test_faq1_opening_hand_of_hunters_discards_one_face_down() -> None:
    s = position(4, {1: ["hunter"] * 4, 2: ["hide", "fog"]}, rotation=1, active=1)
    assert s.s.face_down[1] == [(tid("hunter"), ORIGIN_FORCED_HUNTER, 1, 1)]
    assert hand_names(s, 1) == ["hunter"] * 3 and s.s.turns_taken[1] == 1
    assert s.s.counters[0] == 0


def test_faq1_three_hunters_and_the_monster() -> None:
    s = position(4, {1: ["hunter"] * 3 + ["mermaid"], 2: ["hide", "fog"]}, rotation=1, active=1)
    assert hand_names(s, 1) == ["hunter", "hunter", "mermaid"]
    assert not s.s.first_hunter_played


def test_faq2_fog_rumor_gossip_deal_as_last_card_do_nothing() -> None:
    for card in ("fog", "rumor", "gossip", "deal"):
        s = position(4, {0: [card], 1: ["hide", "fog"], 3: ["werewolf", "rumor"]}, rotation=3)
        assert s.s.play_areas[0][-1].result == RESULT_LAST_CARD_VOID
        assert hand_names(s, 3) == ["rumor", "werewolf"]


def test_faq3_mermaid_keeps_her_power_after_a_discarded_hunter() -> None:
    s = position(
        4, {0: ["friend", "fog"], 1: ["hunter", "hide"], 2: ["mermaid", "rumor"]}, rotation=2
    )
    choose(s, 0, "friend")
    choose(s, 0, 1)  # seat 1's Hunter is discarded, not played
    # seat 1 then plays its Hide (its only card); no Hunter was played this round
    assert not s.s.first_hunter_played
    s2 = position(4, {0: ["hunter", "fog"], 1: ["hide", "fog"], 2: ["mermaid", "rumor"]},
                  hunters_played=0, first_hunter_played=False)
    s2.s.under_deck[tid("hunter")] = 1  # a Hunter was discarded earlier this round
    choose(s2, 0, "hunter")
    choose(s2, 0, 2)
    assert s2.s.finished == []  # the first *played* Hunter is still absorbed


def test_faq4_werewolf_counts_only_played_hunters() -> None:
    s = position(4, {0: ["werewolf", "fog", "hide"], 2: ["hide", "fog"]}, hunters_played=1)
    s.s.face_down[3].append((tid("hunter"), ORIGIN_FORCED_HUNTER, 3, 3))
    assert option_names(s, 0) == ["hide", "fog"]


def test_faq5_deal_player_chooses_one_or_two() -> None:
    s = position(4, {0: ["deal", "fog", "rumor"], 1: ["hide", "fog"], 2: ["werewolf", "hunter"]})
    choose(s, 0, "deal")
    choose(s, 0, 2)
    assert s.decision(0).kind == "CHOOSE_DEAL_COUNT"
    choose(s, 0, 1)
    assert option_names(s, 0) == [("rumor",), ("fog",)]


def test_faq6_steal_may_give_back_the_stolen_card() -> None:
    s = position(4, {0: ["steal", "fog"], 1: ["hide", "fog"], 2: ["werewolf"]})
    choose(s, 0, "steal")
    choose(s, 0, 2)
    assert "werewolf" in option_names(s, 0)
    choose(s, 0, "werewolf")
    assert hand_names(s, 2) == ["werewolf"] and hand_names(s, 0) == ["fog"]


def test_faq7_friend_on_a_player_without_hunters() -> None:
    s = position(4, {0: ["friend", "fog"], 1: ["hide", "fog"], 2: ["werewolf"]})
    choose(s, 0, "friend")
    choose(s, 0, 2)
    assert s.s.play_areas[0][-1].result == RESULT_NO_HUNTER and s.s.friends[0]


def test_faq8_hide_never_protects_against_the_dog() -> None:
    s = position(4, {0: ["dog", "fog"], 1: ["hide", "fog"], 2: ["werewolf"], 3: ["hide"]})
    choose(s, 0, "dog")
    choose(s, 0, 2)
    assert s.s.finished[-1].catcher_seat == 0


def test_faq9_dog_target_chooses_and_empty_hands_are_not_targets() -> None:
    s = position(4, {0: ["dog", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor", "hide"]})
    choose(s, 0, "dog")
    assert option_names(s, 0) == [1, 2]  # seat 3 holds no card
    choose(s, 0, 2)
    assert s.pending_seats() == (2,) and s.decision(2).kind == "DOG_DISCARD"
    assert option_names(s, 2) == ["hide", "rumor"]  # not the Monster: not its last card
    choose(s, 2, "rumor")
    assert s.s.face_down[0] == [(tid("rumor"), ORIGIN_DOG, 2, 2)]
    assert s.observation(0).face_down[0][0].known_type == -1


def test_faq10_friend_discard_goes_under_the_main_deck() -> None:
    s = position(4, {0: ["friend", "fog"], 1: ["hide", "fog"], 2: ["hunter", "werewolf"]})
    choose(s, 0, "friend")
    choose(s, 0, 2)
    assert s.s.under_deck[tid("hunter")] == 1
    assert s.observation(3).hunters_under_main_deck == 1


def test_faq11_friend_cards_in_hand_do_nothing() -> None:
    s = position(4, {0: ["hunter", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "friend"]})
    choose(s, 0, "hunter")
    choose(s, 0, 2)
    assert s.s.finished[-1].ending == 1  # caught, not a betrayal: holding a Friend is no status
    assert s.s.finished[-1].vp_awarded == (2, 1, 0, 1)


def test_faq12_card_text_beats_the_rulebook() -> None:
    """The Werewolf's and Mandrake's card texts allow them before the last turn."""
    werewolf, mandrake = tid("werewolf"), tid("mandragora")
    assert CARDS.turns[werewolf][:3] == (2, 2, 2) and CARDS.turns[mandrake][:3] == (2, 2, 2)
    s = position(4, {0: ["werewolf", "fog"], 1: ["hide", "fog"]}, rotation=2, hunters_played=2)
    choose(s, 0, "werewolf")
    assert s.s.finished[-1].ending == 0 and s.s.finished[-1].monster_seat == 0
