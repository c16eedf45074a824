"""The observation gate: what each seat sees, JSON output, labels and the public log."""

from __future__ import annotations

import json

from engine.core.game import GameConfig
from engine.core.match import play_match
from engine.core.registry import get_game
from engine.toolkit.bots import make_bot
from tests.epic_resort.helpers import new_game


def test_own_hand_visible_other_hands_only_as_counts() -> None:
    g = new_game(3, 4)
    obs = g.observation(0)
    assert obs.hand == tuple(sorted(g.s.players[0].hand))
    other = obs.players[1]
    assert other.hand_size == 5 and other.plan is None
    assert other.unseen_workers == tuple(sorted(g.s.players[1].hand + g.s.players[1].draw))
    assert obs.main_deck == tuple(sorted(g.s.main_deck))


def test_monster_deck_order_hidden_unless_face_up_variant() -> None:
    hidden = new_game(2, 3).observation(0)
    assert hidden.monster_deck == tuple(sorted(hidden.monster_deck))
    g = new_game(2, 3, {"monster_deck_face_up": True})
    assert g.observation(1).monster_deck == tuple(g.s.monster_deck)


def test_observation_json_and_result_details_are_json_native() -> None:
    game = get_game("epic-resort")
    out = play_match("epic-resort", GameConfig(4), 3, [make_bot("epic-resort", "random")] * 4)
    json.dumps(out.result.to_json())
    g = new_game(4, 3)
    data = game.observation_to_json(g.observation(2))
    text = json.dumps(data)
    assert '"hand"' in text and data["seat"] == 2 and len(data["players"]) == 4


def test_labels_and_log_are_readable() -> None:
    g = new_game(2, 5)
    seat = g.pending_seats()[0]
    labels = [g.describe_option(seat, i) for i in range(len(g.decision(seat).options))]
    assert labels[-1] == "done" and labels[0].startswith("send ")
    out = play_match("epic-resort", GameConfig(2), 5, [make_bot("epic-resort", "greedy")] * 2)
    from engine.core.replay import replay_match

    log = replay_match(out.replay).public_log()
    assert log[0] == "--- season 1 ---"
    assert any("attacks seat" in line for line in log)
