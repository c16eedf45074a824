"""Engine values on the wire: a seat's observation and options as a JSON value tree that
decodes to exactly the Python values the engine's bots read in process.

The typed protobuf messages of each game are written for bots in any language and are
not the engine's objects (card ids are names, logs arrive in pieces, some engine fields,
such as the pending step stack search bots resume from, have no message). A Python
client that runs the arena's own bots (``arena bot --strategy mcts``, ``file.py:Class``)
needs the very observation a tournament hands them, so a stream that asks for it
(``Hello.engine_values``) gets this tree too, in ``DecisionRequest.engine_observation``.
It is built from the same gated observation, so it carries nothing the typed message
does not allow.

The tree is JSON. Numbers, strings, booleans and null stand for themselves; every other
value is an array whose first element is a tag:

- ``["(", items...]`` a tuple, ``["[", items...]`` a list, ``["f", items...]`` a
  frozenset, ``["{", key, value, ...]`` a dict;
- ``["@", "module:Qualname", fields...]`` an engine object (a dataclass or slotted class
  of ``engine.*``; fields in slot order, ``["-"]`` for a slot left unset), ``["E",
  "module:Qualname", value]`` an enum member;
- ``["$", name]`` a match *context* object, the same for every request of a match and
  rebuilt by the receiver from MatchStart's config (a game's card set);
- ``["L", start, items...]`` a log field of the observation (append-only): only the
  entries from position ``start`` on, the ones the seat was not sent before.

Decoding creates objects only of classes in ``engine.*`` modules, without calling their
constructors (as ``copy`` does), so a value is restored field for field.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from importlib import import_module
from typing import Any

# A class's name on the wire and how its fields are read (slot names, or None: a NamedTuple).
_Schema = tuple[str, tuple[str, ...] | None]
_UNSET = ["-"]
_ALLOWED_PREFIX = "engine."


def _slots(cls: type) -> tuple[str, ...]:
    """Every instance field of ``cls``: its slots over the MRO, else its dataclass fields."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        declared = klass.__dict__.get("__slots__", ())
        if isinstance(declared, str):
            declared = (declared,)
        names.extend(n for n in declared if n not in ("__weakref__", "__dict__"))
    if cls.__dictoffset__:  # instances have a __dict__: only a dataclass's fields are known
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{type_name(cls)} is neither slotted nor a dataclass")
        names.extend(f.name for f in dataclasses.fields(cls) if f.name not in names)
    return tuple(names)


def type_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


class ValueEncoder:
    """Writes observations and options of one match seat as value trees.

    ``context``: the names of the observation's attributes that hold context objects
    (``("cards",)``); ``logs``: the names of its append-only log fields, sent in pieces.
    """

    def __init__(self, context: Sequence[str] = (), logs: Sequence[str] = ()) -> None:
        self._context_names = tuple(context)
        self._logs = tuple(logs)
        self._schemas: dict[type, _Schema] = {}
        self._context: dict[int, str] = {}

    def encode(self, observation: Any, options: Sequence[Any],
               since: Mapping[str, int] | None = None) -> str:
        """The JSON text of ``[observation, options]``; log fields hold only the entries
        after ``since`` (field -> entries already sent; None: none yet)."""
        self._context = {id(getattr(observation, n)): n for n in self._context_names}
        logs = {name: (since or {}).get(name, 0) for name in self._logs}
        return json.dumps([self._value(observation, logs), self._value(options)],
                          separators=(",", ":"), ensure_ascii=False, allow_nan=False)

    def mark(self, observation: Any) -> dict[str, int]:
        """How many entries of each log field ``observation`` holds: the next ``since``."""
        return {name: len(getattr(observation, name)) for name in self._logs}

    def _value(self, v: Any, logs: Mapping[str, int] | None = None) -> Any:
        t = type(v)
        if v is None or t is int or t is str or t is bool or t is float:
            return v
        if t is tuple:
            return ["(", *[self._value(x) for x in v]]
        if t is list:
            return ["[", *[self._value(x) for x in v]]
        name = self._context.get(id(v))
        if name is not None:
            return ["$", name]
        if t is dict:
            out: list[Any] = ["{"]
            for key, item in v.items():
                out.append(self._value(key))
                out.append(self._value(item))
            return out
        if t is frozenset:
            return ["f", *[self._value(x) for x in v]]
        if isinstance(v, Enum):
            return ["E", type_name(t), self._value(v.value)]
        schema = self._schemas.get(t)
        if schema is None:
            schema = self._schemas[t] = self._schema(t)
        wire, fields = schema
        if fields is None:  # a NamedTuple
            return ["@", wire, *[self._value(x) for x in v]]
        out = ["@", wire]
        for f in fields:
            try:
                item = getattr(v, f)
            except AttributeError:
                out.append(_UNSET)
                continue
            if logs is not None and f in logs:
                start = logs[f]
                out.append(["L", start, *[self._value(x) for x in item[start:]]])
            else:
                out.append(self._value(item))
        return out

    @staticmethod
    def _schema(t: type) -> _Schema:
        if not t.__module__.startswith(_ALLOWED_PREFIX):
            raise TypeError(f"{type_name(t)} is not an engine type: it cannot be sent")
        if issubclass(t, tuple) and hasattr(t, "_fields"):
            return type_name(t), None
        return type_name(t), _slots(t)


