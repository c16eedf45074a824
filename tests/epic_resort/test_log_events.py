"""Every kind of public log event is written where its rule happens, with exact fields.

Replays and spectators show ``State.log`` (Epic Resort has no private log: observations
carry none), so a missing entry, a wrong field or a hidden detail in an entry is a bug.
Each test drives the engine through its options into one rule situation and compares
the whole entry tuple (so nothing hidden can ride along) and its replay text.
``LOG_EVENT_TESTS`` names the test that asserts each kind; the guard in
tests/spec_coverage/test_log_events.py fails when the engine writes a kind it lacks.
"""

from __future__ import annotations

from dataclasses import astuple

from engine.epic_resort.actions import (
    AttractTourists,
    DiscardWorker,
    SendWorker,
    SplitUnits,
    Train,
    Upgrade,
    UseAbility,
)
from engine.epic_resort.effects import PlaceTourist
from engine.epic_resort.events import (
    AbilityUsed,
    AttackCardRevealed,
    AttackEnded,
    AttackRedirected,
    AttractionDestroyed,
    Damaged,
    Defended,
    Docked,
    GameOver,
    HarbormasterTaken,
    HeroDefeated,
    HeroScored,
    MonsterDeckEmpty,
    Passed,
    Phase1Placed,
    SeasonStarted,
    TouristsAttracted,
    TouristsEaten,
    Trained,
    Upgraded,
    WorkerDiscarded,
    WorkerSent,
    WorkerSplit,
)
from engine.epic_resort.phase1 import PHASE1, PHASE1_RESOLVE, PlanWorker
from engine.epic_resort.season import PHASE3, PHASE4, PHASE4_HEAL, PHASE5, REFILL, SEASON
from engine.epic_resort.state import State
from engine.epic_resort.turns import PASS, ChooseHarbormaster
from tests.epic_resort.helpers import (
    CARDS,
    att,
    attack,
    attack_card,
    bare,
    hero,
    logged,
    monster,
    pick,
    put,
    start,
    tourist,
    turn,
    worker,
)

APP, PEON, GM = worker("apprentice"), worker("lazy_peon"), worker("guildmaster")

# kind -> the test asserting it ("name" in this module, or "file.py::name").
LOG_EVENT_TESTS = {
    "season": "test_a_new_season_is_announced",
    "phase1": "test_phase1.py::test_placements_are_simultaneous_and_hidden_until_all_commit",
    "income": "test_phase1.py::test_a_negative_payout_gives_nothing_and_costs_nothing",
    "send": "test_sending_a_worker_names_the_worker_and_the_attraction",
    "split": "test_a_guildmaster_sent_in_phase_ii_logs_its_split",
    "discard": "test_a_lazy_peon_discarded_in_an_attack_ends_it_publicly",
    "attack_ended": "test_a_lazy_peon_discarded_in_an_attack_ends_it_publicly",
    "ability": "test_the_viewing_gallery_ability_redirects_the_attack_publicly",
    "redirect": "test_the_viewing_gallery_ability_redirects_the_attack_publicly",
    "attract_tourists": "test_attracting_tourists_names_the_dock_card",
    "attract_sph": (
        "test_phase2.py::"
        "test_attracting_the_season_pass_holders_is_in_the_public_log"
    ),
    "attract_hero": "test_phase2.py::test_attract_hero_then_on_attract_effects",
    "upgrade": "test_an_upgrade_names_the_attraction_bought_and_its_slot",
    "train": "test_training_names_the_trainer_and_the_worker_taken_only",
    "pass": "test_the_first_pass_and_the_harbormaster_choice_are_public",
    "harbormaster": "test_the_first_pass_and_the_harbormaster_choice_are_public",
    "main_deck_reshuffled": "test_attacks.py::test_a_rebuilt_main_deck_is_shuffled",
    "dock": "test_each_card_dealt_to_the_dock_is_public_and_the_deck_stays_hidden",
    "attack_card": "test_attacks.py::test_refill_loop_and_end_trigger",
    "attack": "test_attacks.py::test_refill_loop_and_end_trigger",
    "dodge": "test_attacks.py::test_after_a_dodge_another_hero_may_move_in",
    "move_in": "test_attacks.py::test_after_a_dodge_another_hero_may_move_in",
    "eaten": "test_tourists_eaten_at_an_attraction_without_a_hero",
    "damage": "test_damage_on_an_attraction_without_hero_or_tourists",
    "destroyed": "test_a_destroyed_attraction_is_named",
    "defended": "test_a_hero_defending_logs_the_tourists_lost",
    "hero_defeated": "test_a_hero_defeated_in_defence_is_named",
    "monster_deck_empty": "test_the_last_monster_and_the_game_end_are_announced",
    "game_over": "test_the_last_monster_and_the_game_end_are_announced",
    "hero_scored": "test_a_hero_at_full_health_scores_publicly",
}


