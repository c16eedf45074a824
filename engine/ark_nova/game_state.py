"""The :class:`engine.core.GameState` of Ark Nova: a thin shell over ``State`` that
delegates to the rules driver, the observation gate and the decision steps' labels."""

from __future__ import annotations

from engine.ark_nova.cards.catalog import load_cards
from engine.ark_nova.model.params import make_params
from engine.ark_nova.model.state import State
from engine.ark_nova.rules import resolve  # noqa: F401  (resolve installs the effect table)
from engine.ark_nova.rules.endgame import final_result
from engine.ark_nova.rules.setup import setup
from engine.ark_nova.view.observation import Observation, observe
from engine.core.decision import Decision
from engine.core.errors import NotYourTurn
from engine.core.game import GameConfig, ShellState
from engine.core.result import Result
from engine.core.rng import GameRng
from engine.toolkit import flow
from engine.toolkit.checks import check_players


class ArkNovaState(ShellState):
    __slots__ = ()
    s: State

    @classmethod
    def new(cls, config: GameConfig, seed: int) -> ArkNovaState:
        validate_config(config)
        s = State(load_cards(config.cards), make_params(config.options), config.players,
                  GameRng(seed))
        setup(s)
        flow.advance(s)
        return cls(s)

    def pending_seats(self) -> tuple[int, ...]:
        return tuple(self.s.asked)

    def decision(self, seat: int) -> Decision:
        options = self.s.asked.get(seat)
        if options is None:
            raise NotYourTurn(f"seat {seat} owes no decision now")
        step = self.s.asked_step
        assert step is not None  # asked is filled together with asked_step
        return Decision(seat, step.kind, tuple(options))

    def apply(self, seat: int, index: int) -> None:
        flow.choose(self.s, seat, index)

    def observation(self, seat: int) -> Observation:
        return observe(self.s, seat)

    def result(self) -> Result:
        return final_result(self.s)

    def public_log(self) -> tuple[str, ...]:
        return tuple(ev.describe(self.s.cards) for ev in self.s.log)


def validate_config(config: GameConfig) -> None:
    check_players("ark-nova", config.players, 1, 4)
    make_params(config.options)
    load_cards(config.cards)


def new_state(config: GameConfig, seed: int) -> ArkNovaState:
    return ArkNovaState.new(config, seed)
