"""The reference client's Epic Resort heuristic, fed the match host's real request bytes
(the wire path without the network): its choices are always legal and it beats the
random fill bot, while the random strategy does not; and hand-built requests pin the
rules it is written from (attack responses, where to build)."""

from __future__ import annotations

import pytest
from arena.v1 import arena_pb2
from arena.v1 import epic_resort_pb2 as pb

from engine.core import GameConfig, GameRng, Result
from services.botclient import Strategy, make_strategy
from services.hosting.match_host import MatchHost

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


def _request(kind: str, options: list[pb.EpicResortOption], *, defender: int | None = None,
             stacks: tuple[tuple[str, ...], ...] = ()) -> arena_pb2.DecisionRequest:
    """A hand-built request for seat 0: its slots' stacks, and an attack on ``defender``."""
    request = arena_pb2.DecisionRequest(kind=kind)
    obs = request.observation.epic_resort
    obs.seat, obs.players = 0, 2
    for seat in range(2):
        obs.seats.add(seat=seat, slots=[pb.EpicResortSlot(slot=i, stack=list(stack))
                                        for i, stack in enumerate(stacks)])
    if defender is not None:
        obs.attack.SetInParent()
        obs.attack.defender = defender
    for option in options:
        request.options.add().epic_resort.CopyFrom(option)
    return request


DONE = pb.EpicResortOption(done=pb.EpicResortDone())
DISCARD = pb.EpicResortOption(discard=pb.EpicResortDiscard(worker="cleric"))
ABILITY = pb.EpicResortOption(ability=pb.EpicResortAbility(slot=0, attraction="tavern"))
END_TURN = pb.EpicResortOption(end_turn=pb.EpicResortEndTurn())


def test_only_the_defender_spends_abilities_and_discards_in_the_response_window() -> None:
    heuristic, rng = make_strategy("heuristic", GAME), GameRng(0)
    # The defender uses an ability or discards one rather than ending its response.
    for option in (ABILITY, DISCARD):
        request = _request("ATTACK_RESPONSE", [DONE, option], defender=0)
        assert heuristic.choose(request, rng) == 1
    # Another seat's attack: keep them, end the response.
    for options in ([DISCARD, ABILITY, DONE], [ABILITY, DONE], [DISCARD, DONE]):
        request = _request("ATTACK_RESPONSE", options, defender=1)
        assert heuristic.choose(request, rng) == len(options) - 1
    # In Phase II's turn menu an offered ability is always used.
    assert heuristic.choose(_request("TURN_MENU", [END_TURN, ABILITY]), rng) == 1


def test_the_heuristic_builds_in_an_empty_slot_before_covering_an_attraction() -> None:
    heuristic, rng = make_strategy("heuristic", GAME), GameRng(0)
    options = [pb.EpicResortOption(upgrade=pb.EpicResortUpgrade(tier=2, attraction="spa",
                                                                slot=slot))
               for slot in range(3)]
    request = _request("TURN_MENU", options, stacks=(("inn",), (), ("inn", "arena")))
    assert heuristic.choose(request, rng) == 1
    # A higher tier still comes first.
    options[0].upgrade.tier = 3
    request = _request("TURN_MENU", options, stacks=(("inn",), (), ("inn", "arena")))
    assert heuristic.choose(request, rng) == 0
