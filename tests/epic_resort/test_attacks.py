"""Spec sections 6 and 7 - A Ship Arrives and Attacks."""

from __future__ import annotations

from engine.epic_resort.actions import DiscardWorker, UseAbility
from engine.epic_resort.attacks import (
    DEFEND,
    END_RESPONSE,
    NO_DEFENCE,
    HeroDodges,
    HeroMovesIn,
    Respond,
    StartAttack,
)
from engine.epic_resort.effects import RepositionHeroes
from engine.epic_resort.events import MainDeckReshuffled
from engine.epic_resort.observation import observe
from engine.epic_resort.season import PHASE3, PHASE4, PHASE4_HEAL, PHASE5, REFILL, CardDone
from engine.epic_resort.turns import Turn
from tests.epic_resort.helpers import (
    CARDS,
    SPARE,
    att,
    attack,
    attack_card,
    bare,
    hero,
    logged,
    monster,
    opts,
    pick,
    put,
    start,
    top_step,
    tourist,
    worker,
)

PEON, BOUNCER, APP = worker("lazy_peon"), worker("bouncer"), worker("apprentice")
def test_defender_most_tourists_ties_go_to_harbormaster_order() -> None:
    s = bare(3)
    s.hm = 1
    put(s, 0, 0, "beach", tourists=2)
    put(s, 2, 0, "beach", tourists=2)
    put(s, 1, 0, "beach", tourists=1)
    attack(s, "goblin_raiders")  # most tourists, strength 2; tie 0/2 -> seat 2 first after HM 1
    assert s.players[2].slots[0].tourists == 0
    assert s.players[0].slots[0].tourists == 2
    assert s.monster_discard == [monster("goblin_raiders")]


def test_tied_harbormaster_is_attacked() -> None:
    s = bare(2)
    s.hm = 1
    put(s, 0, 0, "beach", tourists=2)
    put(s, 1, 0, "beach", tourists=2)
    attack(s, "goblin_raiders")
    assert (s.players[0].slots[0].tourists, s.players[1].slots[0].tourists) == (2, 0)


def test_most_gold_and_harbormaster_targets() -> None:
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", tourists=3)
    put(s, 1, 0, "beach", tourists=3)
    s.players[1].gold = 1
    attack(s, "pirate_scallywags")  # most gold: seat 1; eats 2 and plunders 1
    assert (s.players[1].slots[0].tourists, s.players[1].gold) == (1, 0)
    attack(s, "wild_boar")  # the Harbormaster, seat 0
    assert s.players[0].slots[0].tourists == 1


def test_position_from_card_halves() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    put(s, 0, 2, "tiki_hut", tourists=3)  # present attractions A[0]=slot0, A[1]=slot2
    attack(s, "goblin_raiders", "attack_06")  # two: right
    assert (s.players[0].slots[0].tourists, s.players[0].slots[2].tourists) == (3, 1)
    put(s, 0, 1, "drakuzzi", tourists=3)
    attack(s, "goblin_raiders", "attack_03")  # three: center
    assert s.players[0].slots[1].tourists == 1


def test_no_tourists_no_hero_places_damage_and_destroys() -> None:
    """7.7.3 and 7.10: a Bridge Troll (extra damage 1) destroys an empty tier I stack; its
    workers stay beside the slot and go to the discard pile in Phase V."""
    s = bare(2)
    s.hm = 0  # Troll targets the Harbormaster
    put(s, 0, 0, "drakuzzi", tourists=0, workers=("apprentice",))
    s.players[0].slots[0].stack.insert(0, att("beach"))
    attack(s, "troll")
    sl = s.players[0].slots[0]
    assert sl.stack == [] and sl.workers == [] and sl.stranded == [APP]
    start(s, PHASE5)
    assert s.players[0].discard == [APP] and s.players[0].slots[0].stranded == []


def test_starting_attraction_takes_three_damage() -> None:
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", tourists=0, damage=1)
    attack(s, "wild_boar")
    assert s.players[0].slots[0].damage == 2 and s.players[0].slots[0].stack


