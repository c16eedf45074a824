"""`arena bot --strategy SPEC` with the specs `arena tournament` takes: resolved by the
tournament's own entrant code, and refused in one line with exit 2 when unusable."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from services.botclient import make_strategy, play
from services.botclient.engine_bot import engine_strategy
from services.cli.main import main as arena
from services.tournament.entrants import resolve_entrant
from tests.gateway.conftest import GAME

ARENA = [sys.executable, "-m", "services.cli.main"]
KIT = Path(__file__).parents[2] / "clients" / "python"
EXAMPLE = str(Path(__file__).parents[2] / "docs" / "examples" / "big_hand_hunter.py")


def _bot(args: list[str], server: str = "127.0.0.1:1", token: str = "t") -> list[str]:
    return ["bot", "--server", server, "--token", token, *args, "--matches", "1"]


@pytest.mark.parametrize(("spec", "says"), [
    ("nope", "error: unknown bot 'nope' for monster-my-neighbor; built-in bots: "),
    ("mcts:bogus=1", "error: bot 'mcts' has no parameter 'bogus'; its parameters: "),
    (f"{EXAMPLE}:Nope", "error: 'big_hand_hunter' has no class 'Nope'"),
    ("no_such_package.bots:Mine", "error: cannot import 'no_such_package.bots': "),
    ("missing/mine.py:Mine", "error: strategy file "),
])
def test_an_unusable_spec_is_refused_in_one_line_before_dialling(
    spec: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --game the spec is checked before any connection (port 1 is never dialled)."""
    code = arena(_bot(["--game", GAME, "--strategy", spec]))
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and line.startswith(says), line


def test_a_class_whose_constructor_fails_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "broken_bot_xyz.py").write_text(
        "class Broken:\n    def __init__(self):\n        raise RuntimeError('no model file')\n")
    code = arena(_bot(["--game", GAME, "--strategy", f"{tmp_path}/broken_bot_xyz.py:Broken"]))
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and "Broken() failed: RuntimeError('no model file')" in line, line


def test_a_usable_spec_is_resolved_as_a_tournament_entrant_and_named_alike() -> None:
    """The same entrant resolution as `arena tournament`: the live strategy carries the
    entrant's name (a class's ``name``, a built-in's spec, or NAME= given)."""
    for spec, name in ((f"{EXAMPLE}:BigHandHunter", "big-hand-hunter"),
                       ("mcts:iterations=5", "mcts:iterations=5"), ("h=heuristic", "h")):
        assert engine_strategy(spec, GAME).name == name
    assert resolve_entrant(GAME, None, "mcts:iterations=5").spec == "mcts:iterations=5"


@pytest.mark.parametrize(("game", "players", "spec"), [
    ("epic-resort", 2, "greedy"), ("ark-nova", 2, "r=random"),
])
def test_an_engine_bot_plays_a_whole_match_of_each_game_through_the_gateway(
    start_gateway, game: str, players: int, spec: str,
) -> None:
    """Every request of a real served match decodes (Hello.engine_values), for the games
    whose observations carry the engine's pending steps."""
    gateway = start_gateway(game=game, players=players, fill="random")
    report = play(gateway.address, gateway.token("engine"), None,
                  lambda g: make_strategy(spec, g), max_matches=1, seed=3,
                  engine_values=True)
    (record,) = report.matches
    assert record.reason == "completed" and record.rated and not report.errors
    assert report.decisions > 10


def test_the_wire_strategies_keep_their_names() -> None:
    assert make_strategy("random", "ark-nova").name == "random"
    assert make_strategy("heuristic", GAME).name == "heuristic"


def test_without_game_the_spec_is_checked_against_the_servers_game(
    start_gateway, capsys: pytest.CaptureFixture[str]
) -> None:
    """No --game: the Welcome names the game, the spec is resolved for it, and a spec it
    cannot play ends the run with one line and exit 2, having played nothing."""
    gateway = start_gateway(game="epic-resort", players=2)
    code = arena(_bot(["--strategy", f"{EXAMPLE}:Nope"], gateway.address,
                      gateway.token("late")))
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and line == (
        "error: the server hosts epic-resort: 'big_hand_hunter' has no class 'Nope'"), line
    assert gateway.store.bot_stats("epic-resort", "late") is None


def test_a_bot_directory_strategy_builds_and_runs_the_kit_with_the_kit_flags(
    start_gateway,
) -> None:
    """`--strategy clients/python`: the kit's build, then its run command with --server,
    --token, --matches and --seed; it plays the server's game and exits with the kit."""
    gateway = start_gateway(players=3, fill="random")
    done = subprocess.run(
        [*ARENA, "bot", "--server", gateway.address, "--token", gateway.token("kit"),
         "--strategy", str(KIT), "--matches", "1", "--seed", "4"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    stats = gateway.store.bot_stats(GAME, "kit")
    assert stats is not None and stats.games == 1


class _Recording:
    """A wire strategy that notes whether each request carried engine values."""

    name = "recording"

    def __init__(self) -> None:
        self.with_values = self.without = 0

    def choose(self, request, rng) -> int:  # type: ignore[no-untyped-def]
        if request.engine_observation:
            self.with_values += 1
        else:
            self.without += 1
        return rng.randrange(len(request.options))


@pytest.mark.parametrize("asked", [False, True])
def test_only_a_stream_that_asks_gets_engine_values(start_gateway, asked: bool) -> None:
    gateway = start_gateway(game="epic-resort", players=2, fill="random")
    strategy = _Recording()
    report = play(gateway.address, gateway.token("rec"), None, strategy, max_matches=1,
                  seed=1, engine_values=asked)
    assert len(report.matches) == 1 and report.decisions > 10
    assert (strategy.with_values, strategy.without) == (
        (report.decisions, 0) if asked else (0, report.decisions))
