"""Engine values on the wire (``DecisionRequest.engine_observation``): what ``arena bot
--strategy`` decodes is exactly what the bot gets in process (the pending steps search
bots resume from included), and the bot decides alike."""

from __future__ import annotations

import pytest

from tests.codec_checks import decoded_bot_plays_alike, engine_values_round_trip

GAME = "ark-nova"


@pytest.mark.parametrize("players", [1, 2])
def test_every_request_of_a_whole_match_decodes_to_the_in_process_observation(
    players: int,
) -> None:
    assert engine_values_round_trip(GAME, players, seed=players) > 50


@pytest.mark.parametrize("players", [3, 4])
def test_larger_tables_decode_too(players: int) -> None:
    assert engine_values_round_trip(GAME, players, seed=players, max_decisions=250) >= 250


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=4"])
def test_a_decoded_bot_makes_the_choices_it_makes_in_process(spec: str) -> None:
    assert decoded_bot_plays_alike(GAME, spec, players=2, seed=6, max_decisions=30) == 30
