"""Spec section 5 - Phase II, Actions: turn structure, main actions, free actions."""

from __future__ import annotations

from engine.epic_resort.actions import (
    SEASON_PASS,
    AttractHero,
    AttractTourists,
    DiscardWorker,
    SendWorker,
    Train,
    Upgrade,
    UseAbility,
)
from engine.epic_resort.cards import TOURIST
from engine.epic_resort.effects import PlaceTourist
from engine.epic_resort.state import State
from engine.epic_resort.turns import END_TURN, PASS, ChooseHarbormaster, HmChoice, Turn
from tests.epic_resort.helpers import (
    CARDS,
    att,
    bare,
    hero,
    logged,
    opts,
    pending,
    pick,
    put,
    top_step,
    tourist,
    turn,
    worker,
)

APP, JOURNEYMAN, PERFORMER = worker("apprentice"), worker("journeyman"), worker("street_performer")


def two_resorts(n: int = 2) -> State:
    s = bare(n)
    for seat in range(n):
        put(s, seat, 0, "beach", tourists=0)
        put(s, seat, 1, "tiki_hut", tourists=0)
        s.players[seat].hand = [APP]  # keeps a free action open, so menus are not automatic
    return s


def test_turn_menu_pass_only_when_nothing_else() -> None:
    s = two_resorts()
    s.players[0].hand = []
    turn(s)
    # pass is the only legal option -> automatic; seat 0 passed and chose a Harbormaster
    assert s.players[0].passed
    assert pending(s) == (0,) and top_step(s) == HmChoice(0)


def test_end_turn_only_after_a_main_action() -> None:
    s = two_resorts()
    s.players[0].flair = 3
    s.dock = [tourist("friends")]  # 3 flair, 2 tourists
    turn(s)
    assert END_TURN not in opts(s, 0)
    pick(s, 0, AttractTourists(0))
    pick(s, 0, PlaceTourist(0))  # first tourist on the Beach
    pick(s, 0, PlaceTourist(1))  # second on the Tiki Hut
    assert END_TURN in opts(s, 0)
    # one main action a turn
    assert not any(isinstance(o, AttractTourists) or o == PASS for o in opts(s, 0))
    p = s.players[0]
    assert (p.flair, p.slots[0].tourists, p.slots[1].tourists) == (0, 1, 1)
    assert s.dock == [] and s.dock_discard == [tourist("friends")]


def test_attract_tourists_places_bonus_first_and_loses_what_does_not_fit() -> None:
    """5.3.1: Sunbathers (1 + 2 relaxing): the 2 relaxing go to the Beach, the base one
    anywhere; with the Beach holding 2 of 3, one bonus tourist is lost."""
    s = two_resorts()
    s.players[0].slots[0].tourists = 2  # Beach capacity 3
    s.players[0].flair = 3
    s.dock = [tourist("sunbathers")]
    turn(s)
    pick(s, 0, AttractTourists(0))
    # bonus tourist 1 goes automatically to the only relaxing attraction with room;
    # the second bonus tourist is lost; the base tourist has one place left (Tiki Hut)
    p = s.players[0]
    assert (p.slots[0].tourists, p.slots[1].tourists) == (3, 1)


def test_season_pass_holders_four_players_locked_after_use() -> None:
    s = two_resorts(4)
    s.players[0].flair = 5
    turn(s)
    pick(s, 0, SEASON_PASS)
    for _ in range(3):
        pick(s, 0, PlaceTourist(0))
    assert s.sph_locked and s.players[0].flair == 1
    assert s.players[0].slots[0].tourists == 3
    # 5.2: it was the turn's main action (found by the third mutation campaign)
    assert END_TURN in opts(s, 0) and PASS not in opts(s, 0)


def test_season_pass_holders_not_in_two_player_game() -> None:
    s = two_resorts(2)
    s.players[0].flair = 5
    s.dock = [tourist("friends")]
    turn(s)
    assert SEASON_PASS not in opts(s, 0)


def test_attract_hero_then_on_attract_effects() -> None:
    """5.3.3: the Princess adds 2 tourists to her attraction."""
    s = two_resorts()
    s.players[0].flair = 5
    s.dock = [hero("princess")]
    turn(s)
    assert AttractHero(0, 2) not in opts(s, 0)  # slot 2 is empty: no attraction there
    pick(s, 0, AttractHero(0, 1))
    sl = s.players[0].slots[1]
    assert (sl.hero, sl.hero_health, sl.tourists) == (hero("princess"), 2, 2)
    assert s.players[0].flair == 0
    # 5.2: it was the turn's main action, and the public log names the hero and where it
    # went (both found by the fourth mutation campaign)
    assert END_TURN in opts(s, 0) and PASS not in opts(s, 0)
    assert logged(s, "attract_hero") == ["seat 0 attracts Princess to slot 1"]


def test_upgrade_rules_tier_and_name_and_refill() -> None:
    """5.3.4: upgrade an empty slot or a lower tier; covered cards keep VP; state reset."""
    s = two_resorts()
    p = s.players[0]
    p.gold = 14
    p.slots[0].tourists = 3
    p.slots[0].damage = 1
    p.slots[0].workers = [APP]
    s.draft_avail = [[att("drakuzzi"), att("festa")], [att("regata")], []]
    s.draft_piles = [[att("parata")], [], []]
    turn(s)
    legal = opts(s, 0)
    assert Upgrade(0, 0, 2) in legal  # empty slot
    assert Upgrade(0, 0, 0) in legal  # over a starting card
    pick(s, 0, Upgrade(0, 0, 0))
    assert p.slots[0].stack == [att("beach"), att("drakuzzi")]
    assert (p.slots[0].tourists, p.slots[0].damage, p.slots[0].workers) == (0, 0, [APP])
    assert p.gold == 9
    assert s.draft_avail[0] == [att("festa"), att("parata")] and s.draft_piles[0] == []


