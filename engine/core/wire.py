"""The wire codec interface: a game's observations and options as protobuf messages.

Used only at the gateway edge, never on the built-in fast path. The core never imports
protobuf; a game's ``wire.py`` does (usually on :class:`engine.toolkit.wire.OptionTableCodec`).
"""

from __future__ import annotations

from typing import Any, Protocol


class WireCodec(Protocol):
    """Converts a game's observations and options to its protobuf messages.

    ``field`` names the game's member in the ``oneof`` of the envelope messages
    ``arena.v1.Observation`` and ``arena.v1.Option`` (e.g. ``monster_my_neighbor``).
    """

    field: str

    def observation(self, observation: Any, since: Any = None) -> Any:
        """The observation message. ``since`` is the :meth:`log_mark` of the same seat's
        previous message in this match (None: none yet); log entries up to it are left
        out, so a seat is sent each log entry once. A game without a log need not take
        ``since``: it is passed only when ``log_mark`` returned a mark."""
        ...

    def observation_bytes(self, observation: Any, since: Any = None) -> bytes:
        """The serialized :meth:`observation` message (what the gateway sends). A codec
        may write it without building the message; it must parse to the same message."""
        ...

    def log_mark(self, observation: Any) -> Any:
        """Where the logs of ``observation`` end, for the seat's next ``since``; None
        for a game whose observations carry no log (the default of OptionTableCodec)."""
        ...

    def option(self, observation: Any, decision_kind: str, option: Any) -> Any:
        """One option of a decision, phrased with the deciding seat's ``observation``."""
        ...

    def value_encoder(self) -> Any:
        """A new :class:`~engine.toolkit.wire_values.ValueEncoder` of one seat's engine
        values (``DecisionRequest.engine_observation``), one per match and seat."""
        ...

    def value_context(self, observation: Any) -> dict[str, Any]:
        """The objects an engine-value tree refers to by name instead of sending them
        (fixed by the match's config), read from an observation of the match."""
        ...

    def option_context(self, observation: Any) -> Any:
        """What the options' messages *and* labels (``GameState.describe_option``) depend
        on besides the decision kind and the option itself, or None when they read more
        of the state. Not None lets the host reuse an option's encoded entry for every
        later option equal to it under the same context (the same object), so the
        context must be immutable and carry nothing a seat may not see (e.g. the
        match's card set), and the options must be hashable values."""
        ...
