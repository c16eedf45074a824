"""Spec section 13 - one scenario per card ability: attraction abilities, hero on_attract
abilities, worker discard abilities and worker staffing bonuses."""

from __future__ import annotations

import pytest

from engine.epic_resort.actions import AttractHero, DiscardWorker, SendWorker, UseAbility
from engine.epic_resort.effects import (
    Cash,
    Heal,
    Place,
    Repair,
    Reposition,
    RepositionHeroes,
    Unlock,
)
from engine.epic_resort.observation import observe
from engine.epic_resort.phase1 import PHASE1, PHASE1_RESOLVE, PlanWorker
from engine.epic_resort.resort import supplied
from engine.epic_resort.state import State
from engine.epic_resort.turns import Turn
from engine.toolkit import flow
from tests.epic_resort.helpers import CARDS, att, attack, bare, hero, opts, pick, put, start, worker

APP = worker("apprentice")
EFFECT_STEPS = (Place, Heal, Repair, Unlock, Cash, Reposition)


def _answer_effect_decisions(s: State) -> None:
    """Pick the first option of every effect decision (the most cash for a cash-out)."""
    while isinstance(step := s.asked_step, EFFECT_STEPS) and 0 in s.asked:
        legal = s.asked[0]
        flow.choose(s, 0, len(legal) - 1 if isinstance(step, Cash) else 0)


def _snapshot(s: State) -> tuple[int, ...]:
    p = s.players[0]
    return (p.flair, p.gold, p.slots[0].tourists, p.slots[1].tourists, len(p.hand),
            p.slots[0].hero_health, p.slots[1].damage)


# (card, expected (flair, gold, slot0 tourists, slot1 tourists, hand, hero health, slot1 damage))
# Start: 0 flair, 0 gold, card in slot 0 with 2 tourists and an Archer at 1 health;
# Beach in slot 1 with 0 tourists and 1 damage; hand of 2 Apprentices; 3 in the draw pile.
ATTRACTION_ABILITIES = [
    ("drakuzzi", (0, 0, 3, 0, 2, 1, 1)),
    ("festa", (2, 0, 2, 0, 2, 1, 1)),
    ("parata", (2, 0, 2, 0, 2, 1, 1)),
    ("sentiero_natura", (0, 0, 2, 0, 2, 1, 1)),  # one hero, moved to slot 0 = unchanged
    ("hammock_grove", (0, 0, 2, 0, 2, 2, 1)),
    ("snack_shack", (1, 1, 2, 0, 2, 1, 1)),
    ("fish_fry", (0, 0, 2, 0, 2, 1, 0)),
    ("gift_shop", (0, 2, 2, 0, 2, 1, 1)),
    ("cabana_rental", (0, 0, 3, 0, 2, 1, 1)),
    ("gita_tra_i_piranha", (0, 2, 2, 0, 2, 1, 1)),
    ("regata", (3, 0, 2, 0, 2, 1, 1)),
    ("sala_karaoke", (1, 0, 3, 0, 2, 1, 1)),
    ("sala_da_ballo", (0, 0, 2, 0, 4, 1, 1)),
    ("buffet_di_pesce", (0, 3, 2, 0, 2, 1, 1)),
    ("taverna_dei_pirati", (0, 1, 2, 0, 3, 1, 1)),
    ("arena_delle_giostre", (0, 0, 2, 0, 2, 2, 1)),
    ("tuffi_dalla_scogliera", (2, 1, 2, 0, 2, 1, 1)),
    ("slaughter_coaster", (0, 0, 2, 0, 2, 3, 1)),
    ("terme", (0, 2, 0, 0, 2, 1, 1)),
    ("piscina_a_sfioro", (0, 0, 4, 0, 2, 1, 1)),
    ("gran_banchetto", (0, 2, 2, 0, 3, 1, 1)),
    ("braceria_del_drago", (0, 2, 2, 0, 2, 1, 1)),
    ("casino_reale", (0, 4, 2, 0, 2, 1, 1)),
    ("teatro_dell_opera", (4, 0, 2, 0, 2, 1, 1)),
    ("festival_in_spiaggia", (1, 0, 4, 0, 2, 1, 1)),
    ("gran_carnevale", (2, 0, 3, 0, 2, 1, 1)),
    ("tuffo_nel_vulcano", (2, 2, 2, 0, 2, 1, 1)),
]


