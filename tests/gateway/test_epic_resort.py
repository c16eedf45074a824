"""Epic Resort through the gateway: real gRPC on loopback, matches on the session's Ray,
the ladder in the session's Redis. Engine options and a custom card file reach every
match; each request is the codec of the asked seat's own observation."""

from __future__ import annotations

import importlib.resources
import json

import grpc
import pytest
from arena.v1 import arena_pb2

from engine.core import Replay, replay_match
from services.botclient import make_strategy, play
from services.cli.main import build_parser
from services.cli.main import main as arena
from services.cli.serve import gateway_config
from tests.epic_resort.test_wire import expected_requests
from tests.gateway.botkit import TestBot, hello_frame, random_policy, strip_request

GAME = "epic-resort"


def custom_cards() -> str:
    """The packaged card file with a tourist card's id and the Beach's name changed."""
    text = (importlib.resources.files("engine.epic_resort") / "data" / "cards.yaml").read_text(
        encoding="utf-8")
    renamed = text.replace("  - id: tour_group\n", "  - id: coach_party\n").replace(
        "  - id: beach\n    name: Beach\n", "  - id: beach\n    name: Sandy Beach\n")
    assert renamed.count("coach_party") == 1 and "Sandy Beach" in renamed
    return renamed




def test_two_remote_bots_play_a_rated_match_with_options_and_cards(
        start_gateway, redis_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    cards = custom_cards()
    gateway = start_gateway(game=GAME, players=2, min_bots=2, seed=3,
                            options={"journeyman_discount": 3}, cards=cards)
    bots = [TestBot(gateway.address, hello_frame(gateway.token(name), games=(GAME,)),
                    random_policy(seed)).start()
            for seed, name in enumerate(("east", "west"))]
    transcripts = [bot.join(timeout=300) for bot in bots]
    assert all(t.status == grpc.StatusCode.OK for t in transcripts)
    starts = [t.of("match_start")[0] for t in transcripts]
    ends = [t.of("match_end")[0] for t in transcripts]
    assert len({s.match_id for s in starts}) == 1 and {s.seat for s in starts} == {0, 1}
    assert all(e.reason == arena_pb2.MATCH_END_REASON_COMPLETED and e.rated for e in ends)
    for start in starts:
        assert start.game == GAME and start.players == 2
        assert start.config.cards == cards and start.config.custom_cards
        assert json.loads(start.config.options_json)["journeyman_discount"] == 3

    match_id = starts[0].match_id
    (applied,) = gateway.store.applied_matches(GAME)
    assert applied.match_id == match_id
    for name in ("east", "west"):
        stats = gateway.store.bot_stats(GAME, name)
        assert stats is not None and stats.games == 1
    key_prefix = gateway.store.key_prefix  # type: ignore[attr-defined]
    assert arena(["ladder", "--game", GAME, "--redis", redis_url, "--key-prefix", key_prefix,
                  "--json"]) == 0
    ladder = json.loads(capsys.readouterr().out)
    assert {e["name"]: e["games"] for e in ladder} == {"east": 1, "west": 1}

    assert gateway.config.replays is not None
    replay = Replay.load(gateway.config.replays / f"{match_id}.json")
    assert replay.config.cards == cards and replay.config.options["journeyman_discount"] == 3
    replay_match(replay)
    expected = expected_requests(replay, (True, True))
    for start, transcript in zip(starts, transcripts, strict=True):
        requests = transcript.of("decision_request")
        assert all(r.match_id == match_id and r.seat == start.seat for r in requests)
        assert [strip_request(r) for r in requests] == expected[start.seat]
    requests = [r for t in transcripts for r in t.of("decision_request")]
    kinds = {r.kind for r in requests}
    assert {"STARTING_LAYOUT", "SEND_WORKER", "TURN_MENU"} <= kinds
    layout = next(r for r in requests if r.kind == "STARTING_LAYOUT")
    assert any(o.label.startswith("Sandy Beach") for o in layout.options)
    card_ids = {c.card for r in requests for c in r.observation.epic_resort.main_deck}
    assert "coach_party" in card_ids and "tour_group" not in card_ids


def test_the_reference_client_plays_epic_resort_against_the_fill_bot(start_gateway) -> None:
    gateway = start_gateway(game=GAME, players=4, fill="random")
    report = play(gateway.address, gateway.token("ref"), GAME,
                  make_strategy("heuristic", GAME), max_matches=1, seed=2)
    assert len(report.matches) == 1 and not report.errors
    (record,) = report.matches
    assert record.reason == "completed" and record.rated and 1 <= record.rank <= 4
    assert report.decisions > 0
    (applied,) = gateway.store.applied_matches(GAME)
    assert sorted(applied.participants) == sorted(["ref"] + ["builtin:random"] * 3)


def test_the_bot_cli_refuses_a_strategy_for_another_game(capsys) -> None:
    code = arena(["bot", "--server", "127.0.0.1:1", "--token", "t", "--game", "ark-nova",
                  "--strategy", "heuristic"])
    assert code == 2 and "use --strategy random" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "epic-resort is played by 2 to 4 players, not 5"),
        (["--option", "journeyman_discount=9"], "journeyman_discount"),
        (["--option", "no_such_option=1"], "unknown epic-resort option"),
        (["--cards", "/nonexistent/cards.yaml"], "does not exist"),
        (["--fill", "heuristic"], "is not a built-in bot"),
    ],
)
def test_bad_epic_resort_serve_options_exit_2(args, message, capsys) -> None:
    assert arena(["serve", "--game", GAME, "--players", "2", *args]) == 2
    assert message in capsys.readouterr().err.replace("\n", " ")


def test_serve_arguments_reach_the_gateway_config(tmp_path) -> None:
    cards = tmp_path / "cards.yaml"
    cards.write_text(custom_cards(), encoding="utf-8")
    args = build_parser().parse_args([
        "serve", "--game", GAME, "--players", "3", "--option", "journeyman_discount=3",
        "--option", "phase_i_mode=in_turn_order", "--cards", str(cards)])
    config = gateway_config(args)
    assert (config.game, config.players) == (GAME, 3)
    assert config.options == {"journeyman_discount": 3, "phase_i_mode": "in_turn_order"}
    assert config.cards == cards.read_text(encoding="utf-8")


def test_the_bot_cli_plays_a_served_epic_resort_match(start_gateway, capsys) -> None:
    gateway = start_gateway(game=GAME, players=3, options={"phase_i_mode": "in_turn_order"})
    code = arena(["bot", "--server", gateway.address, "--token", gateway.token("cli"),
                  "--game", GAME, "--strategy", "random", "--matches", "1", "--quiet"])
    assert code == 0
    assert "cli: 1 matches (1 rated, 0 forfeited)" in capsys.readouterr().out
    assert gateway.config.replays is not None
    (saved,) = gateway.config.replays.glob("*.json")
    replay = Replay.load(saved)
    assert replay.game_id == GAME and replay.config.options["phase_i_mode"] == "in_turn_order"
    replay_match(replay)
