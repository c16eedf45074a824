"""Ark Nova wire codec: every observation and option of random games encodes to a
populated, self-consistent message; every option type has its oneof field; hidden
information stays off the wire; the match host's requests are the codec of the asked
seat's own observation."""

from __future__ import annotations

from collections.abc import Sequence

from arena.v1 import arena_pb2
from arena.v1 import ark_nova_pb2 as pb

from engine.ark_nova.view import wire
from engine.ark_nova.view.observation import observe
from engine.core import GameConfig, GameRng, Replay, get_game
from tests.ark_nova.test_properties import perturb
from tests.codec_checks import assert_reused_codec_matches_fresh

GAME = "ark-nova"
CODEC = wire.ArkNovaCodec()


def test_every_option_type_has_one_oneof_field() -> None:
    oneof = {f.name for f in pb.ArkNovaOption.DESCRIPTOR.oneofs_by_name["option"].fields}
    assert len(CODEC.OPTIONS) == 54
    assert len(oneof) == 52  # folder and hand variants of a play share a field


def test_random_games_encode_fully() -> None:
    game = get_game(GAME)
    seen: set[str] = set()
    for n, seed, options in ((2, 1, {}), (3, 2, {}), (4, 3, {}), (1, 4, {}),
                             (2, 5, {"map": "4"}), (3, 6, {"map": "random"})):
        state = game.new_state(GameConfig(n, options), seed)
        rng = GameRng(seed)
        while not state.is_terminal():
            seat = state.pending_seats()[0]
            d = state.decision(seat)
            obs = state.observation(seat)
            msg = CODEC.observation(obs)
            assert pb.ArkNovaObservation.FromString(msg.SerializeToString()) == msg
            assert msg.seat == seat and len(msg.player_views) == n
            assert msg.decision_kind == d.kind and msg.deciding_seat == seat
            assert list(msg.hand) == [wire.card_id(c) for c in obs.hand]
            for view, pv in zip(msg.player_views, obs.players, strict=True):
                assert view.money == pv.money and len(view.action_cards) == 5
                assert len(view.buildings) == len(pv.buildings)
            for option in d.options:
                encoded = CODEC.option(obs, d.kind, option)
                field = encoded.WhichOneof("option")
                assert field is not None
                seen.add(field)
            state.apply(seat, rng.randrange(len(d.options)))
    assert {"use_card", "take_x_token", "play_animal", "build", "anchor",
            "association_task", "play_sponsor", "discard", "keep_starting_card",
            "use_harbour", "harbour_sell"} <= seen


def test_solo_observation_carries_the_clock_and_the_difficulty() -> None:
    game = get_game(GAME)
    state = game.new_state(GameConfig(1, {"solo_difficulty": "hard"}), 3)
    msg = CODEC.observation(state.observation(0))
    assert (msg.players, msg.solo_clock_tokens, msg.solo_clock_left) == (1, 7, 7)
    assert msg.solo_difficulty == "hard" and msg.player_views[0].appeal == 10
    two = CODEC.observation(game.new_state(GameConfig(2, {}), 3).observation(0))
    assert (two.solo_clock_tokens, two.solo_difficulty) == (0, "")


def test_hidden_information_stays_off_the_wire() -> None:
    game = get_game(GAME)
    state = game.new_state(GameConfig(3, {}), 5)
    rng = GameRng(9)
    for _ in range(300):
        seat = state.pending_seats()[0]
        state.apply(seat, rng.randrange(len(state.decision(seat).options)))
    s = state.s
    for q in range(3):
        shuffled = perturb(s, q, GameRng(q))
        assert CODEC.observation(observe(shuffled, q)) == CODEC.observation(observe(s, q))
        msg = CODEC.observation(observe(s, q))
        for other in range(3):
            if other != q:
                assert msg.player_views[other].hand_size == len(s.players[other].hand)
        assert len(msg.hand) == len(s.players[q].hand)


def expected_requests(replay: Replay, remote: Sequence[bool]) -> dict[int, list[
        arena_pb2.DecisionRequest]]:
    """Re-simulate a replay and build the request each remote seat should have been sent
    (with its own observation at that moment)."""
    game = get_game(replay.game_id)
    codec = game.wire()
    state = game.new_state(replay.config, replay.seed)
    out: dict[int, list[arena_pb2.DecisionRequest]] = {s: [] for s, r in enumerate(remote) if r}
    for seat, index in replay.choices:
        if remote[seat]:
            obs = state.observation(seat)
            d = state.decision(seat)
            out[seat].append(arena_pb2.DecisionRequest(
                seat=seat, kind=d.kind,
                observation=arena_pb2.Observation(ark_nova=codec.observation(obs)),
                options=[arena_pb2.Option(label=state.describe_option(seat, i),
                                          ark_nova=codec.option(obs, d.kind, o))
                         for i, o in enumerate(d.options)]))
        state.apply(seat, index)
    assert state.is_terminal()
    return out


def test_a_reused_codec_sends_the_message_a_fresh_one_builds() -> None:
    assert_reused_codec_matches_fresh(GAME, pb.ArkNovaObservation, (1, 2))
