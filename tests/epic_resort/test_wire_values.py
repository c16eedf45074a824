"""Engine values on the wire (``DecisionRequest.engine_observation``): what ``arena bot
--strategy`` decodes is exactly what the bot gets in process (the pending step stack
search bots resume from included), and the bot decides alike."""

from __future__ import annotations

import pytest

from tests.codec_checks import decoded_bot_plays_alike, engine_values_round_trip

GAME = "epic-resort"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_request_decodes_to_the_in_process_observation(players: int) -> None:
    assert engine_values_round_trip(GAME, players, seed=players) > 100


def test_phase_one_in_turn_order_decodes_too() -> None:
    # Placements in turn order: every plan is public as it is made.
    assert engine_values_round_trip(
        GAME, 3, seed=5, options={"phase_i_mode": "in_turn_order"}) > 100


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=6"])
def test_a_decoded_bot_makes_the_choices_it_makes_in_process(spec: str) -> None:
    assert decoded_bot_plays_alike(GAME, spec, players=3, seed=4, max_decisions=40) == 40
