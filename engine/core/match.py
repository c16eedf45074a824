"""Driving one match: built-in bots decide in-process, other seats are asked from outside.

:class:`MatchSession` is the single loop every runner uses. With only built-in bots it
plays a whole match with no I/O (the evaluation fast path); with external seats it stops
whenever one of them owes a decision, and resumes when the answer is submitted.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from engine.core.bot import Bot
from engine.core.errors import IllegalChoice, NotYourTurn
from engine.core.game import GameConfig, GameState
from engine.core.registry import get_game
from engine.core.replay import Replay
from engine.core.result import Result
from engine.core.rng import GameRng


def bot_seed(match_seed: int, seat: int) -> int:
    """The seed of a built-in bot's private stream: fixed by match seed and seat."""
    return (match_seed * 1_000_003 + 7_919 * (seat + 1)) & 0xFFFF_FFFF_FFFF


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """A finished match: its result, the replay that reproduces it, and counters."""

    result: Result
    replay: Replay
    decisions: int
    builtin_seconds: float


class MatchSession:
    """One match in progress. ``seats[i]`` is a built-in :class:`Bot` or ``None`` for an
    external seat (a remote bot reached through the gateway)."""

    def __init__(
        self,
        game_id: str,
        config: GameConfig,
        seed: int,
        seats: Sequence[Bot | None],
        labels: Sequence[str] | None = None,
    ) -> None:
        game = get_game(game_id)
        if len(seats) != config.players:
            raise ValueError(f"{len(seats)} seat assignments for {config.players} players")
        game.validate_config(config)
        self.game_id = game_id
        self.config = config
        self.seed = seed
        self.state: GameState = game.new_state(config, seed)
        self.seats = tuple(seats)
        self.labels = tuple(labels) if labels else tuple(
            b.name if b is not None else f"remote{i}" for i, b in enumerate(seats)
        )
        # Only built-in seats draw from their stream; an external one gets its stream
        # (the same, seeded by seat) when handed over.
        self._bot_rngs: list[GameRng | None] = [
            GameRng(bot_seed(seed, i)) if bot is not None else None
            for i, bot in enumerate(seats)
        ]
        self.choices: list[tuple[int, int]] = []
        # Set by advance() when it stopped at its time limit with built-in play left;
        # _resume holds the seats of the cut round still to decide.
        self.paused = False
        self._resume: tuple[int, ...] = ()
        self.builtin_decisions = 0
        self.builtin_seconds = 0.0

    def advance(self, until: float | None = None) -> tuple[int, ...]:
        """Let built-in bots decide until external seats are pending or the game ends.

        Returns the external seats that now owe a decision (empty when the game is over).
        With ``until`` (a :func:`time.perf_counter` value) it also stops after the first
        built-in decision that ends at or past it, with ``paused`` set and an empty
        result: call again to go on. Where the play is cut changes nothing: each built-in
        seat draws from its own stream, and the seats still pending are asked in the
        same order.
        """
        state = self.state
        # Every built-in seat has its stream (only external seats hold None).
        rngs = cast("list[GameRng]", self._bot_rngs)
        seats, clock = self.seats, time.perf_counter
        self.paused = False
        while True:
            resumed = bool(self._resume)
            if resumed:
                # The rest of the round a time limit cut short, as it would have gone.
                still = state.pending_seats()
                pending = tuple(seat for seat in self._resume if seat in still)
                self._resume = ()
            else:
                pending = state.pending_seats()
                if not pending:
                    return ()
            progressed = False
            for position, seat in enumerate(pending):
                bot = seats[seat]
                if bot is None:
                    continue
                t0 = clock()
                # Observations are built only for bots that read them (random does not).
                observation = state.observation(seat) if bot.needs_observation else None
                index = bot.choose(observation, state.decision(seat), rngs[seat])
                t1 = clock()
                self.builtin_seconds += t1 - t0
                self.builtin_decisions += 1
                self._apply(seat, index)
                progressed = True
                if until is not None and t1 >= until and not state.is_terminal():
                    self._resume = pending[position + 1:]
                    self.paused = True
                    return ()
            if not progressed and not resumed:
                return pending

    def hand_over(self, seat: int, bot: Bot) -> None:
        """Give an external seat to the built-in ``bot`` for the rest of the match (a
        remote bot that forfeited). The seat keeps its label; the bot decides from the
        next :meth:`advance` on, with the seat's own private stream."""
        if self.seats[seat] is not None:
            raise NotYourTurn(f"seat {seat} is already played by a built-in bot")
        self.seats = (*self.seats[:seat], bot, *self.seats[seat + 1:])
        self._bot_rngs[seat] = GameRng(bot_seed(self.seed, seat))

    def submit(self, seat: int, index: int) -> None:
        """Apply an external seat's choice. Raises IllegalChoice (state unchanged)."""
        if self.seats[seat] is not None:
            raise NotYourTurn(f"seat {seat} is played by a built-in bot")
        self._apply(seat, index)

    def _apply(self, seat: int, index: int) -> None:
        if not isinstance(index, int) or isinstance(index, bool):
            raise IllegalChoice(f"option index must be an integer, got {index!r}")
        self.state.apply(seat, index)
        self.choices.append((seat, index))

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def replay(self) -> Replay:
        result = self.state.result() if self.state.is_terminal() else None
        return Replay(
            self.game_id, self.config, self.seed, tuple(self.choices), result, self.labels
        )

    def outcome(self) -> MatchOutcome:
        return MatchOutcome(
            self.state.result(), self.replay(), len(self.choices), self.builtin_seconds
        )


def play_match(
    game_id: str, config: GameConfig, seed: int, bots: Sequence[Bot]
) -> MatchOutcome:
    """Play a whole match between built-in bots, in-process."""
    session = MatchSession(game_id, config, seed, bots)
    if session.advance():
        raise RuntimeError("a built-in match stopped on an external seat")
    return session.outcome()
