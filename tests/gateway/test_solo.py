"""A served solo match (Ark Nova, one seat): not rated, ends with the VP as the score, and
stands in the solo standings. Two-seat matches of every game: tests/contracts/test_gateway.py."""

from __future__ import annotations

import grpc
from arena.v1 import arena_pb2

from engine.core import Replay, replay_match
from services.ladder.records import AppliedSolo, SoloEntry
from tests.gateway.botkit import TestBot, hello_frame, random_policy

GAME = "ark-nova"


def test_a_served_solo_match_is_not_rated_and_ends_with_the_vp(start_gateway) -> None:
    gateway = start_gateway(game=GAME, players=1, min_bots=1,
                            options={"solo_difficulty": "expert", "map": "7"})
    bot = TestBot(gateway.address, hello_frame(gateway.token("alone"), games=(GAME,)),
                  random_policy(4)).start()
    transcript = bot.join(timeout=600)
    assert transcript.status == grpc.StatusCode.OK
    (start,) = transcript.of("match_start")
    (end,) = transcript.of("match_end")
    assert start.players == 1 and end.reason == arena_pb2.MATCH_END_REASON_COMPLETED
    assert not end.rated and end.rating_change == 0
    assert gateway.store.bot_stats(GAME, "alone") is None  # nothing to rate against
    assert gateway.config.replays is not None
    replay = Replay.load(gateway.config.replays / f"{start.match_id}.json")
    result = replay_match(replay).result()
    (seat,) = end.results
    assert seat.score == result.scores[0] and seat.rank == 1
    vp = result.scores[0]
    solo = gateway.store.solo_stats(GAME, "alone")  # but it stands in the solo standings
    assert solo == SoloEntry("alone", 1, vp, vp, int(vp >= 0))
    assert gateway.store.applied_solo(GAME, start.match_id) == AppliedSolo(
        start.match_id, "alone", vp)
    assert result.details["turns"] == 27 and result.details["maps"] == ["7"]
    requests = transcript.of("decision_request")
    assert all(r.observation.ark_nova.solo_difficulty == "expert" for r in requests)
