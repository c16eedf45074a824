"""Rules the coverage table (tests/spec_coverage) found without a scenario of their own."""

from __future__ import annotations

from engine.ark_nova import breaks
from engine.ark_nova.endgame import FinalScoring, final_result
from engine.ark_nova.final_scoring import card_points
from engine.ark_nova.hexgrid import INDEX
from tests.ark_nova.cardscene import scene
from tests.ark_nova.helpers import give, new_game, push, table


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
