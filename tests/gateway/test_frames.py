"""Hand-composed decision frames parse to exactly the messages protobuf would build."""

from __future__ import annotations

from arena.v1 import arena_pb2, monster_my_neighbor_pb2

from services.wire import frames


def _expected(request_id: int, seat: int) -> arena_pb2.PlayResponse:
    observation = monster_my_neighbor_pb2.MonsterMyNeighborObservation(
        players=5, seat=seat, round=2, hand=[
            monster_my_neighbor_pb2.MonsterMyNeighborCardCount(card_type="hunter", count=2)
        ],
    )
    options = [
        arena_pb2.Option(label="play hunter", monster_my_neighbor=
                         monster_my_neighbor_pb2.MonsterMyNeighborOption(card_type="hunter")),
        arena_pb2.Option(label="target 3", monster_my_neighbor=
                         monster_my_neighbor_pb2.MonsterMyNeighborOption(target_seat=3)),
    ]
    request = arena_pb2.DecisionRequest(
        match_id="m-1", seat=seat, request_id=request_id, kind="PLAY_CARD",
        deadline_ms=1500, time_bank_ms=500,
        observation=arena_pb2.Observation(monster_my_neighbor=observation), options=options,
    )
    return arena_pb2.PlayResponse(decision_request=request)


def test_composed_request_equals_protobuf_built_one() -> None:
    for seat, request_id in ((0, 1), (3, 2**40 + 7)):
        expected = _expected(request_id, seat)
        request = expected.decision_request
        body = frames.decision_body(
            "PLAY_CARD",
            "monster_my_neighbor",
            request.observation.monster_my_neighbor.SerializeToString(),
            [(o.label, o.monster_my_neighbor.SerializeToString()) for o in request.options],
        )
        prefix = frames.seat_prefix("m-1", seat)
        frame = frames.decision_request(prefix, request_id, 1500, 500, body)
        assert arena_pb2.PlayResponse.FromString(frame) == expected


def test_varint_matches_protobuf_encoding() -> None:
    for value in (0, 1, 127, 128, 300, 2**32, 2**63):
        encoded = arena_pb2.DecisionReply(request_id=value).SerializeToString()
        assert encoded == (frames.integer(1, value) if value else b"")


def test_composed_match_start_equals_protobuf_built_one() -> None:
    config = arena_pb2.MatchConfig(players=5, options_json="{}", cards="x" * 300)
    start = arena_pb2.MatchStart(match_id="m-2", game="g", players=5, seat=3,
                                 seat_labels=["a", "builtin:random"])
    expected = arena_pb2.PlayResponse(match_start=arena_pb2.MatchStart(
        match_id="m-2", game="g", players=5, seat=3, seat_labels=["a", "builtin:random"],
        config=config))
    frame = frames.match_start(start, config.SerializeToString())
    assert arena_pb2.PlayResponse.FromString(frame) == expected


def test_varints_match_protobuf_on_both_sides_of_the_lookup_table() -> None:
    assert frames.varint(0) == b"\x00"
    for value in (1, 127, 128, 16383, 16384, 2**32 - 1, 2**63):
        message = arena_pb2.DecisionReply(request_id=value)
        assert message.SerializeToString() == b"\x08" + frames.varint(value)


def test_an_option_entry_without_a_game_message_carries_its_label_only() -> None:
    entry = frames.option_entry("pass", None, b"ignored")
    request = arena_pb2.DecisionRequest.FromString(entry)
    assert list(request.options) == [arena_pb2.Option(label="pass")]
    assert request.options[0].WhichOneof("game") is None
