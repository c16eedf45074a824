"""Matchmaking by rating: which waiting bots of a queue play together, and when.

Pure functions of the waiting bots, the time and the line-ups played lately: no clock,
no I/O, no state of their own, so the gateway's matchmaker and a league share them and
tests drive them with a clock they control.

The rules (:func:`plan`):

- **Least-played first.** Waiting bots are taken as anchors in order of fewest games
  played in the queue's ladder, then longest waiting.
- **Rating proximity.** A match is a group around its anchor whose ratings lie within
  the spread the anchor accepts; among those, the least-played bots and then the nearest
  ratings are preferred.
- **Widening.** The accepted spread starts at ``Policy.spread`` and grows by
  ``Policy.widen`` rating points per second the anchor has waited; once it has waited
  ``Policy.full_after`` seconds any spread is accepted, so nobody waits forever.
- **Fill seats last.** A group short of ``players`` (its empty seats go to built-in fill
  bots) forms only once its anchor's window has widened fully, and only with at least
  ``Policy.min_bots`` bots.
- **No quick rematches.** The same line-up (the same set of two or more bot names) does
  not meet again within ``Policy.cooldown`` seconds of its last match; another group is
  formed instead, or the bots wait.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

# Groups tried per anchor and plan before giving up on it (a bound on the search when
# the cooldown rules out many groups; a few hundred waiting bots never reach it).
SEARCH_BUDGET = 5_000

Lineup = frozenset[str]
# What a rating is, for the callers that feed the policy: the Elo rating, or the skill's
# mean mu (``arena serve --match-rating``, the league's ``matchmaking.rating``).
MATCH_RATINGS = ("elo", "mu")


@dataclass(frozen=True, slots=True)
class Policy:
    """One queue's matchmaking settings (seconds and rating points)."""

    players: int
    min_bots: int = 1
    spread: float = 100.0
    widen: float = 50.0
    full_after: float = 0.5
    cooldown: float = 0.0

    def __post_init__(self) -> None:
        if self.players < 1:
            raise ValueError(f"a match has at least one seat, got {self.players}")
        if not 1 <= self.min_bots <= self.players:
            raise ValueError(f"min_bots must be between 1 and {self.players}, "
                             f"got {self.min_bots}")
        for name in ("spread", "widen", "full_after", "cooldown"):
            value = getattr(self, name)
            if not math.isfinite(value) or value < 0:
                raise ValueError(f"{name} must be a finite number >= 0, got {value!r}")


@dataclass(frozen=True, slots=True)
class Waiting:
    """A bot waiting in the queue: ``key`` tells entries apart (a stream), ``name`` is its
    ladder name, ``rating`` and ``games`` its standing in the queue's ladder, ``since``
    when it started waiting."""

    key: object
    name: str
    rating: float
    games: int
    since: float


@dataclass(frozen=True, slots=True)
class Plan:
    """What to do now: the ``groups`` to seat (a group shorter than ``players`` gets fill
    seats), how many of them were formed instead of a line-up still cooling down
    (``avoided``), and ``wake``, the earliest time the plan could change if nobody
    arrives or leaves (None: not before someone does)."""

    groups: list[tuple[Waiting, ...]] = field(default_factory=list)
    avoided: int = 0
    wake: float | None = None


def accepted_spread(policy: Policy, waited: float) -> float:
    """The rating spread (highest minus lowest) a bot that has waited ``waited`` seconds
    accepts in its match: infinite once the window has widened fully."""
    if waited >= policy.full_after:
        return math.inf
    return policy.spread + policy.widen * max(waited, 0.0)


def widened(policy: Policy, waited: float) -> bool:
    """Whether the window has widened fully (any spread, fill seats allowed)."""
    return waited >= policy.full_after


def lineup(names: Iterable[str]) -> Lineup:
    return frozenset(names)


def cooling(policy: Policy, recent: Mapping[Lineup, float], group: Lineup, now: float) -> bool:
    """Whether ``group`` met less than ``cooldown`` seconds before ``now`` (a line-up of
    one bot, with fill seats only, never cools)."""
    if policy.cooldown <= 0 or len(group) < 2:
        return False
    last = recent.get(group)
    return last is not None and now - last < policy.cooldown


def forget_cooled(policy: Policy, recent: Mapping[Lineup, float], now: float) -> dict[
    Lineup, float
]:
    """``recent`` without the line-ups whose cooldown is over."""
    return {group: at for group, at in recent.items() if now - at < policy.cooldown}


def spread_of(group: Sequence[Waiting]) -> float:
    """Highest minus lowest rating of a group (0 for one bot)."""
    ratings = [w.rating for w in group]
    return max(ratings) - min(ratings) if ratings else 0.0


