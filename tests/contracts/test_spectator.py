"""Every installed game's spectator seat shows public information only: the game declares
a spectator view, and ``observation(SPECTATOR)`` stays the same in every copy of a state
whose hidden information (hands, deck order, pending plans ...) was dealt again.

States and the hidden-information mutator come from ``tests/<game>/contract.py``; the same
mutator drives each game's seat-by-seat property tests.
"""

from __future__ import annotations

import random

import pytest

from engine.core import SPECTATOR, get_game
from tests.contracts.games import GAMES, contract


@pytest.mark.parametrize("game", GAMES)
def test_the_game_declares_a_spectator_view(game: str) -> None:
    assert get_game(game).info.spectator


@pytest.mark.parametrize("game", GAMES)
def test_the_spectator_view_ignores_every_seats_hidden_information(game: str) -> None:
    rules = contract(game)
    rng = random.Random(13)
    states = checked = 0
    for state in rules.spectator_states():
        view = state.observation(SPECTATOR)
        for variant in rules.hidden_variants(state, SPECTATOR, rng):
            assert variant.observation(SPECTATOR) == view
            checked += 1
        states += 1
    assert states >= 50 and checked >= states
