"""Rules the third mutation campaign (docs/rules-coverage.md, "Campaign 3") found without a
scenario of their own: each test fails on a mutant that broke the rule and survived."""

from __future__ import annotations

import pytest

from engine.ark_nova.cards import map_bonuses
from engine.ark_nova.cards.abilities import INVENTIVE_BY_CARD
from engine.ark_nova.cards.catalog import CARDS, ICON, SPONSORS
from engine.ark_nova.cards.effects import Magnet, Perception, Resistance
from engine.ark_nova.map.buildings import ENC_T, REPTILE_T, TYPES
from engine.ark_nova.map.hexgrid import INDEX, SHAPES, placements
from engine.ark_nova.rules import projects, solo, sponsor_play, zoo
from engine.ark_nova.rules.act_sponsors import BreakForMoney, PickSponsor
from engine.ark_nova.rules.cardflow import KeepCard
from engine.ark_nova.rules.turn import UseCard, move_card, strength_range
from engine.ark_nova.view import events
from tests.ark_nova.cardscene import (
    add_fitting,
    avoid_bonuses,
    meet_conditions,
    play_sponsor,
    scene,
)
from tests.ark_nova.helpers import (
    build,
    options,
    pick,
    reask,
    run_effects,
    table,
    to_display,
)
from tests.ark_nova.test_turn import start


def test_x_tokens_for_sponsors_are_offered_without_a_cap() -> None:
    """4.2 with 5.5: every X-token adds a level to the sponsor budget or S money to option B,
    so all the seat's X-tokens may be spent on Sponsors, on side I as on side II."""
    sc = scene()
    s, p = sc.s, sc.p
    move_card(p, SPONSORS, 2)
    p.x = 3
    for side2 in (False, True):
        p.side2[SPONSORS] = side2
        assert strength_range(s, sc.me, sc.me, SPONSORS) == (2, 0, 3), side2


def test_break_for_money_names_the_money_of_its_side() -> None:
    """5.5 option B: S money on side I, 2 S on side II; the option reads as it pays."""
    sc = scene()
    s = sc.s
    for side2, money in ((False, 3), (True, 6)):
        s.steps = [PickSponsor(sc.me, side2, 3, 3 + side2, 0)]
        assert BreakForMoney.of().describe(s, sc.me) == (
            f"break for money: +{money} money, break token +3")


def test_playing_sponsor_219_lets_the_next_building_cover_water_at_once() -> None:
    """20.2.219 with 7.3.1: once Diversity Researcher is in the zoo, water and rock cells
    may be covered, even where the zoo's legal placements were listed before it came."""
    sc = scene()
    s, p = sc.s, sc.p
    build(s, sc.me, ENC_T[1], [(4, 5)])
    before = zoo.footprints_for(s, sc.me, ENC_T[2])
    assert not any(f.p.mask & p.map.water for f in before)
    meet_conditions(s, sc.me, s.cards[219])
    sponsor_play.play_sponsor(s, sc.me, 219)
    after = zoo.footprints_for(s, sc.me, ENC_T[2])
    assert any(f.p.mask & p.map.water for f in after)


def test_using_one_venom_card_spares_the_payment_though_another_keeps_venom() -> None:
    """6.4: the venom payment is due only in a turn in which no venom-marked card was used;
    using one clears it, and a second venom-marked card left unused changes nothing."""
    s, seat, p = start()
    p.venom[SPONSORS] = 1
    p.venom[CARDS] = 1
    money = p.money
    reask(s)
    pick(s, seat, UseCard.of(CARDS))
    assert p.money == money and p.venom[SPONSORS] == 1 and p.venom[CARDS] == 0


def test_the_x_token_spend_options_read_their_count_and_strength() -> None:
    """4.2: the spend options read "spend 0 X-tokens", "spend 1 X-token", "spend 2 X-tokens"
    with the strength each gives."""
    s, seat, p = start()
    p.x = 2
    reask(s)
    pick(s, seat, UseCard.of(CARDS))  # slot 2
    labels = [o.describe(s, seat) for o in options(s)]
    assert labels == ["spend 0 X-tokens: strength 2", "spend 1 X-token: strength 3",
                      "spend 2 X-tokens: strength 4"]


def test_releasing_an_animal_frees_its_room_in_a_special_enclosure_and_its_icons() -> None:
    """8.7 steps 3-4: the released animal's housing is free again (in a special enclosure,
    here a Reptile House, exactly the capacity its card uses there) and its icons no longer
    count."""
    sc = scene()
    s, p = sc.s, sc.p
    by_id = s.cards.by_id
    card = next(by_id[i] for i in s.cards.animals
                if by_id[i].reptile_house and by_id[i].standard_size)
    where = add_fitting(s, sc.me, REPTILE_T, card.water_req, card.rock_req)
    zoo.house(p, card, where)
    p.animals.append(card.id)
    p.icons = [a + b for a, b in zip(p.icons, card.icons, strict=True)]
    before = list(p.icons)
    assert p.bld_state[where] == card.reptile_house
    projects.release(s, sc.me, card.id)
    assert p.bld_state[where] == 0 and card.id not in p.housing
    assert p.icons == [a - b for a, b in zip(before, card.icons, strict=True)]


def test_the_solo_end_is_announced_with_no_turn_left() -> None:
    """17: the last clock token of the last round ends the solo game at once (no further
    turn), and the public log says so."""
    s = table(1)
    s.steps.clear()
    s.clock_size, s.clock_left = solo.LAST_ROUND_TOKENS, 1
    assert solo.tick_clock(s) == solo.FINAL_SCORING
    ends = [events.describe(s.cards, e) for e in s.log if e[0] == "end"]
    assert ends == ["--- the end is triggered: 0 more turn(s) ---"]
    assert s.end_triggered and s.turns_left == 0


