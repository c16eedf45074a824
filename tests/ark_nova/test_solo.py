"""Spec 17, the solo game: setup as for 3 players with the starting appeal by difficulty
and final scoring card 009 removed; the turn clock (rounds of 7, 6, 5, 4, 3, 2 turns, a
break after each but the last: 27 turns, 5 breaks); a neutral token on the cheapest open
donation space after each break; no break token; no early end; the solo abilities of the
11 interactive animals; "max 25 appeal" against 25 + the starting appeal; the VP as the
score."""

from __future__ import annotations

import pytest

from engine.ark_nova.cards.catalog import load_cards
from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.model.state import BLOCKED
from engine.ark_nova.rules import (
    solo,
    sponsor_play,
    tracks,
)
from engine.ark_nova.rules.act_sponsors import BreakForMoney, PickSponsor
from engine.ark_nova.rules.association import DONATION_COSTS, donation_cost
from engine.ark_nova.rules.endgame import final_result
from engine.ark_nova.rules.scoring import victory_points
from engine.ark_nova.rules.turn import EndTurn
from engine.core import GameConfig, GameRng, get_game
from tests.ark_nova.cardscene import (
    Scene,
    clear_zoo,
    first_not_decline,
    play_animal,
    scene,
)
from tests.ark_nova.helpers import (
    check_invariants,
    give,
    pick,
    push,
    table,
)

ALL = load_cards()
INTERACTIVE = {  # card: (multiplayer ability, solo ability) from the data set
    449: ("venom", "inventive"), 470: ("venom", "inventive"), 492: ("venom", "inventive"),
    456: ("pilfering", "sprint"), 463: ("pilfering", "sprint"), 458: ("pilfering", "sprint"),
    474: ("constriction", "clever"), 482: ("constriction", "clever"),
    483: ("constriction", "clever"), 475: ("hypnosis", "determination"),
    485: ("hypnosis", "determination"),
}


def random_solo(seed: int, difficulty: str = "normal") -> ArkNovaState:
    g = ArkNovaState.new(GameConfig(1, {"solo_difficulty": difficulty}), seed)
    rng = GameRng(seed + 99)
    while not g.is_terminal():
        d = g.decision(0)
        g.apply(0, rng.randrange(len(d.options)))
    return g


def test_a_whole_solo_game_has_27_turns_and_5_breaks_in_rounds_of_7_to_2():
    for seed in range(3):
        g = random_solo(seed)
        s = g.s
        breaks = [e for e in s.log if e.kind == "break"]
        assert s.turn_no == 27 and len(breaks) == 5
        assert s.terminal and s.clock_size == 2 and s.clock_left == 0
        check_invariants(s)


def test_the_clock_breaks_after_turns_7_13_18_22_25_and_ends_after_27():
    g = ArkNovaState.new(GameConfig(1, {}), 5)
    s = g.s
    rng = GameRng(1)
    broke_at, sizes = [], []
    while not g.is_terminal():
        size, breaks = s.clock_size, sum(1 for e in s.log if e.kind == "break")
        g.apply(0, rng.randrange(len(g.decision(0).options)))
        if sum(1 for e in s.log if e.kind == "break") > breaks:
            broke_at.append(s.turn_no if s.in_break else s.turn_no - 1)
            sizes.append(size)
    assert broke_at == [7, 13, 18, 22, 25] and sizes == [7, 6, 5, 4, 3]
    assert s.turn_no == 27


def test_after_each_break_a_neutral_token_covers_the_cheapest_donation_space():
    assert random_solo(7).s.donations >= 5  # five breaks, plus the player's own donations
    s = table(1, 3)
    assert (donation_cost(s), s.donations) == (2, 0)
    costs = []
    for _ in range(9):
        solo.end_of_break(s)
        costs.append(donation_cost(s))
    assert costs == [5, 5, 7, 7, 10, 10, 12, 12, 12]  # the 12 space is never covered
    assert s.donations == len(DONATION_COSTS[1]) - 1


def test_solo_setup_as_for_three_players_with_appeal_by_difficulty():
    for difficulty, appeal in (("normal", 20), ("hard", 10), ("expert", 0)):
        g = ArkNovaState.new(GameConfig(1, {"solo_difficulty": difficulty}), 2)
        s = g.s
        assert s.players[0].appeal == appeal
        assert len(s.base_row) == 3 and all(BLOCKED not in s.levels[c] for c in s.base_row)
        assert 9 not in s.final_deck and 9 not in s.players[0].finals
        assert len(s.final_deck) + len(s.players[0].finals) == 10
        assert (s.clock_size, s.clock_left, s.break_len) == (7, 7, 0)


def test_difficulty_is_ignored_with_more_players():
    g = ArkNovaState.new(GameConfig(2, {"solo_difficulty": "expert"}), 2)
    assert sorted(p.appeal for p in g.s.players) == [0, 1]
    assert 9 in [*g.s.final_deck, *(c for p in g.s.players for c in p.finals)]