def test_upgrade_refuses_same_tier_and_duplicate_names() -> None:
    s = two_resorts()
    p = s.players[0]
    p.gold = 14
    put(s, 0, 2, "drakuzzi")
    s.draft_avail = [[att("festa")], [], []]
    turn(s)
    legal = opts(s, 0)
    assert Upgrade(0, 0, 2) not in legal  # tier I over tier I
    assert Upgrade(0, 0, 0) in legal


def test_train_removes_trainer_locks_pile_and_discounts_journeyman() -> None:
    s = two_resorts()
    p = s.players[0]
    p.gold = 1
    p.hand = [APP, JOURNEYMAN]
    s.worker_piles = [[CARDS.day_worker, 6, False], [worker("maitre_d"), 4, False]]
    turn(s)
    legal = opts(s, 0)
    assert Train(APP, 1) not in legal  # costs 4
    assert Train(JOURNEYMAN, 1) in legal  # 4 - 4 = 0
    assert Train(APP, 0) in legal  # Day-worker costs 0
    pick(s, 0, Train(JOURNEYMAN, 1))
    assert sorted(p.hand) == sorted([APP, worker("maitre_d")])
    assert p.removed == [JOURNEYMAN] and p.gold == 1
    assert s.worker_piles[1] == [worker("maitre_d"), 3, True]


def test_it_journeyman_discount_option() -> None:
    s = two_resorts()
    s = bare(2, {"journeyman_discount": 3})
    put(s, 0, 0, "beach")
    p = s.players[0]
    p.gold = 0
    p.hand = [JOURNEYMAN]
    s.worker_piles = [[worker("maitre_d"), 4, False]]
    turn(s)
    assert Train(JOURNEYMAN, 0) not in opts(s, 0)  # 4 - 3 = 1 > 0 gold


def test_first_passer_chooses_harbormaster() -> None:
    """5.3.6: choosing the current Harbormaster adds a token; choosing another moves the
    card and pays its tokens."""
    s = two_resorts()
    s.hm = 0
    s.hm_tokens = 2
    s.players[1].gold = 13
    s.players[0].hand = [APP]
    turn(s)
    pick(s, 0, PASS)
    assert top_step(s) == HmChoice(0)
    pick(s, 0, ChooseHarbormaster(1))
    assert (s.hm, s.hm_tokens, s.players[1].gold) == (1, 0, 14)


def test_first_passer_keeps_harbormaster_adds_token() -> None:
    s = two_resorts()
    s.hm = 0
    s.players[0].hand = [APP]
    turn(s)
    pick(s, 0, PASS)
    pick(s, 0, ChooseHarbormaster(0))
    assert (s.hm, s.hm_tokens) == (0, 1)


def test_it_first_passer_takes_it_option() -> None:
    s = bare(2, {"harbormaster_on_first_pass": "first_passer_takes_it"})
    put(s, 1, 0, "beach")
    s.hm = 0
    s.hm_tokens = 3
    s.players[1].hand = [APP]
    s.players[0].passed = True
    turn(s, 1)
    pick(s, 1, PASS)
    assert (s.hm, s.players[1].gold) == (1, 3)


def test_turns_go_clockwise_skipping_passed_players() -> None:
    s = two_resorts(3)
    s.players[1].passed = True
    s.first_pass_done = True
    s.players[0].flair = 2
    s.dock = [tourist("day_trippers")]
    turn(s, 0)
    pick(s, 0, AttractTourists(0))
    pick(s, 0, PlaceTourist(0))
    pick(s, 0, END_TURN)
    assert top_step(s) == Turn(2) and pending(s) == (2,)


def test_free_actions_send_discard_ability() -> None:
    s = two_resorts()
    p = s.players[0]
    put(s, 0, 2, "festa", tourists=0, workers=("apprentice", "apprentice"))
    p.hand = [APP, PERFORMER, worker("day_worker")]
    turn(s)
    legal = opts(s, 0)
    assert SendWorker(worker("day_worker"), 0) not in legal  # no gold to pay it
    assert UseAbility(2) not in legal  # Party needs 3 units, has 2
    pick(s, 0, SendWorker(APP, 2))
    assert UseAbility(2) in opts(s, 0)
    pick(s, 0, UseAbility(2))
    assert p.flair == 2 and p.slots[2].locked
    assert UseAbility(2) not in opts(s, 0)
    pick(s, 0, DiscardWorker(PERFORMER))
    assert p.flair == 3 and p.discard == [PERFORMER]


def test_lazy_peon_discard_only_during_attack() -> None:
    s = two_resorts()
    s.players[0].hand = [worker("lazy_peon"), APP]
    turn(s)
    assert DiscardWorker(worker("lazy_peon")) not in opts(s, 0)


def test_tourist_kind_constant() -> None:
    assert CARDS.main_cards[tourist("friends")][0] == TOURIST