def test_magnet_takes_the_sponsors_of_every_folder_up_to_6() -> None:
    """19 magnet:sponsors: every sponsor in the display, in all six folders, goes to the hand
    (the other cards stay)."""
    sc = scene()
    s, p = sc.s, sc.p
    to_display(s, 1, 201)
    to_display(s, 6, 202)
    for folder, animal in zip(range(2, 6), (401, 402, 403, 404), strict=True):
        to_display(s, folder, animal)
    run_effects(s, sc.me, [Magnet()])
    assert {201, 202} <= set(p.hand) and s.display[1:5] == [401, 402, 403, 404]
    assert s.display[0] == s.display[5] == -1


def test_perception_with_the_deck_and_discard_pile_running_out_keeps_what_was_drawn() -> None:
    """19 perception with 10.1 (D-10): the cards are drawn from the deck, then the reshuffled
    discard pile; with both empty the drawing stops, and only real cards are offered."""
    sc = scene()
    s, p = sc.s, sc.p
    last = s.deck[-1]
    s.deck, s.discard = [last], []
    run_effects(s, sc.me, [Perception(3)])
    assert p.hand == [last] and not p.limbo and not s.asked  # the one card drawn is kept


def _turned(offset: tuple[int, int], steps: int) -> tuple[int, int]:
    """Spec 7.2's 60° rotation, written out from the spec: cube (q, r, s) -> (-r, -s, -q)."""
    q, r = offset[0], (offset[1] - offset[0]) // 2
    for _ in range(steps):
        q, r = -r, q + r  # (-r, -s) with s = -q - r
    return q, 2 * r + q


def test_a_5_space_enclosure_and_an_aviary_fit_in_each_of_their_6_rotations() -> None:
    """7.2: rotations 0..5 are all allowed; these two shapes differ in each of the six, so
    each rotation about the centre cell (4, 5) is a footprint of its own."""
    shapes = {
        "enclosure5": ((0, 0), (-1, -1), (-1, 1), (0, -2), (0, 2)),
        "aviary": ((0, 0), (-1, -1), (-1, 1), (0, 2), (1, -1)),
    }
    for name, offsets in shapes.items():
        offered = {pl.mask for pl in placements(SHAPES[name])}
        turns = set()
        for rot in range(6):
            cells = [(4 + dc, 5 + dr) for dc, dr in (_turned(o, rot) for o in offsets)]
            turns.add(sum(1 << INDEX[c] for c in cells))
        assert len(turns) == 6 and turns <= offered, name


def test_resistance_draws_2_final_scoring_cards_keeps_1_and_puts_1_under_the_pile() -> None:
    """19 resistance: draw 2 final scoring cards, keep 1, the other face down under the
    final-scoring pile."""
    sc = scene()
    s, p = sc.s, sc.p
    top2 = sorted(s.final_deck[-2:])
    run_effects(s, sc.me, [Resistance()])
    assert sorted(p.limbo) == top2
    pick(s, sc.me, KeepCard.of(top2[0]))
    assert top2[0] in p.finals and s.final_deck[0] == top2[1] and not p.limbo


@pytest.mark.parametrize("card", [459, 464])
def test_primate_inventive_gives_1_2_3_x_from_1_3_5_primate_icons(card: int) -> None:
    """19 inventive, cards 459 and 464: 1 / 2 / 3 X-tokens with >= 1 / >= 3 / >= 5 primate
    icons in the zoo (the highest tier reached)."""
    sc = scene()
    s, p = sc.s, sc.p
    for primates, x in ((0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)):
        p.icons[ICON["primate"]] = primates
        p.x = 0
        run_effects(s, sc.me, list(INVENTIVE_BY_CARD[card]))
        assert p.x == x, (primates, x)


def test_the_size_3_enclosure_tile_builds_a_free_3_space_enclosure() -> None:
    """13.2 bonus tiles: the size-3 enclosure tile places a 3-space standard enclosure, free
    (placement rules apply)."""
    sc = scene()
    s, p = sc.s, sc.p
    money = p.money
    run_effects(s, sc.me, list(map_bonuses.tile_effects("enclosure_3")))
    sc.answer(avoid_bonuses)
    assert [b.code for b in p.bld] == [ENC_T[3]] and p.money == money


UNIQUE_BUILDINGS = {  # spec 7.2 and 20.2: the sponsor that places each unique building
    243: "Meerkat Den", 244: "Penguin Pool", 245: "Aquarium", 246: "Cable Car",
    247: "Baboon Rock", 248: "Rhesus Monkey Park", 249: "Barred Owl Hut",
    250: "Sea Turtle Tank", 251: "Polar Bear Exhibit", 252: "Spotted Hyena Compound",
    253: "Okapi Stable", 254: "Zoo School", 255: "Adventure Playground",
    256: "Water Playground", 257: "Side Entrance",
}


def test_each_unique_building_sponsor_places_its_own_building() -> None:
    """20.2.243-257 with 7.2: each of these sponsors places its own unique building (its
    shape, its terrain needs), never another sponsor's."""
    for sponsor, name in UNIQUE_BUILDINGS.items():
        sc = scene()
        play_sponsor(sc, sponsor)
        (placed,) = sc.p.bld
        assert TYPES[placed.code].name == name, sponsor
