"""The deadline, strike, forfeit and disconnect policy of services.gateway.match."""

from __future__ import annotations

import grpc
from arena.v1 import arena_pb2

from tests.gateway.botkit import Action, TestBot, first_option, hello_frame, reply_frame
from tests.gateway.conftest import GAME, RunningGateway

ILLEGAL = arena_pb2.ERROR_CODE_ILLEGAL_OPTION
LATE = arena_pb2.ERROR_CODE_DEADLINE_EXCEEDED
FORFEIT = arena_pb2.ERROR_CODE_FORFEIT


def _seat_of(transcript) -> int:
    (start,) = transcript.of("match_start")
    return start.seat


def _assert_ranked_last(gateway: RunningGateway, match_id: str, seat: int) -> None:
    applied = gateway.applied(match_id)
    assert applied.ranks[seat] == len(applied.ranks)
    assert list(applied.ranks).count(len(applied.ranks)) == 1


def test_one_illegal_index_is_substituted_and_costs_a_strike(start_gateway) -> None:
    gateway = start_gateway()

    def policy(request, n):
        return len(request.options) + 3 if n == 0 else 0

    transcript = TestBot(gateway.address, hello_frame(gateway.token("clumsy")), policy)
    transcript = transcript.start().join()
    first = transcript.of("decision_request")[0]
    (error,) = transcript.of("error")
    assert error.code == ILLEGAL and error.request_id == first.request_id
    assert "strike 1 of 3" in error.message
    (end,) = transcript.of("match_end")
    assert end.reason == arena_pb2.MATCH_END_REASON_COMPLETED
    applied = gateway.applied(end.match_id)
    assert list(applied.ranks) == [r.rank for r in end.results]
    assert gateway.metric("arena_matches_total", game=GAME, status="completed") == 1


def test_illegal_indexes_forfeit_after_max_strikes(start_gateway) -> None:
    gateway = start_gateway(max_strikes=2)
    transcript = TestBot(
        gateway.address, hello_frame(gateway.token("cheater")),
        lambda request, _n: len(request.options),
    ).start().join()
    assert transcript.status == grpc.StatusCode.OK
    assert transcript.error_codes() == [ILLEGAL, ILLEGAL, FORFEIT]
    assert len(transcript.of("decision_request")) == 2, "no request after the forfeit"
    (end,) = transcript.of("match_end")
    assert end.reason == arena_pb2.MATCH_END_REASON_FORFEIT and end.rated
    seat = _seat_of(transcript)
    assert end.results[seat].forfeited
    _assert_ranked_last(gateway, end.match_id, seat)
    assert gateway.metric("arena_matches_total", game=GAME, status="forfeit") == 1
    assert gateway.metric("arena_decisions_total", game=GAME, source="remote") == 0


def test_a_silent_bot_is_substituted_at_each_deadline_then_forfeits(start_gateway) -> None:
    gateway = start_gateway(move_timeout=0.2, max_strikes=3)
    transcript = TestBot(
        gateway.address, hello_frame(gateway.token("sleeper")), lambda _r, _n: Action.SILENT
    ).start().join(timeout=60)
    assert transcript.status == grpc.StatusCode.OK
    requests = transcript.of("decision_request")
    assert len(requests) == 3
    assert all(r.deadline_ms == 200 for r in requests)
    errors = transcript.of("error")
    assert [e.code for e in errors] == [LATE, LATE, LATE, FORFEIT]
    assert [e.request_id for e in errors[:3]] == [r.request_id for r in requests]
    (end,) = transcript.of("match_end")
    assert end.reason == arena_pb2.MATCH_END_REASON_FORFEIT
    _assert_ranked_last(gateway, end.match_id, _seat_of(transcript))


def test_a_reply_after_the_deadline_is_not_used(start_gateway) -> None:
    gateway = start_gateway(move_timeout=0.2)
    first_request: list[int] = []

    def answer_first_late(request, n):
        """Ignore the first request; answer it only once the next one arrives (it was
        substituted by then), then play on normally."""
        if n == 0:
            first_request.append(request.request_id)
            return Action.SILENT
        if n == 1:
            bot.send_raw(reply_frame(first_request[0], 0))
        return 0

    bot = TestBot(gateway.address, hello_frame(gateway.token("slow")), answer_first_late)
    transcript = bot.start().join(timeout=60)
    errors = transcript.of("error")
    assert [(e.code, e.request_id) for e in errors] == [
        (LATE, first_request[0]), (arena_pb2.ERROR_CODE_UNKNOWN_REQUEST, first_request[0])
    ]
    (end,) = transcript.of("match_end")
    assert end.reason == arena_pb2.MATCH_END_REASON_COMPLETED


def test_the_time_bank_extends_the_deadline_once(start_gateway) -> None:
    gateway = start_gateway(move_timeout=0.2, time_bank=0.3, max_strikes=1)
    transcript = TestBot(
        gateway.address, hello_frame(gateway.token("banker")), lambda _r, _n: Action.SILENT
    ).start().join(timeout=60)
    requests = transcript.of("decision_request")
    assert [(r.deadline_ms, r.time_bank_ms) for r in requests] == [(500, 300)]
    assert transcript.error_codes() == [LATE, FORFEIT]


def test_a_disconnected_bot_forfeits_and_the_match_is_rated_once(start_gateway) -> None:
    gateway = start_gateway(min_bots=2)

    def leave_at_third(_request, n):
        return Action.DISCONNECT if n == 2 else 0

    leaver = TestBot(gateway.address, hello_frame(gateway.token("leaver")), leave_at_third)
    stayer = TestBot(gateway.address, hello_frame(gateway.token("stayer")), first_option)
    leaver.start(), stayer.start()
    left, stayed = leaver.join(), stayer.join()
    assert left.status == grpc.StatusCode.CANCELLED and not left.of("match_end")
    assert stayed.status == grpc.StatusCode.OK
    (end,) = stayed.of("match_end")
    assert end.reason == arena_pb2.MATCH_END_REASON_COMPLETED and end.rated
    leaver_seat = _seat_of(left)
    assert end.results[leaver_seat].forfeited and end.results[leaver_seat].label == "leaver"
    _assert_ranked_last(gateway, end.match_id, leaver_seat)
    assert len(gateway.store.applied_matches(GAME)) == 1
    for name in ("leaver", "stayer"):
        stats = gateway.store.bot_stats(GAME, name)
        assert stats is not None and stats.games == 1
    assert gateway.metric("arena_matches_total", game=GAME, status="forfeit") == 1
    assert gateway.settles("arena_connected_bots", 0)
