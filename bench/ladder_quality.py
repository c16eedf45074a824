"""Ladder quality: how many games per bot until a ladder's order is right.

**Simulation.** 16 bots with fixed true strengths 40 Elo apart; a match's finishing
order is drawn from them (Plackett-Luce with weights ``10^(strength/400)``: for two
players, exactly the Elo win probability). Matches last a random 0.5-1.5 time units, and
each bot comes back to the queue up to ``--requeue`` units after its match ends (0.02 by
default, as quickly as a bot's next request follows the end of a match in the gateway;
a contrast line gives 1, bots of one match coming back apart). Two policies:

- ``fifo_elo``: first-come pairing (the first ``players`` bots waiting form a match)
  and the ladder ordered by Elo (the store's update, K = 32);
- ``rating_skill``: matchmaking by rating proximity (:mod:`services.matchmaking.policy`,
  the gateway's and the league's, on each bot's mu: see :data:`SIM_POLICY`) and the
  ladder ordered by skill, mu - 3 sigma (:mod:`services.ladder.skill`).

Both ratings are updated after every match, whatever the policy, so each run also
measures the other orders. For each, the games per bot (seats played / 16) until the
order first reaches Kendall tau >= 0.9 with the true order; the median of 20 runs. One
line per player count, ``ladder quality: bots=16 players=P fifo_elo=A rating_skill=B
ratio=R`` (R = B / A), then an indented line with the other combinations: the skill
order by mu alone, each policy with the other rating, and the median sigma of the
rating_skill ladder when it first reached the target; then the contrast line.

**Real bots.** ``--real-matches``: built-in bots of a known order play a fixed number of
matches, paired by the same policy, into an in-process ladder; the final order by skill
and by Elo and its tau with the known order. Bounded by ``--real-seconds``.
"""

from __future__ import annotations

import argparse
import heapq
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from services.ladder.elo import DEFAULT_K, INITIAL_RATING, match_deltas, round_rating
from services.ladder.skill import MU0, SIGMA0, rate_ladder_match, skill
from services.matchmaking.policy import Lineup, Policy, Waiting, lineup, plan

BOTS = 16
STEP = 40.0  # true Elo between neighbours
RUNS = 20
TARGET = 0.9
MAX_GAMES = 400  # per bot: a run that has not reached the target by then counts this
# The proximity policy in the simulation, on the mu scale (a 40 Elo step is about 1.4
# mu once ratings settle; a match lasts 0.5-1.5 time units): a group within 3 mu, the
# window widening by 3 mu per unit waited and fully after one unit; the same line-up
# does not meet again within one unit.
SIM_POLICY = {"spread": 3.0, "widen": 3.0, "full_after": 1.0, "cooldown": 1.0}
ORDERS = ("elo", "skill", "mu")
# How long after its match a bot comes back to the queue, at most, in time units (a
# match lasts 0.5-1.5). Headline: 0.02, a bot's next request following the end of its
# match quickly, as in the gateway (milliseconds against matches of seconds or more):
# the bots of one match come back nearly together. Contrast: 1, bots come back apart.
REQUEUE = 0.02
MIXED_REQUEUE = 1.0

# (waiting bots in arrival order, now, recent line-ups) -> the groups to start now, and
# when to ask again if nothing else happens (None: not before a bot arrives)
Pairing = Callable[[list[Waiting], float, dict[Lineup, float]],
                   tuple[list[tuple[Waiting, ...]], float | None]]


def kendall_tau(ranked: Sequence[int], strength: Sequence[float]) -> float:
    """Kendall tau between the order ``ranked`` (bot indices, best first) and the order
    of the true ``strength`` (no ties)."""
    place = {bot: i for i, bot in enumerate(ranked)}
    concordant = discordant = 0
    for a in range(len(strength)):
        for b in range(a + 1, len(strength)):
            agree = (place[a] < place[b]) == (strength[a] > strength[b])
            concordant += agree
            discordant += not agree
    return (concordant - discordant) / (concordant + discordant)


