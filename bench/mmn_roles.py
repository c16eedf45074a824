"""Monster My Neighbor: what one seat was in each round, to see where a bot's points come
from.

Plays the matches of :mod:`bench.strength` (match ``i``: deal ``--seed + i``, the bot in
seat ``i % players``, ``--against`` in every other seat) and counts, over every round of
them, what the bot's seat was when the round ended (§8):

- ``monster played`` / ``monster caught``: it held the Monster;
- ``catcher``: its Hunter or Dog caught the Monster (a Friend's catch scores 0, §8);
- ``friend, played`` / ``friend, caught``: it had played a Friend;
- ``bystander, caught`` (1 VP) / ``bystander, played`` (0 VP).

Run it once with ``--bot heuristic`` for the table's own baseline on the same deals::

    python -m bench.mmn_roles --bot boss --against heuristic --games 300 --seed 7000
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench.strength import Task, seated_result
from engine.toolkit.bots import make_bot

GAME = "monster-my-neighbor"
ROLES = (
    "monster played", "monster caught", "catcher", "friend, played", "friend, caught",
    "bystander, caught", "bystander, played",
)


def seat_role(summary: Mapping[str, Any], seat: int) -> str:
    """The seat's role in one round, from the result's round summary."""
    played = summary["ending"] == "played"
    if summary["monster_seat"] == seat:
        return "monster played" if played else "monster caught"
    if summary["catcher_seat"] == seat:
        return "catcher"
    scored = summary["vp_awarded"][seat] > 0
    if played:  # only the Monster and its Friends score when it is played
        return "friend, played" if scored else "bystander, played"
    return "bystander, caught" if scored else "friend, caught"


def match_roles(bot: str, against: str, players: int, seed: int, index: int
                ) -> tuple[list[str], int]:
    """The bot's role in each round of match ``index`` (seated as by
    :mod:`bench.strength`) and its final VP."""
    task = Task(GAME, players, bot, against, index, seed)
    seat = index % players
    result = seated_result(task, make_bot(GAME, bot))
    roles = [seat_role(r, seat) for r in result.details["rounds"]]
    return roles, int(result.scores[seat])


def tally(matches: list[tuple[list[str], int]]) -> tuple[Counter[str], float]:
    """Role counts over every round, and the mean final VP per match."""
    counts: Counter[str] = Counter()
    for roles, _ in matches:
        counts.update(roles)
    return counts, sum(vp for _, vp in matches) / max(len(matches), 1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.mmn_roles", description=__doc__)
    parser.add_argument("--bot", default="boss")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    make_bot(GAME, args.bot)
    make_bot(GAME, args.against)
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(match_roles, args.bot, args.against, args.players, args.seed, i)
                   for i in range(args.games)]
        matches = [f.result() for f in futures]
    counts, mean_vp = tally(matches)
    rounds = sum(counts.values())
    print(f"{args.bot} in one seat vs {args.against}, {args.players}p, {args.games} matches "
          f"(--seed {args.seed}), {rounds} rounds, mean final VP {mean_vp:.2f}")
    for role in ROLES:
        print(f"  {role:<18} {100 * counts[role] / max(rounds, 1):5.1f}% of rounds")


if __name__ == "__main__":
    main()
