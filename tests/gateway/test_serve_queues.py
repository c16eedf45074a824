"""`arena serve --queue/--config`: queues as given, their ids (the ladders' keys), the
one-queue shorthand keeping the bare game id, and every mistake refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.cli.main import build_parser
from services.cli.main import main as arena
from services.cli.serve import gateway_config
from services.gateway.queues import QueueSpec, admitted, default_queue_id, hosted_text


def config_of(*argv: str):
    return gateway_config(build_parser().parse_args(["serve", *argv]))


def test_the_shorthand_is_one_queue_keyed_by_the_game() -> None:
    (queue,) = config_of("--game", "epic-resort", "--players", "3").hosted()
    assert queue == QueueSpec("epic-resort", "epic-resort", 3, {}, "random", None)
    assert config_of().hosted()[0].id == "monster-my-neighbor"  # default game, 5 players


def test_queues_get_game_and_players_ids_and_options_a_digest(tmp_path: Path) -> None:
    config = config_of("--queue", "monster-my-neighbor:4", "--queue", "epic-resort:2",
                       "--queue", "ark-nova:2:map=0,fill=greedy",
                       "--queue", "monster-my-neighbor:8:id=mmn-big")
    ids = [q.id for q in config.hosted()]
    assert ids[:2] == ["monster-my-neighbor-4p", "epic-resort-2p"]
    assert ids[2] == default_queue_id("ark-nova", 2, {"map": 0}, None)
    assert ids[2].startswith("ark-nova-2p-") and len(ids[2]) == len("ark-nova-2p-") + 8
    assert ids[3] == "mmn-big"
    assert config.hosted()[2].options == {"map": 0} and config.hosted()[2].fill == "greedy"
    # The same queue from a YAML file (beside a --queue), cards relative to the file.
    (tmp_path / "queues.yaml").write_text(
        "queues:\n"
        "  - {game: ark-nova, players: 2, options: {map: 0}, fill: greedy}\n"
        "  - game: monster-my-neighbor\n    players: 3\n    id: monster-my-neighbor\n")
    from_file = config_of("--config", str(tmp_path / "queues.yaml"),
                          "--queue", "epic-resort:2")
    assert [q.id for q in from_file.hosted()] == [ids[2], "monster-my-neighbor",
                                                  "epic-resort-2p"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--queue", "monster-my-neighbor"], "wants GAME:PLAYERS"),
        (["--queue", "monster-my-neighbor:four"], "PLAYERS must be a whole number"),
        (["--queue", "chess:2"], "--queue chess:2: unknown game"),
        (["--queue", "epic-resort:6"], "--queue epic-resort:6: epic-resort is played by"),
        (["--queue", "epic-resort:2:fill=nobody"], "fill 'nobody' is not a built-in bot"),
        (["--queue", "epic-resort:2:id=Big Queue"], "queue id 'Big Queue' must be"),
        (["--queue", "epic-resort:2:id=ark-nova"], "is the id of another game"),
        (["--queue", "epic-resort:2", "--queue", "epic-resort:2"], "two queues have the id"),
        (["--queue", "epic-resort:2:novalue"], "wants KEY=VALUE"),
        (["--queue", "epic-resort:2", "--game", "epic-resort"], "--game set the one-queue"),
        (["--queue", "epic-resort:2", "--option", "x=1"], "--option set the one-queue"),
        (["--queue", "epic-resort:2", "--min-bots", "3"], "of every queue"),
        (["--match-spread", "-1"], "--match-spread must be a finite number >= 0"),
        (["--rematch-cooldown", "nan"], "--rematch-cooldown must be a finite number"),
    ],
)
def test_bad_queues_exit_2_with_one_line(argv, message, capsys) -> None:
    assert arena(["serve", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err.replace("\n", " "), err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("games: []\n", "wants one key, queues"),
        ("queues: []\n", "queues must be a non-empty list"),
        ("queues:\n  - {game: epic-resort}\n", "queue 1: wants game and players"),
        ("queues:\n  - {game: epic-resort, players: 2, seats: 2}\n", "unknown key 'seats'"),
        ("queues:\n  - {game: epic-resort, players: 2, options: [1]}\n",
         "options must be a mapping"),
        ("queues: [\n", "cannot read it"),
    ],
)
def test_a_bad_config_file_names_the_file_and_the_queue(text, message, tmp_path, capsys) -> None:
    path = tmp_path / "queues.yaml"
    path.write_text(text)
    assert arena(["serve", "--config", str(path)]) == 2
    err = capsys.readouterr().err.replace("\n", " ")
    assert str(path) in err and message in err, err


def test_a_hello_is_admitted_to_the_queues_it_names() -> None:
    queues = [QueueSpec("monster-my-neighbor-4p", "monster-my-neighbor", 4),
              QueueSpec("monster-my-neighbor-8p", "monster-my-neighbor", 8),
              QueueSpec("epic-resort-2p", "epic-resort", 2)]
    ids = lambda asked: [q.id for q in admitted(queues, asked)]  # noqa: E731
    assert ids([]) == [q.id for q in queues]
    assert ids(["monster-my-neighbor"]) == ["monster-my-neighbor-4p", "monster-my-neighbor-8p"]
    assert ids(["monster-my-neighbor-8p", "epic-resort"]) == ["monster-my-neighbor-8p",
                                                              "epic-resort-2p"]
    assert ids(["ark-nova"]) == []
    assert hosted_text(queues) == ("monster-my-neighbor, epic-resort (queues "
                                   "monster-my-neighbor-4p, monster-my-neighbor-8p, "
                                   "epic-resort-2p)")
    assert hosted_text([QueueSpec("epic-resort", "epic-resort", 2)]) == "epic-resort"