def draw_order(rng: random.Random, strengths: Sequence[float]) -> list[int]:
    """Finishing ranks (1 = first) of seats with these true strengths, drawn from a
    Plackett-Luce model with weights ``10^(strength/400)``."""
    weights = [10 ** (s / 400) for s in strengths]
    left = list(range(len(strengths)))
    ranks = [0] * len(strengths)
    for place in range(1, len(strengths) + 1):
        pick = rng.choices(left, weights=[weights[i] for i in left])[0]
        ranks[pick] = place
        left.remove(pick)
    return ranks


def fifo(players: int) -> Pairing:
    """First come, first seated: the longest-waiting ``players`` bots form a match."""

    def pair(waiting: list[Waiting], now: float,
             recent: dict[Lineup, float]) -> tuple[list[tuple[Waiting, ...]], float | None]:
        return [tuple(waiting[i:i + players])
                for i in range(0, len(waiting) - players + 1, players)], None

    return pair


def proximity(players: int, **settings: float) -> Pairing:
    """The matchmaking policy's :func:`~services.matchmaking.policy.plan` (full matches
    only: a simulated ladder has no fill bots)."""
    policy = Policy(players=players, min_bots=players, **settings)

    def pair(waiting: list[Waiting], now: float,
             recent: dict[Lineup, float]) -> tuple[list[tuple[Waiting, ...]], float | None]:
        planned = plan(policy, waiting, now, recent)
        return planned.groups, planned.wake

    return pair


@dataclass
class Ladder:
    """Both ratings of every bot, updated as the stores update them."""

    names: list[str]
    elo: dict[str, float] = field(default_factory=dict)
    skill: dict[str, tuple[float, float]] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in self.names:
            self.elo[name] = INITIAL_RATING
            self.skill[name] = (MU0, SIGMA0)
            self.games[name] = 0

    def apply(self, participants: list[str], ranks: list[int]) -> None:
        deltas = match_deltas(participants, ranks, self.elo, DEFAULT_K)
        for name, delta in deltas.items():
            self.elo[name] = round_rating(self.elo[name] + delta)
        self.skill.update(rate_ladder_match(participants, ranks, self.skill))
        for name in participants:
            self.games[name] += 1

    def order(self, by: str) -> list[str]:
        """Names best first by ``elo``, ``skill`` (mu - 3 sigma) or ``mu``."""
        def key(name: str) -> tuple[float, str]:
            mu, sigma = self.skill[name]
            value = {"elo": self.elo[name], "skill": skill(mu, sigma), "mu": mu}[by]
            return (-value, name)
        return sorted(self.names, key=key)


@dataclass
class Reached:
    """Games per bot at which each order first reached the target (None: not yet), and
    the median sigma then."""

    games: dict[str, float | None] = field(default_factory=lambda: dict.fromkeys(ORDERS))
    sigma: dict[str, float] = field(default_factory=dict)


