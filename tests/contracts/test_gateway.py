"""Every installed game through the gateway: real gRPC on loopback, matches on the
session's Ray, the ladder in the session's Redis.

Two remote bots play a rated match with the game's options and a custom card file: both
reach MatchStart and the replay, each request is the codec of the asked seat's own
observation, and the ladder counts the match. The bot CLI plays a served match, and bad
``serve`` arguments exit 2 with the game's wording. Per-game data: ``tests/<game>/contract.py``.
"""

from __future__ import annotations

import json

import grpc
import pytest
from arena.v1 import arena_pb2

from engine.core import Replay, replay_match
from services.cli.main import main as arena
from tests.contracts.games import GAMES, contract
from tests.gateway.botkit import TestBot, hello_frame, random_policy, strip_request

NAMES = ("north", "south")


@pytest.mark.parametrize("game", GAMES)
def test_two_remote_bots_play_a_rated_match_with_options_and_cards(
        game: str, start_gateway, redis_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    served = contract(game).served
    gateway = start_gateway(game=game, players=served.players, min_bots=2, seed=3,
                            options=served.options, cards=served.cards)
    bots = [TestBot(gateway.address, hello_frame(gateway.token(name), games=(game,)),
                    random_policy(seed)).start()
            for seed, name in enumerate(NAMES)]
    transcripts = [bot.join(timeout=served.timeout) for bot in bots]
    assert all(t.status == grpc.StatusCode.OK for t in transcripts)
    starts = [t.of("match_start")[0] for t in transcripts]
    ends = [t.of("match_end")[0] for t in transcripts]
    assert len({s.match_id for s in starts}) == 1 and len({s.seat for s in starts}) == 2
    assert all(e.reason == arena_pb2.MATCH_END_REASON_COMPLETED and e.rated for e in ends)
    for start in starts:
        assert start.game == game and start.players == served.players
        assert start.config.cards == served.cards and start.config.custom_cards
        options = json.loads(start.config.options_json)
        assert {k: options[k] for k in served.options} == served.options

    match_id = starts[0].match_id
    (applied,) = gateway.store.applied_matches(game)
    assert applied.match_id == match_id
    for name in NAMES:
        stats = gateway.store.bot_stats(game, name)
        assert stats is not None and stats.games == 1
    key_prefix = gateway.store.key_prefix  # type: ignore[attr-defined]
    assert arena(["ladder", "--game", game, "--redis", redis_url, "--key-prefix", key_prefix,
                  "--json"]) == 0
    ladder = {e["name"]: e["games"] for e in json.loads(capsys.readouterr().out)}
    remote = {name: games for name, games in ladder.items() if not name.startswith("builtin:")}
    assert remote == {"north": 1, "south": 1}

    assert gateway.config.replays is not None
    replay = Replay.load(gateway.config.replays / f"{match_id}.json")
    assert replay.config.cards == served.cards
    assert {k: replay.config.options[k] for k in served.options} == served.options
    replay_match(replay)
    seats = {s.seat for s in starts}
    expected = served.expected_requests(replay, [s in seats for s in range(served.players)])
    for start, transcript in zip(starts, transcripts, strict=True):
        requests = transcript.of("decision_request")
        assert all(r.match_id == match_id and r.seat == start.seat for r in requests)
        assert [strip_request(r) for r in requests] == expected[start.seat]
    requests = [r for t in transcripts for r in t.of("decision_request")]
    assert served.kinds <= {r.kind for r in requests}
    served.check_requests(requests)


@pytest.mark.parametrize("game", GAMES)
def test_the_bot_cli_plays_a_served_match(game: str, start_gateway, capsys) -> None:
    served = contract(game).served
    gateway = start_gateway(game=game, players=served.players + 1, fill="random",
                            options=served.options)
    code = arena(["bot", "--server", gateway.address, "--token", gateway.token("cli"),
                  "--game", game, "--strategy", "random", "--matches", "1", "--quiet"])
    assert code == 0
    assert "cli: 1 matches (1 rated, 0 forfeited)" in capsys.readouterr().out
    assert gateway.config.replays is not None
    (saved,) = gateway.config.replays.glob("*.json")
    replay = Replay.load(saved)
    assert replay.game_id == game and replay.config.players == served.players + 1
    assert {k: replay.config.options[k] for k in served.options} == served.options
    replay_match(replay)


@pytest.mark.parametrize(("game", "args", "message"), [
    (game, list(args), message) for game in GAMES for args, message in contract(game).bad_serve_args
])
def test_bad_serve_arguments_exit_2(game: str, args: list[str], message: str, capsys) -> None:
    assert arena(["serve", "--game", game, "--players", str(contract(game).served.players),
                  *args]) == 2
    assert message in capsys.readouterr().err.replace("\n", " ")
