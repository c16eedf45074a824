"""Stream set-up and message hygiene: auth, malformed input, health and reflection."""

from __future__ import annotations

import grpc
from arena.v1 import arena_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from tests.gateway.botkit import TestBot, hello_frame, reply_frame


def test_unknown_token_is_refused_with_unauthenticated(start_gateway) -> None:
    gateway = start_gateway()
    gateway.token("registered")
    transcript = TestBot(gateway.address, hello_frame("not-a-token")).start().join()
    assert transcript.status == grpc.StatusCode.UNAUTHENTICATED
    assert transcript.responses == []


def test_a_stream_must_open_with_hello(start_gateway) -> None:
    gateway = start_gateway()
    garbage = TestBot(gateway.address, b"\xff\xff\xff\xff").start().join()
    assert garbage.status == grpc.StatusCode.INVALID_ARGUMENT
    assert garbage.error_codes() == [arena_pb2.ERROR_CODE_MALFORMED]
    reply_first = TestBot(gateway.address, reply_frame(1, 0)).start().join()
    assert reply_first.status == grpc.StatusCode.INVALID_ARGUMENT
    assert reply_first.error_codes() == [arena_pb2.ERROR_CODE_PROTOCOL]


def test_a_stream_without_hello_is_closed_after_the_hello_timeout(start_gateway) -> None:
    gateway = start_gateway(hello_timeout=0.3)
    transcript = TestBot(gateway.address, None).start().join(timeout=30)
    assert transcript.status == grpc.StatusCode.DEADLINE_EXCEEDED


def test_unsupported_game_gets_a_clear_error(start_gateway) -> None:
    gateway = start_gateway()
    hello = hello_frame(gateway.token("chess-bot"), games=("chess",))
    transcript = TestBot(gateway.address, hello).start().join()
    assert transcript.status == grpc.StatusCode.FAILED_PRECONDITION
    assert transcript.error_codes() == [arena_pb2.ERROR_CODE_UNSUPPORTED_GAME]


def test_malformed_messages_get_errors_and_the_stream_goes_on(start_gateway) -> None:
    gateway = start_gateway()
    bot = TestBot(gateway.address, hello_frame(gateway.token("sloppy")))
    bot.send_raw(b"\x0a\xff")  # a length prefix running past the end
    bot.send_raw(b"")  # a PlayRequest that sets nothing
    bot.send_raw(hello_frame("again"))
    bot.send_raw(reply_frame(999_999_999, 0))
    transcript = bot.start().join()
    assert transcript.status == grpc.StatusCode.OK
    assert sorted(transcript.error_codes()) == [
        arena_pb2.ERROR_CODE_MALFORMED,
        arena_pb2.ERROR_CODE_MALFORMED,
        arena_pb2.ERROR_CODE_PROTOCOL,
        arena_pb2.ERROR_CODE_UNKNOWN_REQUEST,
    ]
    (end,) = transcript.of("match_end")
    assert end.reason == arena_pb2.MATCH_END_REASON_COMPLETED


def test_health_check_reports_serving(start_gateway) -> None:
    gateway = start_gateway()
    with grpc.insecure_channel(gateway.address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        for service in ("", "arena.v1.ArenaService"):
            response = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=10)
            assert response.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_lists_the_arena_service(start_gateway) -> None:
    gateway = start_gateway()
    with grpc.insecure_channel(gateway.address) as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        (response,) = list(stub.ServerReflectionInfo(iter([request]), timeout=10))
        names = {s.name for s in response.list_services_response.service}
        assert "arena.v1.ArenaService" in names
        assert "grpc.health.v1.Health" in names
        symbol = reflection_pb2.ServerReflectionRequest(file_containing_symbol="arena.v1.Hello")
        (found,) = list(stub.ServerReflectionInfo(iter([symbol]), timeout=10))
        assert found.file_descriptor_response.file_descriptor_proto