def entries(s: State, kind: str) -> list[tuple]:
    return [ev for ev in s.log if ev.kind == kind]


def resorts(n: int = 2) -> State:
    s = bare(n)
    for seat in range(n):
        put(s, seat, 0, "beach")
        put(s, seat, 1, "tiki_hut")
        s.players[seat].hand = [APP]  # a free action stays open: menus are not automatic
    return s


def test_a_new_season_is_announced() -> None:
    """3: each season starts with a public marker (the replay's section heading)."""
    s = resorts()
    s.season = 0
    start(s, SEASON)
    assert entries(s, "season") == [SeasonStarted(1)]
    assert logged(s, "season") == ["--- season 1 ---"]


def test_phase_i_plans_stay_out_of_the_log_until_every_seat_committed() -> None:
    """4.3.4 (decision 14.5, hidden commitment): a committed plan is not logged while
    another seat still chooses; after the reveal both are."""
    s = resorts()
    start(s, PHASE1, PHASE1_RESOLVE)
    pick(s, 0, PlanWorker(APP, 0))  # seat 0's only worker: its plan is complete
    assert 1 in s.asked and entries(s, "phase1") == []
    pick(s, 1, PlanWorker(APP, 1))
    assert entries(s, "phase1") == [Phase1Placed(0, ((APP, 0, ()),)),
                                    Phase1Placed(1, ((APP, 1, ()),))]


def test_sending_a_worker_names_the_worker_and_the_attraction() -> None:
    """5.4.1: the worker sent leaves the hand face up; the rest of the hand stays hidden."""
    s = resorts()
    s.players[0].hand = [APP, PEON, worker("street_performer")]
    turn(s)
    pick(s, 0, SendWorker(APP, 1))
    assert entries(s, "send") == [WorkerSent(0, APP, 1)]
    assert logged(s, "send") == ["seat 0 sends Apprentice to slot 1"]


def test_a_guildmaster_sent_in_phase_ii_logs_its_split() -> None:
    """5.4.1 with 4.3.2: a Guildmaster's units are spread in view of everyone, so the log
    shows the split (it was missing: the replay never said where the units went)."""
    s = resorts()
    s.players[0].hand = [GM, APP]
    turn(s)
    pick(s, 0, SendWorker(GM, -1))
    pick(s, 0, SplitUnits((3, 1)))
    assert entries(s, "send") == [WorkerSent(0, GM, -1)]
    assert entries(s, "split") == [WorkerSplit(0, GM, (3, 1))]
    assert logged(s, "split") == ["seat 0's Guildmaster splits 3/1"]
    assert s.players[0].slots[0].workers == [GM]


def test_a_lazy_peon_discarded_in_an_attack_ends_it_publicly() -> None:
    """5.4.2 and 7.8: the discarded Peon is shown and the attack ends with nothing eaten."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=2)
    put(s, 1, 0, "beach")
    s.players[1].hand = [PEON, APP]
    attack(s, "dragon_whelp")
    pick(s, 1, DiscardWorker(PEON))
    assert entries(s, "discard") == [WorkerDiscarded(1, PEON)]
    assert entries(s, "attack_ended") == [AttackEnded(1)]
    assert logged(s, "discard") == ["seat 1 discards Lazy Peon"]
    assert logged(s, "attack_ended") == ["seat 1 ends the attack"]
    assert not entries(s, "eaten") and not entries(s, "damage")


def test_the_viewing_gallery_ability_redirects_the_attack_publicly() -> None:
    """5.4.3 and the Gallery's force_attack_here: the ability used and the new target
    (its owner becomes the defender) are both in the log."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    put(s, 1, 0, "galleria_dei_mostri", tourists=1, workers=("apprentice",) * 3)
    put(s, 1, 1, "beach")
    s.players[1].hand = [APP]
    attack(s, "goblin_raiders")  # seat 0, with no free action, is not asked
    pick(s, 1, UseAbility(0))
    assert entries(s, "ability") == [AbilityUsed(1, 0, att("galleria_dei_mostri"))]
    assert entries(s, "redirect") == [AttackRedirected(1, 0)]
    assert logged(s, "ability") == ["seat 1 uses Monster Viewing Gallery"]
    assert logged(s, "redirect") == ["attack redirected to seat 1 slot 0"]