def test_every_activated_ability_is_covered() -> None:
    activated = {a.id for a in CARDS.attractions if a.ability and a.ability.timing == "activated"
                 and not a.ability.only_during_attack}
    assert activated == {name for name, _ in ATTRACTION_ABILITIES}


@pytest.mark.parametrize(("name", "expected"), ATTRACTION_ABILITIES)
def test_attraction_ability(name: str, expected: tuple[int, ...]) -> None:
    s = bare(2)
    ab = CARDS.attractions[att(name)].ability
    assert ab is not None
    put(s, 0, 0, name, tourists=2, workers=("apprentice",) * ab.work, hero_name="archer", health=1)
    put(s, 0, 1, "beach", tourists=0, damage=1)
    s.players[0].hand = [APP, APP]
    s.players[0].draw = [APP] * 3
    start(s, Turn(0))
    pick(s, 0, UseAbility(0))
    _answer_effect_decisions(s)
    assert _snapshot(s) == expected
    assert s.players[0].slots[0].locked  # 5.4.3: locked after use
    assert UseAbility(0) not in opts(s, 0)


def test_ability_needs_enough_units() -> None:
    s = bare(2)
    put(s, 0, 0, "casino_reale", workers=("apprentice",) * 3)  # needs 4
    s.players[0].hand = [APP]
    start(s, Turn(0))
    assert UseAbility(0) not in opts(s, 0)
    pick(s, 0, SendWorker(APP, 0))
    assert UseAbility(0) in opts(s, 0)


# Heroes attracted to slot 1 (Beach, 0 tourists, 1 damage); an Archer (health 1) rests in
# slot 0 (Tiki Hut, 2 tourists, locked); 1 Apprentice in hand, 3 in the draw pile.
# Expected (flair, gold, slot0 tourists, slot1 tourists, hand, archer health, slot1 damage).
HERO_ABILITIES = [
    ("paladin", (0, 0, 2, 0, 1, 2, 1)),
    ("berserker", (0, 0, 2, 0, 1, 1, 0)),
    ("thief", (0, 0, 2, 0, 1, 1, 1)),
    ("warlord", (0, 0, 3, 1, 1, 1, 1)),
    ("enchantress", (0, 0, 2, 0, 1, 1, 1)),
    ("knight", (0, 0, 2, 0, 1, 1, 1)),
    ("ranger", (0, 0, 2, 1, 1, 1, 1)),
    ("wizard", (0, 0, 2, 0, 3, 1, 1)),
    ("cleric", (0, 0, 2, 0, 1, 1, 1)),
    ("bard", (1, 0, 3, 0, 1, 1, 1)),
    ("monk", (0, 0, 2, 0, 1, 1, 1)),
    ("valkyrie", (0, 0, 2, 0, 1, 2, 1)),
    ("dwarf_warrior", (0, 0, 2, 0, 1, 1, 1)),
    ("druid", (0, 0, 2, 0, 1, 1, 0)),
    ("samurai", (0, 0, 2, 0, 1, 1, 1)),
    ("swashbuckler", (0, 2, 2, 0, 1, 1, 1)),
    ("princess", (0, 0, 2, 2, 1, 1, 1)),
]


def test_every_hero_is_covered() -> None:
    assert {h.id for h in CARDS.heroes} - {"archer"} == {n for n, _ in HERO_ABILITIES} - {"archer"}


