"""``arena play`` and ``arena replay`` end to end on a real local Ray."""

from __future__ import annotations

import dataclasses
import importlib.resources
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core import ConfigError, GameConfig, Replay, get_game, replay_match
from engine.core.errors import ArenaError
from services.cli.main import main as arena
from services.cli.play import parse_option_value, parse_options
from services.tournament.blocks import BlockSchedule, round_robin_lineups

GAME = "monster-my-neighbor"
BOTS = ("random", "heuristic")
PLAYERS = 5
GAMES = 40
SEED = 11


def schedule(seed: int = SEED) -> BlockSchedule:
    """`arena play`'s games: the round-robin of its bots (seats rotated in blocks)."""
    return BlockSchedule(tuple(round_robin_lineups(BOTS, PLAYERS)), seed)


def play(tmp_path: Path, name: str, *extra: str, games: int = GAMES,
         workers: int = 2, seed: int = SEED) -> dict[str, Any]:
    out = tmp_path / f"{name}.json"
    code = arena([
        "play", "--game", GAME, "--players", str(PLAYERS), "--bots", ",".join(BOTS),
        "--games", str(games), "--seed", str(seed), "--workers", str(workers),
        "--json", str(out), *extra,
    ])
    assert code == 0
    return json.loads(out.read_text())


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key != "games_per_second"}


