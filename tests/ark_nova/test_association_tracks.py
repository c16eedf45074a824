"""Spec 12 (association: partner zoos, universities, projects, left track, donations) and
13 (the appeal, conservation, reputation and break tracks with their bonus spaces)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.ark_nova.cards import map_bonuses
from engine.ark_nova.cards.catalog import (
    ASSOCIATION,
    BUILD,
    SCIENCE,
    WATER,
    load_cards,
)
from engine.ark_nova.cards.catalog import CARDS as CARDS_ACTION
from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.map.buildings import ENC_T
from engine.ark_nova.model.params import make_params
from engine.ark_nova.model.state import BLOCKED, BONUS_TILES, FREE
from engine.ark_nova.rules import (
    association,
    dispatch,
    projects,
    tracks,
)
from engine.ark_nova.rules.association import (
    ChoosePartnerZoo,
    ChooseUniversity,
    PartnerZoo,
    University,
    donation_cost,
)
from engine.ark_nova.rules.projects import ChooseProject, LeftToken, ProjectLevel, SupportProject
from engine.ark_nova.rules.tracks import (
    BonusTile,
    CpTwoChoice,
    DiscardFinal,
    DiscardFinalCard,
    Upgrade,
)
from engine.core import GameConfig
from engine.core.errors import ConfigError
from engine.toolkit import flow
from tests.ark_nova.cardscene import (
    FILLER,
    avoid_bonuses,
    first_not_decline,
    scene,
)
from tests.ark_nova.helpers import (
    give,
    options,
    pick,
    push,
    run_effects,
    table,
    take_out,
    to_display,
)
from tests.ark_nova.helpers import (
    kind as step_kind,
)
from tests.ark_nova.test_cards_projects_final import set_measure

CARDS = load_cards()


def take_zoo(sc, continent: int) -> None:
    push(sc.s, ChoosePartnerZoo(sc.me))
    if sc.s.asked_step and sc.s.asked_step.kind == "PARTNER_ZOO":
        pick(sc.s, sc.me, PartnerZoo.of(continent))
    sc.answer()


def test_partner_zoos_two_with_side_i_four_with_side_ii_and_rewards():
    sc = scene()
    p = sc.p
    take_zoo(sc, 7)
    take_zoo(sc, 8)  # the 2nd partner zoo: upgrade (map A)
    assert p.partner_zoos == [7, 8] and sum(p.side2) == 1
    assert association.partner_choices(sc.s, sc.me) == []  # side I: 2
    assert not (sc.s.partner_avail & 0b11)  # taken from the board until a break
    p.side2[ASSOCIATION] = True
    take_zoo(sc, 9)  # 3rd: a worker
    assert p.workers_total == 2
    take_zoo(sc, 10)  # 4th: 2 CP
    assert p.cp == 2 + 0 or p.cp >= 2
    assert association.partner_choices(sc.s, sc.me) == []


def test_universities_kinds_limits_and_rewards():
    sc = scene()
    p = sc.p
    for kind in (0, 1):
        push(sc.s, ChooseUniversity(sc.me))
        if sc.s.asked_step and sc.s.asked_step.kind == "UNIVERSITY":
            pick(sc.s, sc.me, University.of(kind))
        sc.answer()
    assert p.rep == 1 + 1 + 2 and p.icons[12] == 1  # hand limit +1 rep; research +2 rep
    assert sum(p.side2) == 1  # 2nd university: upgrade
    assert association.university_choices(sc.s, sc.me) == []  # side I: 2 (Italian summary)
    p.side2[ASSOCIATION] = True
    assert association.university_choices(sc.s, sc.me) == [2]
    push(sc.s, ChooseUniversity(sc.me))
    sc.answer()
    assert p.icons[12] == 3 and p.universities == [0, 1, 2]


def take_universities(sc, *kinds: int) -> None:
    for kind in kinds:
        push(sc.s, ChooseUniversity(sc.me))
        if sc.s.asked_step and sc.s.asked_step.kind == "UNIVERSITY":
            pick(sc.s, sc.me, University.of(kind))
        sc.answer()


def test_university_limit_rulebook_allows_three_on_side_i():
    """Option ``university_limit=rulebook`` (D-43, amended): the published rulebook's
    3 universities on either side, where the default stops side I at 2."""
    sc = scene()
    sc.s.params = replace(sc.s.params, university_limit="rulebook")
    p = sc.p
    take_universities(sc, 0, 1)
    assert sum(p.side2) == 1 and p.side2[ASSOCIATION] is False  # map A: a Build upgrade
    assert association.university_choices(sc.s, sc.me) == [2]  # side I, 2 held: a 3rd
    take_universities(sc, 2)
    assert p.universities == [0, 1, 2] and p.icons[12] == 3
    assert association.university_choices(sc.s, sc.me) == []  # every kind held: 3


def test_university_limit_option_is_read_validated_and_defaults_to_by_side():
    assert make_params({}).universities_allowed == (2, 3)
    assert make_params({"university_limit": "by_side"}).universities_allowed == (2, 3)
    assert make_params({"university_limit": "rulebook"}).universities_allowed == (3, 3)
    with pytest.raises(ConfigError, match="university_limit='three' is not a reading"):
        make_params({"university_limit": "three"})
    game = ArkNovaState.new(GameConfig(2, {"university_limit": "rulebook"}), 1)
    assert game.s.params.university_limit == "rulebook"
    assert ArkNovaState.new(GameConfig(2, {}), 1).s.params.university_limit == "by_side"


def put_row(sc, *cards: int) -> None:
    for c in cards:
        take_out(sc.s, c)
        projects.put_in_row(sc.s, c)


def test_project_row_holds_two_in_a_two_player_game_and_returns_tokens():
    sc = scene()
    s = sc.s
    put_row(sc, 128, 129)
    s.levels[128][0] = sc.other
    supply = s.players[sc.other].supply_tokens
    put_row(sc, 130)
    assert s.project_row == [130, 129] and 128 in s.discard and 128 not in s.levels
    assert s.players[sc.other].supply_tokens == supply + 1


def test_one_token_per_project_needs_a_left_token_and_blocked_levels_are_closed():
    sc = scene()
    s, p = sc.s, sc.p
    base = s.base_row[1]  # middle base project: middle level blocked with 2 players
    assert s.levels[base] == [FREE, BLOCKED, FREE]
    card = CARDS[base]
    for i in range(15):
        p.icons[i] += 5
    assert projects.levels_for(s, sc.me, card, s.levels[base]) == [0, 2]
    s.levels[base][2] = sc.me
    assert projects.levels_for(s, sc.me, card, s.levels[base]) == []  # one token each
    s.levels[base][2] = FREE
    p.left_tokens = 0
    assert projects.levels_for(s, sc.me, card, s.levels[base]) == []


def test_left_track_token_reveals_its_bonus_and_recurring_spaces_pay_at_breaks():
    sc = scene()
    s, p = sc.s, sc.p
    put_row(sc, 132)
    p.icons[12] = 5
    sc.snapshot()
    push(s, ChooseProject(sc.me, False))
    if s.asked_step.kind == "CHOOSE_PROJECT":
        pick(s, sc.me, SupportProject.of(132, 0))
    if s.asked_step.kind == "PROJECT_LEVEL":
        pick(s, sc.me, ProjectLevel.of(0))
    pick(s, sc.me, LeftToken.of(2))  # recurring: 5 money
    sc.answer()
    assert sc.delta("money") == 5 and p.supported == 1
    from engine.ark_nova.rules.breaks import Income
    from engine.ark_nova.rules.metrics import kiosk_income
    from engine.ark_nova.rules.scoring import appeal_income

    money = p.money
    push(s, Income(sc.me))
    sc.answer()
    assert p.money == money + appeal_income(p.appeal) + kiosk_income(p) + 5


@pytest.mark.parametrize(("n", "costs"), [
    (2, [2, 5, 7, 10, 12, 12, 12]), (3, [2, 5, 5, 7, 7, 10, 10, 12, 12]),
    (4, [2, 5, 5, 7, 7, 10, 10, 12, 12])])
def test_donation_costs_d06(n, costs):

    s = table(n)
    seen = []
    for _ in costs:
        seen.append(donation_cost(s))
        s.donations = min(s.donations + 1, len(association.DONATION_COSTS[n]) - 1)
    assert seen == costs


def test_sponsor_215_token_counts_as_an_icon_for_a_base_project():
    sc = scene()
    s, p = sc.s, sc.p
    base = s.base_row[0]
    s.levels[base] = [FREE, FREE, FREE]
    card = CARDS[base]
    need = card.thresholds[2] - 1

    set_measure(sc, base, need)
    assert 2 not in projects.levels_for(s, sc.me, card, s.levels[base])
    p.sponsors.append(215)
    p.card_tokens[215] = 2
    assert 2 in projects.levels_for(s, sc.me, card, s.levels[base])


def test_hiring_the_fourth_worker_gives_the_map_reward():
    sc = scene()
    p = sc.p
    for _ in range(3):
        tracks.hire_worker(sc.s, sc.me)
    flow.advance(sc.s)
    sc.answer()
    assert p.workers_total == 4 and p.cp == 2  # map A: 2 CP
    tracks.hire_worker(sc.s, sc.me)
    assert p.workers_total == 4  # none left


# ----------------------------------------------------------------------------- tracks


def test_cp_bonus_spaces():
    sc = scene()
    s, p = sc.s, sc.p
    tracks.gain_cp(s, sc.me, 2)
    flow.advance(s)
    assert s.asked_step.kind == "CP2_BONUS"
    pick(s, sc.me, CpTwoChoice.of(True))
    assert p.workers_total == 2
    tile = s.tiles5[0]
    tracks.gain_cp(s, sc.me, 3)
    flow.advance(s)
    assert s.asked_step.kind == "CP_TILE_BONUS"
    from engine.ark_nova.model.state import BONUS_TILES

    assert BonusTile.of(-1) in options(s)
    pick(s, sc.me, BonusTile.of(BONUS_TILES.index(tile)))
    sc.answer()
    assert tile not in s.tiles5  # the tile leaves the game


def test_first_player_to_cp_10_makes_everyone_discard_a_final_scoring_card_once():
    sc = scene()
    s = sc.s
    tracks.gain_cp(s, sc.me, 10)
    flow.advance(s)
    sc.answer(lambda s, seat, o: o[0])
    assert [len(q.finals) for q in s.players] == [1, 1] and s.cp10_done
    tracks.gain_cp(s, sc.other, 12)
    flow.advance(s)
    sc.answer(lambda s, seat, o: o[0])
    assert [len(q.finals) for q in s.players] == [1, 1]


def test_reputation_cap_overflow_and_bonus_spaces():
    sc = scene()
    s, p = sc.s, sc.p
    tracks.gain_rep(s, sc.me, 20)
    assert p.rep == 9  # Cards I
    s.steps.clear()
    p.side2[3] = True
    p.rep = 14
    appeal = p.appeal
    tracks.gain_rep(s, sc.me, 3)
    assert p.rep == 15 and p.appeal == appeal + 2
    sc2 = scene()
    s2, p2 = sc2.s, sc2.p
    p2.side2 = [False, True, True, True, True]
    x = p2.x
    tracks.gain_rep(s2, sc2.me, 14)  # 1 -> 15: spaces 5, 8, 10, 11, 12, 13, 14, 15
    flow.advance(s2)
    sc2.answer()
    assert p2.side2[0]  # 5: upgrade
    assert p2.cp == 2  # 11 and 14
    assert p2.workers_total == 3  # 8: a worker; CP 2 bonus: a worker (all cards upgraded)
    assert p2.x == x + 2  # 12 and 15
    assert len(p2.hand) == 2  # 10 and 13


def test_track_ends():
    sc = scene()
    tracks.gain_appeal(sc.s, sc.me, 500)
    tracks.gain_cp(sc.s, sc.me, 500)
    sc.s.steps.clear()
    assert sc.p.appeal == 113 and sc.p.cp == 41


def test_break_token_reaching_the_end_makes_a_break_due_and_pays_1_x_once():
    sc = scene()
    s = sc.s
    tracks.advance_break(s, sc.me, 8)
    assert not s.break_due
    tracks.advance_break(s, sc.me, 5)
    assert s.break_due and s.break_pos == s.break_len and sc.p.x == 1
    tracks.advance_break(s, sc.other, 2)
    assert sc.p.x == 1 and s.players[sc.other].x == 0 and s.break_trigger == sc.me


def test_give_and_options_helpers_are_consistent():
    sc = scene()
    give(sc.s, sc.me, 401)
    assert 401 in sc.p.hand


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
        p.side2[CARDS_ACTION] = True
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


def test_the_size_3_enclosure_tile_builds_a_free_3_space_enclosure() -> None:
    """13.2 bonus tiles: the size-3 enclosure tile places a 3-space standard enclosure, free
    (placement rules apply)."""
    sc = scene()
    s, p = sc.s, sc.p
    money = p.money
    run_effects(s, sc.me, list(map_bonuses.tile_effects("enclosure_3")))
    sc.answer(avoid_bonuses)
    assert [b.code for b in p.bld] == [ENC_T[3]] and p.money == money


def test_the_cp_2_bonus_can_upgrade_an_action_card() -> None:
    """13.2: reaching CP 2 offers an action-card upgrade as the alternative to a worker;
    choosing it lets the player flip a side-I card of his choice to side II."""
    sc = scene()
    s, p = sc.s, sc.p
    tracks.gain_cp(s, sc.me, 2)
    flow.advance(s)
    assert step_kind(s) == "CP2_BONUS"
    workers = p.workers_total
    pick(s, sc.me, CpTwoChoice.of(False))
    assert step_kind(s) == "UPGRADE_ACTION_CARD"
    assert options(s) == [Upgrade.of(a) for a in range(5)]
    pick(s, sc.me, Upgrade.of(BUILD))
    assert p.side2 == [a == BUILD for a in range(5)] and p.workers_total == workers


def test_association_ii_supports_a_project_from_the_display_paying_its_folder() -> None:
    """12.4.2: with Association II a project in the display within reputation range may be
    supported for the folder number in money; the card goes to the row above the board."""
    sc = scene()
    s, p = sc.s, sc.p
    p.rep = 4  # folders 1-3
    to_display(s, 3, 132)  # Research: 5 / 4 / 2 science icons
    give(s, sc.me, 128)  # Aquatic in hand, so that a project is to be chosen
    p.icons[SCIENCE] = p.icons[WATER] = 5
    money = p.money
    push(s, ChooseProject(sc.me, True))
    assert options(s) == [SupportProject.of(128, 0), SupportProject.of(132, 3)]
    pick(s, sc.me, SupportProject.of(132, 3))
    assert step_kind(s) == "PROJECT_LEVEL"
    assert p.money == money - 3
    assert s.project_row[0] == 132 and 132 not in s.display