class ValueDecoder:
    """Reads the value trees of one match seat back into engine values.

    ``context``: the match's context objects by name (rebuilt from its config). Log
    fields are kept across requests, so build one decoder per match and seat and feed it
    every request in order.
    """

    def __init__(self, context: Mapping[str, Any] | None = None) -> None:
        self._context = dict(context or {})
        self._logs: dict[str, tuple[Any, ...]] = {}
        self._classes: dict[str, tuple[type, tuple[str, ...] | None]] = {}

    def decode(self, text: str) -> tuple[Any, Any]:
        """``(observation, options)`` of one request's ``engine_observation``.
        ValueError if the tree is malformed or a log piece does not follow the last."""
        try:
            tree = json.loads(text)
        except ValueError as exc:
            raise ValueError(f"engine_observation is not JSON: {exc}") from None
        if not isinstance(tree, list) or len(tree) != 2:
            raise ValueError("engine_observation is not [observation, options]")
        return self._value(tree[0]), self._value(tree[1])

    def _value(self, v: Any, field: str | None = None) -> Any:
        if not isinstance(v, list):
            return v
        if not v or not isinstance(v[0], str):
            raise ValueError(f"untagged array in engine_observation: {str(v)[:60]}")
        tag = v[0]
        decode: Callable[[Any], Any] = self._value
        if tag == "(":
            return tuple([decode(x) for x in v[1:]])
        if tag == "[":
            return [decode(x) for x in v[1:]]
        if tag == "@":
            return self._object(v)
        if tag == "$":
            if v[1] not in self._context:
                raise ValueError(f"unknown context object {v[1]!r}")
            return self._context[v[1]]
        if tag == "{":
            items = v[1:]
            return {decode(items[i]): decode(items[i + 1]) for i in range(0, len(items), 2)}
        if tag == "f":
            return frozenset(decode(x) for x in v[1:])
        if tag == "E":
            cls, _ = self._class(v[1])
            return cls(decode(v[2]))
        if tag == "L":
            if field is None:
                raise ValueError("a log piece outside an object field")
            kept = self._logs.get(field, ())
            if v[1] != len(kept):
                raise ValueError(f"log {field!r} resumes at {v[1]} but {len(kept)} entries "
                                 "were received: a request was lost")
            kept = self._logs[field] = kept + tuple(decode(x) for x in v[2:])
            return kept
        raise ValueError(f"unknown tag {tag!r} in engine_observation")

    def _object(self, v: list[Any]) -> Any:
        cls, fields = self._class(v[1])
        values = v[2:]
        if fields is None:
            return cls._make(self._value(x) for x in values)  # type: ignore[attr-defined]
        if len(values) != len(fields):
            raise ValueError(f"{v[1]} has {len(fields)} fields, not {len(values)}")
        obj: Any = object.__new__(cls)
        for name, raw in zip(fields, values, strict=True):
            if raw == _UNSET:
                continue
            object.__setattr__(obj, name, self._value(raw, name))
        return obj

    def _class(self, wire: str) -> tuple[type, tuple[str, ...] | None]:
        found = self._classes.get(wire)
        if found is not None:
            return found
        module, _, qualname = str(wire).partition(":")
        if not module.startswith(_ALLOWED_PREFIX) or not qualname:
            raise ValueError(f"{wire!r} is not an engine type")
        try:
            obj: Any = import_module(module)
            for part in qualname.split("."):
                obj = getattr(obj, part)
        except (ImportError, AttributeError):
            raise ValueError(f"unknown engine type {wire!r}") from None
        if not isinstance(obj, type):
            raise ValueError(f"{wire!r} is not a class")
        fields = None if issubclass(obj, tuple) and hasattr(obj, "_fields") else (
            None if issubclass(obj, Enum) else _slots(obj))
        found = self._classes[wire] = (obj, fields)
        return found
