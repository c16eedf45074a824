"""``arena play`` and ``arena replay`` with every installed game on a real local Ray.

A short run per seat count gives a JSON summary whose counts add up, whose games follow
the block schedule (seeds and seats) and whose wins are the replays' (a tie for first
shares 1/k); the replays re-simulate to their recorded result, and the same seed gives
the same games whatever the worker count (none: no Ray). ``arena replay`` prints every
step and the public log and verifies; a tampered replay (an illegal choice, another legal
one, another result) and an unreadable file fail cleanly. Bad arguments, a broken card
file and Ctrl-C end the command with one line; a card file and options reach every
match. Per-game data: ``tests/<game>/contract.py``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core import ConfigError, GameConfig, Replay, get_game, replay_match
from engine.core.errors import ArenaError
from services.cli.main import main as arena
from services.tournament.blocks import BlockSchedule, round_robin_lineups
from tests.contracts.games import GAMES, contract

GAMES_PER_RUN = 2
RUNS = [(game, players) for game in GAMES for players in contract(game).play.bots]
SUMMARY_KEYS = {"game", "players", "games", "seed", "bots", "games_per_second", "decisions"}


def bots_of(game: str, players: int) -> list[str]:
    return contract(game).play.bots[players].split(",")


def smallest(game: str) -> int:
    """The seat count of the game's cheapest run."""
    return min(contract(game).play.bots)


def schedule(game: str, players: int, seed: int) -> BlockSchedule:
    """``arena play``'s games: the round-robin of its bots, seats rotated in blocks."""
    return BlockSchedule(tuple(round_robin_lineups(bots_of(game, players), players)), seed)


def play(tmp: Path, game: str, players: int, *extra: str, games: int = GAMES_PER_RUN,
         seed: int | None = None, workers: int = 2, name: str = "") -> dict[str, Any]:
    """One ``arena play`` run of the game's bots for ``players`` (seed: ``players``)."""
    out = tmp / f"summary-{name or players}.json"
    code = arena(["play", "--game", game, "--players", str(players),
                  "--bots", contract(game).play.bots[players], "--games", str(games),
                  "--seed", str(players if seed is None else seed),
                  "--workers", str(workers), "--json", str(out), *extra])
    assert code == 0
    return json.loads(out.read_text())


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key != "games_per_second"}


@pytest.fixture(scope="module")
def runs(ray_local: None, tmp_path_factory: pytest.TempPathFactory) -> dict[
        tuple[str, int], tuple[dict[str, Any], Path]]:
    """One short run per game and seat count, with replays."""
    out = {}
    for game, players in RUNS:
        tmp = tmp_path_factory.mktemp(f"{game}-{players}")
        out[game, players] = (play(tmp, game, players, "--replays", str(tmp / "r")),
                              tmp / "r")
    return out


def replay_name(index: int, games: int = GAMES_PER_RUN) -> str:
    """The file of game ``index`` (numbered as wide as the run's last game)."""
    return f"game-{index:0{len(str(games - 1))}d}.json"


def first_replay(runs: dict, game: str) -> Path:
    return runs[game, smallest(game)][1] / replay_name(0)


@pytest.mark.parametrize(("game", "players"), RUNS)
def test_summary_and_replays(runs, game: str, players: int) -> None:
    summary, replays = runs[game, players]
    bots = bots_of(game, players)
    assert set(summary) == SUMMARY_KEYS
    assert (summary["game"], summary["players"], summary["games"], summary["seed"]) == (
        game, players, GAMES_PER_RUN, players)
    assert set(summary["bots"]) == set(bots)
    for stats in summary["bots"].values():
        assert set(stats) == {"games", "wins", "mean_score", "mean_rank"}
        assert 1 <= stats["mean_rank"] <= players
        assert 0 <= stats["wins"] <= stats["games"]
    assert sum(s["games"] for s in summary["bots"].values()) == players * GAMES_PER_RUN
    assert sum(s["wins"] for s in summary["bots"].values()) == pytest.approx(GAMES_PER_RUN)
    assert summary["games_per_second"] > 0
    files = sorted(replays.glob("*.json"))
    assert [f.name for f in files] == [replay_name(i) for i in range(GAMES_PER_RUN)]
    plan = schedule(game, players, players)
    decisions = 0
    wins = dict.fromkeys(bots, 0.0)
    seats = dict.fromkeys(bots, 0)
    for index, path in enumerate(files):
        replay = Replay.load(path)
        task = plan.task(index)
        assert replay.game_id == game and replay.config.players == players
        assert (replay.seed, tuple(replay.labels)) == (task.seed, task.bots)
        recorded = replay.result
        state = replay_match(replay)
        assert state.is_terminal() and recorded is not None
        assert state.result().ranks == recorded.ranks
        decisions += len(replay.choices)
        for seat in recorded.winners:
            wins[replay.labels[seat]] += 1 / len(recorded.winners)
        for name in replay.labels:
            seats[name] += 1
    assert summary["decisions"] == decisions > GAMES_PER_RUN
    assert {name: summary["bots"][name]["games"] for name in bots} == seats
    for name in bots:
        assert summary["bots"][name]["wins"] == pytest.approx(wins[name])