def simulate(players: int, pairing: Pairing, seed: int, bots: int = BOTS,
             max_games: int = MAX_GAMES, requeue: float = REQUEUE) -> Reached:
    """One simulated ladder until every order reached the target or ``max_games``; a
    bot comes back to the queue up to ``requeue`` time units after its match ends."""
    rng = random.Random(seed)
    names = [f"bot{i:02d}" for i in range(bots)]
    strengths = [STEP * i for i in range(bots)]
    rng.shuffle(strengths)  # names say nothing about strength
    strength_of = dict(zip(names, strengths, strict=True))
    index = {name: i for i, name in enumerate(names)}
    ladder = Ladder(names)
    reached = Reached()
    # Events: (time, tie-break, the bots of a finished match, or the name of a bot that
    # comes back to the queue). A bot comes back 0-1 units after its match ends.
    events: list[tuple[float, int, tuple[str, ...] | str]] = []
    counter = 0
    for name in names:
        heapq.heappush(events, (rng.uniform(0.0, 1.0), counter, name))
        counter += 1
    waiting: list[Waiting] = []
    recent: dict[Lineup, float] = {}
    now, seats, wake = 0.0, 0, None
    while seats < max_games * bots:
        if events and (wake is None or events[0][0] <= wake):
            now, _, event = heapq.heappop(events)
        elif wake is not None:
            now = wake
            event = ()
        else:
            raise RuntimeError("the pairing left every bot waiting for good")
        if isinstance(event, str):
            waiting.append(Waiting(event, event, ladder.skill[event][0], ladder.games[event],
                                   now))
        elif event:
            participants = list(event)
            ranks = draw_order(rng, [strength_of[name] for name in participants])
            ladder.apply(participants, ranks)
            seats += len(participants)
            for name in participants:
                heapq.heappush(events, (now + rng.uniform(0.0, requeue), counter, name))
                counter += 1
            for by in ORDERS:
                if reached.games[by] is None:
                    ranked = [index[name] for name in ladder.order(by)]
                    if kendall_tau(ranked, strengths) >= TARGET:
                        reached.games[by] = seats / bots
                        reached.sigma[by] = statistics.median(
                            s for _, s in ladder.skill.values())
            if all(value is not None for value in reached.games.values()):
                break
        groups, wake = pairing(waiting, now, recent)
        for group in groups:
            lineup_names = tuple(w.name for w in group)
            recent[lineup(lineup_names)] = now
            heapq.heappush(events, (now + rng.uniform(0.5, 1.5), counter, lineup_names))
            counter += 1
            waiting = [w for w in waiting if w not in group]
    for by in ORDERS:
        if reached.games[by] is None:
            reached.games[by] = float(max_games)
    return reached


def medians(players: int, pairing: Pairing, runs: int, requeue: float = REQUEUE,
            ) -> tuple[dict[str, float], float]:
    """Median games per bot of each order over ``runs`` seeds, and the median sigma when
    the skill order reached the target."""
    results = [simulate(players, pairing, seed, requeue=requeue) for seed in range(runs)]
    games = {by: statistics.median(r.games[by] or MAX_GAMES for r in results)
             for by in ORDERS}
    sigma = statistics.median(r.sigma.get("skill", SIGMA0) for r in results)
    return games, sigma


def quality_lines(players: int, runs: int = RUNS, requeue: float = REQUEUE,
                  mixed: float | None = MIXED_REQUEUE) -> list[str]:
    """The headline line for ``players``, the other orders, and (unless ``mixed`` is
    None) the same comparison when bots come back up to ``mixed`` units apart."""
    fifo_games, _ = medians(players, fifo(players), runs, requeue)
    near_games, sigma = medians(players, proximity(players, **SIM_POLICY), runs, requeue)
    a, b = fifo_games["elo"], near_games["skill"]
    lines = [
        f"ladder quality: bots={BOTS} players={players} fifo_elo={a:g} rating_skill={b:g} "
        f"ratio={b / a:.2f}",
        f"  rating_mu={near_games['mu']:g} rating_elo={near_games['elo']:g} "
        f"fifo_skill={fifo_games['skill']:g} fifo_mu={fifo_games['mu']:g} "
        f"(median sigma at the target: {sigma:.2f})",
    ]
    if mixed is not None:
        fifo_mixed, _ = medians(players, fifo(players), runs, mixed)
        near_mixed, _ = medians(players, proximity(players, **SIM_POLICY), runs, mixed)
        a, b = fifo_mixed["elo"], near_mixed["skill"]
        lines.append(f"  requeue={mixed:g} (bots come back apart): fifo_elo={a:g} "
                     f"rating_skill={b:g} ratio={b / a:.2f} rating_mu={near_mixed['mu']:g}")
    return lines


# --- real bots ---------------------------------------------------------------------------

# Built-in bots of a known order, weakest first: greedy beats random, mcts at its
# default budget (48 iterations) beats greedy (docs/engine.md, Strength: 63.5% of 400),
# and a search bot with more iterations is the stronger.
REAL_GAME = "epic-resort"
REAL_BOTS = ("random", "greedy", "mcts:iterations=16", "mcts:iterations=48")


def play_real(specs: tuple[str, ...], seed: int) -> tuple[int, ...]:
    """The finishing ranks of one match of ``REAL_GAME`` between ``specs``."""
    from engine.core import GameConfig, play_match
    from engine.toolkit.bots import make_bot

    bots = [make_bot(REAL_GAME, spec) for spec in specs]
    return tuple(play_match(REAL_GAME, GameConfig(len(specs)), seed, bots).result.ranks)