def test_dragon_scorch_damages_an_emptied_attraction() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=2)
    attack(s, "dragon_whelp")
    assert (s.players[0].slots[0].tourists, s.players[0].slots[0].damage) == (0, 1)


def test_hero_defends_loses_health_and_tourists_use_hero_strength() -> None:
    """7.7.1: Archer (strength 3) vs Young Dragon (4): 1 health lost, 1 tourist lost."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3, hero_name="archer", health=2)
    attack(s, "young_dragon")  # defending is the only option: no prompt
    sl = s.players[0].slots[0]
    assert (sl.hero_health, sl.tourists, sl.damage) == (1, 2, 0)


def test_hero_health_option_counts_the_health_left_after_the_hit() -> None:
    """EN 7.7.1: the hero first loses its health point, then the attraction loses the
    tourists by which the monster's strength exceeds the hero's remaining health: a Knight
    on 3 health against a Young Dragon (4) leaves 3 - (4 - 2) = 1 of 3 tourists."""
    s = bare(2, {"defended_loss_uses": "hero_health"})
    put(s, 0, 0, "beach", tourists=3, hero_name="knight", health=3)
    attack(s, "young_dragon")
    sl = s.players[0].slots[0]
    assert (sl.hero, sl.hero_health, sl.tourists) == (hero("knight"), 2, 1)


def test_hero_health_option_a_hero_on_one_health_guards_nothing() -> None:
    """The Archer on 2 health drops to 1: 4 - 1 = 3 tourists lost, all of them."""
    s = bare(2, {"defended_loss_uses": "hero_health"})
    put(s, 0, 0, "beach", tourists=3, hero_name="archer", health=2)
    attack(s, "young_dragon")
    sl = s.players[0].slots[0]
    assert (sl.hero_health, sl.tourists, sl.damage) == (1, 0, 0)


def test_spirit_drain_defeats_a_hero() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3, hero_name="archer", health=2)
    attack(s, "restless_spirit")  # most heroes: seat 0
    sl = s.players[0].slots[0]
    assert sl.hero == -1 and s.dock_discard[0] == hero("archer")
    assert sl.tourists == 3  # strength 2 < 3


def test_dodge_locks_the_hero_then_tourists_are_eaten() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3, hero_name="archer", health=2)
    put(s, 0, 1, "tiki_hut", tourists=0)
    attack(s, "goblin_raiders", "attack_01")  # two: left -> slot 0
    assert opts(s, 0) == [DEFEND, HeroDodges(1)]
    pick(s, 0, HeroDodges(1))
    p = s.players[0]
    assert (p.slots[0].hero, p.slots[0].tourists) == (-1, 1)
    assert (p.slots[1].hero, p.slots[1].hero_locked) == (hero("archer"), True)
    # a locked hero defends without a prompt and cannot move in
    attack(s, "goblin_raiders", "attack_06")  # right -> slot 1, defended by the locked hero
    assert p.slots[1].hero_health == 1
    attack(s, "goblin_raiders", "attack_01")  # left -> slot 0: nobody may move in
    assert p.slots[0].tourists == 0


def test_move_in_an_unlocked_hero() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    put(s, 0, 1, "tiki_hut", tourists=0, hero_name="knight")
    attack(s, "goblin_raiders", "attack_01")
    assert opts(s, 0) == [NO_DEFENCE, HeroMovesIn(1)]
    pick(s, 0, HeroMovesIn(1))
    p = s.players[0]
    sl = p.slots[0]
    assert (sl.hero, sl.hero_locked, sl.hero_health) == (hero("knight"), True, 2)  # defended
    assert p.slots[0].tourists == 3


def test_response_window_runs_clockwise_from_defender() -> None:
    s = bare(3)
    s.hm = 2
    for seat in range(3):
        put(s, seat, 0, "beach", tourists=1 if seat != 1 else 3)
        s.players[seat].hand = [PEON]
    attack(s, "goblin_raiders")
    asked = []
    while isinstance(step := top_step(s), Respond):
        asked.append(step.seat)
        pick(s, step.seat, END_RESPONSE)
    assert asked == [1, 2, 0]
    assert s.players[1].slots[0].tourists == 1


def test_lazy_peon_ends_the_attack() -> None:
    """7.8: no effect at all; the Peon is removed from play; the monster is discarded."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=2)
    s.players[1].hand = [PEON]
    put(s, 1, 0, "beach", tourists=0)
    attack(s, "dragon_whelp")
    assert top_step(s) == Respond(1, 0)  # seat 0 has no free action
    pick(s, 1, DiscardWorker(PEON))
    assert s.players[0].slots[0].tourists == 2 and s.players[0].slots[0].damage == 0
    assert s.players[1].removed == [PEON] and s.players[1].hand == []
    assert s.monster_discard == [monster("dragon_whelp")]


