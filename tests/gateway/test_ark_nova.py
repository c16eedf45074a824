"""Ark Nova through the gateway: real gRPC on loopback, matches on the session's Ray, the
ladder in the session's Redis. A served two-player match between two remote bots, the
card file and options in MatchStart, each request the codec of the asked seat's own
observation; the bot CLI plays a served match."""

from __future__ import annotations

import json

import grpc
import pytest
from arena.v1 import arena_pb2

from engine.ark_nova.cards.catalog import default_cards_text
from engine.core import Replay, replay_match
from services.cli.main import main as arena
from services.ladder.records import AppliedSolo, SoloEntry
from tests.ark_nova.test_wire import expected_requests
from tests.gateway.botkit import TestBot, hello_frame, random_policy, strip_request

GAME = "ark-nova"


def custom_cards() -> str:
    """The packaged card file with the Cheetah renamed."""
    text = default_cards_text()
    renamed = text.replace('"name": "Cheetah"', '"name": "Swift Cheetah"', 1)
    assert renamed.count("Swift Cheetah") == 1
    return renamed




def test_two_remote_bots_play_a_rated_match_with_options_and_cards(
        start_gateway, redis_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    cards = custom_cards()
    gateway = start_gateway(game=GAME, players=2, min_bots=2, seed=3,
                            options={"map": "0"}, cards=cards)
    bots = [TestBot(gateway.address, hello_frame(gateway.token(name), games=(GAME,)),
                    random_policy(seed)).start()
            for seed, name in enumerate(("north", "south"))]
    transcripts = [bot.join(timeout=600) for bot in bots]
    assert all(t.status == grpc.StatusCode.OK for t in transcripts)
    starts = [t.of("match_start")[0] for t in transcripts]
    ends = [t.of("match_end")[0] for t in transcripts]
    assert len({s.match_id for s in starts}) == 1 and {s.seat for s in starts} == {0, 1}
    assert all(e.reason == arena_pb2.MATCH_END_REASON_COMPLETED and e.rated for e in ends)
    for start in starts:
        assert start.game == GAME and start.players == 2
        assert start.config.cards == cards and start.config.custom_cards
        assert json.loads(start.config.options_json)["map"] == "0"

    match_id = starts[0].match_id
    for name in ("north", "south"):
        stats = gateway.store.bot_stats(GAME, name)
        assert stats is not None and stats.games == 1
    key_prefix = gateway.store.key_prefix  # type: ignore[attr-defined]
    assert arena(["ladder", "--game", GAME, "--redis", redis_url, "--key-prefix", key_prefix,
                  "--json"]) == 0
    ladder = json.loads(capsys.readouterr().out)
    assert {e["name"]: e["games"] for e in ladder} == {"north": 1, "south": 1}

    assert gateway.config.replays is not None
    replay = Replay.load(gateway.config.replays / f"{match_id}.json")
    assert replay.config.cards == cards and replay.config.options["map"] == "0"
    replay_match(replay)
    expected = expected_requests(replay, (True, True))
    for start, transcript in zip(starts, transcripts, strict=True):
        requests = transcript.of("decision_request")
        assert all(r.match_id == match_id and r.seat == start.seat for r in requests)
        assert [strip_request(r) for r in requests] == expected[start.seat]
    requests = [r for t in transcripts for r in t.of("decision_request")]
    assert {"KEEP_STARTING_CARD", "CHOOSE_ACTION"} <= {r.kind for r in requests}
    assert all(r.observation.ark_nova.map == "0" for r in requests)


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


def test_the_bot_cli_plays_a_served_ark_nova_match(start_gateway, capsys) -> None:
    gateway = start_gateway(game=GAME, players=3, fill="random")
    code = arena(["bot", "--server", gateway.address, "--token", gateway.token("cli"),
                  "--game", GAME, "--strategy", "random", "--matches", "1", "--quiet"])
    assert code == 0
    assert "cli: 1 matches (1 rated, 0 forfeited)" in capsys.readouterr().out
    assert gateway.config.replays is not None
    (saved,) = gateway.config.replays.glob("*.json")
    replay = Replay.load(saved)
    assert replay.game_id == GAME and replay.config.players == 3
    replay_match(replay)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "1 to 4 players"),
        (["--option", "map=9"], "not a map"),
        (["--option", "colour=red"], "unknown option"),
    ],
)
def test_bad_ark_nova_serve_options_exit_2(args, message, capsys) -> None:
    assert arena(["serve", "--game", GAME, "--players", "2", *args]) == 2
    assert message in capsys.readouterr().err.replace("\n", " ")
