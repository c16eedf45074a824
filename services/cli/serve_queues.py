"""``arena serve``'s queues and matchmaking flags: ``--queue``, ``--config`` and the policy.

``--queue GAME:PLAYERS[:KEY=VALUE,...]`` (repeatable) and ``--config FILE`` (YAML, a
``queues:`` list) host several queues in one gateway; ``--game/--players`` (with
``--option`` and ``--cards``) stay the one-queue shorthand, whose ladder is keyed by the
bare game id as before queues existed. A queue's keys ``id``, ``fill`` and ``cards`` are
the queue's own (:data:`services.gateway.queues.QUEUE_KEYS`); every other key is an engine
option. Every queue is checked as ``--game`` would be: a bad one is one line naming it.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

import yaml

from engine.core import ConfigError, GameConfig, available_games, get_game
from engine.toolkit.bots import make_bot
from services.cli import validate
from services.cli.play import naming_card_file, parse_option_value, read_cards
from services.gateway.queues import (
    QUEUE_KEYS,
    QueueSpec,
    check_distinct,
    check_queue_id,
    default_queue_id,
)
from services.matchmaking.policy import MATCH_RATINGS

# The policy's spread defaults by rating (mu: a few of the skill's beta = 25/6 units).
ELO_SPREAD, ELO_WIDEN = 100.0, 50.0
MU_SPREAD, MU_WIDEN = 3.0, 1.0
SHORTHAND_GAME = "monster-my-neighbor"
SHORTHAND_PLAYERS = 5
_CONFIG_QUEUE_KEYS = ("game", "players", "options", "id", "fill", "cards")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--queue", action="append", default=[], metavar="GAME:PLAYERS[:KEY=VALUE,...]",
        help="host this queue (repeatable): a game, its seats, and engine options; the "
        "keys id= (the queue's id and ladder, default GAME-Np), fill= (its fill bot) and "
        "cards= (a card file) are the queue's own. Replaces --game/--players",
    )
    parser.add_argument(
        "--config", type=validate.readable_file, metavar="FILE",
        help="YAML file with a `queues:` list, each with game, players and optionally "
        "options, id, fill, cards (beside any --queue)",
    )
    parser.add_argument(
        "--match-rating", choices=MATCH_RATINGS, default="elo",
        help="what matchmaking measures rating proximity in: elo (the Elo rating, the "
        "default) or mu (the skill's mean, which the league uses)",
    )
    parser.add_argument(
        "--match-spread", type=float, metavar="POINTS",
        help="rating spread (best minus worst) accepted at once in a match (default 100 "
        f"Elo points; {MU_SPREAD:g} with --match-rating mu)",
    )
    parser.add_argument(
        "--match-widen", type=float, metavar="POINTS",
        help="the accepted spread grows by this many points a second of waiting "
        f"(default 50; {MU_WIDEN:g} with --match-rating mu); after --gather seconds any "
        "spread goes",
    )
    parser.add_argument(
        "--rematch-cooldown", type=float, default=0.0, metavar="S",
        help="seconds before the same line-up of bots may meet again in a queue "
        "(default 0: no cooldown)",
    )


def check_policy(args: argparse.Namespace) -> None:
    """Fill in the spread defaults of --match-rating; ConfigError for a bad value."""
    by_mu = getattr(args, "match_rating", "elo") == "mu"
    if args.match_spread is None:
        args.match_spread = MU_SPREAD if by_mu else ELO_SPREAD
    if args.match_widen is None:
        args.match_widen = MU_WIDEN if by_mu else ELO_WIDEN
    for flag, value in (("--match-spread", args.match_spread),
                        ("--match-widen", args.match_widen),
                        ("--rematch-cooldown", args.rematch_cooldown)):
        if not math.isfinite(value) or value < 0:
            raise ConfigError(f"{flag} must be a finite number >= 0, got {value:g}")


def queues_from_args(args: argparse.Namespace) -> tuple[QueueSpec, ...]:
    """The queues of ``--queue`` and ``--config``, checked; empty for the shorthand.
    Raises ConfigError naming the queue (or the file and entry) on a bad one."""
    given: list[tuple[str, dict[str, Any]]] = []
    if args.config is not None:
        given += _read_config(args.config)
    given += [(f"--queue {text}", _parse_queue(text)) for text in args.queue]
    if not given:
        return ()
    mixed = [flag for flag, value in (("--game", args.game), ("--players", args.players),
                                      ("--option", args.option), ("--cards", args.cards))
             if value]
    if mixed:
        raise ConfigError(f"{', '.join(mixed)} set the one-queue shorthand; with --queue or "
                          "--config give them per queue")
    queues = tuple(build_queue(where, fields, args.fill) for where, fields in given)
    try:
        check_distinct(queues)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    return queues


def _parse_queue(text: str) -> dict[str, Any]:
    game, sep, rest = text.partition(":")
    players_text, _, options_text = rest.partition(":")
    if not sep or not game or not players_text:
        raise ConfigError(f"--queue wants GAME:PLAYERS[:KEY=VALUE,...], got {text!r}")
    try:
        players = int(players_text)
    except ValueError:
        raise ConfigError(f"--queue {text}: PLAYERS must be a whole number, "
                          f"got {players_text!r}") from None
    fields: dict[str, Any] = {"game": game, "players": players, "options": {}}
    for pair in filter(None, options_text.split(",")):
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise ConfigError(f"--queue {text}: wants KEY=VALUE, got {pair!r}")
        if key in QUEUE_KEYS:
            fields[key] = value.strip()
        else:
            fields["options"][key] = parse_option_value(value)
    return fields


def _read_config(path: Path) -> list[tuple[str, dict[str, Any]]]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise ConfigError(f"--config {path}: cannot read it: {exc}") from None
    if not isinstance(data, dict) or set(data) != {"queues"}:
        raise ConfigError(f"--config {path}: wants one key, queues (a list of queues)")
    return config_queue_entries(path, data["queues"], _CONFIG_QUEUE_KEYS, ("game", "players"))


def config_queue_entries(path: Path, entries: Any, keys: tuple[str, ...],
                         required: tuple[str, ...], min_players: int | None = None,
                         ) -> list[tuple[str, dict[str, Any]]]:
    """The checked queue mappings of a YAML config's ``queues`` list (``arena serve`` and
    ``arena league`` files): each with the place an error names, and its fields, options
    as a mapping with text keys and ``cards`` relative to the file. ConfigError names the
    queue: not a mapping, a key outside ``keys``, one of ``required`` missing, options
    not a mapping, players not a whole number (or under ``min_players``)."""
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"--config {path}: queues must be a non-empty list")
    wanted = f"{', '.join(required[:-1])} and {required[-1]}"
    given = []
    for number, entry in enumerate(entries, start=1):
        where = f"--config {path}, queue {number}"
        if not isinstance(entry, dict):
            raise ConfigError(f"{where}: wants a mapping with {wanted}")
        unknown = sorted(set(map(str, entry)) - set(keys))
        if unknown:
            raise ConfigError(f"{where}: unknown key {unknown[0]!r} (keys: {', '.join(keys)})")
        if any(key not in entry for key in required):
            raise ConfigError(f"{where}: wants {wanted}")
        options = entry.get("options") or {}
        if not isinstance(options, dict):
            raise ConfigError(f"{where}: options must be a mapping")
        players = entry["players"]
        if not isinstance(players, int) or isinstance(players, bool) \
                or (min_players is not None and players < min_players):
            raise ConfigError(f"{where}: players must be a whole number" + (
                "" if min_players is None else
                f", at least {min_players} (a solo match is not rated)"))
        fields = {**entry, "options": {str(k): v for k, v in options.items()}}
        if "cards" in fields:  # relative to the file
            fields["cards"] = str(path.parent / str(fields["cards"]))
        given.append((where, fields))
    return given


def build_queue(where: str, fields: dict[str, Any], default_fill: str) -> QueueSpec:
    """The checked queue of ``fields`` (game, players, options, id, fill, cards); ConfigError
    naming ``where`` if it is bad."""
    game_id = str(fields["game"])
    try:
        game = get_game(game_id)
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    players = int(fields["players"])
    options = dict(fields.get("options") or {})
    cards_path = fields.get("cards")
    try:
        cards = read_cards(Path(cards_path)) if cards_path else None
        with naming_card_file(cards_path):
            game.validate_config(GameConfig(players, {**game.default_options, **options},
                                            cards))
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    fill = str(fields.get("fill") or default_fill)
    try:
        make_bot(game_id, fill)
    except ConfigError as exc:
        raise ConfigError(f"{where}: fill {fill!r} is not a built-in bot of {game_id}: "
                          f"{exc}") from None
    queue_id = str(fields.get("id") or default_queue_id(game_id, players, options, cards))
    try:
        check_queue_id(queue_id, game_id, available_games())
    except ValueError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    return QueueSpec(queue_id, game_id, players, options, fill, cards)
