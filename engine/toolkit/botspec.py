"""Bot specs: ``name`` or ``name:key=value,key=value`` (e.g. ``mcts:iterations=200,ms=50``).

A bot factory is called as ``factory(game, **params)``. Its settable parameters are its
keyword parameters with defaults (after ``game``); each value of a spec is converted to
the type of the default (int, float, bool or str). Unknown parameters and unreadable
values are :class:`ConfigError` naming the bot and the parameter.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.core.errors import ConfigError

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A parsed bot spec: the bot's name and its parameters as text, in spec order."""

    name: str
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        name, sep, rest = text.strip().partition(":")
        name = name.strip()
        if not name or any(c in name for c in "=,"):
            raise ConfigError(f"bot spec {text!r}: expected NAME or NAME:KEY=VALUE,...")
        params: list[tuple[str, str]] = []
        if sep:
            for item in rest.split(","):
                key, eq, value = item.partition("=")
                key = key.strip()
                if not eq or not key:
                    raise ConfigError(
                        f"bot spec {text!r}: parameter {item.strip()!r} is not KEY=VALUE"
                    )
                if any(key == k for k, _ in params):
                    raise ConfigError(f"bot spec {text!r}: parameter {key!r} is given twice")
                params.append((key, value.strip()))
        return cls(name, tuple(params))

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params)


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of specs: ``mcts:iterations=50,ms=9,heuristic`` gives
    ``["mcts:iterations=50,ms=9", "heuristic"]`` (an item with ``=`` but no ``:``
    continues the previous spec's parameters)."""
    specs: list[str] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        if "=" in item and ":" not in item and specs:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


@cache
def factory_params(factory: Any) -> Mapping[str, Any]:
    """The settable parameters of a factory and their defaults (``game`` excluded)."""
    out: dict[str, Any] = {}
    for i, p in enumerate(inspect.signature(factory).parameters.values()):
        if i == 0 and p.name == "game":
            continue
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or p.default is p.empty:
            continue
        out[p.name] = p.default
    return out


def convert(bot: str, key: str, text: str, default: Any) -> Any:
    """``text`` as the type of ``default``; ConfigError naming the bot and parameter."""
    try:
        if isinstance(default, bool):
            low = text.lower()
            if low in _TRUE:
                return True
            if low in _FALSE:
                return False
            raise ValueError(text)
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float):
            return float(text)
    except ValueError:
        kind = type(default).__name__
        raise ConfigError(
            f"bot {bot!r}: parameter {key!r} must be {'an' if kind == 'int' else 'a'} {kind}, "
            f"got {text!r}"
        ) from None
    return text


def resolve_params(bot: str, factory: Any, spec: BotSpec) -> dict[str, Any]:
    """The keyword arguments for ``factory`` from ``spec``."""
    known = factory_params(factory)
    kwargs: dict[str, Any] = {}
    for key, text in spec.params:
        if key not in known:
            names = ", ".join(sorted(known)) or "none"
            raise ConfigError(f"bot {bot!r} has no parameter {key!r}; its parameters: {names}")
        kwargs[key] = convert(bot, key, text, known[key])
    return kwargs
