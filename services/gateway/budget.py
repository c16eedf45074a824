"""The message budget of one stream: a token bucket over the messages a bot sends that
the server cannot use.

A reply to a decision request the bot was sent and still owes is always taken and costs
nothing: a bot can send at most one per request, so honest play never touches the
budget however fast it is. Every other message (a stale or unknown reply, a malformed
message, a second Hello) costs one token. The bucket holds at most ``burst`` tokens and
refills at ``rate`` tokens a second; a message that finds it empty ends the stream
(``RESOURCE_EXHAUSTED``). A rate of 0 turns the budget off.

Per message this is a clock read and a few float operations, no allocation beyond them.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class MessageBudget:
    """``burst`` tokens, refilled at ``rate`` a second (both > 0; see the module)."""

    __slots__ = ("_clock", "_last", "_tokens", "burst", "rate")

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a message budget needs rate > 0 and burst >= 1, not "
                             f"{rate:g} and {burst}")
        self.rate = rate
        self.burst = float(burst)
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def spend(self) -> bool:
        """Take one token; False when there is none (the stream is over budget)."""
        now = self._clock()
        tokens = self._tokens + (now - self._last) * self.rate
        self._last = now
        if tokens > self.burst:
            tokens = self.burst
        if tokens < 1.0:
            self._tokens = tokens
            return False
        self._tokens = tokens - 1.0
        return True
