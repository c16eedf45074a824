"""``arena play``: a local evaluation of built-in bots, with a summary table; played in
this process or on Ray (``--workers``, :mod:`services.cli.where`).

A preset of the tournament pipeline (:mod:`services.tournament.run`): a round-robin of
the bots, nothing written but the replays asked for; ``arena tournament --format
round-robin`` with the same bots, games and seed plays the same games."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from engine.core import CardFileError, ConfigError, get_game
from engine.toolkit.botspec import split_specs
from engine.toolkit.checks import check_players
from services.cli import validate
from services.cli.extras import missing_extras

if TYPE_CHECKING:  # Ray and the eval stack wait until a run starts: `arena --help` stays quick
    from services.tournament.config import TournamentConfig
    from services.tournament.run import InMemoryRun

EXIT_CONFIG = 2
EXIT_RUNTIME = 1
EXIT_INTERRUPTED = 130


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play built-in bots against each other locally",
        description="Play GAMES matches between built-in bots, rotating seats, in this "
        "process or on Ray (local or a cluster), and summarise them per bot.",
    )
    parser.add_argument("--game", required=True, help="game id, e.g. monster-my-neighbor")
    parser.add_argument("--players", type=int, required=True, help="seats per match")
    parser.add_argument(
        "--bots", required=True,
        help="comma-separated built-in bot specs, e.g. random,mcts:iterations=50,ms=20",
    )
    parser.add_argument("--games", type=int, required=True, help="number of matches")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument(
        "--workers", type=validate.non_negative_int, default=None,
        help="Ray match workers, one CPU each; 0 plays in this process without Ray "
        "(default: locally, this process, moving to a Ray worker per CPU when the run "
        "proves long; on a cluster, every CPU of it)",
    )
    parser.add_argument(
        "--json", type=validate.output_file, metavar="FILE",
        help="write the summary as JSON (- for standard output; the table then goes to "
        "standard error)",
    )
    parser.add_argument(
        "--replays", type=validate.output_dir, metavar="DIR", help="write one replay per game"
    )
    parser.add_argument(
        "--cards", type=validate.readable_file, metavar="FILE", help="card data file to play with"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help="engine option (repeatable); values read as int, float, bool or text",
    )
    parser.add_argument(
        "--ray-address", metavar="ADDR", type=validate.ray_address,
        help="join this Ray cluster: auto or HOST:PORT (default: $RAY_ADDRESS, else a "
        "private local instance)",
    )
    parser.set_defaults(func=run)


def parse_option_value(text: str) -> int | float | bool | str:
    """``3`` -> 3, ``0.5`` -> 0.5, ``true``/``false`` -> bool, anything else stays text."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


def parse_options(pairs: list[str]) -> dict[str, int | float | bool | str]:
    options: dict[str, int | float | bool | str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--option wants KEY=VALUE, got {pair!r}")
        options[key.strip()] = parse_option_value(value)
    return options


def read_cards(path: Path | None) -> str | None:
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"card file {str(path)!r} does not exist") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"cannot read card file {str(path)!r}: {err}") from None


@contextmanager
def naming_card_file(path: Path | str | None) -> Iterator[None]:
    """A card-file problem found inside (the engines see only the text) names the file
    it was read from, with the line when the engine knows it."""
    try:
        yield
    except CardFileError as exc:
        if path is None:
            raise
        raise exc.naming(path) from None


def build_config(args: argparse.Namespace) -> TournamentConfig:
    """The round-robin of ``--bots`` that ``arena play`` is (``arena tournament --format
    round-robin --entrants BOTS`` plays the very same games), checked."""
    from services.tournament.config import TournamentConfig
    from services.tournament.entrants import resolve_entrants

    game = get_game(args.game)  # an unknown game is named before anything else
    check_players(args.game, args.players, game.info.min_players, game.info.max_players)
    bots = tuple(split_specs(args.bots))
    if not bots:
        raise ConfigError("no bots given")
    duplicates = sorted({name for name in bots if bots.count(name) > 1})
    if duplicates:
        raise ConfigError(f"list each bot once (repeated: {', '.join(duplicates)})")
    config = TournamentConfig(
        game=args.game,
        players=args.players,
        format="round-robin",
        entrants=resolve_entrants(args.game, [(None, bot) for bot in bots]),
        games=args.games,
        seed=args.seed,
        options=parse_options(args.option),
        cards=read_cards(args.cards),
    )
    config.validate(min_entrants=1)
    return config


def print_error(message: str) -> None:
    """One clean line on stderr (no markup parsing: messages may contain brackets)."""
    Console(stderr=True, soft_wrap=True, highlight=False).print(
        Text.assemble(("error:", "bold red"), " ", message)
    )


