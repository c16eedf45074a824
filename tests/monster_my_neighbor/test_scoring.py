"""§8 Scoring and §9 game end: played, caught, betrayal, Vampire, no stacking, ranks."""

from __future__ import annotations

import json

from engine.core import GameConfig, get_game, play_match
from engine.monster_my_neighbor.events import ENDING_BETRAYAL, ENDING_CAUGHT, ENDING_PLAYED
from engine.monster_my_neighbor.scoring import score_round
from engine.toolkit.bots import make_bot
from tests.monster_my_neighbor.helpers import CARDS, choose, hand_names, position


def score(ending: int, monster_seat: int, catcher: int, friends: list[int], monster: str) -> tuple:
    s = position(5, {0: ["hide", "fog"], 1: ["hide", "fog"]}, monster=monster, friends=friends)
    return score_round(s.s, ending, monster_seat, catcher)


def test_worked_example_monster_played() -> None:
    # A-E = seats 0-4, B (1) is a Friend; D (3) plays the Werewolf.
    assert score(ENDING_PLAYED, 3, -1, [1], "werewolf") == (0, 2, 0, 2, 0)


def test_worked_example_monster_caught() -> None:
    assert score(ENDING_CAUGHT, 3, 4, [1], "werewolf") == (1, 0, 1, 0, 2)


def test_worked_example_betrayal() -> None:
    assert score(ENDING_BETRAYAL, 3, 1, [1], "werewolf") == (1, 0, 1, 0, 1)


def test_vampire_bonus_only_for_the_monster_player() -> None:
    assert score(ENDING_PLAYED, 3, -1, [1], "vampire") == (0, 2, 0, 3, 0)


def test_no_stacking_monster_who_played_a_friend_scores_as_monster() -> None:
    assert score(ENDING_PLAYED, 3, -1, [1, 3], "vampire") == (0, 2, 0, 3, 0)
    assert score(ENDING_CAUGHT, 3, 4, [1, 3], "werewolf") == (1, 0, 1, 0, 2)


def test_betrayal_is_scored_from_a_real_capture() -> None:
    s = position(4, {0: ["hunter", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor"]},
                 friends=[0])
    choose(s, 0, "hunter")
    choose(s, 0, 2)
    summary = s.s.finished[-1]
    assert summary.ending == ENDING_BETRAYAL and summary.catcher_seat == 0
    assert summary.vp_awarded == (0, 1, 0, 1)


def test_game_lasts_five_rounds_and_ranks_share_ties() -> None:
    game = get_game("monster-my-neighbor")
    bots = [make_bot("monster-my-neighbor", "random") for _ in range(4)]
    for seed in range(30):
        outcome = play_match("monster-my-neighbor", GameConfig(4), seed, bots)
        result = outcome.result
        assert len(result.details["rounds"]) == 5
        assert {r["monster"] for r in result.details["rounds"]} == {
            "vampire", "mandragora", "werewolf", "kumiho", "mermaid"}
        totals = [sum(r["vp_awarded"][q] for r in result.details["rounds"]) for q in range(4)]
        assert list(result.scores) == totals
        best = max(totals)
        assert all((r == 1) == (v == best) for r, v in zip(result.ranks, totals, strict=True))
        assert json.loads(json.dumps(result.to_json())) == result.to_json()
    assert game.info.max_players == 8


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
