"""Putting waiting bots into matches, queue by queue, by rating.

Each waiting session is admitted to one or more queues (its Hello named their games or
ids, or nothing: every queue). Which sessions of a queue play together, and when, is
the pure policy of :mod:`services.matchmaking.policy`, fed with each bot's rating and
games in that queue's ladder: bots are grouped by rating proximity, the accepted spread
widens while they wait, least-played bots go first, a line-up does not meet again within
the cooldown, and a match starts short of players (fill seats) only once its window has
widened fully. A session seated in one queue leaves all of them. The queues are planned
in order of their longest-waiting bot, so a bot that plays any queue goes where bots
have waited longest for players.

A bot name takes at most one seat per match, and plays at most ``max_matches_per_bot``
matches at once: a further stream with the same token waits until one of its matches
ends. Seats are shuffled with the match's own seed (secret while the match runs,
:mod:`services.gateway.seeds`), so a match's seating is reproducible from its seed;
empty seats go to the fill bot.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Sequence

from engine.core import GameRng
from services.gateway.session import BotSession, SessionState
from services.ladder.elo import INITIAL_RATING
from services.ladder.skill import MU0
from services.matchmaking.policy import (
    MATCH_RATINGS,
    Lineup,
    Policy,
    Waiting,
    forget_cooled,
    lineup,
    plan,
    spread_of,
)
from services.metrics.gateway import GatewayMetrics

# Salt separating the seat shuffle from the game's own use of the match seed.
_SEATING_SALT = 0x5EA7
# A plan is made again at least this often while bots wait (a safety net: plans say
# when they change).
_MAX_SLEEP = 1.0


def seat_order(
    bots: Sequence[BotSession], players: int, seed: int
) -> list[BotSession | None]:
    """``bots`` plus empty (fill) seats, shuffled deterministically by ``seed``."""
    seats: list[BotSession | None] = [*bots, *([None] * (players - len(bots)))]
    GameRng(seed ^ _SEATING_SALT).shuffle(seats)
    return seats


class Matchmaker:
    """Groups waiting sessions of each queue and hands each group to ``start_match``
    with its queue id. ``policies`` maps queue ids to their policies, in the server's
    order; ``rating`` is what the policy's proximity is measured in: ``elo`` (the Elo
    rating) or ``mu`` (the skill's mean)."""

    def __init__(
        self,
        policies: dict[str, Policy],
        start_match: Callable[[str, list[BotSession]], None],
        max_matches_per_bot: int = 1,
        metrics: GatewayMetrics | None = None,
        rating: str = "elo",
    ) -> None:
        if not policies:
            raise ValueError("a matchmaker needs at least one queue")
        if rating not in MATCH_RATINGS:
            raise ValueError(f"rating is one of {', '.join(MATCH_RATINGS)}, not {rating!r}")
        self.by_mu = rating == "mu"
        self.policies = dict(policies)
        self.max_matches_per_bot = max_matches_per_bot
        self._start_match = start_match
        # insertion order = arrival order; the value: (queued at, its queues)
        self._waiting: dict[BotSession, tuple[float, tuple[str, ...]]] = {}
        self._playing: Counter[str] = Counter()
        # When each capped name last got a free slot: its streams that waited meanwhile
        # could not be seated, so their waiting (for the policy) starts then.
        self._freed: dict[str, float] = {}
        self._standing: dict[tuple[str, str], tuple[float, int]] = {}
        self._recent: dict[str, dict[Lineup, float]] = {q: {} for q in self.policies}
        self._arrived = asyncio.Event()
        self._stopped = False
        self._metrics = metrics

    # -- what the gateway tells it ------------------------------------------------------------

    def enqueue(self, session: BotSession, queues: Sequence[str] | None = None) -> None:
        """``session`` waits for a match of any of ``queues`` (default: the queues it was
        admitted to, ``session.queues``, or every queue)."""
        if self._stopped or session.state is not SessionState.WAITING:
            return
        chosen = tuple(queues if queues is not None else session.queues or self.policies)
        self._waiting[session] = (asyncio.get_running_loop().time(), chosen)
        self._arrived.set()
        self._count()

    def rate(self, queue: str, name: str, rating: float, games: int, mu: float = MU0) -> None:
        """``name``'s Elo rating, games played and skill mean ``mu`` in ``queue``'s
        ladder; the policy reads the Elo rating or mu (a bot never rated there counts as
        new: the initial rating, no games)."""
        self._standing[(queue, name)] = (mu if self.by_mu else rating, games)
        if self._waiting:
            self._arrived.set()

    def standing(self, queue: str, name: str) -> tuple[float, int]:
        return self._standing.get((queue, name), (MU0 if self.by_mu else INITIAL_RATING, 0))

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
        if self._playing[session.name] >= self.max_matches_per_bot:
            self._freed[session.name] = asyncio.get_running_loop().time()
        self._playing[session.name] -= 1
        if self._playing[session.name] <= 0:
            del self._playing[session.name]
            if not any(s.name == session.name for s in self._waiting):
                self._freed.pop(session.name, None)
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

    # -- forming matches ----------------------------------------------------------------------

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while not self._stopped:
            wake = self.form(loop.time())
            sleep: float | None = (_MAX_SLEEP if wake is None
                                   else min(_MAX_SLEEP, wake - loop.time()))
            if not self._waiting:
                sleep = None  # nothing can change before an arrival or a release
            if sleep is None or sleep > 0:
                try:
                    async with asyncio.timeout(sleep):
                        await self._arrived.wait()
                except TimeoutError:
                    pass
            self._arrived.clear()

    def form(self, now: float) -> float | None:
        """Start every match the policy forms at ``now``; return when to plan again
        (None: not before someone arrives)."""
        wakes: list[float] = []
        formed = True
        while formed and not self._stopped:
            formed = False
            wakes = []
            for queue in self._by_longest_wait():
                result = self._plan(queue, now)
                if result is None:
                    continue
                groups, avoided, wake = result
                if wake is not None:
                    wakes.append(wake)
                if avoided and self._metrics is not None:
                    self._metrics.rematches_avoided.labels(queue).inc(avoided)
                for group in groups:
                    self._seat(queue, group, now)
                    formed = True
        return min(wakes) if wakes else None

    def _eligible(self, queue: str) -> list[tuple[BotSession, float]]:
        """The sessions of ``queue`` that may be seated now, each with the time it has
        waited since (its arrival, or its bot's last free slot if that came later)."""
        return [
            (session, max(since, self._freed.get(session.name, since)))
            for session, (since, queues) in self._waiting.items()
            if queue in queues and session.state is SessionState.WAITING
            and self._playing[session.name] < self.max_matches_per_bot
        ]

    def _by_longest_wait(self) -> list[str]:
        oldest: dict[str, float] = {}
        for since, queues in self._waiting.values():
            for queue in queues:
                if queue in self.policies and since < oldest.get(queue, float("inf")):
                    oldest[queue] = since
        order = list(self.policies)
        return sorted(oldest, key=lambda q: (oldest[q], order.index(q)))

    def _plan(self, queue: str, now: float) -> tuple[
        list[list[BotSession]], int, float | None
    ] | None:
        eligible = self._eligible(queue)
        if not eligible:
            return None
        policy = self.policies[queue]
        self._recent[queue] = recent = forget_cooled(policy, self._recent[queue], now)
        waiting = []
        for session, since in eligible:
            rating, games = self.standing(queue, session.name)
            waiting.append(Waiting(session, session.name, rating, games, since))
        result = plan(policy, waiting, now, recent)
        groups = []
        for group in result.groups:
            sessions = [w.key for w in group]
            assert all(isinstance(s, BotSession) for s in sessions)
            groups.append([s for s in sessions if isinstance(s, BotSession)])
            if self._metrics is not None:
                self._metrics.match_spread.labels(queue).observe(spread_of(group))
        return groups, result.avoided, result.wake

    def _seat(self, queue: str, group: list[BotSession], now: float) -> None:
        for session in group:
            queued, _ = self._waiting.pop(session)
            session.seated()
            if self._metrics is not None:
                self._metrics.queue_wait.labels(queue).observe(now - queued)
            self._playing[session.name] += 1
        self._recent[queue][lineup(s.name for s in group)] = now
        self._count()
        self._start_match(queue, group)

    def _count(self) -> None:
        if self._metrics is not None:
            self._metrics.waiting_bots.set(len(self._waiting))
