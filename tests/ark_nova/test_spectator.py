"""Ark Nova for spectators: ``observation(SPECTATOR)`` is the public view (no hand, no
final scoring cards, no pending decision), and a live spectator view of a match shows the
public log."""

from __future__ import annotations

import json

from engine.ark_nova.view.observation import Observation, PlayerView
from engine.core import SPECTATOR, GameConfig, GameRng, get_game
from services.spectate.view import SpectatorView
from tests.ark_nova.helpers import play_random


def test_spectator_observation_is_public_only() -> None:
    game = get_game("ark-nova")
    assert game.info.spectator
    state = game.new_state(GameConfig(2, {}), 3)
    rng = GameRng(3)
    for _ in range(80):
        seat = state.pending_seats()[0]
        state.apply(seat, rng.randrange(len(state.decision(seat).options)))
    obs = state.observation(SPECTATOR)
    assert obs.hand == () and obs.final_scoring == () and obs.set_aside == ()
    assert obs.steps == () and obs.decision_kind == "" and obs.deciding_seat == -1
    assert [v.hand_size for v in obs.players] == [len(p.hand) for p in state.s.players]


def test_a_spectator_view_follows_a_match() -> None:
    g = play_random(2, 6)
    from engine.ark_nova.game_state import ArkNovaState

    assert isinstance(g, ArkNovaState)
    replay_choices = []
    again = get_game("ark-nova").new_state(GameConfig(2, {}), 6)
    rng = GameRng(6 + 7919)
    while not again.is_terminal():
        seat = again.pending_seats()[0]
        i = rng.randrange(len(again.decision(seat).options))
        replay_choices.append((seat, i))
        again.apply(seat, i)
    view = SpectatorView("ark-nova", GameConfig(2, {}), 6, ("a", "b"))
    assert view.follow(replay_choices)
    frame = view.frame()
    assert frame.over and frame.log and frame.log[-1].startswith("final scoring cards")


def test_observation_json_is_json_native_and_keeps_the_gate() -> None:
    """``observation_to_json`` (logs and --json output) writes every field of the
    observation but the card table, the options and the step stack, as plain JSON; a
    seat's JSON holds its own hand, a spectator's none."""
    game = get_game("ark-nova")
    state = game.new_state(GameConfig(3, {"map": "2"}), 4)
    s = state.s
    seat = state.pending_seats()[0]
    data = json.loads(json.dumps(game.observation_to_json(state.observation(seat))))
    assert set(data) == (set(Observation.__slots__) - {"cards", "params", "steps"}) | {"map"}
    assert data["seat"] == seat and data["map"] == "2"
    assert data["set_aside"] == sorted(s.players[seat].limbo) and len(data["set_aside"]) == 8
    assert [set(v) for v in data["players"]] == [set(PlayerView.__slots__)] * 3
    public = game.observation_to_json(state.observation(SPECTATOR))
    assert public["hand"] == [] and public["set_aside"] == [] and public["final_scoring"] == []
