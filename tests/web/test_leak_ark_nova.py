"""During a live Ark Nova match, nothing the spectator endpoints send shows a hand, a
final scoring card, a set-aside or pouched card, the deck or the unused base projects.

A real gateway plays a 2-player match against a remote bot while a spectator reads every
spectator endpoint. Afterwards the replay gives the true state at every moment: each
board sent must be the public drawing of one of those states, name no card of a hidden
pile, and stay the same when every hidden pile is dealt again.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.model.state import State
from engine.ark_nova.view.observation import observe
from engine.core import SPECTATOR, GameRng, get_game
from tests.ark_nova.test_properties import perturb
from tests.web.arena import PacedBot, ServedArena
from tests.web.spectator import drawings, watch_as_spectator

GAME = "ark-nova"
CARD = re.compile(r'data-card="(\d+)"')
HIDDEN_MARKS = ("hand-card", "final-card", "set-aside-card", "pouched-card")


@pytest.fixture
def arena(redis_url: str, tmp_path: Path) -> Iterator[ServedArena]:
    served = ServedArena(redis_url, tmp_path, players=2, game=GAME)
    yield served
    served.close()


def hidden_cards(s: State) -> set[int]:
    """Every card in a pile no spectator may see."""
    piles = [s.deck, s.unused_base, s.final_deck]
    for p in s.players:
        piles += [p.hand, p.finals, p.limbo, *p.pouched.values()]
    return {card for pile in piles for card in pile}


def test_spectator_endpoints_never_show_a_hidden_ark_nova_card(arena: ServedArena) -> None:
    bot = PacedBot(seed=9)
    arena.connect("watched", bot)
    seen = watch_as_spectator(arena, bot)
    replay = arena.wait_replay(seen.match_id)

    view = get_game(GAME).board()
    drawn = drawings(replay)
    rng = GameRng(1)
    boards = set(seen.boards)
    checked = named = 0
    for board in boards:
        assert board in drawn, "a board that no true state draws was sent"
        assert not any(f'class="{mark}"' in board for mark in HIDDEN_MARKS)
        shown = {int(card) for card in CARD.findall(board)}
        named += len(shown)
        for truth in drawn[board]:
            assert isinstance(truth, ArkNovaState)
            assert not shown & hidden_cards(truth.s)
            assert hidden_cards(truth.s), "a state with hidden cards was checked"
            for _ in range(2):
                variant = perturb(truth.s, SPECTATOR, rng)
                assert view.render(observe(variant, SPECTATOR), replay.labels) == board
                checked += 1
    assert len(boards) >= 3 and named > 0 and checked >= 6