def run(args: argparse.Namespace) -> int:
    missing = missing_extras("play")  # the tournament pipeline: Ray and the eval stack
    if missing:
        print_error(missing)
        return EXIT_RUNTIME
    from services.cli.where import RayStartError, start_ray, stop_ray, where_to_play

    try:
        with naming_card_file(args.cards):
            config = build_config(args)
        workers, move_to_ray = where_to_play(args.workers, args.ray_address)
    except ConfigError as error:
        print_error(str(error))
        return EXIT_CONFIG
    from services.runner.batch import MatchFailed
    from services.tournament.entrants import runtime_env

    started_ray = False
    if workers != 0:
        try:
            started_ray, workers = start_ray(workers, args.ray_address,
                                             runtime_env(config.entrants))
        except RayStartError as error:
            print_error(str(error))
            return error.exit_code
    try:
        played = _play_with_progress(config, workers, move_to_ray, args.replays)
    except (MatchFailed, ConfigError) as error:  # MatchFailed: also a worker lost for good
        print_error(str(error))
        return EXIT_RUNTIME
    except OSError as error:  # the replays directory cannot be written
        print_error(f"cannot write replays: {error}")
        return EXIT_RUNTIME
    except KeyboardInterrupt:
        print_error("interrupted")
        return EXIT_INTERRUPTED
    finally:
        if started_ray:
            stop_ray()
    summary = json.dumps(summary_json(played), indent=2) + "\n"
    # With --json - standard output carries the JSON alone; the table goes to stderr.
    console = Console(stderr=args.json == validate.STDOUT)
    console.print(summary_table(played))
    if played.tally.decisions:
        console.print(per_decision_times(played), style="dim", highlight=False)
    if args.json == validate.STDOUT:
        sys.stdout.write(summary)
    elif args.json is not None:
        try:
            args.json.write_text(summary)
        except OSError as error:
            print_error(f"cannot write {args.json}: {error}")
            return EXIT_RUNTIME
    return 0


class ProgressView:
    """The run's progress on standard error (games done of the total, time left),
    cleared when it ends: the :class:`services.tournament.live.View` of ``arena play``."""

    def __init__(self, console: Console, title: str) -> None:
        self.title = title
        self._progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                  MofNCompleteColumn(), TimeRemainingColumn(),
                                  console=console, transient=True)
        self._bar: Any = None

    def start(self, title: str, total: int, done: int, note: Callable[[], str] = str) -> None:
        del title, note  # the bar names the game alone
        self._bar = self._progress.add_task(self.title, total=total, completed=done)
        self._progress.start()

    def update(self, done: int, force: bool = False) -> None:
        del force  # rich refreshes at its own pace
        self._progress.update(self._bar, completed=done)

    def stop(self) -> None:
        self._progress.stop()


def _play_with_progress(config: TournamentConfig, workers: int, move_to_ray: bool,
                        replays: Path | None) -> InMemoryRun:
    from services.tournament.run import RunOptions, run_in_memory

    options = RunOptions(out=Path(), workers=workers, move_to_ray=move_to_ray)
    view = ProgressView(Console(stderr=True), config.game)
    return run_in_memory(config, options, view, replays)


def summary_json(played: InMemoryRun) -> dict[str, Any]:
    """What ``--json`` writes: the run, and per bot its seats, wins, mean score and rank."""
    config = played.outcome.config
    sums = played.standings.sums
    bots = {}
    for i, name in enumerate(config.names):
        row = sums.row(i)
        bots[name] = {key: row[key] for key in ("games", "wins", "mean_score", "mean_rank")}
    return {
        "game": config.game,
        "players": config.players,
        "games": played.tally.games,
        "seed": config.seed,
        "bots": bots,
        "games_per_second": played.outcome.games_per_second,
        "decisions": played.tally.decisions,
    }


def summary_table(played: InMemoryRun) -> Table:
    """Per bot: seats played, wins, win rate, mean score and rank (the columns of
    ``arena tournament``'s tables)."""
    from services.tournament.tables import fmt, format_wins, standings_table

    outcome = played.outcome
    config = outcome.config
    table = standings_table(
        f"{config.game}: {played.tally.games:,} games, {config.players} players, "
        f"seed {config.seed}",
        f"{outcome.games_per_second:,.1f} games/s · "
        f"{played.tally.decisions:,} decisions · played {outcome.where}",
    )
    for i, name in enumerate(config.names):
        row = played.standings.sums.row(i)
        table.add_row(
            name,
            str(row["games"]),
            format_wins(row["wins"]),
            fmt(row["win_rate"] or 0.0, ".1%"),
            fmt(row["mean_score"], ".2f"),
            fmt(row["mean_rank"], ".3f"),
        )
    return table


def per_decision_times(played: InMemoryRun) -> str:
    tally = played.tally
    engine = tally.engine_seconds / tally.decisions * 1e6
    bots = tally.bot_seconds / tally.decisions * 1e6
    return f"time per decision: engine {engine:.1f} µs, bots {bots:.1f} µs"