@pytest.mark.parametrize(("name", "expected"), HERO_ABILITIES)
def test_hero_on_attract(name: str, expected: tuple[int, ...]) -> None:
    s = bare(2)
    h = CARDS.heroes[CARDS.main_cards[hero(name)][1]]
    put(s, 0, 0, "tiki_hut", tourists=2, hero_name="archer", health=1, locked=True)
    put(s, 0, 1, "beach", tourists=0, damage=1)
    p = s.players[0]
    p.flair = h.cost
    p.hand = [APP]
    p.draw = [APP] * 3
    s.dock = [hero(name)]
    start(s, Turn(0))
    pick(s, 0, AttractHero(0, 1))
    _answer_effect_decisions(s)
    assert _snapshot(s) == expected
    assert p.slots[1].hero == hero(name) and p.slots[1].hero_health == h.start
    assert p.slots[0].locked is (name != "thief")


# Discard abilities usable on one's turn: (worker, expected as above with the Archer at
# slot 0, health 1, and the Beach at slot 1 damaged 1).
DISCARDS = [
    ("street_performer", (1, 0, 2, 0, 1, 1, 1)),
    ("valet", (0, 1, 2, 0, 1, 1, 1)),
    ("squire", (0, 0, 2, 0, 1, 2, 1)),
    ("entertainer", (2, 0, 2, 0, 1, 1, 1)),
    ("handyman", (0, 0, 2, 0, 1, 1, 0)),
]


def test_every_discard_ability_is_covered() -> None:
    names = {w.id for w in CARDS.workers if w.discard and not w.discard.only_during_attack}
    assert names == {n for n, _ in DISCARDS}


@pytest.mark.parametrize(("name", "expected"), DISCARDS)
def test_discard_ability(name: str, expected: tuple[int, ...]) -> None:
    s = bare(2)
    put(s, 0, 0, "tiki_hut", tourists=2, hero_name="archer", health=1)
    put(s, 0, 1, "beach", tourists=0, damage=1)
    p = s.players[0]
    p.hand = [APP, worker(name)]
    start(s, Turn(0))
    pick(s, 0, DiscardWorker(worker(name)))
    _answer_effect_decisions(s)
    assert _snapshot(s) == expected
    assert p.discard == [worker(name)]


@pytest.mark.parametrize("w", [w for w in CARDS.workers if w.type_bonus])
def test_type_bonus_units(w) -> None:
    """4.4: the bonus applies at the CURRENT top card's type."""
    typ, bonus = w.type_bonus[0]
    name = next(a.id for a in CARDS.attractions if a.type == typ)
    other = next(a.id for a in CARDS.attractions if a.type not in dict(w.type_bonus))
    s = bare(2)
    put(s, 0, 0, name, workers=(w.id,))
    put(s, 0, 1, other, workers=(w.id,))
    assert supplied(s, s.players[0].slots[0]) == w.work + bonus
    assert supplied(s, s.players[0].slots[1]) == w.work


def test_accountant_payout_bonus() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", tourists=1)
    s.players[0].hand = [worker("accountant")]
    start(s, PHASE1, PHASE1_RESOLVE)
    pick(s, 0, PlanWorker(worker("accountant"), 0))
    assert (s.players[0].flair, s.players[0].gold) == (2, 2)  # [2,1] + 1 gold


def test_repositioned_heroes_leave_no_health_behind() -> None:
    """13.reposition_heroes: the heroes take their health to their new attractions; an
    attraction left empty shows no hero and 0 health (third mutation campaign)."""
    s = bare(2)
    put(s, 0, 0, "sentiero_natura", tourists=3, workers=("apprentice",) * 3, hero_name="monk",
        health=1)
    put(s, 0, 1, "beach", tourists=1)
    attack(s, "goblin_raiders", "attack_06")  # right -> slot 1
    pick(s, 0, UseAbility(0))
    pick(s, 0, RepositionHeroes((1,)))
    left, right = observe(s, 1).players[0].slots[:2]
    assert (left.hero, left.hero_health) == (-1, 0)
    assert (right.hero, right.hero_health) == (hero("monk"), 1)
