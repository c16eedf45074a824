"""The host protocol: what a gateway asks of a served match's host, and what it gets back.

A served match is hosted by a :class:`~services.hosting.match_host.MatchHost` (the engine,
the fill bots, the wire encoding), in a host worker process or in the gateway's own
loop. Every host, wherever it runs, answers the same calls, defined here once:

- :class:`Op`: ``start`` the match; then ``submit`` (seat, option index) a remote seat's
  choice, ``substitute`` (seat) the fill bot's choice for a seat that did not answer in
  time, ``forfeit`` (seat) to hand a seat to the fill bot for good, ``resume`` a step that
  paused; ``close`` to forget the match. ``ping`` asks a worker process whether it is up.
- Each call returns a :class:`HostStep`: what changed, with one :class:`SeatRequest`
  (already encoded) per remote seat that now owes a decision.
- :class:`HostHandle` is one match's host as the gateway holds it: its ``submit``,
  ``substitute``, ``forfeit`` and ``resume`` are the one ``call`` each implementation
  defines (in the loop, over a worker's socket, published to spectators).
- :class:`Hosts` is where a gateway's matches run; :class:`HostFailed` is how any host
  says the match cannot go on.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple, Protocol

from engine.core import Result


class Op(StrEnum):
    """A call of the host protocol (the text is what a worker's channel carries)."""

    START = "start"
    SUBMIT = "submit"
    SUBSTITUTE = "substitute"
    FORFEIT = "forfeit"
    RESUME = "resume"
    CLOSE = "close"
    PING = "ping"


class SeatRequest(NamedTuple):
    """A decision owed by a remote seat; ``body`` holds the encoded request fields."""

    seat: int
    kind: str
    option_count: int
    body: bytes


class HostStep(NamedTuple):
    """What changed since the previous call.

    ``requests``: remote seats that now owe a new decision. ``substituted``: the option
    index played for the seat of the call when its own choice was not used.
    ``builtin_decisions``/``builtin_seconds``: decisions taken by built-in bots
    (including substitutions) during the call. ``result`` and ``replay`` are set once
    the game is over (the replay as JSON data). ``choices``: every ``(seat, index)``
    applied during the call, in order (what the spectator feed follows). ``paused``:
    the call spent its budget with built-in play left (no requests yet; call
    ``resume``). Named tuples, not dataclasses: one is made and sent to the gateway per
    decision, and tuples are the cheapest to build and to pickle.
    """

    requests: tuple[SeatRequest, ...]
    over: bool
    substituted: int | None
    builtin_decisions: int
    builtin_seconds: float
    result: Result | None = None
    replay: Mapping[str, Any] | None = None
    choices: tuple[tuple[int, int], ...] = ()
    paused: bool = False


class HostFailed(RuntimeError):
    """The match's host died, stalled past its timeout, or raised."""


class HostHandle(ABC):
    """One match's host as the gateway holds it; every call returns a :class:`HostStep`."""

    @abstractmethod
    async def start(self) -> HostStep:
        """Start the match: built-in seats play until remote seats owe decisions."""

    @abstractmethod
    async def call(self, op: Op, args: tuple[int, ...]) -> HostStep:
        """One call of a started match (``submit``, ``substitute``, ``forfeit``,
        ``resume``) with its arguments."""

    @abstractmethod
    def close(self) -> None:
        """Forget the match (over or not); no call follows."""

    async def submit(self, seat: int, index: int) -> HostStep:
        """Apply a remote seat's choice (an illegal one is replaced by the fill bot's)."""
        return await self.call(Op.SUBMIT, (seat, index))

    async def substitute(self, seat: int) -> HostStep:
        """Play the fill bot's choice for a seat that did not answer in time."""
        return await self.call(Op.SUBSTITUTE, (seat,))

    async def forfeit(self, seat: int) -> HostStep:
        """Hand a seat to the fill bot for the rest of the match."""
        return await self.call(Op.FORFEIT, (seat,))

    async def resume(self) -> HostStep:
        """Go on with the built-in play a paused step left."""
        return await self.call(Op.RESUME, ())


class Hosts(Protocol):
    """Where a gateway's matches run."""

    async def open(self) -> None: ...

    def host(self, *args: Any) -> HostHandle:
        """A host for one match, from the :class:`MatchHost` arguments."""
        ...

    def pids(self) -> list[int]:
        """The live host worker processes (none for in-loop hosting)."""
        ...

    async def close(self) -> None: ...
