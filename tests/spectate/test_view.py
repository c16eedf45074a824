"""What a spectator is shown: frames only when the public view changes, built from the
spectator observation; identical whatever is hidden."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.core import SPECTATOR, get_game
from engine.monster_my_neighbor.options import SIMULTANEOUS_KINDS
from services.spectate.view import SpectatorView
from tests.monster_my_neighbor.test_properties import hidden_variants
from tests.spectate.helpers import recorded_match


def test_following_a_whole_match_ends_on_its_final_public_view() -> None:
    for game, players in (("monster-my-neighbor", 5), ("epic-resort", 3)):
        replay = recorded_match(game, players, seed=8)
        view = SpectatorView(game, replay.config, replay.seed, replay.labels)
        opening = view.frame()
        assert opening.number == 1 and not opening.over and opening.board.startswith("<svg")
        assert view.follow(replay.choices)
        final = view.frame()
        assert final.over and final.number > 1 and view.applied == len(replay.choices)
        state = get_game(game).new_state(replay.config, replay.seed)
        for seat, index in replay.choices:
            state.apply(seat, index)
        board = get_game(game).board().render(state.observation(SPECTATOR), replay.labels)
        assert final.board == board and final.log == state.public_log()


def test_a_hidden_choice_makes_no_new_frame() -> None:
    replay = recorded_match("monster-my-neighbor", 5, seed=9)
    game = get_game("monster-my-neighbor")
    view = SpectatorView(game.info.game_id, replay.config, replay.seed, replay.labels)
    state = game.new_state(replay.config, replay.seed)
    silent = 0
    for seat, index in replay.choices:
        hidden_commit = (
            state.s.pend_kind in SIMULTANEOUS_KINDS and len(state.pending_seats()) > 1)
        state.apply(seat, index)
        changed = view.follow([(seat, index)])
        if hidden_commit:
            assert not changed  # someone passed a card face down: nothing to show
            silent += 1
    assert silent > 0


def test_the_shown_board_and_log_ignore_hidden_information() -> None:
    rng = random.Random(4)
    game = get_game("monster-my-neighbor")
    board = game.board()
    checked = 0
    for seed in range(3):
        replay = recorded_match(game.info.game_id, 4 + 2 * seed, seed=100 + seed)
        state = game.new_state(replay.config, replay.seed)
        for seat, index in replay.choices:
            shown = board.render(state.observation(SPECTATOR), replay.labels)
            for variant in hidden_variants(state, SPECTATOR, rng):
                assert board.render(variant.observation(SPECTATOR), replay.labels) == shown
                assert variant.public_log() == state.public_log()
                checked += 1
            state.apply(seat, index)
    assert checked > 250


def test_a_game_without_a_spectator_view_shows_nothing_while_it_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = get_game("monster-my-neighbor")
    hidden = dataclasses.replace(real, info=dataclasses.replace(real.info, spectator=False))
    monkeypatch.setattr("services.spectate.view.get_game", lambda _game: hidden)
    replay = recorded_match("monster-my-neighbor", 4, seed=12)
    view = SpectatorView("monster-my-neighbor", replay.config, replay.seed, replay.labels)
    assert not view.follow(replay.choices)
    frame = view.frame()
    assert (frame.number, frame.board, frame.log) == (1, "", ()) and frame.over