def test_lazy_peon_first_of_double_attack_does_not_cancel_second() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    s.players[0].hand = [PEON]
    s.monster_deck = [monster(SPARE, 1), monster("goblin_raiders", 1), monster("goblin_raiders")]
    c = attack_card("double_attack_01")
    start(s, StartAttack(c), StartAttack(c), CardDone(c))
    pick(s, 0, DiscardWorker(PEON))
    assert s.players[0].slots[0].tourists == 1  # second attack ate 2
    assert s.monster_discard == [monster("goblin_raiders"), monster("goblin_raiders", 1)]
    assert s.dock_discard == [c]


def test_bouncer_reduces_strength() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    s.players[0].hand = [BOUNCER]
    attack(s, "young_dragon")  # 4 - 2 = 2
    pick(s, 0, DiscardWorker(BOUNCER))
    # nothing else to do in the window: it closed by itself
    assert s.players[0].slots[0].tourists == 1


def test_monster_viewing_gallery_redirects_and_restarts_window() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    put(s, 1, 0, "galleria_dei_mostri", tourists=1, workers=("apprentice",) * 3)
    put(s, 1, 1, "beach", tourists=0)
    s.players[0].hand = [PEON]
    s.players[1].hand = [APP]
    attack(s, "goblin_raiders")
    assert top_step(s) == Respond(0, 0)
    pick(s, 0, END_RESPONSE)
    assert UseAbility(0) in opts(s, 1)
    pick(s, 1, UseAbility(0))
    # the window restarts from the new defender, seat 1
    assert top_step(s) == Respond(1, 1)
    pick(s, 1, END_RESPONSE)
    pick(s, 0, END_RESPONSE)
    assert s.players[1].slots[0].tourists == 0 and s.players[1].slots[0].locked
    assert s.players[0].slots[0].tourists == 3


def test_gallery_ability_only_during_attack() -> None:
    s = bare(2)
    put(s, 0, 0, "galleria_dei_mostri", workers=("apprentice",) * 3)
    s.players[0].hand = [APP]
    start(s, Turn(0))
    assert UseAbility(0) not in opts(s, 0)


def test_two_headed_giant_hits_center_and_outer_left_to_right() -> None:
    s = bare(2)
    for i, name in enumerate(("beach", "tiki_hut", "drakuzzi")):
        put(s, 0, i, name, tourists=3)
    attack(s, "two_headed_giant", "attack_06")  # left half "right" -> A[1] and A[2]
    p = s.players[0]
    assert [sl.tourists for sl in p.slots] == [3, 0, 0]


def test_two_headed_giant_with_two_attractions_hits_both() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    put(s, 0, 1, "tiki_hut", tourists=3)
    attack(s, "two_headed_giant")
    assert [sl.tourists for sl in s.players[0].slots[:2]] == [0, 0]


def test_extra_attack_follows_with_same_card() -> None:
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", tourists=3)
    s.monster_deck = [monster(SPARE, 1), monster("goblin_raiders"), monster("kraken")]
    c = attack_card("attack_01")
    start(s, StartAttack(c), CardDone(c))
    # Kraken (5, Harbormaster) ate 3 then damaged nothing; Goblins then hit the empty Beach
    assert s.players[0].slots[0].tourists == 0
    assert s.players[0].slots[0].damage == 1
    assert s.monster_discard == [monster("kraken"), monster("goblin_raiders")]


