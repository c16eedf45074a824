"""Putting waiting bots into matches.

Bots wait in arrival order. Once ``min_bots`` distinct bots wait (one, by default) a
gathering window opens; the match starts when ``players`` distinct bots wait or when the
window closes, whichever is first. A bot name takes at most one seat per match (a second
stream with the same token waits for the next match). Seats are shuffled with the match's
own seed, so a match's seating is reproducible from its seed; empty seats go to the fill
bot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from engine.core import GameRng
from services.gateway.session import BotSession

# Salt separating the seat shuffle from the game's own use of the match seed.
_SEATING_SALT = 0x5EA7


def derive_match_seed(base_seed: int, number: int) -> int:
    """The seed of the server's ``number``-th match."""
    return (base_seed * 1_000_003 + number * 7_919) & 0xFFFF_FFFF_FFFF


def seat_order(
    bots: Sequence[BotSession], players: int, seed: int
) -> list[BotSession | None]:
    """``bots`` plus empty (fill) seats, shuffled deterministically by ``seed``."""
    seats: list[BotSession | None] = [*bots, *([None] * (players - len(bots)))]
    GameRng(seed ^ _SEATING_SALT).shuffle(seats)
    return seats


class Matchmaker:
    """Groups waiting sessions and hands each group to ``start_match``."""

    def __init__(
        self,
        players: int,
        gather_seconds: float,
        start_match: Callable[[list[BotSession]], None],
        min_bots: int = 1,
    ) -> None:
        self.players = players
        self.gather_seconds = gather_seconds
        self.min_bots = min_bots
        self._start_match = start_match
        self._waiting: list[BotSession] = []
        self._arrived = asyncio.Event()

    def enqueue(self, session: BotSession) -> None:
        self._waiting.append(session)
        self._arrived.set()

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self._arrived.wait()
            self._arrived.clear()
            self._drop_gone()
            if len(self._distinct()) < self.min_bots:
                continue
            closes = loop.time() + self.gather_seconds
            while len(self._distinct()) < self.players and (left := closes - loop.time()) > 0:
                try:
                    await asyncio.wait_for(self._arrived.wait(), left)
                except TimeoutError:
                    break
                self._arrived.clear()
            self._drop_gone()
            group = self._distinct()
            if not group:
                continue
            for session in group:
                self._waiting.remove(session)
            self._start_match(group)
            if self._waiting:
                self._arrived.set()

    def _drop_gone(self) -> None:
        self._waiting = [s for s in self._waiting if not s.gone]

    def _distinct(self) -> list[BotSession]:
        """Up to ``players`` waiting sessions with distinct bot names, oldest first."""
        group: list[BotSession] = []
        names: set[str] = set()
        for session in self._waiting:
            if session.name not in names and len(group) < self.players:
                names.add(session.name)
                group.append(session)
        return group