@pytest.fixture(scope="module")
def replays_run(ray_local: None, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """One 40-game run with replays, shared by the tests that read its output."""
    tmp = tmp_path_factory.mktemp("play")
    summary = play(tmp, "with-replays", "--replays", str(tmp / "replays"))
    return tmp / "replays", summary


def test_json_summary_schema_and_arithmetic(replays_run: tuple[Path, dict]) -> None:
    _, summary = replays_run
    assert set(summary) == {"game", "players", "games", "seed", "bots", "games_per_second",
                            "decisions"}
    assert (summary["game"], summary["players"], summary["games"], summary["seed"]) == (
        GAME, PLAYERS, GAMES, SEED)
    assert set(summary["bots"]) == set(BOTS)
    for stats in summary["bots"].values():
        assert set(stats) == {"games", "wins", "mean_score", "mean_rank"}
        assert 1 <= stats["mean_rank"] <= PLAYERS
        assert 0 <= stats["wins"] <= stats["games"]
    assert sum(s["games"] for s in summary["bots"].values()) == PLAYERS * GAMES
    assert sum(s["wins"] for s in summary["bots"].values()) == pytest.approx(GAMES)
    assert summary["decisions"] > GAMES
    assert summary["games_per_second"] > 0


def test_seats_rotate_so_bots_play_equally(replays_run: tuple[Path, dict]) -> None:
    replays_dir, summary = replays_run
    seats = {name: [0] * PLAYERS for name in BOTS}
    for index in range(GAMES):
        replay = Replay.load(replays_dir / f"game-{index:02d}.json")
        assert tuple(replay.labels) == schedule().task(index).bots
        for seat, name in enumerate(replay.labels):
            seats[name][seat] += 1
    assert all(count == GAMES // len(BOTS) for per_seat in seats.values() for count in per_seat)
    assert {name: summary["bots"][name]["games"] for name in BOTS} == {
        name: sum(per_seat) for name, per_seat in seats.items()}


def test_each_replay_re_simulates_to_its_recorded_result(
        replays_run: tuple[Path, dict]) -> None:
    replays_dir, summary = replays_run
    files = sorted(replays_dir.glob("*.json"))
    assert [f.name for f in files] == [f"game-{i:02d}.json" for i in range(GAMES)]
    decisions = 0
    wins = dict.fromkeys(BOTS, 0.0)
    for index, path in enumerate(files):
        replay = Replay.load(path)
        assert replay.game_id == GAME and replay.seed == schedule().task(index).seed
        assert replay.result is not None
        final = replay_match(replay)
        assert final.is_terminal()
        decisions += len(replay.choices)
        winners = replay.result.winners
        for seat in winners:
            wins[replay.labels[seat]] += 1 / len(winners)
    assert decisions == summary["decisions"]
    for name in BOTS:
        assert summary["bots"][name]["wins"] == pytest.approx(wins[name])


def test_same_seed_same_results_whatever_the_worker_count(
        ray_local: None, tmp_path: Path, replays_run: tuple[Path, dict]) -> None:
    _, first = replays_run
    again = play(tmp_path, "again", workers=2)
    single = play(tmp_path, "single", workers=1)
    here = play(tmp_path, "here", "--replays", str(tmp_path / "here"), workers=0)
    assert without_timing(again) == without_timing(first)
    assert without_timing(single) == without_timing(first)
    assert without_timing(here) == without_timing(first)  # no Ray at all: the same games
    replays, _ = replays_run
    ray_replays = sorted(replays.iterdir())
    assert [p.name for p in sorted((tmp_path / "here").iterdir())] == [
        p.name for p in ray_replays]
    assert all((tmp_path / "here" / p.name).read_bytes() == p.read_bytes()
               for p in ray_replays)
    other_seed = play(tmp_path, "other", workers=2, seed=SEED + 1)
    assert without_timing(other_seed) != without_timing(first)


def test_summary_table_is_printed(
        ray_local: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    play(tmp_path, "table", games=4)
    out = capsys.readouterr().out
    assert GAME in out
    for name in BOTS:
        assert name in out


def test_arena_replay_prints_the_match_and_verifies(
        replays_run: tuple[Path, dict], capsys: pytest.CaptureFixture[str]) -> None:
    replays_dir, _ = replays_run
    path = replays_dir / "game-07.json"
    replay = Replay.load(path)
    assert arena(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    step_lines = [line for line in out.splitlines() if line.startswith("#")]
    assert len(step_lines) == len(replay.choices)
    first_seat = replay.choices[0][0]
    assert step_lines[0].split()[1:4] == ["seat", str(first_seat),
                                          f"({replay.labels[first_seat]})"]
    state = get_game(GAME).new_state(replay.config, replay.seed)
    kind = state.decision(first_seat).kind
    label = state.describe_option(first_seat, replay.choices[0][1])
    assert step_lines[0].endswith(f"{kind}: {label}")
    final = replay_match(replay)
    for line in final.public_log():
        assert f"| {line}" in out
    assert "Verified" in out


def tampered(replays_dir: Path, tmp_path: Path, change: Any) -> Path:
    data = json.loads((replays_dir / "game-03.json").read_text())
    change(data)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    return path


def test_arena_replay_rejects_an_illegal_choice(
        replays_run: tuple[Path, dict], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    def illegal_choice(data: dict) -> None:
        data["choices"][5][1] = 10_000

    assert arena(["replay", str(tampered(replays_run[0], tmp_path, illegal_choice))]) == 1
    err = capsys.readouterr().err
    assert "corrupt" in err and "#6" in err


def test_arena_replay_detects_a_different_result(
        replays_run: tuple[Path, dict], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    def other_scores(data: dict) -> None:
        data["result"]["scores"][0] += 1

    assert arena(["replay", str(tampered(replays_run[0], tmp_path, other_scores))]) == 1
    assert "does not verify" in capsys.readouterr().err


def test_arena_replay_detects_a_changed_legal_choice(
        replays_run: tuple[Path, dict], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Swap one recorded choice for another legal option of the same decision."""
    original = Replay.load(replays_run[0] / "game-03.json")
    swapped = next(iter(legal_swaps(original)), None)
    assert swapped is not None, "no legal swap of any choice changes how the match ends"
    step, alternative = swapped

    def swap(data: dict) -> None:
        data["choices"][step][1] = alternative

    path = tampered(replays_run[0], tmp_path, swap)
    assert arena(["replay", str(path), "--quiet"]) == 1
    assert "error: replay" in capsys.readouterr().err


def legal_swaps(replay: Replay) -> Iterator[tuple[int, int]]:
    """(step, other legal index) pairs whose tampered replay fails to re-simulate."""
    state = get_game(GAME).new_state(replay.config, replay.seed)
    for step, (seat, index) in enumerate(replay.choices):
        for other in range(len(state.decision(seat).options)):
            if other == index:
                continue
            choices = list(replay.choices)
            choices[step] = (seat, other)
            try:
                replay_match(dataclasses.replace(replay, choices=tuple(choices)))
            except (ArenaError, ValueError):
                yield step, other
        state.apply(seat, index)


def test_arena_replay_rejects_unreadable_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    assert arena(["replay", str(garbage)]) == 2
    assert arena(["replay", str(tmp_path / "missing.json")]) == 2
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": 1, "game": GAME}))
    assert arena(["replay", str(wrong)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("error:") == 3


# A valid `arena play` command line per game; each case changes one flag.
_PLAY_BASES = {
    GAME: {"--game": GAME, "--players": "5", "--bots": "random,heuristic", "--games": "4"},
    "epic-resort": {"--game": "epic-resort", "--players": "2", "--bots": "random",
                    "--games": "1"},
    "ark-nova": {"--game": "ark-nova", "--players": "2", "--bots": "random", "--games": "1"},
}


@pytest.mark.parametrize(
    ("game", "args", "message"),
    [
        (GAME, ["--game", "chess"], "unknown game"),
        (GAME, ["--bots", "random,grandmaster"], "unknown bot"),
        (GAME, ["--players", "1"], "players"),
        (GAME, ["--players", "99"], "players"),
        (GAME, ["--games", "0"], "--games"),
        (GAME, ["--option", "novalue"], "KEY=VALUE"),
        (GAME, ["--option", "rounds=0"], "rounds"),
        (GAME, ["--cards", "/nonexistent/cards.yaml"], "does not exist"),
        ("epic-resort", ["--players", "5"], "2 to 4 players"),
        ("epic-resort", ["--option", "journeyman_discount=9"], "journeyman_discount"),
        ("epic-resort", ["--bots", "random,heuristic"], "heuristic"),
        ("ark-nova", ["--players", "5"], "1 to 4 players"),
        ("ark-nova", ["--option", "map=9"], "not a map"),
        ("ark-nova", ["--bots", "random,heuristic"], "heuristic"),
    ],
)
def test_bad_arguments_fail_cleanly_before_playing(
        game: str, args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play"]
    for key, value in _PLAY_BASES[game].items():
        if key not in args:
            argv += [key, value]
    assert arena([*argv, *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_invalid_card_file_is_reported_as_a_config_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.yaml"
    cards.write_text("this: [is not, a card file\n")
    with pytest.raises(ConfigError) as direct:
        get_game(GAME).validate_config(GameConfig(PLAYERS, {}, cards.read_text()))
    code = arena(["play", "--game", GAME, "--players", "5", "--bots", "random",
                  "--games", "2", "--cards", str(cards)])
    assert code == 2
    err = capsys.readouterr().err
    # The engine sees only the text; the command names the file and keeps the detail.
    assert str(direct.value).startswith("card file: line 2, column 1: not valid YAML")
    detail = str(direct.value).removeprefix("card file: ")
    assert f"card file {str(cards)!r}: {detail}" in err and "Traceback" not in err


def test_option_values_are_typed() -> None:
    assert parse_option_value("3") == 3
    assert parse_option_value("-2") == -2
    assert parse_option_value("0.25") == 0.25
    assert parse_option_value("true") is True
    assert parse_option_value("False") is False
    assert parse_option_value("fast") == "fast"
    assert parse_options(["rounds=4", "variant=short", "x=1.5"]) == {
        "rounds": 4, "variant": "short", "x": 1.5}


def test_card_file_and_options_reach_every_match_and_its_replay(
        ray_local: None, tmp_path: Path) -> None:
    assert "rounds" in get_game(GAME).default_options
    packaged = importlib.resources.files("engine.monster_my_neighbor") / "data" / "cards.yaml"
    cards = tmp_path / "my-cards.yaml"
    cards.write_text(packaged.read_text(encoding="utf-8"))
    summary = play(tmp_path, "custom", "--cards", str(cards), "--option", "rounds=2",
                   "--replays", str(tmp_path / "replays"), games=6)
    replays = sorted((tmp_path / "replays").glob("*.json"))
    assert len(replays) == 6
    decisions = 0
    for path in replays:
        replay = Replay.load(path)
        assert replay.config.cards == cards.read_text()
        assert dict(replay.config.options) == {"rounds": 2}
        replay_match(replay)
        decisions += len(replay.choices)
    assert summary["decisions"] == decisions


def test_without_seed_the_master_seed_is_0(ray_local: None, tmp_path: Path) -> None:
    # `arena play --help`: "master seed (default 0)"; the summary and every game's seed
    # follow from it.
    out, replays = tmp_path / "summary.json", tmp_path / "replays"
    assert arena(["play", "--game", GAME, "--players", str(PLAYERS), "--bots", ",".join(BOTS),
                  "--games", "3", "--json", str(out), "--replays", str(replays)]) == 0
    assert json.loads(out.read_text())["seed"] == 0
    paths = sorted(replays.glob("*.json"))
    assert [Replay.load(p).seed for p in paths] == [schedule(0).task(i).seed for i in range(3)]


def test_ctrl_c_during_play_is_one_line_and_exit_130_without_a_summary(
        ray_local: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from services.runner.pool import MatchPool

    real_run = MatchPool.run

    def interrupted_after_one(self: MatchPool, *args: Any, **kwargs: Any) -> Iterator[Any]:
        records = real_run(self, *args, **kwargs)
        yield next(records)
        raise KeyboardInterrupt  # Ctrl-C lands in the driver while matches are played

    monkeypatch.setattr(MatchPool, "run", interrupted_after_one)
    out = tmp_path / "summary.json"
    code = arena(["play", "--game", GAME, "--players", str(PLAYERS), "--bots", ",".join(BOTS),
                  "--games", "4", "--json", str(out)])
    assert code == 130  # 128 + SIGINT, like `arena tournament` and `arena bot`
    err = capsys.readouterr().err
    assert err.strip() == "error: interrupted"
    assert not out.exists()
