"""Redis restarts and lost connections: the ladder survives a restart (append-only
file), the store reconnects by itself, a down server gives a clear error instead of a
hang, and an apply whose reply was lost is retried without being counted twice."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest
import redis

from bench.loopback import RedisServer
from services.ladder.memory_store import MemoryStore
from services.ladder.redis_store import RedisStore, RetryPolicy, _Script
from services.ladder.store import StoreUnavailable

GAME = "monster-my-neighbor"


def assert_rated_once_each(store: RedisStore, matches: list[tuple[str, list[str], list[int]]]
                           ) -> None:
    """The store's ladder, Elo and skill (mu, sigma) alike, is bit for bit that of
    applying each match once, in order, to a fresh memory store."""
    replay = MemoryStore()
    for match_id, participants, ranks in matches:
        replay.apply_match(GAME, match_id, participants, ranks)
    assert store.ladder(GAME) == replay.ladder(GAME)
    assert [(e.name, e.mu, e.sigma) for e in store.ladder(GAME, order="skill")] == [
        (e.name, e.mu, e.sigma) for e in replay.ladder(GAME, order="skill")]


def count_commands(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    """Every command any redis client sends from now on (the list grows as they go)."""
    sent: list[tuple[object, ...]] = []
    execute_command = redis.Redis.execute_command

    def counted(self: redis.Redis, *args: object, **options: object) -> object:
        sent.append(args)
        return execute_command(self, *args, **options)

    monkeypatch.setattr(redis.Redis, "execute_command", counted)
    return sent


def lose_the_first_reply(
    monkeypatch: pytest.MonkeyPatch, owner: type, method: str
) -> list[object]:
    """Make the next call of ``owner.method`` run on the server but fail on the client,
    as when the connection drops between a commit and its reply. Returns lost replies."""
    commit = getattr(owner, method)
    lost_replies: list[object] = []

    def commit_then_lose_the_reply(self: object, *args: object, **kwargs: object) -> object:
        reply = commit(self, *args, **kwargs)
        if not lost_replies:
            lost_replies.append(reply)
            raise redis.ConnectionError("connection lost after the commit")
        return reply

    monkeypatch.setattr(owner, method, commit_then_lose_the_reply)
    return lost_replies


def test_ladder_survives_a_restart_and_writes_resume(redis_server: RedisServer) -> None:
    store = RedisStore(redis_server.url, key_prefix="restart")
    token = store.register_bot("alice")
    matches = [(f"m{i}", ["alice", "bob", "carol"], [1 + i % 3, 1, 3]) for i in range(10)]
    for match in matches:
        store.apply_match(GAME, *match)
    before = store.ladder(GAME)

    redis_server.restart()

    assert store.ladder(GAME) == before  # ratings, skills (mu, sigma) and tallies
    assert store.authenticate(token) == "alice"
    for match in matches:  # replayed after the restart (a result queue redelivering)
        assert store.apply_match(GAME, *match) == (
            store.applied_match(GAME, match[0]).deltas  # type: ignore[union-attr]
        )
    assert store.ladder(GAME) == before
    matches.append(("after", ["alice", "bob"], [1, 2]))
    store.apply_match(GAME, *matches[-1])
    assert store.bot_stats(GAME, "alice").games == 11  # type: ignore[union-attr]
    assert_rated_once_each(store, matches)
    store.close()


@pytest.mark.timeout(60)
def test_a_down_server_gives_a_clear_error(redis_server: RedisServer) -> None:
    store = RedisStore(
        redis_server.url, key_prefix="down", retry=RetryPolicy(attempts=3, base_delay=0.01)
    )
    store.apply_match(GAME, "m1", ["a", "b"], [1, 2])
    redis_server.stop()
    with pytest.raises(StoreUnavailable, match=r"127\.0\.0\.1.*after 3 attempts"):
        store.apply_match(GAME, "m2", ["a", "b"], [1, 2])
    with pytest.raises(StoreUnavailable):
        store.ladder(GAME)
    with pytest.raises(StoreUnavailable):
        store.authenticate("some-token")
    store.close()


def test_an_apply_waits_out_a_short_outage(redis_server: RedisServer) -> None:
    store = RedisStore(
        redis_server.url,
        key_prefix="outage",
        retry=RetryPolicy(attempts=60, base_delay=0.05, max_delay=0.25),
    )
    store.apply_match(GAME, "m1", ["a", "b"], [1, 2])
    redis_server.stop()
    restarter = threading.Timer(0.3, redis_server.start)
    restarter.start()
    try:
        deltas = store.apply_match(GAME, "m2", ["a", "b"], [2, 1])
    finally:
        restarter.join()
    assert store.applied_match(GAME, "m2").deltas == deltas  # type: ignore[union-attr]
    assert store.bot_stats(GAME, "a").games == 2  # type: ignore[union-attr]
    assert_rated_once_each(store, [("m1", ["a", "b"], [1, 2]), ("m2", ["a", "b"], [2, 1])])
    store.close()


def test_an_apply_whose_reply_was_lost_is_not_counted_twice(
    redis_url: str, key_prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RedisStore(redis_url, key_prefix=key_prefix, retry=RetryPolicy(base_delay=0.01))
    store.apply_match(GAME, "m1", ["a", "b"], [1, 2])
    # The match commits through one EVALSHA, the client's next command.
    lost_replies = lose_the_first_reply(monkeypatch, redis.Redis, "execute_command")
    deltas = store.apply_match(GAME, "m2", ["a", "b"], [1, 2])
    monkeypatch.undo()

    assert [reply[:2] for reply in lost_replies] == [["ok", 2]], "no fault injected"
    assert store.applied_match(GAME, "m2").deltas == deltas  # type: ignore[union-attr]
    assert [m.match_id for m in store.applied_matches(GAME)] == ["m1", "m2"]
    assert store.bot_stats(GAME, "a").games == 2  # type: ignore[union-attr]
    assert_rated_once_each(store, [("m1", ["a", "b"], [1, 2]), ("m2", ["a", "b"], [1, 2])])
    store.close()


def test_a_registration_whose_reply_was_lost_still_returns_a_working_token(
    redis_url: str, key_prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RedisStore(redis_url, key_prefix=key_prefix, retry=RetryPolicy(base_delay=0.01))
    # Registration commits through a Lua script too.
    lost_replies = lose_the_first_reply(monkeypatch, _Script, "execute")
    token = store.register_bot("alice")
    monkeypatch.undo()

    assert lost_replies == ["ok"], "the fault was not injected"
    assert store.authenticate(token) == "alice"
    store.close()


@pytest.mark.timeout(60)
def test_ping_reports_a_down_server_as_unavailable(redis_server: RedisServer) -> None:
    # The serve and web commands ping the store at start to fail fast on a bad --redis.
    store = RedisStore(redis_server.url, key_prefix="ping", retry=RetryPolicy(attempts=2))
    store.ping()
    redis_server.stop()
    with pytest.raises(StoreUnavailable, match="after 2 attempts"):
        store.ping()
    store.close()


@pytest.mark.timeout(60)
def test_an_error_names_the_server_without_its_credentials(redis_server: RedisServer) -> None:
    redis_server.stop()
    url = f"redis://arena:s3cret@127.0.0.1:{redis_server.port}/0"
    store = RedisStore(url, key_prefix="creds", retry=RetryPolicy(attempts=1))
    with pytest.raises(StoreUnavailable) as error:
        store.ladder(GAME)
    assert f"redis://127.0.0.1:{redis_server.port}/0 unreachable" in str(error.value)
    assert "s3cret" not in str(error.value) and "arena:" not in str(error.value)
    store.close()


@pytest.mark.timeout(60)
def test_a_down_server_is_tried_the_policys_attempts_with_doubling_capped_delays(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RedisStore(
        redis_server.url, key_prefix="attempts",
        retry=RetryPolicy(attempts=5, base_delay=0.01, max_delay=0.03),
    )
    redis_server.stop()
    sleeps: list[float] = []
    monkeypatch.setattr(time, "sleep", sleeps.append)
    sent = count_commands(monkeypatch)
    # A rated match makes its first attempt inline; a read goes through the retry loop only.
    for operation in (lambda: store.apply_match(GAME, "m1", ["a", "b"], [1, 2]),
                      lambda: store.ladder(GAME)):
        sent[:], sleeps[:] = [], []
        with pytest.raises(StoreUnavailable, match="after 5 attempts"):
            operation()
        assert len(sent) == 5
        assert sleeps == [0.01, 0.02, 0.03, 0.03]
    monkeypatch.undo()
    store.close()


def test_closing_the_store_closes_both_its_connections(redis_server: RedisServer) -> None:
    admin = redis.Redis.from_url(redis_server.url)
    before = {client["id"] for client in admin.client_list()}
    store = RedisStore(redis_server.url, key_prefix="close")
    store.register_bot("alice")  # the decoding client
    store.ladder(GAME)  # the raw client, for packed rows
    opened = {client["id"] for client in admin.client_list()} - before
    assert len(opened) == 2
    store.close()
    # The server drops a client once it reads the close: wait for that (a left-open
    # connection stays listed; 10 s is far beyond a close's latency on loopback).
    deadline = time.monotonic() + 10
    while (still := opened & {c["id"] for c in admin.client_list()}) and (
            time.monotonic() < deadline):
        time.sleep(0.01)
    admin.close()
    assert not still, f"connections left open after close: {still}"


@pytest.mark.timeout(60)
def test_a_hung_server_is_tried_once_not_retried(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stopped (SIGSTOP) server takes the connection but never answers: every call
    gives up after one socket timeout, without the retries a lost connection gets."""
    store = RedisStore(redis_server.url, key_prefix="hung", socket_timeout=0.3,
                       retry=RetryPolicy(attempts=5, base_delay=0.01))
    token = store.register_bot("a")
    sent = count_commands(monkeypatch)
    assert redis_server.proc is not None
    os.kill(redis_server.proc.pid, signal.SIGSTOP)
    try:
        for operation in (lambda: store.apply_match(GAME, "m1", ["a", "b"], [1, 2]),
                          lambda: store.ladder(GAME), store.ping,
                          lambda: store.authenticate(token)):
            sent[:] = []
            with pytest.raises(StoreUnavailable, match="did not answer in time"):
                operation()
            assert len(sent) == 1
    finally:
        os.kill(redis_server.proc.pid, signal.SIGCONT)
    monkeypatch.undo()
    # The server may run the apply it took while stopped: applying it again counts once.
    store.apply_match(GAME, "m1", ["a", "b"], [1, 2])
    assert store.bot_stats(GAME, "a").games == 1  # type: ignore[union-attr]
    assert store.authenticate(token) == "a"
    store.close()
