"""Games and their built-in bots, found through Python entry points.

A game package declares itself in its distribution's metadata::

    [project.entry-points."tabletop_arena.games"]
    epic-resort = "engine.epic_resort:GAME"

The entry point's name is the public game id and its object is a :class:`Game` (or a
callable returning one). Games load lazily on first use, so start-up stays cheap and a
new game needs no edit here. Every game gets the core bots ``random`` and, when it
supports search (``Game.search``), ``mcts``; a game's own bots may override them.
"""

from __future__ import annotations

from functools import partial
from importlib.metadata import EntryPoint, entry_points

from engine.core.bot import Bot, BotFactory, RandomBot
from engine.core.botspec import BotSpec, resolve_params
from engine.core.errors import ConfigError
from engine.core.game import Game

GROUP = "tabletop_arena.games"

_GAMES: dict[str, Game] = {}
_FACTORIES: dict[str, dict[str, BotFactory]] = {}


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


def bot_factories(game_id: str) -> dict[str, BotFactory]:
    """Every built-in bot of a game by name: the core's, then the game's own."""
    cached = _FACTORIES.get(game_id)
    if cached is not None:
        return cached
    game = get_game(game_id)
    factories: dict[str, BotFactory] = {"random": RandomBot}
    if game.search is not None:
        from engine.core.mcts import MctsBot

        factories["mcts"] = partial(MctsBot, **game.search.defaults)
    factories.update(game.bots)
    _FACTORIES[game_id] = factories
    return factories


def bots_for(game_id: str) -> tuple[str, ...]:
    """Names of a game's built-in bots, sorted."""
    return tuple(sorted(bot_factories(game_id)))


def make_bot(game_id: str, spec: str) -> Bot:
    """A fresh bot from a spec ``name`` or ``name:key=value,...`` (ConfigError if unusable)."""
    parsed = BotSpec.parse(spec)
    factories = bot_factories(game_id)
    factory = factories.get(parsed.name)
    if factory is None:
        known = ", ".join(sorted(factories))
        raise ConfigError(f"unknown bot {parsed.name!r} for {game_id}; built-in bots: {known}")
    kwargs = resolve_params(parsed.name, factory, parsed)
    try:
        return factory(get_game(game_id), **kwargs)
    except ValueError as err:  # a factory rejecting a value (e.g. a negative budget)
        raise ConfigError(f"bot {parsed.name!r}: {err}") from None