def test_attraction_ability_fires_when_hero_defends() -> None:
    """Trophy Room (+2 strength, needs 3 units): Archer 3+2 vs Young Dragon 4 loses none."""
    s = bare(2)
    put(s, 0, 0, "sala_dei_trofei", tourists=3, hero_name="archer", health=2,
        workers=("apprentice",) * 3)
    attack(s, "young_dragon")
    sl = s.players[0].slots[0]
    assert (sl.tourists, sl.hero_health, sl.locked) == (3, 1, True)


def test_nature_trail_repositions_heroes_during_attack() -> None:
    s = bare(2)
    put(s, 0, 0, "sentiero_natura", tourists=3, workers=("apprentice",) * 3, hero_name="monk")
    put(s, 0, 1, "beach", tourists=1)
    attack(s, "goblin_raiders", "attack_06")  # right -> slot 1
    pick(s, 0, UseAbility(0))
    assert opts(s, 0) == [RepositionHeroes((0,)), RepositionHeroes((1,))]
    pick(s, 0, RepositionHeroes((1,)))
    pick(s, 0, DEFEND)  # the window closed by itself; the moved hero may defend
    p = s.players[0]
    assert (p.slots[1].hero, p.slots[1].hero_locked) == (hero("monk"), False)
    assert p.slots[1].tourists == 1  # defended: 2 - 2 strength


def test_marked_only_option_limits_the_window() -> None:
    s = bare(2, {"free_actions_during_attack": "marked_only"})
    put(s, 0, 0, "beach", tourists=3)
    s.players[0].hand = [APP, PEON, worker("street_performer")]
    attack(s, "goblin_raiders")
    assert opts(s, 0) == [DiscardWorker(PEON), END_RESPONSE]


