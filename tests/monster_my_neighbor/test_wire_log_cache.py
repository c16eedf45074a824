"""The log entries reused as bytes across requests, seats and matches are the entries
the log encoders build: every request of many matches, compared message by message."""

from __future__ import annotations

import random

from arena.v1 import monster_my_neighbor_pb2 as pb

from engine.core import GameConfig, get_game
from engine.monster_my_neighbor.events import DealtHand, SawHand
from engine.monster_my_neighbor.wire_log import NO_MARK, LogEncoder

GAME = get_game("monster-my-neighbor")


def _direct_logs(encoder: LogEncoder, obs, since) -> pb.MonsterMyNeighborObservation:
    """The seat's new log entries built message by message, with no cache."""
    names = obs.cards.names
    msg = pb.MonsterMyNeighborObservation(
        public_events_from=since.public, private_events_from=since.private)
    msg.public_events.extend(
        encoder._public(e, names) for e in obs.public_log[since.public:])
    msg.private_events.extend(
        encoder._private(e, obs, names, t) for e, t in zip(
            obs.private_log[since.private:], obs.private_log_times[since.private:], strict=True))
    return msg


def test_cached_log_entries_equal_the_entries_built_directly() -> None:
    LogEncoder._encoded.clear()
    rng = random.Random(3)
    checked = 0
    for match in range(12):
        players = 3 + match % 4
        state = GAME.new_state(GameConfig(players, dict(GAME.default_options)), match)
        codec = GAME.wire()
        marks: list = [None] * players
        while not state.is_terminal():
            for seat in state.pending_seats():
                obs = state.observation(seat)
                mark = marks[seat] or NO_MARK
                encoder = codec._log
                got = pb.MonsterMyNeighborObservation(
                    public_events_from=mark.public, private_events_from=mark.private)
                got.MergeFromString(encoder.encode(obs, mark))
                assert got == _direct_logs(encoder, obs, mark)
                marks[seat] = codec.log_mark(obs)
                checked += 1
            seat = rng.choice(state.pending_seats())
            state.apply(seat, rng.randrange(len(state.decision(seat).options)))
    assert checked > 500
    assert all(0 < len(public) <= LogEncoder.CACHE_LIMIT and len(private) <= LogEncoder.CACHE_LIMIT
               for _names, public, private in LogEncoder._encoded.values())
    assert LogEncoder._encoded


def _encode_every_request(matches: int, seed: int, check_bound: bool) -> int:
    """Play five-seat matches, encoding each pending seat's log after its mark as the
    match host does for remote seats; return the requests encoded."""
    rng = random.Random(seed)
    encoded = 0
    for match in range(matches):
        state = GAME.new_state(GameConfig(5, dict(GAME.default_options)), seed * 1000 + match)
        codec = GAME.wire()
        marks = [NO_MARK] * 5
        while not state.is_terminal():
            for seat in state.pending_seats():
                obs = state.observation(seat)
                got = pb.MonsterMyNeighborObservation(
                    public_events_from=marks[seat].public,
                    private_events_from=marks[seat].private)
                got.MergeFromString(codec._log.encode(obs, marks[seat]))
                if check_bound:
                    assert got == _direct_logs(codec._log, obs, marks[seat])
                    for _names, public, private in LogEncoder._encoded.values():
                        assert len(public) <= LogEncoder.CACHE_LIMIT
                        assert len(private) <= LogEncoder.CACHE_LIMIT
                marks[seat] = codec.log_mark(obs)
                encoded += 1
            seat = rng.choice(state.pending_seats())
            state.apply(seat, rng.randrange(len(state.decision(seat).options)))
    return encoded


def test_the_cache_keeps_no_dealt_or_seen_hands_and_stays_under_its_bound() -> None:
    # Hands hardly recur between matches: keeping them grew the cache with every match.
    LogEncoder._encoded.clear()
    assert _encode_every_request(25, seed=7, check_bound=False) > 2000
    (_names, public, private), = LogEncoder._encoded.values()
    assert public and private
    assert not [e for e in private if isinstance(e, DealtHand | SawHand)]
    assert len(public) <= LogEncoder.CACHE_LIMIT and len(private) <= LogEncoder.CACHE_LIMIT


def test_a_full_table_is_emptied_and_the_bytes_stay_the_same(monkeypatch) -> None:
    LogEncoder._encoded.clear()
    monkeypatch.setattr(LogEncoder, "CACHE_LIMIT", 24)
    assert _encode_every_request(6, seed=11, check_bound=True) > 500
    LogEncoder._encoded.clear()
