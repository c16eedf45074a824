"""Bot specs: the one place that turns a spec string into bots for a match.

Two kinds of spec:

- a built-in bot, ``name`` or ``name:key=value,key=value`` (``random``,
  ``mcts:iterations=200``), made by ``engine.toolkit.bots.make_bot(game_id, spec)``;
- a user strategy class, ``module:ClassName`` (``my_bots.greedy:Greedy``), imported
  and instantiated with no arguments. It implements the engine's ``Bot`` interface,
  except that ``name`` (default: the class name) and ``needs_observation`` (default
  True: reading the observation is the safe assumption) may be left out.

The two are told apart by what follows the last colon: a Python identifier is a class
name; built-in parameters always contain ``=``. File paths (``bots/mine.py:Mine``) are
turned into module names by the driver (:mod:`services.tournament.entrants`) before
specs reach a worker, whose runtime environment ships the file.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from engine.core import Bot, ConfigError
from engine.toolkit.bots import make_bot
from services.hosted.options import is_hosted_spec


def hosted_specs(specs: Mapping[str, str] | None) -> dict[str, str]:
    """The entrants of ``specs`` that are bot directories."""
    return {name: spec for name, spec in (specs or {}).items() if is_hosted_spec(spec)}


@dataclass(frozen=True, slots=True)
class ClassSpec:
    """A user strategy: ``target`` is a module name or a ``.py`` path, then the class."""

    target: str
    class_name: str


def user_class_spec(spec: str) -> ClassSpec | None:
    """The :class:`ClassSpec` of ``spec``, or None when it names a built-in bot."""
    target, sep, attr = spec.rpartition(":")
    if not sep or not target or not attr.isidentifier():
        return None
    return ClassSpec(target, attr)


def import_class(module_name: str, class_name: str) -> type:
    """Import ``module_name`` and return its ``class_name``; ConfigError if impossible."""
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ConfigError(f"cannot import {module_name!r}: {error}") from None
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type):
        raise ConfigError(f"{module_name!r} has no class {class_name!r}")
    return cls


def check_bot(bot: object, spec: str) -> None:
    """A user bot needs ``choose``; ``name`` and ``needs_observation``, when given, must be
    a string and a bool. Say what is wrong."""
    if not callable(getattr(bot, "choose", None)):
        raise ConfigError(f"{spec}: a bot needs a method choose(observation, decision, rng)")
    name = getattr(bot, "name", None)
    if name is not None and not (isinstance(name, str) and name.strip()):
        raise ConfigError(f"{spec}: a bot's `name` must be a non-empty string, not {name!r}")
    needs = getattr(bot, "needs_observation", None)
    if needs is not None and not isinstance(needs, bool):
        raise ConfigError(
            f"{spec}: a bot's `needs_observation` must be True or False (False if it never "
            f"reads the observation), not {needs!r}"
        )


def bot_name(bot: object) -> str:
    """The label of a user bot: its ``name`` attribute, else its class name."""
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name.strip() else type(bot).__name__


class _WithDefaults:
    """A user bot that left out ``name`` or ``needs_observation``, with the defaults
    filled in (its own ``choose`` is called directly: no cost per decision)."""

    __slots__ = ("bot", "choose", "name", "needs_observation")

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot_name(bot)
        self.needs_observation = getattr(bot, "needs_observation", None) is not False
        self.choose = bot.choose


def _user_factory(cls: type, sample: object) -> Callable[[], Bot]:
    """Fresh bots of ``cls``; wrapped only if it lacks one of the optional attributes."""
    if isinstance(getattr(sample, "name", None), str) and isinstance(
            getattr(sample, "needs_observation", None), bool):
        return cast("Callable[[], Bot]", cls)
    return lambda: cast("Bot", _WithDefaults(cls()))


def bot_factory(game_id: str, spec: str) -> Callable[[], Bot]:
    """A function that makes a fresh bot of ``spec`` (one per seat and match)."""
    user = user_class_spec(spec)
    if user is None:
        make_bot(game_id, spec)  # fail now, with the registry's message, if unknown
        return lambda: make_bot(game_id, spec)
    cls = import_class(user.target, user.class_name)
    try:
        sample = cls()
    except Exception as error:
        raise ConfigError(f"{spec}: {user.class_name}() failed: {error!r}") from None
    check_bot(sample, spec)
    return _user_factory(cls, sample)


class BotMaker:
    """Fresh bots by entrant name, for one game. ``specs`` maps a name to its spec; a
    name missing from it is its own spec (``arena play --bots random,heuristic``)."""

    def __init__(self, game_id: str, specs: Mapping[str, str] | None = None) -> None:
        self._game_id = game_id
        self._specs = dict(specs or {})
        self._factories: dict[str, Callable[[], Bot]] = {}

    def prepare(self) -> None:
        """Resolve every named spec now, so a bad one fails before any match starts
        (bot directories are hosted instead: :mod:`services.hosted`)."""
        for name, spec in self._specs.items():
            if not is_hosted_spec(spec):
                self._factory(name)

    def __call__(self, name: str) -> Bot:
        return self._factory(name)()

    def _factory(self, name: str) -> Callable[[], Bot]:
        factory = self._factories.get(name)
        if factory is None:
            factory = bot_factory(self._game_id, self._specs.get(name, name))
            self._factories[name] = factory
        return factory
