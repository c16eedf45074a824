"""One mistake, one wording: every command that takes a seat count or a card file says
the same line for the same problem, naming the file (and line) a card-file error is in;
serve's help and start-up line say what its defaults do."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from services.cli.main import main as arena
from services.cli.serve import hosting_text

GAME_MMN = "monster-my-neighbor"


def _commands(game: str, players: str, tmp_path: Path) -> dict[str, list[str]]:
    """The commands that check a seat count and a card file before they start."""
    entrants = "random,heuristic" if game == GAME_MMN else "random,greedy"
    return {
        "serve": ["serve", "--game", game, "--players", players],
        "play": ["play", "--game", game, "--players", players, "--bots", "random", "--games",
                 "1"],
        "tournament": ["tournament", "--game", game, "--players", players, "--format",
                       "round-robin", "--entrants", entrants, "--games", "4", "--out",
                       str(tmp_path / "run")],
    }


@pytest.mark.parametrize(
    ("game", "players", "line"),
    [
        (GAME_MMN, "2", "monster-my-neighbor is played by 3 to 8 players, not 2"),
        ("epic-resort", "5", "epic-resort is played by 2 to 4 players, not 5"),
        ("ark-nova", "0", "ark-nova is played by 1 to 4 players, not 0"),
    ],
)
def test_a_bad_player_count_reads_the_same_in_every_command(
    game: str, players: str, line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command, argv in _commands(game, players, tmp_path).items():
        assert arena(argv) == 2, command
        err = capsys.readouterr().err.strip()
        assert err == f"error: {line}", (command, err)


@pytest.mark.parametrize(
    ("game", "name", "text", "where"),
    [
        (GAME_MMN, "cards.yaml", "game:\n  players: [3\n", "line 3, column 1: not valid YAML"),
        ("epic-resort", "cards.yaml", "attractions:\n  - {id: 1\n  x: 2\n",
         "line 3, column 4: not valid YAML"),
        ("ark-nova", "cards.jsonl", "{oops\n", "line 1: not valid JSON"),
    ],
)
def test_a_broken_card_file_is_named_with_its_line(
    game: str, name: str, text: str, where: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    cards = tmp_path / name
    cards.write_text(text, encoding="utf-8")
    players = "3"
    for command, argv in _commands(game, players, tmp_path).items():
        assert arena([*argv, "--cards", str(cards)]) == 2, command
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"error: card file {str(cards)!r}: {where}"), (command, err)
        assert "\n" not in err and "<unicode string>" not in err, (command, err)


def test_serve_help_shows_the_fill_and_game_defaults() -> None:
    done = subprocess.run([sys.executable, "-m", "services.cli.main", "serve", "--help"],
                          capture_output=True, text=True, timeout=60, check=True)
    help_text = " ".join(done.stdout.split())
    assert "(default random)" in help_text
    assert "(default monster-my-neighbor)" in help_text


def test_the_hosting_line_never_says_zero_workers() -> None:
    assert hosting_text(0) == "matches hosted in the gateway's own event loop"
    assert hosting_text(1) == "matches hosted in 1 worker process"
    assert hosting_text(3) == "matches hosted in 3 worker processes"
