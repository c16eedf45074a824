"""A base for a game's wire codec (:class:`~engine.core.wire.WireCodec`): options
encoded by one table, option *type* -> encoder (:class:`OptionTableCodec`).

A game's ``wire.py`` imports protobuf and subclasses it; nothing here does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from engine.toolkit.wire_values import ValueEncoder

OptionEncoder = Callable[[Any, Any], Any]


class OptionTableCodec:
    """A WireCodec base whose options are encoded by ONE table: option type -> encoder.

    A subclass sets ``field``, ``OPTIONS`` (``{OptionClass: encode(observation, option)}``)
    and implements ``observation``. An option type missing from the table is a bug that
    fails loudly with its name.
    """

    field: ClassVar[str] = ""
    OPTIONS: ClassVar[Mapping[type, OptionEncoder]] = {}
    # Engine values (wire_values): the observation's attributes that hold objects fixed by
    # the match's config (rebuilt by the receiver, not sent), and its append-only logs.
    VALUE_CONTEXT: ClassVar[tuple[str, ...]] = ()
    VALUE_LOGS: ClassVar[tuple[str, ...]] = ()

    def observation(self, observation: Any, since: Any = None) -> Any:
        raise NotImplementedError

    def observation_bytes(self, observation: Any, since: Any = None) -> bytes:
        """The observation message, serialized (``since`` passed only when given)."""
        if since is None:
            return self.observation(observation).SerializeToString()
        return self.observation(observation, since).SerializeToString()

    def log_mark(self, observation: Any) -> Any:
        """No log by default: nothing to resume from."""
        return None

    def value_encoder(self) -> ValueEncoder:
        """A new encoder of one seat's engine values (one per match and seat)."""
        return ValueEncoder(self.VALUE_CONTEXT, self.VALUE_LOGS)

    def value_context(self, observation: Any) -> dict[str, Any]:
        """The context objects of a match, read from any observation of it (the
        receiver's, from a state set up with the match's config)."""
        return {name: getattr(observation, name) for name in self.VALUE_CONTEXT}

    def option_context(self, observation: Any) -> Any:
        """By default options are encoded afresh for every request."""
        return None

    def option(self, observation: Any, decision_kind: str, option: Any) -> Any:
        encode = self.OPTIONS.get(type(option))
        if encode is None:
            raise ValueError(f"{type(self).__name__} has no wire encoder for {option!r}")
        return encode(observation, option)
