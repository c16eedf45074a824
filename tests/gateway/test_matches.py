"""Whole matches through the gateway: rating, replays, metrics, hidden information."""

from __future__ import annotations

import grpc
from arena.v1 import arena_pb2

from engine.core import Replay, get_game, replay_match
from engine.monster_my_neighbor.cards import default_cards_text
from tests.gateway.botkit import TestBot, Transcript, hello_frame, random_policy
from tests.gateway.conftest import GAME, RunningGateway


def _replay(gateway: RunningGateway, match_id: str) -> Replay:
    assert gateway.config.replays is not None
    return Replay.load(gateway.config.replays / f"{match_id}.json")


def test_a_full_match_is_played_rated_saved_and_counted(start_gateway) -> None:
    gateway = start_gateway()
    transcript = TestBot(
        gateway.address, hello_frame(gateway.token("alice")), random_policy(1)
    ).start().join()
    assert transcript.status == grpc.StatusCode.OK
    kinds = [r.WhichOneof("message") for r in transcript.responses]
    assert kinds[:2] == ["welcome", "match_start"] and kinds[-1] == "match_end"
    assert set(kinds[2:-1]) == {"decision_request"}
    (start,) = transcript.of("match_start")
    (end,) = transcript.of("match_end")
    assert end.reason == arena_pb2.MATCH_END_REASON_COMPLETED and end.rated
    assert list(start.seat_labels) == [
        "alice" if seat == start.seat else "builtin:random" for seat in range(5)
    ]
    # The embedded card file travels with the match, so a bot can read card numbers.
    assert start.config.cards == default_cards_text() and not start.config.custom_cards

    applied = gateway.applied(end.match_id)
    assert list(applied.participants) == list(start.seat_labels)
    assert list(applied.ranks) == [r.rank for r in end.results]
    stats = gateway.store.bot_stats(GAME, "alice")
    assert stats is not None and stats.games == 1
    assert stats.rating == end.rating and applied.deltas["alice"] == end.rating_change

    replay = _replay(gateway, end.match_id)
    replay_match(replay)
    assert replay.result is not None and list(replay.result.ranks) == list(applied.ranks)
    requests = transcript.of("decision_request")
    assert sum(1 for seat, _ in replay.choices if seat == start.seat) == len(requests)

    assert gateway.metric("arena_matches_total", game=GAME, status="completed") == 1
    remote = gateway.metric("arena_decisions_total", game=GAME, source="remote")
    builtin = gateway.metric("arena_decisions_total", game=GAME, source="builtin")
    assert remote == len(requests)
    assert remote + builtin == len(replay.choices)
    assert gateway.metric("arena_remote_decision_seconds_count", game=GAME) == remote
    assert gateway.metric("arena_builtin_decision_seconds_total", game=GAME) > 0
    assert gateway.metric("arena_rating_retry_queue") == 0
    assert gateway.metric("arena_results_unrated") == 0
    assert gateway.settles("arena_active_matches", 0)
    assert gateway.settles("arena_connected_bots", 0)


def _requests_by_seat(transcripts: list[Transcript]) -> dict[int, list[arena_pb2.DecisionRequest]]:
    by_seat = {}
    for transcript in transcripts:
        (start,) = transcript.of("match_start")
        requests = transcript.of("decision_request")
        assert all(r.seat == start.seat and r.match_id == start.match_id for r in requests)
        by_seat[start.seat] = requests
    return by_seat


def test_each_request_carries_only_its_own_seats_observation(start_gateway) -> None:
    gateway = start_gateway(min_bots=2)
    bots = [
        TestBot(gateway.address, hello_frame(gateway.token(name)), random_policy(seed)).start()
        for seed, name in enumerate(("north", "south"))
    ]
    transcripts = [bot.join() for bot in bots]
    match_ids = {t.of("match_start")[0].match_id for t in transcripts}
    assert len(match_ids) == 1, "both bots should share one match"
    requests = _requests_by_seat(transcripts)
    replay = _replay(gateway, match_ids.pop())

    game = get_game(GAME)
    codec = game.wire()
    state = game.new_state(replay.config, replay.seed)
    replies = {t.of("match_start")[0].seat: t.replies for t in transcripts}
    next_request = dict.fromkeys(requests, 0)
    marks: dict[int, object] = {}
    for seat, index in replay.choices:
        if seat in requests:
            request = requests[seat][next_request[seat]]
            next_request[seat] += 1
            observation = state.observation(seat)
            expected = arena_pb2.Observation(
                monster_my_neighbor=codec.observation(observation, marks.get(seat)))
            assert request.observation == expected
            marks[seat] = codec.log_mark(observation)
            others = [state.observation(s) for s in range(len(replay.labels)) if s != seat]
            assert all(request.observation != arena_pb2.Observation(
                monster_my_neighbor=codec.observation(o, marks.get(seat))) for o in others)
            decision = state.decision(seat)
            assert request.kind == decision.kind
            assert [o.monster_my_neighbor for o in request.options] == [
                codec.option(observation, decision.kind, option) for option in decision.options
            ]
            assert index == replies[seat][request.request_id]
        state.apply(seat, index)
    assert next_request == {seat: len(r) for seat, r in requests.items()}

