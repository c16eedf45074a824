"""Durable results: kept (Redis stream, else the journal) before MatchEnd, applied to the
ladder exactly once, also when Redis is down at the end of a match or the gateway
restarts with results left over."""

from __future__ import annotations

import json
import secrets
import time
from pathlib import Path

from arena.v1 import arena_pb2

from services.gateway.result_log import (
    DurableResults,
    MatchResult,
    ResultJournal,
    ResultStream,
    journal_held,
    journal_pending,
)
from services.ladder.factory import open_store
from services.ladder.records import SoloEntry
from tests.gateway.botkit import TestBot, hello_frame
from tests.gateway.conftest import GAME


def _durable(url: str, prefix: str, journal: Path) -> DurableResults:
    return DurableResults(ResultStream(url, prefix), ResultJournal(journal))


def _until(condition, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_result_of_a_redis_outage_is_journaled_and_applied_once_when_redis_returns(
    start_gateway, redis_server, tmp_path
) -> None:
    prefix = f"test-results-{secrets.token_hex(4)}"
    store = open_store(redis_server.url, key_prefix=prefix)
    journal = tmp_path / "journal.jsonl"
    gateway = start_gateway(store=store, durable=_durable(redis_server.url, prefix, journal))
    token = gateway.token("patient")

    def stop_redis_then_play(_request, n):
        if n == 0:
            redis_server.stop()
        return 0

    transcript = TestBot(gateway.address, hello_frame(token), stop_redis_then_play)
    (end,) = transcript.start().join().of("match_end")
    assert end.reason == arena_pb2.MATCH_END_REASON_COMPLETED and not end.rated
    assert len(gateway.gateway.results) == 1
    assert [r.match_id for r in journal_pending(journal)] == [end.match_id]
    assert gateway.metric("arena_rating_retry_queue") == 1
    assert gateway.metric("arena_results_unrated") == 1

    redis_server.start()
    _until(lambda: len(gateway.gateway.results) == 0)
    assert gateway.metric("arena_rating_retry_queue") == 0
    assert gateway.metric("arena_results_unrated") == 0
    applied = [m for m in store.applied_matches(GAME) if m.match_id == end.match_id]
    assert len(applied) == 1
    assert list(applied[0].ranks) == [r.rank for r in end.results]
    stats = store.bot_stats(GAME, "patient")
    assert stats is not None and stats.games == 1
    assert journal_pending(journal) == []


def test_a_solo_result_of_a_redis_outage_is_journaled_and_counted_once_when_redis_returns(
    start_gateway, redis_server, tmp_path
) -> None:
    prefix = f"test-results-{secrets.token_hex(4)}"
    store = open_store(redis_server.url, key_prefix=prefix)
    journal = tmp_path / "journal.jsonl"
    gateway = start_gateway(store=store, durable=_durable(redis_server.url, prefix, journal),
                            game="ark-nova", players=1, min_bots=1)
    token = gateway.token("alone")

    def stop_redis_then_play(_request, n):
        if n == 0:
            redis_server.stop()
        return 0

    transcript = TestBot(gateway.address, hello_frame(token, games=("ark-nova",)),
                         stop_redis_then_play)
    (end,) = transcript.start().join(timeout=600).of("match_end")
    assert end.reason == arena_pb2.MATCH_END_REASON_COMPLETED and not end.rated
    assert end.rating_change == 0
    (pending,) = journal_pending(journal)
    (seat,) = end.results
    assert (pending.match_id, pending.score) == (end.match_id, seat.score)

    redis_server.start()
    _until(lambda: len(gateway.gateway.results) == 0)
    vp = seat.score
    assert store.solo_stats("ark-nova", "alone") == SoloEntry("alone", 1, vp, vp, int(vp >= 0))
    assert store.bot_stats("ark-nova", "alone") is None and journal_pending(journal) == []


def test_results_left_by_a_crashed_run_are_applied_once_at_start(
    start_gateway, redis_url, tmp_path
) -> None:
    prefix = f"test-results-{secrets.token_hex(4)}"
    store = open_store(redis_url, key_prefix=prefix)
    labels = ("alice", "builtin:random", "bob")
    in_stream = MatchResult(GAME, "crashed-1", labels, (1, 2, 3))
    in_journal = MatchResult(GAME, "crashed-2", labels, (3, 1, 2))
    applied_not_forgotten = MatchResult(GAME, "crashed-3", labels, (2, 1, 3))
    solos = [MatchResult(GAME, f"solo-{n}", ("alice",), (1,), score)
             for n, score in enumerate((-3.0, 5.0, 2.0))]
    journal = tmp_path / "journal.jsonl"
    before = _durable(redis_url, prefix, journal)
    before.stream.add(in_stream)
    before.journal.add(in_journal)
    before.stream.add(applied_not_forgotten)
    store.apply_match(GAME, "crashed-3", list(labels), [2, 1, 3])
    before.stream.add(solos[0])
    before.journal.add(solos[1])
    before.stream.add(solos[2])
    store.apply_solo(GAME, "solo-2", "alice", 2.0)  # applied, not yet forgotten
    with open(journal, "a") as torn:
        torn.write('{"op": "result", "result": {"game"')  # a write cut by the crash
    before.close()

    gateway = start_gateway(store=store, durable=_durable(redis_url, prefix, journal))
    _until(lambda: gateway.gateway.results.recovered and len(gateway.gateway.results) == 0)
    ids = sorted(m.match_id for m in store.applied_matches(GAME))
    assert ids == ["crashed-1", "crashed-2", "crashed-3"]
    stats = store.bot_stats(GAME, "alice")
    assert stats is not None and stats.games == 3  # the solo games are not rated
    assert store.solo_stats(GAME, "alice") == SoloEntry("alice", 3, 4.0, 5.0, 2)
    stream = ResultStream(redis_url, prefix)
    assert stream.entries() == [] and journal_pending(journal) == []
    stream.close()


def test_the_journal_keeps_only_what_is_pending_across_reopening(tmp_path) -> None:
    path = tmp_path / "journal.jsonl"
    journal = ResultJournal(path)
    first = MatchResult(GAME, "m-1", ("a", "b"), (1, 2))
    second = MatchResult(GAME, "m-2", ("a", "b"), (2, 1))
    solo = MatchResult(GAME, "m-3", ("a",), (1,), -4.5)
    journal.add(first)
    journal.add(second)
    journal.add(solo)
    journal.remove("m-1")
    journal.close()
    reopened = ResultJournal(path)
    assert reopened.entries() == [("m-2", second), ("m-3", solo)]
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert lines == [{"op": "result", "result": json.loads(r.to_json())} for r in (second, solo)]
    assert "score" not in lines[0]["result"] and lines[1]["result"]["score"] == -4.5
    try:
        ResultJournal(path)
    except OSError as exc:
        assert "in use" in str(exc)
    else:
        raise AssertionError("a second owner opened the journal")
    reopened.close()


def test_forfeits_held_by_a_crashed_run_are_rated_once_unless_the_match_has_a_result(
    start_gateway, redis_url, tmp_path
) -> None:
    """A run killed mid-match leaves its forfeits in the journal: the next start rates
    the match as an abort would (the leaver last), but not a match whose own result was
    kept or rated before the crash, nor a settled one."""
    prefix = f"test-results-{secrets.token_hex(4)}"
    store = open_store(redis_url, key_prefix=prefix)
    labels = ("leaver", "builtin:random", "stayer")
    died = MatchResult(GAME, "died-1", labels, (1, 1, 3))
    died_later_forfeit = MatchResult(GAME, "died-1", labels, (3, 1, 3))  # newest counts
    kept = MatchResult(GAME, "kept-2", labels, (3, 1, 1))
    kept_result = MatchResult(GAME, "kept-2", labels, (3, 2, 1))
    rated = MatchResult(GAME, "rated-3", labels, (3, 1, 1))
    settled = MatchResult(GAME, "settled-4", labels, (3, 1, 1))
    journal = tmp_path / "journal.jsonl"
    before = _durable(redis_url, prefix, journal)
    for held in (died, died_later_forfeit, kept, rated, settled):
        before.hold(held)
    before.stream.add(kept_result)  # kept, then the crash before its forfeits settled
    store.apply_match(GAME, "rated-3", list(labels), [3, 2, 1])  # rated and forgotten
    before.release("settled-4")
    before.close()
    reopened = ResultJournal(journal)  # compacts the file: what is held stays
    assert {r.match_id for r in reopened.held()} == {"died-1", "kept-2", "rated-3"}
    reopened.close()

    gateway = start_gateway(store=store, durable=_durable(redis_url, prefix, journal))
    _until(lambda: gateway.gateway.results.recovered and len(gateway.gateway.results) == 0)
    records = {m.match_id: m.ranks for m in store.applied_matches(GAME)}
    assert records == {"died-1": (3, 1, 3), "kept-2": (3, 2, 1), "rated-3": (3, 2, 1)}
    assert journal_held(journal) == [] and journal_pending(journal) == []


def test_a_match_that_ends_settles_its_held_forfeits(tmp_path) -> None:
    path = tmp_path / "journal.jsonl"
    durable = DurableResults(None, ResultJournal(path))
    forfeit = MatchResult(GAME, "m-1", ("a", "b", "c"), (3, 1, 1))
    durable.hold(forfeit)
    assert [r for _, r in durable.held()] == [forfeit]
    durable.add(MatchResult(GAME, "m-1", ("a", "b", "c"), (3, 2, 1)))
    durable.release("m-1")
    assert durable.held() == []
    durable.close()
