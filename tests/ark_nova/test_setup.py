"""Spec 3: global and personal setup for 2, 3 and 4 players, and the starting draft."""

from __future__ import annotations

import pytest

from engine.ark_nova.cards.catalog import (
    ANIMALS,
    ASSOCIATION,
    BUILD,
    SPONSORS,
)
from engine.ark_nova.cards.catalog import CARDS as CARDS_ACTION
from engine.ark_nova.map.buildings import ENC_T, KIOSK_T
from engine.ark_nova.model.params import make_params
from engine.ark_nova.model.state import BLOCKED, FREE
from engine.ark_nova.rules.setup import KeepStartingCard
from engine.core.errors import ConfigError
from tests.ark_nova.helpers import (
    finish_draft,
    kind,
    new_game,
    pick,
)


@pytest.mark.parametrize(("n", "length", "base"), [(2, 9, 3), (3, 12, 3), (4, 15, 4)])
def test_global_setup(n, length, base):
    s = new_game(n, seed=5).s
    assert s.break_len == length and s.break_pos == 0
    assert len(s.tiles5) == 2 and len(s.tiles8) == 2 and not set(s.tiles5) & set(s.tiles8)
    assert len(s.base_row) == base and len(s.unused_base) == 12 - base
    assert s.partner_avail == 0b11111 and s.univ_avail == 0b111
    assert len(s.display) == 6 and all(c > 0 for c in s.display)
    assert len(s.final_deck) == 11 - 2 * n
    assert len(s.deck) == 212 - 6 - 8 * n
    blocked = [[lvl == BLOCKED for lvl in s.levels[c]] for c in s.base_row]
    if n == 2:
        # left level of the left project, middle of the middle, right of the right
        assert blocked == [[True, False, False], [False, True, False], [False, False, True]]
    else:
        assert all(lvl == FREE for c in s.base_row for lvl in s.levels[c])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_personal_setup(n):
    s = new_game(n, seed=9).s
    for k in range(n):
        p = s.players[(s.start_player + k) % n]
        assert p.appeal == k  # start player 0, then 1, 2, 3
        assert (p.money, p.cp, p.rep, p.x) == (25, 0, 1, 0)
        assert p.order[0] == ANIMALS and sorted(p.order) == [0, 1, 2, 3, 4]
        assert not any(p.side2)
        assert len(p.finals) == 2
        assert len(p.limbo) == 8 and not p.hand
        assert p.workers_active == 1 and p.workers_total == 1
        assert p.left_tokens == 0b1111111 and p.supply_tokens == 18
        # Map A start buildings: an empty 3-space enclosure and a kiosk.
        assert sorted(b.code for b in p.bld) == sorted([ENC_T[3], KIOSK_T])
        assert p.bld_state == [0, 0]


def test_map_0_has_no_start_buildings():
    s = new_game(2, seed=1, map_id="0").s
    assert all(not p.bld for p in s.players)


@pytest.mark.parametrize("n", [0, 5])
def test_a_game_is_for_1_to_4_players(n):
    """Spec title and 3.1 (break track, base projects and appeal for 1-4 players only):
    another player count is refused before setup, naming the range."""
    with pytest.raises(ConfigError, match="1 to 4 players"):
        new_game(n)


def test_options_are_validated():
    with pytest.raises(ConfigError, match="not a map"):
        make_params({"map": "9"})
    with pytest.raises(ConfigError, match="not a difficulty"):
        make_params({"solo_difficulty": "easy"})
    with pytest.raises(ConfigError, match="unknown option"):
        make_params({"size": 2})
    assert make_params({"map": "a"}).map_id == "A"
    assert make_params({"map": "1A"}).map_id == "1a"
    assert make_params({"map": "Random"}).map_id == "random"
    assert [make_params({"solo_difficulty": d}).solo_appeal
            for d in ("normal", "hard", "expert")] == [20, 10, 0]


def test_draft_keeps_4_of_8_and_reveals_everything_after_the_last_choice():
    g = new_game(2, seed=3)
    s = g.s
    first = s.start_player
    assert kind(s) == "KEEP_STARTING_CARD" and g.pending_seats() == (first,)
    obs_other = g.observation(1 - first)
    assert obs_other.display == (-1,) * 6  # face down until everyone has chosen
    dealt = sorted(s.players[first].limbo)
    for c in dealt[:4]:
        pick(s, first, KeepStartingCard.of(c))
    assert sorted(s.players[first].hand) == dealt[:4]
    assert not s.discard  # the other 4 stay face down until everyone has chosen
    finish_draft(g)
    assert len(s.discard) == 8
    assert set(dealt[4:]) <= set(s.discard)
    assert all(len(p.hand) == 4 for p in s.players)
    assert g.observation(first).display == tuple(s.display)
    assert kind(s) == "CHOOSE_ACTION" and g.pending_seats() == (first,)


def test_the_start_player_is_random() -> None:
    """3.1.8: the start player is drawn at random (play then goes clockwise, seat order)."""
    starts = {new_game(3, seed).s.start_player for seed in range(15)}
    assert starts == {0, 1, 2}


def test_the_animals_card_starts_in_slot_1_and_the_other_four_are_shuffled() -> None:
    """3.2 B: each player's Animals card goes to slot 1 and the other four action cards
    are shuffled into slots 2-5, so the starting rows differ from player to player."""
    rows = [tuple(p.order) for seed in range(10) for p in new_game(4, seed=seed).s.players]
    assert all(r[0] == ANIMALS and sorted(r) == [0, 1, 2, 3, 4] for r in rows)
    assert {r[1] for r in rows} == {CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS}
    assert {r[4] for r in rows} == {CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS}
