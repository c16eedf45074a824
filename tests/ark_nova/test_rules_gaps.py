"""Rules the coverage table (tests/spec_coverage) found without a scenario of their own."""

from __future__ import annotations

from engine.ark_nova.cards import effects, map_bonuses
from engine.ark_nova.cards.catalog import ANIMALS, CARDS, CONTINENTS
from engine.ark_nova.map.buildings import ENC_T, SIZE
from engine.ark_nova.map.hexgrid import INDEX
from engine.ark_nova.model.state import BONUS_TILES
from engine.ark_nova.rules import (
    act_animals,
    act_build,
    breaks,
    cardflow,
    dispatch,
    projects,
    tracks,
)
from engine.ark_nova.rules.endgame import FinalScoring, final_result
from engine.ark_nova.rules.final_scoring import card_points
from engine.ark_nova.rules.tracks import BonusTile, DiscardFinal, DiscardFinalCard
from engine.ark_nova.rules.turn import move_card, strength_range
from engine.toolkit import flow
from tests.ark_nova.cardscene import (
    FILLER,
    first_not_decline,
    housing_for,
    meet_conditions,
    scene,
)
from tests.ark_nova.helpers import give, new_game, pick, push, table, take_out
from tests.ark_nova.test_cards_projects_final import set_measure


def test_the_start_player_is_random() -> None:
    """3.1.8: the start player is drawn at random (play then goes clockwise, seat order)."""
    starts = {new_game(3, seed).s.start_player for seed in range(15)}
    assert starts == {0, 1, 2}


def _bit(col_row: tuple[int, int]) -> int:
    return 1 << INDEX[col_row]


def test_architectural_zoo_scores_each_criterion_on_its_own() -> None:
    """16 card 004 on Map A: one CP each for no isolated water, no isolated rock, every border
    building cell covered, the whole map covered."""
    sc = scene(seed=4)
    p = sc.p
    full = p.map.plain
    p.covered = full
    assert card_points(sc.s, sc.me, 4) == 4
    p.covered = full & ~_bit((4, 5))  # an inner cell left free: the map is not covered
    assert card_points(sc.s, sc.me, 4) == 3
    p.covered = full & ~_bit((0, 5))  # a border cell left free: neither border nor map
    assert card_points(sc.s, sc.me, 4) == 2
    p.covered = full & ~_bit((1, 10)) & ~_bit((0, 11))  # rock (1,12) isolated as well
    assert card_points(sc.s, sc.me, 4) == 1


def test_water_covered_through_sponsor_219_no_longer_counts_for_card_004() -> None:
    """7.3.6: a water cell covered (only sponsor 219 allows it) is no longer water, so it
    cannot be an isolated water cell for final scoring card 004."""
    sc = scene(seed=4)
    p = sc.p
    p.covered = p.map.plain & ~_bit((7, 2))  # water (8,1) loses its only covered neighbour
    assert card_points(sc.s, sc.me, 4) == 2  # rock and border only
    p.covered |= _bit((8, 1))  # now covered by a building
    assert card_points(sc.s, sc.me, 4) == 3


def test_a_solo_game_is_won_at_0_vp_and_lost_at_minus_1() -> None:
    """17 (and 15.1): a solo result is the final VP and a win is VP >= 0; the boundary
    itself (found by the mutation campaign: only a random game's result was checked)."""
    s = table(1, 4)
    p = s.players[0]
    p.cp, s.terminal = 0, True
    for appeal, won in ((114, True), (113, False)):
        p.appeal = appeal
        r = final_result(s)
        assert (r.scores, r.details["won"]) == ((float(appeal - 114),), won)


def test_final_scoring_adds_a_sponsors_end_appeal() -> None:
    """15.3.2: sponsor end effects add their appeal at final scoring (found by the mutation
    campaign: only a CP end effect was checked). Sponsor 214 gives 1 appeal per X-token."""
    sc = scene(seed=4)
    p = sc.p
    p.finals, p.sponsors, p.x, p.appeal, p.cp = [], [214], 3, 10, 2
    FinalScoring().run(sc.s)
    assert (p.appeal, p.cp, sc.s.terminal) == (13, 2, True)


def test_a_hand_at_the_limit_discards_nothing_in_a_break() -> None:
    """14.1: discard down to 3 cards; a hand of exactly 3 is not asked to discard (found by
    the mutation campaign: only hands over the limit were checked)."""
    sc = scene()
    s, p = sc.s, sc.p
    give(s, sc.me, 401, 402, 403)
    push(s, breaks.HandLimit(sc.me))
    assert s.asked_step is None and sorted(p.hand) == [401, 402, 403]


