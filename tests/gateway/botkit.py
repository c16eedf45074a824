"""A scriptable test bot speaking raw frames, so tests can also send malformed bytes."""

from __future__ import annotations

import queue
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import grpc
from arena.v1 import arena_pb2

PLAY_METHOD = "/arena.v1.ArenaService/Play"


class Action:
    """What a policy does with a request besides replying with an index."""

    SILENT = "silent"
    DISCONNECT = "disconnect"


Policy = Callable[[arena_pb2.DecisionRequest, int], int | str]


def first_option(_request: arena_pb2.DecisionRequest, _n: int) -> int:
    return 0


def random_policy(seed: int) -> Policy:
    """Uniformly random legal options, reproducible from ``seed``."""
    rng = random.Random(seed)
    return lambda request, _n: rng.randrange(len(request.options))


def strip_request(request: arena_pb2.DecisionRequest) -> arena_pb2.DecisionRequest:
    """The fields the game state fixes (match id, request id and clocks removed)."""
    return arena_pb2.DecisionRequest(seat=request.seat, kind=request.kind,
                                     observation=request.observation, options=request.options)


def hello_frame(token: str, max_matches: int = 1, games: tuple[str, ...] = ()) -> bytes:
    hello = arena_pb2.Hello(token=token, games=list(games), bot_name="test",
                            client_version="botkit", max_matches=max_matches)
    return arena_pb2.PlayRequest(hello=hello).SerializeToString()


def reply_frame(request_id: int, index: int) -> bytes:
    reply = arena_pb2.DecisionReply(request_id=request_id, option_index=index)
    return arena_pb2.PlayRequest(decision_reply=reply).SerializeToString()


@dataclass
class Transcript:
    """Everything one test bot received, in order, and how its stream ended."""

    responses: list[arena_pb2.PlayResponse] = field(default_factory=list)
    # time.monotonic() when each response arrived
    times: list[float] = field(default_factory=list)
    replies: dict[int, int] = field(default_factory=dict)
    status: grpc.StatusCode | None = None
    details: str = ""

    def of(self, kind: str) -> list:
        return [getattr(r, kind) for r in self.responses if r.WhichOneof("message") == kind]

    def error_codes(self) -> list[int]:
        return [e.code for e in self.of("error")]


class TestBot:
    """Runs one stream in a thread: Hello first, then ``policy`` answers requests."""

    __test__ = False

    def __init__(
        self, address: str, hello: bytes | None, policy: Policy = first_option
    ) -> None:
        self._channel = grpc.insecure_channel(address)
        self._play = self._channel.stream_stream(
            PLAY_METHOD, request_serializer=None,
            response_deserializer=arena_pb2.PlayResponse.FromString,
        )
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        if hello is not None:
            self._outbox.put(hello)
        self.policy = policy
        self.transcript = Transcript()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> TestBot:
        self._thread.start()
        return self

    def send_raw(self, frame: bytes) -> None:
        self._outbox.put(frame)

    def join(self, timeout: float = 120) -> Transcript:
        self._thread.join(timeout)
        assert not self._thread.is_alive(), "the server never ended the stream"
        self._channel.close()
        return self.transcript

    def _requests(self) -> Iterator[bytes]:
        while (frame := self._outbox.get()) is not None:
            yield frame

    def _run(self) -> None:
        call = self._play(self._requests())
        asked = 0
        try:
            for response in call:
                self.transcript.responses.append(response)
                self.transcript.times.append(time.monotonic())
                if response.WhichOneof("message") != "decision_request":
                    continue
                request = response.decision_request
                action = self.policy(request, asked)
                asked += 1
                if action == Action.DISCONNECT:
                    call.cancel()
                    self.transcript.status = grpc.StatusCode.CANCELLED
                    return
                if action != Action.SILENT:
                    self.transcript.replies[request.request_id] = int(action)
                    self._outbox.put(reply_frame(request.request_id, int(action)))
            self.transcript.status = grpc.StatusCode.OK
        except grpc.RpcError as exc:
            self.transcript.status = exc.code()
            self.transcript.details = exc.details() or ""
        finally:
            self._outbox.put(None)
