"""``arena tournament`` and ``arena report`` check their flags and YAML settings with the
CLI's validators (one line naming the setting, exit 2, nothing started), refuse more
workers than the cluster has CPUs, log through --log-level/--log-format, and name the
missing extras on an install without them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import yaml

from services.cli.main import main as arena

pytestmark = pytest.mark.usefixtures("restore_logging")

GAME = "monster-my-neighbor"
HERE = str(Path(__file__).parent)
SMALL = ["--game", GAME, "--players", "3", "--format", "gauntlet", "--entrants",
         "heuristic,random,r2=random", "--resamples", "20"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tournament", "--out", f"{__file__}/out"], "is not a directory"),
        (["tournament", "--workers", "-1"], "argument --workers: -1 must be 0 or more"),
        (["tournament", "--games", "many"], "argument --games: 'many' is not a whole number"),
        (["tournament", "--ray-address", "10.0.0.1"], "is not HOST:PORT"),
        (["tournament", "--ray-address", "http://10.0.0.1:6380"], "is not a Ray address"),
        (["tournament", "--config", "/nonexistent/t.yaml"], "does not exist"),
        (["tournament", "--cards", "/nonexistent/cards.yaml"], "does not exist"),
        (["tournament", "--flush-every", "0"], "argument --flush-every: 0 must be more than 0"),
        (["tournament", "--flush-every", "nan"], "'nan' is not a finite number of seconds"),
        (["tournament", "--resamples", "-1"], "argument --resamples: -1 must be 0 or more"),
        (["tournament", "--resume", "/nonexistent/results.parquet"], "does not exist"),
        (["tournament", "--resume", HERE], "is a directory; give the results file"),
        (["tournament", "--log-format", "xml"], "argument --log-format: invalid choice"),
        (["report", "/nonexistent/results.parquet"], "does not exist (nor its parts)"),
        (["report", HERE], "is a directory"),
    ],
)
def test_a_bad_flag_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert arena(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1, err
    assert err.startswith(f"arena {argv[0]}: error: ")


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ({"ray_address": "10.0.0.1"}, "ray_address: '10.0.0.1' is not HOST:PORT"),
        ({"workers": -2}, "workers: -2 must be 0 or more"),
        ({"games": -5}, "games: -5 must be at least 1"),
        ({"out": f"{__file__}/out"}, "out: cannot create"),
        ({"cards": "missing.yaml"}, "cards: "),
        ({"flush_every": "soon"}, "flush_every: 'soon' is not a number of seconds"),
    ],
)
def test_a_bad_yaml_setting_is_one_line_naming_the_file_and_key(
    setting: dict[str, object], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "t.yaml"
    config.write_text(yaml.safe_dump({"game": GAME, "players": 3, "format": "round-robin",
                                      "entrants": "random,heuristic", "games": 6,
                                      "out": str(tmp_path / "run"), **setting}))
    assert arena(["tournament", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert f"{config}: {message}" in err.replace("\n", "")
    assert err.startswith("error: ") and "Traceback" not in err
    assert not (tmp_path / "run").exists()


@pytest.mark.usefixtures("ray_local")
def test_more_workers_than_cluster_cpus_is_an_error_not_a_wait(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert arena(["tournament", *SMALL, "--games", "6", "--workers", "64",
                  "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "--workers 64 needs 64 CPUs but the Ray cluster has 2" in err
    assert not out.exists()


@pytest.mark.usefixtures("ray_local")
def test_json_logs_carry_the_start_and_the_seat_balance_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    # 4 gauntlet games of 3 seats: not a whole rotation, so seats are unbalanced.
    assert arena(["tournament", *SMALL, "--games", "4", "--workers", "1", "--out", str(out),
                  "--log-format", "json"]) == 0
    captured = capsys.readouterr()
    logs = [json.loads(line) for line in captured.err.splitlines() if line.startswith("{")]
    levels = {entry["level"]: entry for entry in logs}
    assert levels["info"]["msg"].startswith("tournament: gauntlet monster-my-neighbor")
    assert levels["info"]["games"] == 4 and levels["info"]["workers"] == 1
    assert "seat" in levels["warning"]["msg"] and levels["warning"]["ts"].endswith("Z")
    assert json.loads(captured.out.splitlines()[-1])["event"] == "summary"
    quiet = tmp_path / "quiet"
    assert arena(["tournament", *SMALL, "--games", "4", "--workers", "1", "--out", str(quiet),
                  "--log-level", "error"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(("command", "missing"), [
    ("tournament", "pyarrow"), ("tournament", "scipy"), ("tournament", "ray"),
    ("report", "pyarrow"), ("report", "scipy"),
])
def test_without_the_extras_the_commands_name_them(
    command: str, missing: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(sys.modules, missing, None)  # what the client install looks like
    results = tmp_path / "results.parquet"
    results.write_bytes(b"")
    argv = ([command, *SMALL, "--games", "6", "--out", str(tmp_path)] if command == "tournament"
            else [command, str(results)])
    assert arena(argv) == 1
    (line,) = capsys.readouterr().err.splitlines()
    extras = "server and eval extras" if command == "tournament" else "eval extra"
    assert f"arena {command} needs the {extras} (module {missing!r}" in line
    wanted = "server,eval" if command == "tournament" else "eval"
    assert f"pip install 'tabletop-arena[{wanted}]'" in line


def test_sprt_flags_reach_the_test_and_unset_ones_keep_their_defaults(tmp_path: Path) -> None:
    from services.cli.main import build_parser
    from services.cli.tournament import plan
    from services.tournament.config import SprtParams

    base = ["tournament", "--game", GAME, "--players", "3", "--format", "sprt",
            "--challenger", "heuristic", "--baseline", "random", "--games", "30",
            "--out", str(tmp_path / "s")]
    given = ["--elo0", "5", "--elo1", "30", "--alpha", "0.1", "--beta", "0.2"]
    config, _, _ = plan(build_parser().parse_args([*base, *given]))
    assert config.sprt == SprtParams(elo0=5.0, elo1=30.0, alpha=0.1, beta=0.2)
    config, _, _ = plan(build_parser().parse_args([*base, "--beta", "0.2"]))
    assert config.sprt == SprtParams(beta=0.2)
