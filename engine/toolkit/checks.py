"""Checks every game shares, worded once so every command says the same thing."""

from __future__ import annotations

from typing import Any

from engine.core.errors import CardFileError, ConfigError


def check_players(game_id: str, players: object, low: int, high: int) -> None:
    """Raise ConfigError unless ``players`` is a seat count from ``low`` to ``high``:
    ``epic-resort is played by 2 to 4 players, not 5``."""
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise ConfigError(f"{game_id} is played by {low} to {high} players, not {players!r}")


def yaml_error(exc: Any) -> CardFileError:
    """A card file's YAML syntax error (a ``yaml.YAMLError``) as one line with its line and
    column, instead of PyYAML's several lines about ``"<unicode string>"``."""
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    context, context_mark = getattr(exc, "context", None), getattr(exc, "context_mark", None)
    started = (f" ({context} from line {context_mark.line + 1})"
               if context and context_mark is not None else "")
    return CardFileError(f"{where}not valid YAML: {problem}{started}")
