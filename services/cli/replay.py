"""``arena replay FILE``: re-simulate a saved match, print it turn by turn, verify it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from engine.core import GameState, Replay, replay_match
from engine.core.errors import ArenaError

EXIT_VERIFIED = 0
EXIT_MISMATCH = 1
EXIT_UNREADABLE = 2


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="re-simulate a replay file, print its log and verify its result",
        description="Re-simulate a saved match from its config, seed and choices, print a "
        "turn-by-turn log, and check the result equals the recorded one.",
    )
    parser.add_argument("file", type=Path, metavar="FILE", help="a replay JSON file")
    parser.add_argument("--quiet", action="store_true", help="only verify; print no log")
    parser.set_defaults(func=run)


class TurnPrinter:
    """A ``before_step`` hook printing each choice and the public log lines it caused."""

    def __init__(self, replay: Replay, out: TextIO, quiet: bool = False) -> None:
        self.labels = list(replay.labels)
        self.out = out
        self.quiet = quiet
        self.step = 0
        self.log_lines_shown = 0

    def label(self, seat: int) -> str:
        name = self.labels[seat] if 0 <= seat < len(self.labels) else "?"
        return f"seat {seat} ({name})"

    def __call__(self, state: GameState, seat: int, index: int) -> None:
        self.flush_log(state)
        self.step += 1
        if self.quiet:
            return
        kind, option = describe_choice(state, seat, index)
        print(f"#{self.step:<4} {self.label(seat)} {kind}: {option}", file=self.out)

    def flush_log(self, state: GameState) -> None:
        """Print the public log lines that appeared since the last call."""
        lines = state.public_log()
        if not self.quiet:
            for line in lines[self.log_lines_shown :]:
                print(f"      | {line}", file=self.out)
        self.log_lines_shown = len(lines)


def describe_choice(state: GameState, seat: int, index: int) -> tuple[str, str]:
    """The decision kind and option label, or a note when the choice cannot apply."""
    try:
        decision = state.decision(seat)
    except ArenaError:
        return "?", f"option {index} (seat {seat} owes no decision here)"
    if not 0 <= index < len(decision.options):
        return decision.kind, f"option {index} (out of range: {len(decision.options)} options)"
    return decision.kind, state.describe_option(seat, index)


def load_replay(path: Path) -> Replay:
    """Read a replay file; raise ValueError with a readable reason if it is unusable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path} does not exist") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ValueError(f"{path} is not a readable JSON replay: {err}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a replay (expected a JSON object)")
    try:
        return Replay.from_json(data)
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(f"{path} is not a valid replay: {type(err).__name__}: {err}") from None


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    try:
        replay = load_replay(args.file)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_UNREADABLE
    config = replay.config
    print(
        f"Replay of {replay.game_id}: {config.players} players, seed {replay.seed}, "
        f"{len(replay.choices)} choices"
        + (", custom cards" if config.cards else "")
        + (f", options {dict(config.options)}" if config.options else ""),
        file=out,
    )
    printer = TurnPrinter(replay, out, quiet=args.quiet)
    try:
        state = replay_match(replay, before_step=printer)
    except ArenaError as err:
        print(
            f"error: replay is corrupt: choice #{printer.step} cannot be applied: {err}",
            file=sys.stderr,
        )
        return EXIT_MISMATCH
    except ValueError as err:
        print(f"error: replay does not verify: {err}", file=sys.stderr)
        return EXIT_MISMATCH
    except Exception as err:  # a tampered replay can drive an engine anywhere
        print(
            f"error: re-simulation failed at choice #{printer.step}: "
            f"{type(err).__name__}: {err}",
            file=sys.stderr,
        )
        return EXIT_MISMATCH
    printer.flush_log(state)
    if replay.result is None:
        print("error: the replay records no result to verify against", file=sys.stderr)
        return EXIT_MISMATCH
    result = state.result()
    print("Result:", file=out)
    for seat, (score, rank) in enumerate(zip(result.scores, result.ranks, strict=True)):
        print(f"  rank {rank}  {printer.label(seat)}  score {score}", file=out)
    print("Verified: the re-simulated result matches the recorded one.", file=out)
    return EXIT_VERIFIED
