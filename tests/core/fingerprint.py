"""A comparable fingerprint of a whole game state (every field, the rng's state included),
for tests that two states are identical."""

from __future__ import annotations

from typing import Any

from engine.core import GameRng, GameState

# Immutable data shared by every state of a game, and memo caches that clones share on
# purpose (Ark Nova's ``pcache`` of legal footprints is replaced whenever the zoo changes).
SHARED = frozenset({"cards", "params", "pcache"})


def _slots(cls: type) -> list[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        names.extend(getattr(klass, "__slots__", ()))
    return names


def fingerprint(x: Any) -> Any:
    if x is None or isinstance(x, int | float | str | bool):
        return x
    if isinstance(x, GameRng):
        return ("rng", x._r.getstate())
    if isinstance(x, list | tuple):
        return tuple(fingerprint(v) for v in x)
    if isinstance(x, dict):
        return tuple(sorted((k, fingerprint(v)) for k, v in x.items()))
    if isinstance(x, GameState):  # a shell over the game's data
        return fingerprint(getattr(x, "s", None)) if hasattr(x, "s") else x
    names = [n for n in _slots(type(x)) if n not in SHARED]
    if names and not hasattr(x, "__dataclass_fields__"):
        return (type(x).__name__, tuple((n, fingerprint(getattr(x, n))) for n in names))
    return x  # frozen values (options, steps, named tuples) compare as they are
