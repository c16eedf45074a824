"""Fuzzing, bounded: the gateway's frame decoding, its session state machine, and whole
streams of random bytes against a real gateway."""

from __future__ import annotations

import asyncio

import grpc
from arena.v1 import arena_pb2
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, rule

from services.gateway.budget import MessageBudget
from services.gateway.session import BotSession, Missing, Reply
from services.gateway.streams import StreamHandler, parse_request
from tests.gateway.botkit import hello_frame, reply_frame
from tests.gateway.test_lifecycle import RawStream

frames = st.one_of(
    st.binary(max_size=300),
    st.builds(reply_frame, st.integers(0, 2**64 - 1), st.integers(0, 2**32 - 1)),
    st.builds(lambda b: hello_frame("x") + b, st.binary(max_size=20)),
)


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=2000))
def test_decoding_any_bytes_gives_a_request_or_none(raw: bytes) -> None:
    request = parse_request(raw)
    assert request is None or isinstance(request, arena_pb2.PlayRequest)


class _Context:
    """The reading half of a ServicerContext: the given frames, then end of stream."""

    def __init__(self, frames: list[bytes]) -> None:
        self._frames = list(frames)

    async def read(self) -> object:
        return self._frames.pop(0) if self._frames else grpc.aio.EOF


@settings(max_examples=300, deadline=None)
@given(st.lists(frames, max_size=30))
def test_the_stream_reader_answers_every_frame_and_ends_the_session(raw: list[bytes]) -> None:
    async def read() -> BotSession:
        session = BotSession("fuzz", 0)
        handler = StreamHandler.__new__(StreamHandler)
        # A budget the frames never exhaust (at most 30 of them, bursts of 31).
        budget = MessageBudget(1.0, 31)
        await handler._read(session, _Context(raw), budget)  # type: ignore[arg-type]
        return session

    session = asyncio.run(read())
    assert session.gone and session.finished.is_set()
    replies = [r for r in map(parse_request, raw)
               if r is not None and r.WhichOneof("message") == "decision_reply"]
    # Every frame that is not a reply gets one Error; a reply to nothing pending too.
    errors = []
    while not session.outbox.empty():
        frame = session.outbox.get_nowait()
        assert frame is not None
        errors.append(arena_pb2.PlayResponse.FromString(frame).error)
    assert len(errors) == len(raw)
    unknown = [e for e in errors if e.code == arena_pb2.ERROR_CODE_UNKNOWN_REQUEST]
    assert len(unknown) == len(replies)


class SessionMachine(RuleBasedStateMachine):
    """A BotSession driven by any order of asks, replies, withdrawals and endings: each
    request is resolved at most once, and nothing stays pending once the stream is gone."""

    requests = Bundle("requests")

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.session = BotSession("machine", 0, max_queued=8)
        self.outcomes: dict[int, list[object]] = {}
        self.withdrawn: set[int] = set()

    def _record(self, request_id: int, outcome: object) -> None:
        self.outcomes.setdefault(request_id, []).append(outcome)

    @rule(target=requests)
    def ask(self) -> int:
        request_id = self.session.next_request_id()
        self.session.ask(request_id, b"frame", self._record)
        return request_id

    @rule(request_id=st.one_of(requests, st.integers(0, 2**64 - 1)), index=st.integers(0, 9))
    def reply(self, request_id: int, index: int) -> None:
        message = arena_pb2.DecisionReply(request_id=request_id, option_index=index)
        if not self.session.reply(message):
            self.session.refuse_reply(message)

    @rule(request_id=requests)
    def withdraw(self, request_id: int) -> None:
        self.session.withdraw(request_id)
        self.withdrawn.add(request_id)

    @rule(frame=st.binary(max_size=8))
    def send(self, frame: bytes) -> None:
        self.session.send(frame)

    @rule()
    def disconnect(self) -> None:
        self.session.disconnect()

    @rule()
    def close(self) -> None:
        self.loop.run_until_complete(self._close())

    async def _close(self) -> None:
        self.session.close()

    @invariant()
    def each_request_resolves_at_most_once(self) -> None:
        assert all(len(seen) == 1 for seen in self.outcomes.values())
        for seen in self.outcomes.values():
            assert isinstance(seen[0], Reply) or seen[0] is Missing.GONE

    @invariant()
    def nothing_pends_on_a_gone_stream(self) -> None:
        if self.session.gone:
            assert not self.session._pending
            assert self.session.finished.is_set()

    @invariant()
    def the_outbox_stays_bounded(self) -> None:
        assert self.session.outbox.qsize() <= 9

    def teardown(self) -> None:
        self.loop.close()


SessionMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=30,
                                            deadline=None)
TestSessionMachine = SessionMachine.TestCase


def test_random_frames_on_real_streams_leave_the_gateway_idle(start_gateway) -> None:
    gateway = start_gateway(min_bots=2)
    token = gateway.token("fuzzer")

    @settings(max_examples=25, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(frames, min_size=1, max_size=10), st.booleans())
    def stream(raw: list[bytes], hello_first: bool) -> None:
        bot = RawStream(gateway.address)
        if hello_first:
            bot.send(hello_frame(token, max_matches=0))
        for frame in raw:
            bot.send(frame)
        bot.half_close()
        status = bot.ended()
        assert status in {grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT,
                          grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.CANCELLED,
                          grpc.StatusCode.FAILED_PRECONDITION}
        if hello_first:
            assert bot.received and bot.received[0].WhichOneof("message") == "welcome"

    stream()
    assert gateway.settles("arena_streams", 0) and gateway.settles("arena_connected_bots", 0)
    assert not gateway.gateway.sessions
