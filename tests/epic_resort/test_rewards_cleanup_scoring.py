"""Spec sections 8 (Hero Rewards), 9 (Clean Up), 10 (scoring and ties) and 11 (limits)."""

from __future__ import annotations

from engine.epic_resort.game_state import final_result
from engine.epic_resort.observation import observe
from engine.epic_resort.params import IT_TIEBREAK
from engine.epic_resort.phase1 import DRAW, PHASE1, PHASE1_RESOLVE
from engine.epic_resort.season import PHASE3, PHASE4, PHASE4_HEAL, PHASE5, REFILL, SEASON
from engine.epic_resort.turns import PHASE2
from tests.epic_resort.helpers import att, bare, hero, monster, put, start, worker

APP = worker("apprentice")


def test_full_heroes_are_scored_and_discard_a_monster_each() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", hero_name="monk", health=3)  # full (max 3)
    put(s, 0, 1, "tiki_hut", hero_name="archer", health=2)  # becomes full now: next time
    s.monster_deck = [monster("wild_boar"), monster("goblin_raiders")]
    start(s, PHASE4, PHASE4_HEAL, PHASE5, SEASON)
    p = s.players[0]
    assert p.scored == [hero("monk")] and p.slots[0].hero == -1
    assert p.slots[1].hero_health == 3 and p.slots[1].hero == hero("archer")
    assert s.monster_discard == [monster("goblin_raiders")]
    assert s.monster_deck == [monster("wild_boar")]
    assert not s.terminal and s.season == 2  # Phase V ran and season 2 started


def test_cleric_heals_the_other_heroes_before_the_normal_heal() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", hero_name="cleric", health=2)
    put(s, 0, 1, "tiki_hut", hero_name="archer", health=1)
    s.monster_deck = [monster("wild_boar")]
    start(s, PHASE4, PHASE4_HEAL)
    assert s.players[0].slots[1].hero_health == 3  # +1 Cleric, +1 Phase IV
    assert s.players[0].slots[0].hero_health == 3


def test_game_ends_after_phase_iv_when_heroes_empty_the_monster_deck() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", hero_name="monk", health=3)
    s.players[0].flair = 5
    s.monster_deck = [monster("wild_boar")]
    start(s, PHASE4, PHASE4_HEAL, PHASE5, SEASON)
    assert s.terminal and s.monster_deck == [] and not s.steps
    assert s.players[0].flair == 5  # Phase V is not played at the end


def test_clean_up() -> None:
    s = bare(4)
    p = s.players[0]
    put(s, 0, 0, "beach", workers=("apprentice",), locked=True, damage=1, hero_name="monk")
    p.slots[0].hero_locked = True
    p.slots[0].gm_units = 2
    p.hand = [APP]
    p.flair, p.gold = 7, 9
    s.worker_piles = [[worker("day_worker"), 5, True]]
    s.sph_locked = True
    start(s, PHASE5)
    sl = p.slots[0]
    assert p.discard == [APP, APP] and p.hand == [] and sl.workers == [] and sl.gm_units == 0
    assert (sl.locked, sl.hero_locked, sl.damage) == (False, False, 1)
    assert (p.flair, p.gold) == (0, 9)
    assert s.worker_piles[0][2] is False and s.sph_locked is False


def test_a_season_lays_out_phases_one_to_five_then_the_next_season() -> None:
    """Spec 3: Phase I (draw, send, resolve), II, III (discard, refill), IV, V, repeat."""
    s = bare(2)
    SEASON.run(s)
    assert s.steps[::-1] == [DRAW, PHASE1, PHASE1_RESOLVE, PHASE2, PHASE3, REFILL, PHASE4,
                             PHASE4_HEAL, PHASE5, SEASON]


def _terminal(n: int = 2):
    s = bare(n)
    s.terminal = True
    return s


def test_score_counts_scored_heroes_stacks_and_resting_heroes() -> None:
    s = _terminal()
    p = s.players[0]
    p.scored = [hero("knight"), hero("monk")]  # 4 + 2
    put(s, 0, 0, "drakuzzi", hero_name="archer")  # 2 + 1 resting
    p.slots[0].stack.insert(0, att("beach"))  # 0
    put(s, 0, 1, "regata")  # 3
    r = final_result(s)
    assert r.scores == (12.0, 0.0)
    assert r.details["hero_vp"] == [6, 0] and r.details["attraction_vp"] == [5, 0]
    assert r.ranks == (1, 2)


def test_tie_broken_by_hero_vp_then_attraction_vp() -> None:
    s = _terminal()
    s.players[0].scored = [hero("monk")]  # 2 hero VP
    put(s, 1, 0, "drakuzzi")  # 2 attraction VP
    assert final_result(s).ranks == (1, 2)


def test_tie_broken_by_flair_then_harbormaster_order() -> None:
    s = _terminal(3)
    s.hm = 1
    s.players[2].flair = 3
    r = final_result(s)
    assert r.ranks == (3, 2, 1)  # seat 2 by flair; seat 1 before seat 0 in HM order
    s.players[2].flair = 0
    assert final_result(s).ranks == (3, 1, 2)


def test_it_tiebreak_option() -> None:
    from engine.epic_resort.params import IT_TIEBREAK

    s = bare(2, {"final_tiebreak": list(IT_TIEBREAK)})
    s.terminal = True
    s.hm = 0
    s.players[0].scored = [hero("knight")]  # 4 VP, one rested hero
    s.players[1].scored = [hero("monk"), hero("archer")]  # 4 VP, two rested heroes
    assert final_result(s).ranks == (2, 1)


def test_destroyed_stacks_score_nothing() -> None:
    s = _terminal()
    put(s, 0, 0, "drakuzzi", damage=2)
    from engine.epic_resort.resort import destroy_if_needed

    destroy_if_needed(s, 0, 0)
    assert final_result(s).scores == (0.0, 0.0)


def test_clean_up_keeps_damage_and_the_harbormaster() -> None:
    """9.4: damage stays on attractions and the Harbormaster does not change in Phase V."""
    s = bare(3)
    s.hm, s.hm_tokens = 2, 1
    put(s, 0, 0, "beach", damage=2)
    start(s, PHASE5)
    assert s.players[0].slots[0].damage == 2 and (s.hm, s.hm_tokens) == (2, 1)


def test_phase_iv_is_observed_as_phase_4() -> None:
    """8: while the hero rewards resolve the game is in Phase IV, and an observation says so
    (found by the mutation campaign: the phase number of Phase IV was never checked)."""
    s = bare(2)
    PHASE4.run(s)
    assert s.phase == 4 and observe(s, 0).phase == 4


def test_italian_tiebreak_counts_attractions_before_harbormaster_order() -> None:
    """16.final_tiebreak (IT chain, 14.3): tied on score and on rested heroes, the player
    with more attractions wins, even against the first in Harbormaster order."""
    s = bare(2, {"final_tiebreak": list(IT_TIEBREAK)})
    s.terminal, s.hm = True, 0
    put(s, 0, 0, "beach")
    put(s, 1, 0, "beach")
    put(s, 1, 1, "tiki_hut")  # starting cards: 0 VP, so the scores stay tied at 0
    r = final_result(s)
    assert r.scores == (0.0, 0.0) and r.ranks == (2, 1)