def real_bots(matches: int, seconds: float, players: int = 2, seed: int = 1_000_000,
              workers: int = 2, bots: tuple[str, ...] = REAL_BOTS) -> list[str]:
    """A ladder of ``bots`` (known order, weakest first) over at most ``matches``
    matches (no new round once ``seconds`` have passed), paired by the proximity policy
    on mu with a rematch cooldown of one round, each round's matches played in
    ``workers`` processes; its final order by skill and by Elo, and their tau with the
    known order."""
    from concurrent.futures import ProcessPoolExecutor

    from services.ladder.memory_store import MemoryStore

    store = MemoryStore()
    policy = Policy(players=players, min_bots=players, spread=3.0, widen=3.0,
                    full_after=0.0, cooldown=1.5)
    rng = random.Random(seed)
    recent: dict[Lineup, float] = {}
    began = time.perf_counter()
    played = 0
    round_ = 0.0
    with ProcessPoolExecutor(workers) as pool:
        while played < matches and time.perf_counter() - began < seconds:
            entries = {e.name: e for e in store.ladder(REAL_GAME)}
            waiting = [Waiting(spec, spec, entries[spec].mu if spec in entries else MU0,
                               entries[spec].games if spec in entries else 0, round_)
                       for spec in bots]
            groups = plan(policy, waiting, round_, recent).groups[:matches - played]
            lineups: list[tuple[str, ...]] = []
            for group in groups:
                names = [w.name for w in group]
                recent[lineup(names)] = round_
                rng.shuffle(names)  # seats
                lineups.append(tuple(names))
            seeds = [seed + played + i for i in range(len(lineups))]
            for seated, ranks in zip(lineups, pool.map(play_real, lineups, seeds), strict=True):
                store.apply_match(REAL_GAME, f"m{played}", list(seated), list(ranks))
                played += 1
            round_ += 1.0
    elapsed = time.perf_counter() - began
    lines = [f"ladder quality real: game={REAL_GAME} players={players} matches={played} "
             f"seconds={elapsed:.0f}"]
    for order in ("skill", "elo"):
        ladder = store.ladder(REAL_GAME, order=order)
        ranked = [bots.index(e.name) for e in ladder]
        tau = kendall_tau(ranked, list(range(len(bots)))) if len(ranked) == len(
            bots) else float("nan")
        shown = ", ".join(
            f"{e.name} {e.mu:.1f}±{3 * e.sigma:.1f}{'?' if e.provisional else ''}"
            if order == "skill" else f"{e.name} {e.rating:.0f}" for e in ladder)
        lines.append(f"  by {order}: tau={tau:.2f} {shown}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ladder_quality",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,4", help="player counts (default 2,4)")
    parser.add_argument("--runs", type=int, default=RUNS, help="runs per policy (median)")
    parser.add_argument("--real-matches", type=int, default=100,
                        help="matches of the real-bot ladder (0: skip it)")
    parser.add_argument("--real-seconds", type=float, default=300.0,
                        help="time bound of the real-bot ladder (no new round after it)")
    parser.add_argument("--requeue", type=float, default=REQUEUE,
                        help="a bot comes back to the queue up to this many time units "
                        f"after its match (a match lasts 0.5-1.5; default {REQUEUE:g})")
    parser.add_argument("--mixed-requeue", type=float, default=MIXED_REQUEUE,
                        help="the contrast line's requeue (default "
                        f"{MIXED_REQUEUE:g}; a negative value skips the line)")
    args = parser.parse_args(argv)
    for players in (int(p) for p in args.players.split(",")):
        mixed = args.mixed_requeue if args.mixed_requeue >= 0 else None
        for line in quality_lines(players, args.runs, args.requeue, mixed):
            print(line, flush=True)
    if args.real_matches > 0:
        for line in real_bots(args.real_matches, args.real_seconds):
            print(line, flush=True)


if __name__ == "__main__":
    main()
