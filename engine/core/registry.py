"""Games, found through Python entry points.

A game package declares itself in its distribution's metadata::

    [project.entry-points."tabletop_arena.games"]
    epic-resort = "engine.epic_resort:GAME"

The entry point's name is the public game id and its object is a :class:`Game` (or a
callable returning one). Games load lazily on first use, so start-up stays cheap and a
new game needs no edit here. A game's built-in bots (its own plus the toolkit's
``random`` and ``mcts``) are made by :mod:`engine.toolkit.bots`.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

from engine.core.errors import ConfigError
from engine.core.game import Game

GROUP = "tabletop_arena.games"

_GAMES: dict[str, Game] = {}


def _entry_points() -> dict[str, EntryPoint]:
    """The installed games' entry points by game id (scanned afresh: sys.path may grow)."""
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def available_games() -> tuple[str, ...]:
    """Ids of every installed game, sorted."""
    return tuple(sorted(set(_entry_points()) | set(_GAMES)))


def get_game(game_id: str) -> Game:
    """The game with this id, loaded from its entry point on first use."""
    game = _GAMES.get(game_id)
    if game is not None:
        return game
    ep = _entry_points().get(game_id)
    if ep is None:
        known = ", ".join(available_games()) or "none"
        raise ConfigError(f"unknown game {game_id!r}; known games: {known}")
    loaded = ep.load()
    if not isinstance(loaded, Game) and callable(loaded):
        loaded = loaded()
    if not isinstance(loaded, Game):
        raise ConfigError(f"entry point {ep.value!r} of game {game_id!r} is not a Game")
    if loaded.game_id != game_id:
        raise ConfigError(
            f"entry point {game_id!r} loads the game {loaded.game_id!r}: the names must match"
        )
    _GAMES[game_id] = loaded
    return loaded
