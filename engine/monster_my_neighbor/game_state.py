"""The :class:`engine.core.GameState` of Monster My Neighbor: a thin shell over the data
(:class:`~engine.monster_my_neighbor.state.State`) that delegates to the shared flow
driver (:mod:`engine.toolkit.flow`), the observation gate and the option types' own
labels."""

from __future__ import annotations

from engine.core import Decision, GameRng, NotYourTurn, Result, ShellState
from engine.monster_my_neighbor import observation as observe
from engine.monster_my_neighbor.cards import CardSet
from engine.monster_my_neighbor.effects import PROCEED
from engine.monster_my_neighbor.options import KIND_NAMES
from engine.monster_my_neighbor.scoring import final_result
from engine.monster_my_neighbor.setup import setup_game
from engine.monster_my_neighbor.state import State
from engine.toolkit import flow


class MonsterState(ShellState):
    """One game of Monster My Neighbor."""

    __slots__ = ()
    s: State

    @classmethod
    def new(cls, cards: CardSet, players: int, seed: int, rounds: int | None = None
            ) -> MonsterState:
        s = State(cards, players, GameRng(seed), rounds if rounds is not None else cards.rounds)
        setup_game(s)
        s.steps.append(PROCEED)
        flow.advance(s)
        return cls(s)

    def pending_seats(self) -> tuple[int, ...]:
        seats = self.s.asked
        return tuple(sorted(seats)) if len(seats) > 1 else tuple(seats)

    def decision(self, seat: int) -> Decision:
        s = self.s
        options = s.asked.get(seat)
        if options is None:
            raise NotYourTurn(f"seat {seat} owes no decision")
        return Decision(seat, KIND_NAMES[s.asked_step.code], options)  # type: ignore[union-attr]

    def apply(self, seat: int, index: int) -> None:
        flow.choose(self.s, seat, index)

    def observation(self, seat: int) -> observe.Observation:
        return observe.build(self.s, seat)

    def result(self) -> Result:
        if not self.s.terminal:
            raise RuntimeError("the game is not over")
        return final_result(self.s)

    def public_log(self) -> tuple[str, ...]:
        return tuple(observe.describe_event(self.s.cards, e) for e in self.s.public_events)
