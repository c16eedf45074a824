"""The gateway's book-keeping for one remote seat of a match: its bot's session, its
time bank, its strikes, whether it forfeited and the request it owes."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from services.gateway.session import BotSession


@dataclass(slots=True)
class RemoteSeat:
    """The gateway's book-keeping for one remote seat of a match."""

    session: BotSession
    prefix: bytes
    bank_ms: int
    strikes: int = 0
    forfeited: bool = False
    # The request this seat owes an answer to, and its deadline timer.
    waiting: tuple[int, asyncio.TimerHandle] | None = field(default=None)

    def spend(self, used_ms: int, move_ms: int) -> None:
        """A reply after ``used_ms`` spends what went past the move time from the bank
        (down to 0); a reply within the move time spends nothing and earns nothing."""
        over_ms = used_ms - move_ms
        if over_ms > 0:
            self.bank_ms = max(0, self.bank_ms - over_ms)