@pytest.mark.parametrize(("game", "players"), RUNS)
def test_the_schedule_seats_every_bot_equally(game: str, players: int) -> None:
    """Over a balanced cycle of ``arena play``'s schedule (which the runs above follow),
    every bot holds every seat equally often."""
    plan = schedule(game, players, 0)
    seats = {name: [0] * players for name in bots_of(game, players)}
    for task in plan.tasks(range(plan.balanced_cycle)):
        for seat, name in enumerate(task.bots):
            seats[name][seat] += 1
    counts = [count for per_seat in seats.values() for count in per_seat]
    assert len(set(counts)) == 1 and counts[0] > 0, seats


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_games_whatever_the_worker_count(
        runs, game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = smallest(game)
    first, replays = runs[game, players]
    single = play(tmp_path, game, players, workers=1, name="single")
    capsys.readouterr()
    here = play(tmp_path, game, players, "--replays", str(tmp_path / "here"), workers=0,
                name="here")
    table = capsys.readouterr().out  # the summary table is printed too
    assert game in table and all(name in table for name in bots_of(game, players))
    assert without_timing(single) == without_timing(first)
    assert without_timing(here) == without_timing(first)  # no Ray at all: the same games
    ray_replays = sorted(replays.iterdir())
    assert [p.name for p in sorted((tmp_path / "here").iterdir())] == [
        p.name for p in ray_replays]
    assert all((tmp_path / "here" / p.name).read_bytes() == p.read_bytes()
               for p in ray_replays)
    other = play(tmp_path, game, players, seed=players + 1, workers=0, name="other")
    assert {k: v for k, v in without_timing(other).items() if k != "seed"} != {
        k: v for k, v in without_timing(first).items() if k != "seed"}


@pytest.mark.parametrize("game", GAMES)
def test_arena_replay_prints_and_verifies(runs, game: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    players = max(contract(game).play.bots)
    path = runs[game, players][1] / replay_name(1)
    replay = Replay.load(path)
    capsys.readouterr()
    assert arena(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    for mark in contract(game).play.replay_marks:
        assert mark in out
    step_lines = [line for line in out.splitlines() if line.startswith("#")]
    assert len(step_lines) == len(replay.choices)
    first_seat, first_index = replay.choices[0]
    assert step_lines[0].split()[1:4] == ["seat", str(first_seat),
                                          f"({replay.labels[first_seat]})"]
    state = get_game(game).new_state(replay.config, replay.seed)
    kind = state.decision(first_seat).kind
    assert step_lines[0].endswith(f"{kind}: {state.describe_option(first_seat, first_index)}")
    for line in replay_match(replay).public_log():
        assert f"| {line}" in out
    assert "Verified: the re-simulated result matches the recorded one." in out


def tampered(source: Path, tmp_path: Path, change: Any) -> Path:
    data = json.loads(source.read_text())
    change(data)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("game", GAMES)
def test_arena_replay_rejects_an_illegal_choice(
        runs, game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def illegal_choice(data: dict) -> None:
        data["choices"][5][1] = 10_000

    assert arena(["replay", str(tampered(first_replay(runs, game), tmp_path,
                                         illegal_choice))]) == 1
    err = capsys.readouterr().err
    assert "corrupt" in err and "#6" in err


@pytest.mark.parametrize("game", GAMES)
def test_arena_replay_detects_a_different_result(
        runs, game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def other_scores(data: dict) -> None:
        data["result"]["scores"][0] += 1

    assert arena(["replay", str(tampered(first_replay(runs, game), tmp_path,
                                         other_scores))]) == 1
    assert "does not verify" in capsys.readouterr().err


@pytest.mark.parametrize("game", GAMES)
def test_arena_replay_detects_a_changed_legal_choice(
        runs, game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Swap one recorded choice for another legal option of the same decision."""
    original = Replay.load(first_replay(runs, game))
    swapped = next(iter(legal_swaps(original)), None)
    assert swapped is not None, "no legal swap of any choice changes how the match ends"
    step, alternative = swapped

    def swap(data: dict) -> None:
        data["choices"][step][1] = alternative

    path = tampered(first_replay(runs, game), tmp_path, swap)
    assert arena(["replay", str(path), "--quiet"]) == 1
    assert "error: replay" in capsys.readouterr().err


def legal_swaps(replay: Replay) -> Iterator[tuple[int, int]]:
    """(step, other legal index) pairs whose tampered replay fails to re-simulate."""
    state = get_game(replay.game_id).new_state(replay.config, replay.seed)
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


@pytest.mark.parametrize("game", GAMES)
def test_arena_replay_rejects_unreadable_files(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    assert arena(["replay", str(garbage)]) == 2
    assert arena(["replay", str(tmp_path / "missing.json")]) == 2
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": 1, "game": game}))
    assert arena(["replay", str(wrong)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("error:") == 3


# Bad `arena play` arguments every game rejects; each game's own are in its contract.
COMMON_BAD_PLAY_ARGS = (
    (("--game", "chess"), "unknown game"),
    (("--bots", "random,grandmaster"), "unknown bot"),
    (("--games", "0"), "--games"),
    (("--option", "novalue"), "KEY=VALUE"),
    (("--cards", "/nonexistent/cards.yaml"), "does not exist"),
)
BAD_PLAY_ARGS = [(game, args, message) for game in GAMES
                 for args, message in COMMON_BAD_PLAY_ARGS + contract(game).play.bad_args]


@pytest.mark.parametrize(("game", "args", "message"), BAD_PLAY_ARGS)
def test_bad_arguments_fail_cleanly_before_playing(
        game: str, args: tuple[str, ...], message: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    players = smallest(game)
    base = {"--game": game, "--players": str(players),
            "--bots": contract(game).play.bots[players], "--games": "1"}
    argv = ["play"]
    for key, value in base.items():
        if key not in args:
            argv += [key, value]
    assert arena([*argv, *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("game", GAMES)
def test_invalid_card_file_is_reported_as_a_config_error(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = contract(game)
    cards = tmp_path / f"cards{rules.play.card_suffix}"
    cards.write_text("{not a card file\n")  # neither YAML nor JSON
    with pytest.raises(ConfigError) as direct:
        get_game(game).validate_config(GameConfig(rules.play.card_players, {},
                                                  cards.read_text()))
    code = arena(["play", "--game", game, "--players", str(rules.play.card_players),
                  "--bots", "random", "--games", "2", "--cards", str(cards)])
    assert code == 2
    err = capsys.readouterr().err
    # The engine sees only the text; the command names the file and keeps the detail.
    assert str(direct.value).startswith("card file: line ")
    detail = str(direct.value).removeprefix("card file: ")
    assert f"card file {str(cards)!r}: {detail}" in err and "Traceback" not in err


@pytest.mark.parametrize("game", GAMES)
def test_a_card_file_and_options_reach_every_match_and_its_replay(
        game: str, ray_local: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = contract(game)
    cards = tmp_path / f"cards{rules.play.card_suffix}"
    cards.write_text(rules.served.cards, encoding="utf-8")
    options = [arg for k, v in rules.play.card_options.items() for arg in ("--option", f"{k}={v}")]
    out = tmp_path / "summary.json"
    assert arena(["play", "--game", game, "--players", str(rules.play.card_players),
                  "--bots", "random", "--games", "2", "--cards", str(cards), *options,
                  "--replays", str(tmp_path / "r"), "--json", str(out)]) == 0
    paths = sorted((tmp_path / "r").glob("*.json"))
    assert len(paths) == 2
    decisions = 0
    for path in paths:
        replay = Replay.load(path)
        assert replay.config.cards == cards.read_text(encoding="utf-8")
        assert dict(replay.config.options) == rules.play.card_options
        rules.play.check_card_state(replay_match(replay))
        decisions += len(replay.choices)
    assert json.loads(out.read_text())["decisions"] == decisions
    capsys.readouterr()
    assert arena(["replay", str(paths[0])]) == 0
    assert rules.play.card_replay_text in capsys.readouterr().out


@pytest.mark.parametrize("game", GAMES)
def test_without_seed_the_master_seed_is_0(game: str, tmp_path: Path) -> None:
    # `arena play --help`: "master seed (default 0)"; the summary and every game's seed
    # follow from it (in process: the seeds do not depend on the workers).
    players = smallest(game)
    out, replays = tmp_path / "summary.json", tmp_path / "replays"
    assert arena(["play", "--game", game, "--players", str(players),
                  "--bots", contract(game).play.bots[players], "--games", "2",
                  "--workers", "0", "--json", str(out), "--replays", str(replays)]) == 0
    assert json.loads(out.read_text())["seed"] == 0
    paths = sorted(replays.glob("*.json"))
    plan = schedule(game, players, 0)
    assert [Replay.load(p).seed for p in paths] == [plan.task(i).seed for i in range(2)]


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_c_during_play_is_one_line_and_exit_130_without_a_summary(
        game: str, ray_local: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from services.runner.pool import MatchPool

    real_run = MatchPool.run

    def interrupted_after_one(self: MatchPool, *args: Any, **kwargs: Any) -> Iterator[Any]:
        records = real_run(self, *args, **kwargs)
        yield next(records)
        raise KeyboardInterrupt  # Ctrl-C lands in the driver while matches are played

    monkeypatch.setattr(MatchPool, "run", interrupted_after_one)
    players = smallest(game)
    out = tmp_path / "summary.json"
    code = arena(["play", "--game", game, "--players", str(players),
                  "--bots", contract(game).play.bots[players], "--games", "3",
                  "--json", str(out)])
    assert code == 130  # 128 + SIGINT, like `arena tournament` and `arena bot`
    err = capsys.readouterr().err
    assert err.strip() == "error: interrupted"
    assert not out.exists()
