"""Entrants of a tournament: names, bot specs, and the user code shipped to workers.

An entrant is written as a bot spec (see :mod:`services.runner.bot_specs`), optionally
named ``NAME=SPEC``:

- ``random``, ``mcts:iterations=200`` -- a built-in bot;
- ``path/to/file.py:ClassName`` -- a class in a single Python file;
- ``package.module:ClassName`` -- a class importable from the current directory or an
  installed package;
- ``path/to/dir`` -- a bot directory, in any language (:mod:`services.botdir`): an
  existing directory holding ``arena-bot.toml``, named by the file's ``name``. Each
  worker builds it (once per node) and hosts its processes (:mod:`services.hosted`).

A user class is imported once on the driver to check it, and the code it lives in (the
file, or the whole top-level package) is shipped to every Ray worker through the
actors' runtime environment (``py_modules``), so nothing needs installing on a cluster.
Code already installed in the environment (site-packages, this project) is not shipped.
A bot directory ships the same way (without the files its manifest's ``ignore`` names,
its build outputs): its worker spec is ``botdir:<content hash>:<path>``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import sysconfig
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import ConfigError
from services.botdir import content_hash, find_bot_dir, load_bot_dir
from services.hosted.options import hosted_spec, is_hosted_spec, parse_hosted_spec
from services.runner.bot_specs import bot_factory, user_class_spec

# Top-level packages of this project: every worker already has them.
_PROJECT_PACKAGES = frozenset({"engine", "services", "arena"})


@dataclass(frozen=True, slots=True)
class Entrant:
    """One entrant: its display ``name``, the ``spec`` as written, the spec a worker
    resolves, the local code to ship (if any) and a fingerprint of that code."""

    name: str
    spec: str
    worker_spec: str
    ship: str | None = None
    fingerprint: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "spec": self.spec, "fingerprint": self.fingerprint}


def split_entrants(text: str) -> list[str]:
    """Split ``--entrants``: commas separate entrants, except that an item ``key=value``
    right after a built-in spec with parameters continues them
    (``mcts:iterations=200,ms=50,random`` is two entrants; ``a=random,b=random`` too)."""
    items: list[str] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        before = items[-1].partition(":") if items else ("", "", "")
        continues = ("=" in item and ":" not in item and bool(before[1]) and "=" in before[2]
                     and find_bot_dir(item.partition("=")[2].strip()) is None)
        if continues:
            items[-1] = f"{items[-1]},{item}"
        else:
            items.append(item)
    return items


def entrant_item(item: str | Mapping[str, Any]) -> tuple[str | None, str]:
    """(name, spec) of a config item: ``SPEC``, ``NAME=SPEC`` or ``{name: ..., bot: ...}``.

    The name is None when not given: :func:`resolve_entrants` then calls a built-in bot
    by its spec and a user class by its ``name`` attribute (else its class name).
    """
    if isinstance(item, Mapping) and isinstance(item.get("bot"), str):
        spec = item["bot"].strip()
        return (str(item["name"]) if item.get("name") else None), spec
    if isinstance(item, str) and item.strip():
        head, sep, rest = item.strip().partition("=")
        if sep and rest and ":" not in head and head.replace("-", "_").isidentifier():
            return head, rest.strip()
        return None, item.strip()
    raise ConfigError(f"an entrant is a bot spec or {{name: ..., bot: ...}}, not {item!r}")


def resolve_entrants(game_id: str, items: Sequence[tuple[str | None, str]]
                     ) -> tuple[Entrant, ...]:
    """Check every entrant on the driver and work out what ships to the workers."""
    entrants = tuple(resolve_entrant(game_id, name, spec) for name, spec in items)
    names = [entrant.name for entrant in entrants]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ConfigError(
            f"entrant names must differ (repeated: {', '.join(repeated)}); "
            "name them with NAME=SPEC"
        )
    modules: dict[str, str] = {}
    for entrant in entrants:
        if entrant.ship is None:
            continue
        module = entrant.worker_spec.rpartition(":")[0].split(".")[0]
        if modules.setdefault(module, entrant.ship) != entrant.ship:
            raise ConfigError(
                f"two entrants ship different code named {module!r} "
                f"({modules[module]} and {entrant.ship}); rename one"
            )
    return entrants


def resolve_entrant(game_id: str, name: str | None, spec: str) -> Entrant:
    """The entrant of ``spec``; unnamed, a built-in bot is called by its spec and a user
    class by its bots' ``name`` (else the class name), a bot directory by its manifest's."""
    directory = find_bot_dir(spec)
    if directory is not None:
        return bot_dir_entrant(name, spec, directory)
    user = user_class_spec(spec)
    if user is None:
        bot_factory(game_id, spec)
        return Entrant(name or spec, spec, spec)
    ship: str | None
    if user.target.endswith(".py") or "/" in user.target or os.sep in user.target:
        module, ship = _file_module(Path(user.target))
    else:
        module, ship = user.target, package_to_ship(user.target)
    worker_spec = f"{module}:{user.class_name}"
    factory = bot_factory(game_id, worker_spec)
    if name is None:
        name = factory().name
    return Entrant(name, spec, worker_spec, ship, _fingerprint(ship) if ship else None)


def bot_dir_entrant(name: str | None, spec: str, directory: Path) -> Entrant:
    """The entrant of a bot directory, once its ``arena-bot.toml`` is checked; its
    fingerprint is the directory's content hash (the key of its cached build)."""
    bot = load_bot_dir(directory)
    digest = content_hash(bot)
    return Entrant(name or bot.name, spec, hosted_spec(digest, str(bot.path)), None, digest)


