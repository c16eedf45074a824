"""The wire codec interface: a game's observations and options as protobuf messages.

Used only at the gateway edge, never on the built-in fast path. The core never imports
protobuf; a game's ``wire.py`` does, and maps each option *type* to its message in one
table (:class:`OptionTableCodec`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Protocol


class WireCodec(Protocol):
    """Converts a game's observations and options to its protobuf messages.

    ``field`` names the game's member in the ``oneof`` of the envelope messages
    ``arena.v1.Observation`` and ``arena.v1.Option`` (e.g. ``monster_my_neighbor``).
    """

    field: str

    def observation(self, observation: Any) -> Any: ...

    def option(self, observation: Any, decision_kind: str, option: Any) -> Any:
        """One option of a decision, phrased with the deciding seat's ``observation``."""
        ...


OptionEncoder = Callable[[Any, Any], Any]


class OptionTableCodec:
    """A WireCodec base whose options are encoded by ONE table: option type -> encoder.

    A subclass sets ``field``, ``OPTIONS`` (``{OptionClass: encode(observation, option)}``)
    and implements ``observation``. An option type missing from the table is a bug that
    fails loudly with its name.
    """

    field: ClassVar[str] = ""
    OPTIONS: ClassVar[Mapping[type, OptionEncoder]] = {}

    def observation(self, observation: Any) -> Any:
        raise NotImplementedError

    def option(self, observation: Any, decision_kind: str, option: Any) -> Any:
        encode = self.OPTIONS.get(type(option))
        if encode is None:
            raise ValueError(f"{type(self).__name__} has no wire encoder for {option!r}")
        return encode(observation, option)