def plan(
    policy: Policy, waiting: Sequence[Waiting], now: float,
    recent: Mapping[Lineup, float] | None = None,
) -> Plan:
    """The matches to form now from ``waiting`` (every entry free to play; a name may wait
    on several entries, it takes one seat). ``recent`` maps line-ups to the time they last
    started a match, for the cooldown. See the module docstring for the rules."""
    recent = recent or {}
    pool = sorted(waiting, key=lambda w: (w.games, w.since, w.name, id(w.key)))
    taken: set[object] = set()
    placed: set[str] = set()  # a name takes one seat per plan; plan again for more
    groups: list[tuple[Waiting, ...]] = []
    avoided = 0
    wakes: list[float] = []
    for anchor in pool:
        if anchor.key in taken or anchor.name in placed:
            continue
        free = [w for w in pool if w.key not in taken and w.name not in placed
                and w.key != anchor.key]
        waited = now - anchor.since
        allowed = accepted_spread(policy, waited)
        group, skipped = _search(policy, anchor, free, policy.players, allowed, recent, now)
        if group is None and widened(policy, waited):
            for size in range(min(policy.players - 1, _distinct(anchor, free)),
                              policy.min_bots - 1, -1):
                group, more = _search(policy, anchor, free, size, allowed, recent, now)
                skipped = skipped or more
                if group is not None:
                    break
        if group is None:
            wakes.append(_next_change(policy, anchor, free, now, recent))
            continue
        taken.update(w.key for w in group)
        placed.update(w.name for w in group)
        groups.append(group)
        avoided += skipped
    future = [at for at in wakes if at > now]
    return Plan(groups, avoided, min(future) if future else None)


def _distinct(anchor: Waiting, others: Sequence[Waiting]) -> int:
    """How many bots (distinct names) ``anchor`` and ``others`` are."""
    return len({anchor.name, *(w.name for w in others)})


def _search(
    policy: Policy, anchor: Waiting, others: Sequence[Waiting], size: int, allowed: float,
    recent: Mapping[Lineup, float], now: float,
) -> tuple[tuple[Waiting, ...] | None, bool]:
    """The preferred group of ``size`` bots around ``anchor`` within ``allowed`` spread
    whose line-up is not cooling, and whether a preferred group was passed over because
    it was."""
    ordered = sorted(
        (w for w in others if w.name != anchor.name),
        key=lambda w: (w.games, abs(w.rating - anchor.rating), w.since, w.name),
    )
    chosen = [anchor]
    names = {anchor.name}
    budget = SEARCH_BUDGET
    skipped = False

    def grow(start: int, low: float, high: float) -> tuple[Waiting, ...] | None:
        nonlocal budget, skipped
        if len(chosen) == size:
            if cooling(policy, recent, lineup(names), now):
                skipped = True
                return None
            return tuple(chosen)
        for index in range(start, len(ordered)):
            if len(ordered) - index < size - len(chosen) or budget <= 0:
                return None
            budget -= 1
            other = ordered[index]
            if other.name in names:
                continue
            new_low, new_high = min(low, other.rating), max(high, other.rating)
            if new_high - new_low > allowed:
                continue
            chosen.append(other)
            names.add(other.name)
            found = grow(index + 1, new_low, new_high)
            if found is not None:
                return found
            chosen.pop()
            names.discard(other.name)
        return None

    return grow(0, anchor.rating, anchor.rating), skipped


def _next_change(
    policy: Policy, anchor: Waiting, others: Sequence[Waiting], now: float,
    recent: Mapping[Lineup, float],
) -> float:
    """When the anchor's prospects change without arrivals: its window widens fully, the
    spread reaches what the nearest full group needs, or a cooling line-up with it
    cools down."""
    times = [anchor.since + policy.full_after]
    need = _narrowest(anchor, others, policy.players)
    if need is not None and policy.widen > 0:
        times.append(anchor.since + (need - policy.spread) / policy.widen)
    times += [at + policy.cooldown for group, at in recent.items()
              if anchor.name in group and now - at < policy.cooldown]
    return min(times)


def _narrowest(anchor: Waiting, others: Sequence[Waiting], players: int) -> float | None:
    """The smallest spread of a full group with ``anchor`` (one bot per name), or None
    if there are not enough bots."""
    best: dict[str, float] = {}
    for w in others:
        if w.name != anchor.name:
            distance = abs(w.rating - anchor.rating)
            if w.name not in best or distance < abs(best[w.name] - anchor.rating):
                best[w.name] = w.rating
    ratings = sorted([anchor.rating, *best.values()])
    if len(ratings) < players:
        return None
    at = ratings.index(anchor.rating)
    spans = [ratings[i + players - 1] - ratings[i]
             for i in range(max(0, at - players + 1), min(at, len(ratings) - players) + 1)]
    return min(spans) if spans else None
