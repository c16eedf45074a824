"""The :class:`engine.core.GameState` of Epic Resort: a thin shell over ``State`` that
delegates to the step driver (:mod:`engine.toolkit.flow`), the observation gate and the
option types' own labels."""

from __future__ import annotations

from engine.core.decision import Decision
from engine.core.errors import ConfigError, NotYourTurn
from engine.core.game import GameConfig, ShellState
from engine.core.result import Result, competition_ranks
from engine.core.rng import GameRng
from engine.epic_resort.cards import load_cards
from engine.epic_resort.events import describe_event
from engine.epic_resort.observation import Observation, observe
from engine.epic_resort.params import make_params
from engine.epic_resort.season import score_parts
from engine.epic_resort.setup import SKILLED_PILES, setup
from engine.epic_resort.state import State
from engine.toolkit import flow
from engine.toolkit.checks import check_players


class EpicResortState(ShellState):
    __slots__ = ()
    s: State

    @classmethod
    def new(cls, config: GameConfig, seed: int) -> EpicResortState:
        validate_config(config)
        s = State(load_cards(config.cards), make_params(config.options), config.players,
                  GameRng(seed))
        setup(s)
        flow.advance(s)
        return cls(s)

    def pending_seats(self) -> tuple[int, ...]:
        asked = self.s.asked
        return tuple(sorted(asked)) if len(asked) > 1 else tuple(asked)

    def decision(self, seat: int) -> Decision:
        s = self.s
        options = s.asked.get(seat)
        if options is None:
            raise NotYourTurn(f"seat {seat} owes no decision now")
        step = s.asked_step
        assert isinstance(step, flow.Ask)
        return Decision(seat, step.kind_for(s, seat), options)

    def apply(self, seat: int, index: int) -> None:
        flow.choose(self.s, seat, index)

    def observation(self, seat: int) -> Observation:
        return observe(self.s, seat)

    def result(self) -> Result:
        return final_result(self.s)

    def public_log(self) -> tuple[str, ...]:
        return tuple(describe_event(self.s.cards, ev) for ev in self.s.log)


def tiebreak_key(s: State, seat: int) -> tuple[int, ...]:
    """Score then the spec 10.2 tie-breaks (or the IT chain of option ``final_tiebreak``)."""
    hero_vp, att_vp, resting = score_parts(s, seat)
    p = s.players[seat]
    order = s.hm_order()
    parts = [hero_vp + att_vp + resting]
    for rule in s.params.final_tiebreak:
        if rule == "hero_vp":
            parts.append(hero_vp)
        elif rule == "attraction_vp":
            parts.append(att_vp)
        elif rule == "flair":
            parts.append(p.flair)
        elif rule == "rested_hero_count":
            parts.append(len(p.scored))
        elif rule == "attraction_count":
            parts.append(sum(len(sl.stack) for sl in p.slots))
        elif rule == "harbormaster_order":
            parts.append(-order.index(seat))
    return tuple(parts)


def final_result(s: State) -> Result:
    if not s.terminal:
        raise RuntimeError("the game is not over")
    keys = [tiebreak_key(s, seat) for seat in range(s.n)]
    details = {
        "seasons": s.season,
        "hero_vp": [score_parts(s, i)[0] for i in range(s.n)],
        "attraction_vp": [score_parts(s, i)[1] for i in range(s.n)],
        "resort_heroes": [score_parts(s, i)[2] for i in range(s.n)],
        "flair": [p.flair for p in s.players],
        "harbormaster": s.hm,
        "tiebreak_keys": [list(k) for k in keys],
    }
    return Result(tuple(float(k[0]) for k in keys), competition_ranks(keys), details)


def validate_config(config: GameConfig) -> None:
    check_players("epic-resort", config.players, 2, 4)
    params = make_params(config.options)
    cards = load_cards(config.cards)
    if params.first_game_workers and len(cards.first_game_skilled.get(config.players, ())) \
            != SKILLED_PILES[config.players]:
        raise ConfigError(
            f"option first_game_workers: the card file gives no first-game set of "
            f"{SKILLED_PILES[config.players]} skilled piles for {config.players} players "
            "(constants.first_game_skilled_piles)")


def new_state(config: GameConfig, seed: int) -> EpicResortState:
    return EpicResortState.new(config, seed)