def test_nothing_moves_a_break_token_but_the_money_is_still_gained():
    s = table(1, 4)
    tracks.advance_break(s, 0, 5)
    assert (s.break_pos, s.break_due, s.players[0].x) == (0, False, 0)
    p = s.players[0]
    money = p.money
    s.steps.clear()
    push(s, PickSponsor(0, True, 4, 5, 0))  # an empty hand: breaking for money is the
    if s.asked:                                # only option, applied without asking
        pick(s, 0, BreakForMoney.of())
    assert p.money == money + 8 and not s.break_due and p.x == 0


def test_crossing_the_tracks_ends_nothing_early():
    s = table(1, 4)
    p = s.players[0]
    p.appeal, p.cp = 100, 20
    assert victory_points(p.appeal, p.cp) >= 0
    s.steps.clear()
    push(s, EndTurn(0))
    assert not s.end_triggered and not s.terminal and s.clock_left == 6


def test_the_result_is_the_final_vp_and_a_win_is_vp_at_least_0():
    g = random_solo(11, "expert")
    r = g.result()
    p = g.s.players[0]
    assert r.scores == (float(victory_points(p.appeal, p.cp)),) and r.ranks == (1,)
    assert r.won is (r.scores[0] >= 0)
    assert r.details["solo_difficulty"] == "expert"


def test_max_25_appeal_counts_from_the_solo_starting_appeal():
    card = ALL[222]  # Release of Patents: appeal <= 25
    s = table(1, 4)
    s.players[0].appeal = 45
    assert sponsor_play.conditions_met(s, 0, card, False)
    s.players[0].appeal = 46
    assert not sponsor_play.conditions_met(s, 0, card, False)
    two = table(2, 4)
    two.players[0].appeal = 26
    assert not sponsor_play.conditions_met(two, 0, card, False)
    hard = ArkNovaState.new(GameConfig(1, {"solo_difficulty": "hard"}), 1).s
    hard.players[0].appeal = 36
    assert not sponsor_play.conditions_met(hard, 0, card, False)


def solo_scene(seed: int = 0) -> Scene:
    s = table(1, seed)
    clear_zoo(s.players[0])
    s.players[0].money = 100
    s.steps.clear()
    s.asked.clear()
    s.asked_step = None
    return Scene(s, 0, 0)


@pytest.mark.parametrize("card_id", sorted(INTERACTIVE))
def test_interactive_animals_use_their_solo_ability(card_id):
    multi, single = INTERACTIVE[card_id]
    card = ALL[card_id]
    assert [a.keyword for a in card.abilities] == [multi]
    assert [a.keyword for a in card.alternative] == [single]
    n = card.alternative[0].param or 1
    sc = solo_scene(card_id)
    give(sc.s, 0, *[c for c in (223, 261) if c in sc.s.deck])  # cards in hand for nothing
    play_animal(sc, card_id, first_not_decline)
    if single == "inventive":
        assert sc.delta("x") == n
    elif single == "sprint":
        assert sc.delta("hand") == n - 1  # the animal left the hand, n cards came
    elif single == "clever":
        assert "MOVE_ACTION_CARD" in sc.asked
    else:
        assert "CHOOSE_ACTION" in sc.asked  # Determination: one more whole action
    assert not sc.s.players[0].venom.count(1) and not any(sc.s.players[0].constriction)


def test_interactive_animals_keep_their_ability_with_two_players():

    sc = scene(3)
    play_animal(sc, 449)  # Platypus: Venom 1 (nobody to reach), not Inventive
    assert sc.delta("x") == 0


def test_solo_games_search_and_determinize():
    game = get_game("ark-nova")
    state = game.new_state(GameConfig(1, {}), 8)
    rng = GameRng(2)
    for _ in range(40):
        state.apply(0, rng.randrange(len(state.decision(0).options)))
    sample = game.determinize(state, 0, GameRng(3))
    assert sample.observation(0) == state.observation(0)
    assert 9 not in sample.s.final_deck  # type: ignore[attr-defined]


def test_a_solo_game_is_won_at_0_vp_and_lost_at_minus_1() -> None:
    """17 (and 15.1): a solo result is the final VP and a win is VP >= 0; the boundary
    itself (found by the mutation campaign: only a random game's result was checked)."""
    s = table(1, 4)
    p = s.players[0]
    p.cp, s.terminal = 0, True
    for appeal, won in ((114, True), (113, False)):
        p.appeal = appeal
        r = final_result(s)
        assert (r.scores, r.won) == ((float(appeal - 114),), won)


def test_the_solo_end_is_announced_with_no_turn_left() -> None:
    """17: the last clock token of the last round ends the solo game at once (no further
    turn), and the public log says so."""
    s = table(1)
    s.steps.clear()
    s.clock_size, s.clock_left = solo.LAST_ROUND_TOKENS, 1
    assert solo.tick_clock(s) == solo.FINAL_SCORING
    ends = [e.describe(s.cards) for e in s.log if e.kind == "end"]
    assert ends == ["--- the end is triggered: 0 more turn(s) ---"]
    assert s.end_triggered and s.turns_left == 0
