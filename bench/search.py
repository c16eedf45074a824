"""Search benchmark: the ``mcts`` bot's decisions per second at its default budget.

One seat is ``mcts`` with the game's default budget (``Search.defaults``), the others
are ``greedy``; seeded matches are played in-process on one core for about ``--seconds``.
Only the ``mcts`` seat's ``choose`` calls are timed. *decisions/s* counts every decision
the bot answered (one with a single option costs nothing: no search); *searched/s* counts
only those with two or more options, each of which ran the full budget.

Add a game or a seat count by adding a line to ``CASES``.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

from engine.core import GameConfig, get_game, play_match
from engine.core.decision import Decision
from engine.core.rng import GameRng
from engine.toolkit.bots import make_bot

# (game id, players, opponents' bot) measured on one core.
CASES: list[tuple[str, int, str]] = [
    ("ark-nova", 2, "greedy"),
]
BOT = "mcts"


class TimedBot:
    """Wraps a bot and sums the time of its ``choose`` calls."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.needs_observation = bot.needs_observation
        self.seconds = 0.0
        self.decisions = 0
        self.searched = 0

    def choose(self, observation: Any, decision: Decision, rng: GameRng) -> int:
        started = time.perf_counter()
        index = self.bot.choose(observation, decision, rng)
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        self.searched += len(decision.options) > 1
        return index


@dataclass(frozen=True, slots=True)
class SearchFigures:
    game_id: str
    players: int
    games: int
    decisions_per_second: float
    searched_per_second: float
    ms_per_search: float


def measure(game_id: str, players: int, against: str, seconds: float,
            min_games: int = 1) -> SearchFigures:
    """Play seeded matches (the bot's seat rotating) for about ``seconds``."""
    game = get_game(game_id)
    config = GameConfig(players, dict(game.default_options))
    timed = TimedBot(make_bot(game_id, BOT))
    games = 0
    started = time.perf_counter()
    while games < min_games or time.perf_counter() - started < seconds:
        seat = games % players
        bots = [timed if q == seat else make_bot(game_id, against) for q in range(players)]
        play_match(game_id, config, games, bots)
        games += 1
    spent = timed.seconds or 1e-9
    return SearchFigures(
        game_id, players, games, timed.decisions / spent, timed.searched / spent,
        1000 * spent / max(timed.searched, 1),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.search", description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget per case")
    args = parser.parse_args(argv)
    print(f"Search benchmark: {BOT} at its default budget in one seat, one core")
    print(f"{'game':<22}{'players':>8}{'against':>10}{'games':>7}{'decisions/s':>13}"
          f"{'searched/s':>12}{'ms/search':>11}")
    for game_id, players, against in CASES:
        fig = measure(game_id, players, against, args.seconds)
        print(f"{game_id:<22}{players:>8}{against:>10}{fig.games:>7}"
              f"{fig.decisions_per_second:>13.1f}{fig.searched_per_second:>12.1f}"
              f"{fig.ms_per_search:>11.2f}")


if __name__ == "__main__":
    main()
