"""Spec section 2 - Setup, for 2, 3 and 4 players."""

from __future__ import annotations

import pytest

from engine.epic_resort.card_defs import ATTACK, DOUBLE_ATTACK
from tests.epic_resort.helpers import CARDS, att, new_game


@pytest.mark.parametrize(("players", "dock", "piles", "monsters"),
                         [(2, 6, 4, 15), (3, 7, 4, 21), (4, 7, 5, 27)])
def test_setup_depends_on_player_count(players: int, dock: int, piles: int, monsters: int) -> None:
    for seed in range(5):
        s = new_game(players, seed).s
        assert len(s.dock) == dock
        # the dock never starts with an attack card (2.3.3)
        assert all(CARDS.main_cards[c][0] not in (ATTACK, DOUBLE_ATTACK) for c in s.dock)
        # Day-worker pile + 4 or 5 skilled piles of 4 copies (2.2)
        assert s.worker_piles[0] == [CARDS.day_worker, 6, False]
        assert len(s.worker_piles) == 1 + piles
        assert all(count == 4 for _, count, _ in s.worker_piles[1:])
        # monster deck by player marks (2.5), tier I on top, tier III at the bottom
        assert len(s.monster_deck) == monsters
        tiers = [CARDS.monsters[CARDS.monster_copies[m][0]].tier for m in s.monster_deck]
        assert tiers == sorted(tiers, reverse=True)
        # Season Pass Holders only with 4 players (2.4): its action needs n == 4
        assert s.sph_locked is False
        assert len(s.main_deck) + len(s.dock) == 60


def test_marks_used_per_player_count() -> None:
    for players, allowed in ((2, {"2+"}), (3, {"2+", "3+"}), (4, {"2+", "3+", "4"})):
        s = new_game(players, 1).s
        assert {CARDS.monster_copies[m][1] for m in s.monster_deck} == allowed


def test_x_monsters_option_adds_nine() -> None:
    assert len(new_game(2, 0, {"x_monsters": True}).s.monster_deck) == 15 + 9


def test_each_player_starts_with_beach_tiki_and_thirteen_workers() -> None:
    g = new_game(3, 2)
    for p in g.s.players:
        assert sorted(p.slots[i].top for i in (0, 1)) == sorted([att("beach"), att("tiki_hut")])
        assert [p.slots[i].tourists for i in (0, 1)] == [2, 2]
        assert not p.slots[2].stack
        assert p.flair == 0 and p.gold == 0
        # Phase I of season 1 has drawn 5 of the 13 basic workers (2.6.4, 4.2)
        assert len(p.hand) == 5 and len(p.draw) == 8 and not p.discard


def test_starting_layout_is_a_choice() -> None:
    from engine.core.game import GameConfig
    from engine.epic_resort.game_state import EpicResortState

    g = EpicResortState.new(GameConfig(2), 0)
    d = g.decision(g.pending_seats()[0])
    assert d.kind == "STARTING_LAYOUT"
    assert len(d.options) == 2
    g.apply(d.seat, 1)
    s = g.s
    assert s.players[d.seat].slots[0].top == att("tiki_hut")


def test_draft_shows_two_cards_per_tier() -> None:
    s = new_game(2, 3).s
    for tier in range(3):
        assert len(s.draft_avail[tier]) == 2
        assert len(s.draft_piles[tier]) == 8
        assert all(CARDS.attractions[a].tier == tier + 1 for a in s.draft_avail[tier])


def test_double_attack_option_removes_them() -> None:
    s = new_game(2, 0, {"double_attack_cards": False}).s
    assert len(s.main_deck) + len(s.dock) == 58


def test_the_first_harbormaster_is_random_and_holds_no_gold_tokens() -> None:
    """2.7: a random first Harbormaster; the Harbormaster card starts with 0 gold tokens."""
    firsts = set()
    for seed in range(12):
        s = new_game(3, seed).s
        firsts.add(s.hm)
        assert s.hm_tokens == 0
    assert firsts == {0, 1, 2}
