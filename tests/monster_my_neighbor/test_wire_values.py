"""Engine values on the wire (``DecisionRequest.engine_observation``): what ``arena bot
--strategy`` decodes is exactly what the bot gets in process, and the bot decides alike."""

from __future__ import annotations

import pytest

from tests.codec_checks import decoded_bot_plays_alike, engine_values_round_trip

GAME = "monster-my-neighbor"


@pytest.mark.parametrize("players", range(3, 9))
def test_every_request_decodes_to_the_in_process_observation(players: int) -> None:
    # Two random matches per seat count: every request of every seat, logs in pieces.
    assert sum(engine_values_round_trip(GAME, players, seed) for seed in (1, 2)) > 100


@pytest.mark.parametrize("spec", [
    "heuristic", "random", "mcts:iterations=8",
    "docs/examples/big_hand_hunter.py:BigHandHunter",
])
def test_a_decoded_bot_makes_the_choices_it_makes_in_process(spec: str) -> None:
    assert decoded_bot_plays_alike(GAME, spec, players=4, seed=3, max_decisions=40) == 40
