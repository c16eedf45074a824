"""Rules the third mutation campaign (docs/rules-coverage.md, "Campaign 3") found without a
scenario of their own: each test fails on a mutant that broke the rule and survived."""

from __future__ import annotations

from engine.ark_nova import sponsor_play, zoo
from engine.ark_nova.act_sponsors import BreakForMoney, PickSponsor
from engine.ark_nova.buildings import ENC_T
from engine.ark_nova.cards import SPONSORS
from engine.ark_nova.turn import move_card, strength_range
from tests.ark_nova.cardscene import meet_conditions, scene
from tests.ark_nova.helpers import build


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