# ----------------------------------------------------------------------------- campaign 2


def test_an_animal_costs_at_least_0_however_large_the_discounts() -> None:
    """8.2.3: partner-zoo and sponsor-229 discounts stop at a cost of 0 (no money back)."""
    sc = scene()
    p, by_id = sc.p, sc.s.cards.by_id
    card = min((by_id[i] for i in sc.s.cards.animals
                if by_id[i].small and any(by_id[i].icons[z] for z in CONTINENTS)),
               key=lambda c: c.cost)
    p.partner_zoos.append(next(z for z in CONTINENTS if card.icons[z]))
    p.sponsors.append(229)
    assert card.cost - 3 - 3 < 0  # the discounts alone would go below 0
    assert act_animals.cost(sc.s, sc.me, card, 0) == 0


def test_a_breeding_token_is_spent_only_when_the_zoo_is_short() -> None:
    """12.4: a 215 token stands in for a missing icon; a zoo that already meets the level
    keeps its tokens, one icon short spends exactly one."""
    sc = scene()
    s, p = sc.s, sc.p
    card = s.cards[s.base_row[0]]
    need = card.thresholds[2]
    set_measure(sc, card.id, need)
    p.sponsors.append(215)
    p.card_tokens[215] = 2
    projects.spend_icon_tokens(s, sc.me, card, need)
    assert p.card_tokens[215] == 2
    projects.spend_icon_tokens(s, sc.me, card, need + 1)
    assert p.card_tokens[215] == 1


def test_the_pouch_2_left_track_space_pouches_at_most_2_cards() -> None:
    """12.5 / 21 (map 7): the recurring Pouch 2 space puts up to 2 hand cards under the
    map, +2 appeal each; a third hand card stays in hand."""
    sc = scene()
    s, p = sc.s, sc.p
    give(s, sc.me, *FILLER[:3])
    appeal = p.appeal
    dispatch.schedule(s, sc.me, 0, map_bonuses.left_track_effects("pouch_2"))
    flow.advance(s)
    sc.answer(first_not_decline)
    assert len(p.pouched[0]) == 2 and len(p.hand) == 1 and p.appeal == appeal + 4


def test_each_reputation_bonus_space_from_11_to_15_pays_its_own_reward() -> None:
    """13.3: 11 and 14 give 1 CP, 12 and 15 one X-token (passing all of them in one gain
    cannot tell a swapped pair apart)."""
    for space, cp, x in ((11, 1, 0), (12, 0, 1), (14, 1, 0), (15, 0, 1)):
        sc = scene()
        p = sc.p
        p.side2[CARDS] = True
        p.rep, p.cp = space - 1, 3  # no CP bonus space next
        cp0, x0 = p.cp, p.x
        tracks.gain_rep(sc.s, sc.me, 1)
        flow.advance(sc.s)
        sc.answer()
        assert (p.cp - cp0, p.x - x0) == (cp, x), space


def test_the_bonus_tile_options_name_the_tile_taken() -> None:
    """13.2: every tile of the CP 5/8 choice is described by its name, the first tile
    too (-1 is the permanent 5 money)."""
    sc = scene()
    assert BonusTile.of(-1).describe(sc.s, sc.me) == "take 5 money"
    for i, name in enumerate(BONUS_TILES):
        assert BonusTile.of(i).describe(sc.s, sc.me) == f"take the {name.replace('_', ' ')} tile"


def test_x_tokens_for_animals_are_offered_up_to_strength_5_on_either_side() -> None:
    """4.2 with 8.1: Animals does nothing more above strength 5 on side I or II, so the X
    spend offered stops there (a small decision instead of a wasted token)."""
    sc = scene()
    s, p = sc.s, sc.p
    card = s.cards[401]
    meet_conditions(s, sc.me, card)
    housing_for(s, sc.me, card)
    give(s, sc.me, 401)
    move_card(p, ANIMALS, 4)
    p.x = 3
    for side2 in (False, True):
        p.side2[ANIMALS] = side2
        assert strength_range(s, sc.me, sc.me, ANIMALS) == (4, 0, 1), side2


