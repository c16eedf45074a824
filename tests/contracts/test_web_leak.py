"""During a live match of every installed game, nothing the spectator endpoints send
holds information hidden from spectators (hands, roles, decks, pending plans ...).

A real gateway plays the match against a remote bot while a spectator reads every
spectator endpoint. Afterwards the replay gives the true state at every moment: each
board sent must be the public drawing of one of those states, and that drawing must be
the same for every copy of the state whose hidden information was dealt again
(``tests/<game>/contract.py``: the mutator, more variants, board checks).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core import SPECTATOR, get_game
from tests.contracts.games import GAMES, contract
from tests.web.arena import PacedBot, ServedArena
from tests.web.spectator import drawings, watch_as_spectator


@pytest.mark.parametrize("game", GAMES)
def test_spectator_endpoints_never_send_hidden_information(
        game: str, redis_url: str, tmp_path: Path) -> None:
    rules = contract(game)
    leak = rules.web_leak
    arena = ServedArena(redis_url, tmp_path, players=leak.players, game=game)
    try:
        bot = PacedBot(delay=leak.bot_delay, seed=leak.bot_seed)
        arena.connect("watched", bot)
        seen = watch_as_spectator(arena, bot)
        replay = arena.wait_replay(seen.match_id)
    finally:
        arena.close()

    view = get_game(game).board()
    drawn = drawings(replay)
    rng = random.Random(1)
    boards = set(seen.boards)
    checked = more = facts = 0
    for board in boards:
        assert board in drawn, "a board that no true state draws was sent"
        for truth in drawn[board]:
            if leak.check_board is not None:
                facts += leak.check_board(board, truth)
            variants = rules.hidden_variants(truth, SPECTATOR, rng)
            if leak.more_variants is not None:
                extra = leak.more_variants(truth, rng)
                variants += extra
                more += len(extra)
            for variant in variants:
                assert view.render(variant.observation(SPECTATOR), replay.labels) == board
                checked += 1
    assert len(boards) >= 3 and checked >= len(boards)
    assert more > 0 or leak.more_variants is None
    assert facts > 0 or leak.check_board is None