def test_attracting_tourists_names_the_dock_card() -> None:
    """5.3.1: the tourist card taken from the dock is named."""
    s = resorts()
    friends = tourist("friends")
    s.dock = [tourist("day_trippers"), friends]
    s.players[0].flair = 3
    turn(s)
    pick(s, 0, AttractTourists(1))
    pick(s, 0, PlaceTourist(0))
    pick(s, 0, PlaceTourist(1))
    assert entries(s, "attract_tourists") == [TouristsAttracted(0, friends)]
    assert logged(s, "attract_tourists") == ["seat 0 attracts Friends"]


def test_an_upgrade_names_the_attraction_bought_and_its_slot() -> None:
    """5.3.4: the bought card and where it is built; the pile under the refill is hidden."""
    s = resorts()
    s.players[0].gold = 6
    s.draft_avail = [[att("festa"), att("drakuzzi")], [], []]
    s.draft_piles = [[att("regata"), att("parata")], [], []]
    turn(s)
    pick(s, 0, Upgrade(0, 1, 2))
    assert entries(s, "upgrade") == [Upgraded(0, att("drakuzzi"), 2)]
    assert logged(s, "upgrade") == ["seat 0 builds Drakuzzi in slot 2"]
    assert s.log[-1] == Upgraded(0, att("drakuzzi"), 2)  # the refill adds no entry


def test_training_names_the_trainer_and_the_worker_taken_only() -> None:
    """5.3.5: the trainer (removed from play) and the pile's worker are named; the rest
    of the hand is not in the entry."""
    s = resorts()
    s.players[0].hand = [worker("journeyman"), APP, PEON]
    s.worker_piles = [[worker("maitre_d"), 4, False]]
    turn(s)
    pick(s, 0, Train(worker("journeyman"), 0))
    assert entries(s, "train") == [Trained(0, worker("journeyman"), worker("maitre_d"))]
    assert logged(s, "train") == ["seat 0 trains Journeyman into Maitre D'"]


def test_the_first_pass_and_the_harbormaster_choice_are_public() -> None:
    """5.3.6: the pass, then the chosen Harbormaster and the tokens left on the card
    (the new holder takes them: none left)."""
    s = resorts()
    s.hm, s.hm_tokens = 0, 2
    turn(s)
    pick(s, 0, PASS)
    pick(s, 0, ChooseHarbormaster(1))
    assert entries(s, "pass") == [Passed(0)]
    assert entries(s, "harbormaster") == [HarbormasterTaken(1, 0)]
    assert logged(s, "pass") == ["seat 0 passes"]
    assert logged(s, "harbormaster") == ["seat 1 holds the Harbormaster (0 gold tokens on it)"]


def test_each_card_dealt_to_the_dock_is_public_and_the_deck_stays_hidden() -> None:
    """6.1-6.2: each card dealt face up is logged in order; the cards left in the main
    deck are never named."""
    s = bare(2)
    s.monster_deck = [monster("goblin_raiders")]
    s.dock = [tourist("day_trippers", k) for k in range(4)] + [hero("monk")]
    left = tourist("families")
    s.main_deck = [left, tourist("friends"), hero("archer")]
    start(s, PHASE3, REFILL)
    assert entries(s, "dock") == [Docked(hero("archer")), Docked(tourist("friends"))]
    assert logged(s, "dock") == ["dock gets Archer", "dock gets Friends"]
    assert s.main_deck == [left] and all(left not in astuple(ev) for ev in s.log)


