"""§7.13 Monsters: markers, conditions and the five powers."""

from __future__ import annotations

from tests.monster_my_neighbor.helpers import choose, option_names, position


def test_every_monster_is_legal_on_turn_4() -> None:
    for monster in ("vampire", "mandragora", "werewolf", "kumiho", "mermaid"):
        s = position(4, {0: [monster], 1: ["hide"]}, rotation=4, active=0)
        assert s.s.finished[-1].ending == 0 and s.s.finished[-1].monster_seat == 0


def test_markers_forbid_monsters_before_turn_4() -> None:
    for rotation in (1, 2, 3):
        for monster in ("vampire", "kumiho", "mermaid", "mandragora", "werewolf"):
            s = position(4, {0: [monster, "hide", "fog"]}, rotation=rotation)
            assert option_names(s, 0) == ["hide", "fog"], (monster, rotation)


def test_vampire_player_scores_three() -> None:
    s = position(4, {0: ["vampire"], 2: ["rumor"]}, rotation=4, friends=[2])
    assert s.s.finished[-1].vp_awarded == (3, 0, 2, 0)


def test_mandrake_playable_early_after_two_villagers() -> None:
    s = position(4, {0: ["mandragora", "fog"], 2: ["rumor", "hide"]}, villagers_played=2)
    assert option_names(s, 0) == ["fog", "mandragora"]
    choose(s, 0, "mandragora")
    assert s.s.finished[-1].monster_seat == 0 and s.s.finished[-1].vp_awarded == (2, 0, 0, 0)


def test_mandrake_not_playable_with_one_villager() -> None:
    s = position(4, {0: ["mandragora", "fog", "hide"], 2: ["rumor", "hide"]}, villagers_played=1)
    assert option_names(s, 0) == ["hide", "fog"]


def test_werewolf_playable_early_after_two_hunters() -> None:
    s = position(4, {0: ["werewolf", "fog"], 2: ["rumor", "hide"]}, hunters_played=2)
    assert option_names(s, 0) == ["fog", "werewolf"]
    s = position(4, {0: ["werewolf", "fog", "hide"], 2: ["rumor", "hide"]}, hunters_played=1)
    assert option_names(s, 0) == ["hide", "fog"]


def test_gumiho_immune_to_hunters_as_the_only_card() -> None:
    s = position(4, {0: ["hunter", "fog"], 1: ["kumiho"], 2: ["rumor", "hide"]})
    choose(s, 0, "hunter")
    choose(s, 0, 1)
    assert s.s.finished == []
    assert s.s.hands[1][s.s.round_monster] == 1


def test_gumiho_caught_when_not_the_only_card() -> None:
    s = position(4, {0: ["hunter", "fog"], 1: ["kumiho", "rumor"], 2: ["rumor", "hide"]})
    choose(s, 0, "hunter")
    choose(s, 0, 1)
    assert s.s.finished[-1].catcher_seat == 0


def test_gumiho_not_immune_to_the_dog() -> None:
    s = position(4, {0: ["dog", "fog"], 1: ["kumiho"], 2: ["rumor", "hide"]})
    choose(s, 0, "dog")
    choose(s, 0, 1)
    assert s.s.finished[-1].catcher_seat == 0


def test_mermaid_ignores_the_first_hunter_played() -> None:
    s = position(
        4, {0: ["hunter", "fog"], 1: ["mermaid", "villagers", "villagers"], 2: ["hunter", "hide"]}
    )
    choose(s, 0, "hunter")
    choose(s, 0, 1)
    assert s.s.finished == []  # seat 1 then plays a Villagers (its only legal type)
    choose(s, 2, "hunter")
    choose(s, 2, 1)
    assert s.s.finished[-1].catcher_seat == 2


def test_mermaid_first_hunter_is_used_up_even_on_another_target() -> None:
    s = position(
        4,
        {0: ["hunter", "fog"], 1: ["mermaid", "rumor", "hide"], 2: ["hunter", "hide"]},
        rotation=2,
    )
    choose(s, 0, "hunter")
    choose(s, 0, 3)  # the first Hunter of the round, aimed elsewhere
    choose(s, 1, "hide")
    choose(s, 2, "hunter")
    choose(s, 2, 1)
    assert s.s.finished[-1].catcher_seat == 2


def test_mandrake_is_playable_after_more_than_two_villagers() -> None:
    """§7.13 / §15.6: the condition reads "at least 2 Villagers", so 3 also allow it."""
    s = position(4, {0: ["mandragora", "fog"], 2: ["rumor", "hide"]}, villagers_played=3)
    assert "mandragora" in option_names(s, 0)