def test_drawing_from_an_empty_deck_and_discard_pile_draws_nothing() -> None:
    """10.1 with D-10: an empty deck takes the discard pile; with both empty no card comes
    (the hand is unchanged, no placeholder card)."""
    sc = scene()
    s, p = sc.s, sc.p
    s.deck, s.discard = [], []
    assert cardflow.draw_one(s) == -1
    cardflow.draw(s, sc.me, 2)
    assert p.hand == []


def test_the_10_cp_discard_goes_under_the_final_scoring_pile() -> None:
    """13.2 (CP 10): the discarded final scoring card goes face down under the pile, so it
    is the last one a later draw from that pile would reach."""
    sc = scene()
    s, p = sc.s, sc.p
    card = p.finals[0]
    top = s.final_deck[-1]
    push(s, DiscardFinal(sc.me))
    pick(s, sc.me, DiscardFinalCard.of(card))
    assert s.final_deck[0] == card and s.final_deck[-1] == top and card not in p.finals


def _pile(s, deck: list[int], discard: list[int]) -> None:
    for c in deck + discard:
        take_out(s, c)
    s.deck, s.discard = list(reversed(deck)), discard  # deck[0] is revealed first


def test_reveal_until_finds_a_sponsor_under_the_reshuffled_discard_pile() -> None:
    """18 reveal_until (Map 8 in the seeds): revealed cards are discarded after the search,
    so when the deck runs out the discard pile alone becomes the deck (D-10) and its
    sponsor is found (engine bug found by mutation campaign 2: each revealed card went
    to the discard pile at once and the search gave up after deck + discard + 1 draws)."""
    sc = scene()
    s, p = sc.s, sc.p
    _pile(s, [401, 402, 403, 404], [223])
    dispatch.fire(s, sc.me, 0, effects.RevealUntil("sponsor"))
    assert p.hand == [223] and s.deck == [] and sorted(s.discard) == [401, 402, 403, 404]


def test_reveal_until_without_a_match_reveals_each_card_once() -> None:
    """18 reveal_until: no sponsor in the deck or the discard pile: every card is revealed
    once and all of them end on the discard pile (nothing taken, nothing lost)."""
    sc = scene()
    s, p = sc.s, sc.p
    _pile(s, [401, 402, 403], [404, 405])
    dispatch.fire(s, sc.me, 0, effects.RevealUntil("sponsor"))
    assert p.hand == [] and s.deck == [] and sorted(s.discard) == [401, 402, 403, 404, 405]


def test_waza_forbids_the_other_size_class_only() -> None:
    """20.2.227: after choosing small (waza 1) no large animal may be played, after choosing
    large (waza 2) no small one; the chosen class stays playable."""
    sc = scene()
    s, p = sc.s, sc.p
    by_id = s.cards.by_id
    small = next(by_id[i] for i in s.cards.animals
                 if by_id[i].small and by_id[i].petting_zoo is None)
    large = next(by_id[i] for i in s.cards.animals if by_id[i].large)
    for card in (small, large):
        meet_conditions(s, sc.me, card)
        housing_for(s, sc.me, card)
    for waza, ok_small, ok_large in ((0, True, True), (1, True, False), (2, False, True)):
        p.waza = waza
        assert act_animals.playable(s, sc.me, small, 0, False) == ok_small, waza
        assert act_animals.playable(s, sc.me, large, 0, False) == ok_large, waza


def test_a_building_costs_2_money_per_cell_exactly() -> None:
    """5.2: 2 money x size; a player with exactly that much may build it, 1 less may not."""
    sc = scene()
    p = sc.p
    for code in (ENC_T[1], ENC_T[3]):
        p.money = 2 * SIZE[code]
        assert act_build.buildable(sc.s, sc.me, code, 5)
        p.money -= 1
        assert not act_build.buildable(sc.s, sc.me, code, 5)


def test_a_size_4_animal_is_released_for_the_first_level() -> None:
    """12.4.3 release projects: standard size >= 4 for the 5 CP level, 3 for the next,
    <= 2 for the last; size 4 sits on the first boundary."""
    sc = scene()
    s, p = sc.s, sc.p
    by_id = s.cards.by_id
    project = s.cards.by_id[116]
    animals = {size: next(i for i in s.cards.animals if by_id[i].standard_size == size
                          and by_id[i].icons[project.project_icon]) for size in (2, 3, 4, 5)}
    p.animals = sorted(animals.values())
    assert projects.release_candidates(s, sc.me, project, 0) == sorted([animals[4], animals[5]])
    assert projects.release_candidates(s, sc.me, project, 1) == [animals[3]]
    assert projects.release_candidates(s, sc.me, project, 2) == [animals[2]]
