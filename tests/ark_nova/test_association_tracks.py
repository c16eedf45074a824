"""Spec 12 (association: partner zoos, universities, projects, left track, donations) and
13 (the appeal, conservation, reputation and break tracks with their bonus spaces)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.ark_nova.cards.catalog import ASSOCIATION, load_cards
from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.model.params import make_params
from engine.ark_nova.model.state import BLOCKED, FREE
from engine.ark_nova.rules import association, projects, tracks
from engine.ark_nova.rules.association import (
    ChoosePartnerZoo,
    ChooseUniversity,
    PartnerZoo,
    University,
    donation_cost,
)
from engine.ark_nova.rules.projects import ChooseProject, LeftToken, ProjectLevel, SupportProject
from engine.ark_nova.rules.tracks import BonusTile, CpTwoChoice
from engine.core import GameConfig
from engine.core.errors import ConfigError
from engine.toolkit import flow
from tests.ark_nova.cardscene import scene
from tests.ark_nova.helpers import give, options, pick, push, take_out

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
    from tests.ark_nova.helpers import table

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
    from tests.ark_nova.test_cards_projects_final import set_measure

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
