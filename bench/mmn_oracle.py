"""Monster My Neighbor: the boss told who holds the Monster, an upper bound on what any
belief of the holder can add to it.

For measurement only. Inside :func:`oracle` every observation a state hands out is
remembered with the seat that truly holds the Monster, and the boss's sample puts the
Monster in that hand instead of drawing its holder from the belief. No bot may do this;
the point is to learn how much a perfect belief would be worth before working on one.
Everything else about the sample (the other hidden cards, the Monster's kind) is drawn
as usual. Takes the arguments of :mod:`bench.strength` (its worker processes are forked,
so they inherit the oracle)::

    python -m bench.mmn_oracle --game monster-my-neighbor --players 5 --bot boss \\
        --against heuristic --games 150 --seed 7000 --workers 2 --record FILE

then ``python -m bench.paired BASELINE FILE`` against the boss's record on the same seed.
``--kinds CHOOSE_TARGET,...`` tells the holder only at decisions of those kinds (the
observation's pending decision), to learn which decisions the knowledge is worth most at.
"""

from __future__ import annotations

import argparse
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

import engine.monster_my_neighbor.determinize as determinize
from engine.core import GameRng
from engine.monster_my_neighbor.game_state import MonsterState
from engine.monster_my_neighbor.observation import Observation

# Observations remembered at once: a boss decision's rollouts hand out a few thousand,
# and the one the boss decides on must still be here when it samples.
REMEMBERED = 50_000


def true_holder(state: MonsterState) -> int:
    """The seat holding the round's Monster, -1 when no hand holds it."""
    s = state.s
    return next((q for q, hand in enumerate(s.hands) if hand[s.round_monster]), -1)


@contextmanager
def oracle(kinds: frozenset[str] | None = None) -> Iterator[None]:
    """While inside, a sample drawn from an observation a real state gave out puts the
    Monster with its true holder (only at decisions of ``kinds``, when given)."""
    seen: OrderedDict[int, tuple[Observation, int]] = OrderedDict()
    observe, draw = MonsterState.observation, determinize._monster_holder

    def observation(self: MonsterState, seat: int) -> Observation:
        obs = observe(self, seat)
        seen[id(obs)] = (obs, true_holder(self))
        while len(seen) > REMEMBERED:
            seen.popitem(last=False)
        return obs

    def holder(obs: Observation, free: list[int], rng: GameRng,
               belief_of: determinize.Belief) -> int:
        known = seen.get(id(obs))
        if kinds is not None and obs.pending_kind not in kinds:
            known = None
        if known is not None and known[0] is obs and known[1] >= 0 and free[known[1]]:
            return known[1]
        return draw(obs, free, rng, belief_of)

    MonsterState.observation = observation  # type: ignore[method-assign]
    determinize._monster_holder = holder
    try:
        yield
    finally:
        MonsterState.observation = observe  # type: ignore[method-assign]
        determinize._monster_holder = draw


def main(argv: list[str] | None = None) -> None:
    from bench.strength import main as strength

    parser = argparse.ArgumentParser(prog="python -m bench.mmn_oracle", add_help=False)
    parser.add_argument("--kinds", help="tell the holder only at these decision kinds "
                        "(comma-separated, e.g. CHOOSE_TARGET)")
    args, rest = parser.parse_known_args(argv)
    kinds = frozenset(args.kinds.split(",")) if args.kinds else None
    with oracle(kinds):
        strength(rest)


if __name__ == "__main__":
    main()