def test_tourists_eaten_at_an_attraction_without_a_hero() -> None:
    """7.7.2: the attraction and the number of tourists lost."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    attack(s, "goblin_raiders")
    assert entries(s, "eaten") == [TouristsEaten(0, 0, 2)]
    assert logged(s, "eaten") == ["seat 0 slot 0 loses 2 tourists"]


def test_damage_on_an_attraction_without_hero_or_tourists() -> None:
    """7.7.3: 1 + extra damage is placed and logged."""
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", damage=1)
    attack(s, "wild_boar")
    assert entries(s, "damage") == [Damaged(0, 0, 1)]
    assert logged(s, "damage") == ["seat 0 slot 0 takes 1 damage"]


def test_a_destroyed_attraction_is_named() -> None:
    """7.10: the Troll's damage reaches the Drakuzzi's limit: the top card is named."""
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "drakuzzi")
    s.players[0].slots[0].stack.insert(0, att("beach"))
    attack(s, "troll")
    assert entries(s, "damage") == [Damaged(0, 0, 2)]
    assert entries(s, "destroyed") == [AttractionDestroyed(0, 0, att("drakuzzi"))]
    assert logged(s, "destroyed") == ["seat 0's Drakuzzi (slot 0) is destroyed"]


def test_a_hero_defending_logs_the_tourists_lost() -> None:
    """7.7.1: Archer (3) against the Young Dragon (4) defends; 1 tourist lost."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3, hero_name="archer", health=2)
    attack(s, "young_dragon")
    assert entries(s, "defended") == [Defended(0, 0, 1)]
    assert logged(s, "defended") == ["seat 0's hero defends slot 0; 1 tourists lost"]
    assert not entries(s, "hero_defeated") and not entries(s, "eaten")


def test_a_hero_defeated_in_defence_is_named() -> None:
    """7.7.1: a hero whose health reaches 0 goes to the dock discard; the log names it."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3, hero_name="archer", health=2)
    attack(s, "restless_spirit")  # drain: 2 health
    assert entries(s, "hero_defeated") == [HeroDefeated(0, 0, hero("archer"))]
    assert entries(s, "defended") == [Defended(0, 0, 0)]
    assert logged(s, "hero_defeated") == ["seat 0's Archer is defeated"]


def test_the_last_monster_and_the_game_end_are_announced() -> None:
    """6.4 and 8.4: the attack that empties the monster deck triggers the end; Phase IV
    then ends the game. Both are public."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    attack(s, "goblin_raiders", spare=False)
    assert entries(s, "monster_deck_empty") == [MonsterDeckEmpty()]
    assert entries(s, "game_over") == []
    start(s, PHASE4, PHASE4_HEAL, PHASE5)
    assert s.terminal and entries(s, "game_over") == [GameOver()]
    assert logged(s, "monster_deck_empty") == [
        "the monster deck is empty: the game ends after this season"]
    assert logged(s, "game_over") == ["--- game over ---"]


def test_a_hero_at_full_health_scores_publicly() -> None:
    """8.1: the hero is named; the monster it removes from the deck top stays unnamed."""
    s = bare(2)
    put(s, 1, 0, "beach", hero_name="monk")
    s.players[1].slots[0].hero_health = CARDS.heroes[CARDS.main_cards[hero("monk")][1]].max
    s.monster_deck = [monster("wild_boar"), monster("goblin_raiders")]
    start(s, PHASE4)
    assert entries(s, "hero_scored") == [HeroScored(1, hero("monk"))]
    assert logged(s, "hero_scored") == ["seat 1 scores Monk"]
    assert s.monster_discard == [monster("goblin_raiders")]
    assert all(monster("goblin_raiders") not in astuple(ev) for ev in s.log)


def test_an_attack_card_is_revealed_before_its_attack() -> None:
    """6.2.2 with 7.2: the revealed Attack! card comes before the attack it causes."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    s.dock = [tourist("day_trippers", k) for k in range(4)] + [hero("monk")]
    c = attack_card("attack_01")
    s.main_deck = [tourist("families"), c]
    s.monster_deck = [monster("wild_boar"), monster("goblin_raiders")]
    start(s, REFILL)
    kinds = [ev.kind for ev in s.log]
    assert kinds[:2] == ["attack_card", "attack"] and AttackCardRevealed(c) == s.log[0]
    assert kinds[-1] == "dock"
