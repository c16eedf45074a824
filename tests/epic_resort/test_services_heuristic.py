"""The reference client's Epic Resort heuristic, fed the match host's real request bytes
(the wire path without the network): its choices are always legal and it beats the
random fill bot, while the random strategy does not."""

from __future__ import annotations

import pytest
from arena.v1 import arena_pb2

from engine.core import GameConfig, GameRng, Result
from services.botclient import Strategy, make_strategy
from services.runner.host import MatchHost

GAME = "epic-resort"
GAMES = 12


def play_seat_zero(strategy: Strategy, players: int, seed: int) -> Result:
    """One match: seat 0 answered by ``strategy`` from parsed requests, the rest random."""
    remote = (True,) + (False,) * (players - 1)
    labels = ("client",) + ("builtin:random",) * (players - 1)
    host = MatchHost(GAME, GameConfig(players).to_json(), seed, remote, labels, "random")
    rng = GameRng(seed)
    step = host.start()
    while not step.over:
        (request,) = step.requests
        message = arena_pb2.DecisionRequest.FromString(request.body)
        index = strategy.choose(message, rng)
        assert 0 <= index < len(message.options)
        step = host.submit(request.seat, index)
        assert step.substituted is None
    assert step.result is not None
    return step.result


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_beats_the_random_fill_and_random_does_not(players: int) -> None:
    def wins(name: str) -> int:
        strategy = make_strategy(name, GAME)
        return sum(play_seat_zero(strategy, players, seed).ranks[0] == 1
                   for seed in range(GAMES))

    heuristic = wins("heuristic")
    assert heuristic >= GAMES * 3 // 4
    assert wins("random") < heuristic


def test_heuristic_refuses_a_game_it_cannot_read() -> None:
    with pytest.raises(ValueError, match="use --strategy random"):
        make_strategy("heuristic", "ark-nova")