def bot_dirs(entrants: Sequence[Entrant]) -> dict[str, str]:
    """Entrant name -> hosted worker spec, for the entrants that are bot directories."""
    return {e.name: e.worker_spec for e in entrants if is_hosted_spec(e.worker_spec)}


def runtime_env(entrants: Sequence[Entrant]) -> dict[str, Any] | None:
    """The runtime environment that ships every entrant's code, or None if none ships.
    Bot directories go as ``py_modules`` too, without what their manifests ``ignore``."""
    shipped = sorted({entrant.ship for entrant in entrants if entrant.ship})
    directories = sorted({parse_hosted_spec(spec)[1] for spec in bot_dirs(entrants).values()})
    if not shipped and not directories:
        return None
    env: dict[str, Any] = {"py_modules": shipped + directories}
    if directories:
        excludes = {".git"}
        for directory in directories:
            excludes.update(load_bot_dir(directory).ignore)
        env["excludes"] = sorted(excludes)
    return env


def _file_module(path: Path) -> tuple[str, str]:
    """Make a user's ``.py`` file importable here under its stem; return (module, path)."""
    path = path.expanduser().resolve()
    if not path.is_file() or path.suffix != ".py":
        raise ConfigError(f"strategy file {str(path)!r} is not a .py file")
    module = path.stem
    if not module.isidentifier():
        raise ConfigError(f"strategy file name {path.name!r} is not a Python module name")
    found = importlib.util.find_spec(module) if module not in sys.modules else None
    loaded = sys.modules.get(module)
    origin = found.origin if found else getattr(loaded, "__file__", None)
    if (found or loaded) and (origin is None or Path(origin).resolve() != path):
        raise ConfigError(
            f"strategy file {path.name!r} would shadow the module {module!r} "
            f"({origin or 'built in'}); rename the file"
        )
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))
    return module, str(path)


def package_to_ship(module: str) -> str | None:
    """The local file or package directory holding ``module``; None if installed."""
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    top = module.split(".")[0]
    if top in _PROJECT_PACKAGES:
        return None
    try:
        found = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        found = None
    if found is None:
        raise ConfigError(f"cannot import {module!r}: no module named {top!r}")
    if found.submodule_search_locations:
        location = Path(next(iter(found.submodule_search_locations)))
    elif found.origin and found.has_location:
        location = Path(found.origin)
    else:
        return None  # a built-in module
    installed = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    if any(location.resolve().is_relative_to(Path(p).resolve()) for p in installed if p):
        return None
    return str(location.resolve())


def _fingerprint(location: str) -> str:
    """SHA-256 of the shipped code (every .py file of a package, in path order)."""
    path = Path(location)
    files = [path] if path.is_file() else sorted(path.rglob("*.py"))
    digest = hashlib.sha256()
    for file in files:
        digest.update(str(file.relative_to(path.parent)).encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()