def test_refill_loop_and_end_trigger() -> None:
    """6.2/6.4: attack cards trigger attacks and never join the dock; when the last monster
    is revealed, Phase III stops and Phase IV follows."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3)
    s.dock = [tourist("friends")]
    c = attack_card("attack_01")
    s.main_deck = [tourist("families"), tourist("friends", 1), c]
    s.monster_deck = [monster("goblin_raiders")]
    start(s, PHASE3, REFILL, PHASE4, PHASE4_HEAL, PHASE5)
    assert s.end_triggered and s.terminal and not s.steps
    assert s.dock == [] and s.dock_discard == [tourist("friends"), c]
    assert len(s.main_deck) == 2
    # the revealed card and its attack are public (found by the fourth mutation campaign)
    assert logged(s, "attack_card") == ["Attack! revealed"]
    assert logged(s, "attack") == ["Goblin Raiders (strength 2) attacks seat 0 at slots [0]"]


def test_refill_fills_dock_to_size() -> None:
    s = bare(2)
    s.monster_deck = [monster("goblin_raiders")]
    s.dock = [tourist("friends", k) for k in range(3)] + [hero("monk")]
    s.main_deck = [tourist("day_trippers", k) for k in range(4)]
    start(s, PHASE3, REFILL)
    assert len(s.dock) == 6 and s.dock[0] == tourist("friends", 1)
    assert s.dock_discard == [tourist("friends")]
    assert CARDS.main_cards[s.dock[-1]][0] == 0


def test_after_a_dodge_another_hero_may_move_in() -> None:
    """7.6.3: no hero at X after a dodge: an unlocked hero from elsewhere may move in.
    7.6.1, 7.6.3: a moving hero takes its health along; the attraction left shows no hero
    and 0 health (found by the third mutation campaign)."""
    s = bare(2)
    put(s, 0, 0, "beach", tourists=3, hero_name="archer", health=1)
    put(s, 0, 1, "tiki_hut", tourists=0, hero_name="knight")
    put(s, 0, 2, "drakuzzi", tourists=0)
    attack(s, "goblin_raiders", "attack_01")  # three: left -> slot 0
    pick(s, 0, HeroDodges(2))
    assert opts(s, 0) == [NO_DEFENCE, HeroMovesIn(1)]  # the dodged Archer is locked
    left = observe(s, 1).players[0].slots[0]
    assert (left.hero, left.hero_health, left.hero_locked) == (-1, 0, False)
    pick(s, 0, HeroMovesIn(1))
    middle = observe(s, 1).players[0].slots[1]
    assert (middle.hero, middle.hero_health, middle.hero_locked) == (-1, 0, False)
    p = s.players[0]
    sl = p.slots[0]
    assert (sl.hero, sl.hero_locked, sl.tourists) == (hero("knight"), True, 3)
    assert (p.slots[2].hero, p.slots[2].hero_health) == (hero("archer"), 1)
    # both moves are public (found by the fourth mutation campaign: the move-in's entry)
    assert logged(s, "dodge") == ["seat 0's hero dodges from slot 0 to slot 2"]
    assert logged(s, "move_in") == ["seat 0's hero moves from slot 1 to slot 0"]


def test_most_heroes_target_is_the_resort_with_the_most_heroes() -> None:
    """7.3 most_heroes: the Restless Spirit ignores tourists and gold and goes for heroes."""
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", tourists=3)
    s.players[0].gold = 9
    put(s, 1, 0, "beach", tourists=1, hero_name="archer", health=2)
    attack(s, "restless_spirit")
    assert s.players[0].slots[0].tourists == 3
    assert s.players[1].slots[0].hero == -1  # drained from 2 health to 0: defeated


def test_a_resort_without_attractions_is_not_hit_but_extra_attack_still_follows() -> None:
    """7.4 n = 0: the attack has no target and nothing happens; extra_attack still triggers."""
    s = bare(2)
    s.hm = 0  # the Kraken goes for the Harbormaster, who has no attraction
    put(s, 1, 0, "beach", tourists=3)
    s.monster_deck = [monster("wild_boar", 1), monster("goblin_raiders"), monster("kraken")]
    c = attack_card("attack_01")
    start(s, StartAttack(c), CardDone(c))
    assert s.monster_discard == [monster("kraken"), monster("goblin_raiders")]
    assert s.players[1].slots[0].tourists == 1  # the follow-up Goblins (2) hit seat 1
    assert all(not sl.stack for sl in s.players[0].slots)


def test_an_empty_main_deck_is_rebuilt_from_the_dock_discard_pile() -> None:
    """6.2.1: the refill loop shuffles the dock discard pile into a new main deck."""
    s = bare(2)
    s.monster_deck = [monster("goblin_raiders")]
    s.dock = [tourist("friends", k) for k in range(3)]
    s.main_deck = []
    s.dock_discard = [tourist("day_trippers", k) for k in range(4)]
    start(s, REFILL)
    assert len(s.dock) == 6 and s.dock[:3] == [tourist("friends", k) for k in range(3)]
    assert sorted(s.dock[3:] + s.main_deck) == sorted(tourist("day_trippers", k) for k in range(4))
    assert s.dock_discard == []


def test_plunder_takes_its_amount_only_when_no_hero_defends() -> None:
    """7.7.2-7.7.3: an undefended attraction costs the defender `plunder n` gold, with or
    without tourists; 7.7.1: a defending hero keeps the gold ("plunder does not apply")."""
    s = bare(2)
    s.hm = 0
    s.players[1].gold = 5
    put(s, 1, 0, "beach", tourists=3)
    attack(s, "pirate_scallywags")  # most gold: seat 1; eats 2, plunders 1
    assert (s.players[1].slots[0].tourists, s.players[1].gold) == (1, 4)
    s.players[1].slots[0].tourists = 0
    attack(s, "pirate_scallywags")  # no tourists, no hero: 1 damage and the plunder
    assert (s.players[1].slots[0].damage, s.players[1].gold) == (1, 3)
    put(s, 1, 0, "beach", tourists=3, hero_name="knight", health=2)
    attack(s, "pirate_scallywags")  # defended: no plunder
    assert s.players[1].gold == 3


def test_dragon_scorch_only_when_no_tourist_is_left() -> None:
    """7.7.2 dragon_scorch: 1 damage only if the attraction is left with 0 tourists."""
    s = bare(2)
    put(s, 0, 0, "drakuzzi", tourists=4)
    attack(s, "dragon_whelp")  # strength 3: one tourist stays
    assert (s.players[0].slots[0].tourists, s.players[0].slots[0].damage) == (1, 0)


def test_extra_damage_adds_exactly_its_amount() -> None:
    """7.7.3: no hero, no tourists: 1 + extra_damage.n damage (the Troll: 2), so a starting
    attraction (damage limit 3) survives it."""
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", tourists=0)
    attack(s, "troll")
    assert s.players[0].slots[0].damage == 2 and s.players[0].slots[0].stack


def test_hero_health_option_a_drained_hero_guards_no_less_than_nothing() -> None:
    """16 defended_loss_uses=hero_health with a drain (7.7.1, 13.spirit_drain): an Archer on
    1 health loses 2 and is defeated; the health left counts as 0, not -1, so the Restless
    Spirit (2) takes 2 of 3 tourists (found by the mutation campaign)."""
    s = bare(2, {"defended_loss_uses": "hero_health"})
    put(s, 0, 0, "beach", tourists=3, hero_name="archer", health=1)
    attack(s, "restless_spirit")
    sl = s.players[0].slots[0]
    assert (sl.hero, sl.tourists) == (-1, 1)


def test_a_monster_without_plunder_takes_no_gold() -> None:
    """7.7.2-7.7.3: only a `plunder n` monster costs gold; the Goblins eat tourists and then
    damage an empty attraction, and the gold stays (found by the second mutation campaign:
    a card without the ability defaulting to plunder 1 went unnoticed)."""
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", tourists=1)
    s.players[0].gold = 5
    attack(s, "goblin_raiders")
    assert (s.players[0].slots[0].tourists, s.players[0].gold) == (0, 5)
    attack(s, "goblin_raiders")
    assert (s.players[0].slots[0].damage, s.players[0].gold) == (1, 5)


def test_a_destroyed_attraction_leaves_its_damage_in_the_supply() -> None:
    """7.10: tourists, damage and locks of a destroyed stack return to the supply; the empty
    slot shows 0 damage, so a later attraction there starts undamaged (found by the second
    mutation campaign); its workers are stranded and a Guildmaster's units there are gone,
    so a later attraction there starts unstaffed (third campaign)."""
    s = bare(2)
    s.hm = 0
    put(s, 0, 0, "beach", damage=2, locked=True, workers=("guildmaster",))
    s.players[0].slots[0].gm_units = 2
    attack(s, "goblin_raiders")
    sl = s.players[0].slots[0]
    assert (sl.stack, sl.tourists, sl.damage, sl.locked) == ([], 0, 0, False)
    assert (sl.workers, sl.gm_units, sl.stranded) == ([], 0, [worker("guildmaster")])


def test_phase_iii_is_observed_as_phase_3() -> None:
    """6, 8: when the ship arrives the game is in Phase III, and an observation says so
    (found by the third mutation campaign: Phase III's number was never checked)."""
    s = bare(2)
    s.dock = [tourist("friends", 0), tourist("friends", 1)]
    PHASE3.run(s)
    assert s.dock == [tourist("friends", 1)]
    assert s.phase == 3 and observe(s, 0).phase == 3 and observe(s, 1).phase == 3


def test_a_rebuilt_main_deck_is_shuffled() -> None:
    """6.2.1: the dock discard pile is shuffled into the new main deck, so its order is
    not the discard pile's (found by the third mutation campaign, statement deletion: the
    rebuilding test sorted the cards, so an unshuffled deck passed)."""
    pile = [tourist("friends", k) for k in range(3)]
    pile += [tourist("day_trippers", k) for k in range(4)]
    orders = set()
    for seed in range(4):
        s = bare(2, seed=seed)
        s.monster_deck = [monster("goblin_raiders")]
        s.main_deck, s.dock_discard = [], list(pile)
        start(s, REFILL)
        orders.add(tuple(s.dock + s.main_deck))
        assert s.log.count(MainDeckReshuffled()) == 1  # public (fourth campaign)
    assert len(orders) > 1
