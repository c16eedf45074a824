"""Putting waiting bots into matches.

Bots wait in arrival order. Once ``min_bots`` distinct bots wait (one, by default) a
gathering window opens; the match starts when ``players`` distinct bots wait or when the
window closes, whichever is first. A bot name takes at most one seat per match, and
plays at most ``max_matches_per_bot`` matches at once: a further stream with the same
token waits until one of its matches ends. Seats are shuffled with the match's own
seed (secret while the match runs, :mod:`services.gateway.seeds`), so a match's seating
is reproducible from its seed; empty seats go to the fill bot.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Sequence

from prometheus_client import Gauge, Histogram

from engine.core import GameRng
from services.gateway.session import BotSession, SessionState

# Salt separating the seat shuffle from the game's own use of the match seed.
_SEATING_SALT = 0x5EA7


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
        max_matches_per_bot: int = 1,
        waiting_gauge: Gauge | None = None,
        wait_histogram: Histogram | None = None,
    ) -> None:
        self.players = players
        self.gather_seconds = gather_seconds
        self.min_bots = min_bots
        self.max_matches_per_bot = max_matches_per_bot
        self._start_match = start_match
        self._waiting: dict[BotSession, float] = {}  # insertion order = arrival order
        self._playing: Counter[str] = Counter()
        self._arrived = asyncio.Event()
        self._stopped = False
        self._waiting_gauge = waiting_gauge
        self._wait_histogram = wait_histogram

    def enqueue(self, session: BotSession) -> None:
        if self._stopped or session.state is not SessionState.WAITING:
            return
        self._waiting[session] = asyncio.get_running_loop().time()
        self._arrived.set()
        self._count()

    def remove(self, session: BotSession) -> None:
        """The session left: it waits no more."""
        if self._waiting.pop(session, None) is not None:
            self._count()

    def take(self, session: BotSession) -> bool:
        """Remove ``session`` if it is waiting; True if it was."""
        if self._waiting.pop(session, None) is None:
            return False
        self._count()
        return True

    def release(self, session: BotSession) -> None:
        """One of the session's matches ended (its bot may start another)."""
        self._playing[session.name] -= 1
        if self._playing[session.name] <= 0:
            del self._playing[session.name]
        if self._waiting:
            self._arrived.set()

    def playing(self, name: str) -> int:
        return self._playing[name]

    def stop(self) -> list[BotSession]:
        """Start no more matches; return the sessions that were waiting."""
        self._stopped = True
        self._arrived.set()
        waiting = list(self._waiting)
        self._waiting.clear()
        self._count()
        return waiting

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while not self._stopped:
            await self._arrived.wait()
            self._arrived.clear()
            if len(self._eligible()) < self.min_bots:
                continue
            closes = loop.time() + self.gather_seconds
            while len(self._eligible()) < self.players and (left := closes - loop.time()) > 0:
                try:
                    async with asyncio.timeout(left):
                        await self._arrived.wait()
                except TimeoutError:
                    break
                self._arrived.clear()
            group = self._eligible()
            if not group or self._stopped:
                continue
            now = loop.time()
            for session in group:
                queued = self._waiting.pop(session)
                session.seated()
                if self._wait_histogram is not None:
                    self._wait_histogram.observe(now - queued)
                self._playing[session.name] += 1
            self._count()
            self._start_match(group)
            if self._waiting:
                self._arrived.set()

    def _eligible(self) -> list[BotSession]:
        """Up to ``players`` waiting live sessions with distinct bot names below their
        match cap, oldest first."""
        group: list[BotSession] = []
        names: set[str] = set()
        for session in self._waiting:
            name = session.name
            if (session.state is SessionState.WAITING and name not in names
                    and self._playing[name] < self.max_matches_per_bot):
                names.add(name)
                group.append(session)
                if len(group) == self.players:
                    break
        return group

    def _count(self) -> None:
        if self._waiting_gauge is not None:
            self._waiting_gauge.set(len(self._waiting))
