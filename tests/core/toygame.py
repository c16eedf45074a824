"""Toy Duel: a tiny hidden-hand game that exercises the core the way a real game does.

Not a product game: tests install it through the ``tabletop_arena.games`` entry point
(a ``.dist-info`` directory on the path) to show that a new game needs no edit in
``engine/core`` or ``services/``, and use it to test the step driver, determinization
and the ``mcts`` bot on something small.

Rules: nine cards 1..9; each of 2-4 players is dealt three, face down. Three rounds: all
players choose a card at once (a simultaneous decision), then reveal; the highest card
played by exactly one player scores a point (no unique card: nobody scores). Most
points wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import (
    ConfigError,
    Decision,
    Game,
    GameConfig,
    GameInfo,
    GameRng,
    GameState,
    NotYourTurn,
    Option,
    Result,
    Search,
)
from engine.toolkit import flow

CARDS = tuple(range(1, 10))
HAND = 3

INFO = GameInfo(
    game_id="toy-duel", name="Toy Duel", min_players=2, max_players=4,
    hidden_information=True, simultaneous_decisions=True, chance=True,
)


class State:
    """The game data."""

    __slots__ = ("asked", "asked_step", "deck", "hands", "log", "n", "played", "rng",
                 "round", "scores", "steps")

    def __init__(self, n: int, rng: GameRng) -> None:
        self.n = n
        self.rng = rng
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.played = [0] * n  # this round's hidden choice (0: not yet)
        self.scores = [0] * n
        self.round = 0
        self.log: list[tuple[int, ...]] = []  # revealed cards per round
        self.steps: list[flow.Step] = []
        self.asked: dict[int, Sequence[Option]] = {}
        self.asked_step: flow.Step | None = None

    def clone(self) -> State:
        c = State.__new__(State)
        c.n, c.rng, c.deck = self.n, self.rng.fork(), self.deck[:]
        c.hands = [h[:] for h in self.hands]
        c.played, c.scores, c.round = self.played[:], self.scores[:], self.round
        c.log, c.steps = self.log[:], self.steps[:]
        c.asked, c.asked_step = dict(self.asked), self.asked_step
        return c


# ------------------------------------------------------------------------ options and steps
@dataclass(frozen=True, slots=True)
class PlayCard(Option):
    """Choose a card of one's hand for this round."""

    card: int
    name: ClassVar[str] = "play_card"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[PlayCard]:
        return [cls.of(card) for card in sorted(set(s.hands[seat]))]

    def apply(self, s: State, seat: int) -> None:
        s.hands[seat].remove(self.card)
        s.played[seat] = self.card
        if all(s.played):
            s.steps.pop()
            s.steps.append(REVEAL)

    def describe(self, s: State, seat: int) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Choose(flow.Ask):
    """Every player who has not chosen yet picks a card, at once."""

    kind: ClassVar[str] = "PLAY_CARD"
    simultaneous: ClassVar[bool] = True

    def seats(self, s: State) -> tuple[int, ...]:
        return tuple(q for q in range(s.n) if not s.played[q])

    def options(self, s: State, seat: int) -> list[PlayCard]:
        return PlayCard.legal(s, seat)


@dataclass(frozen=True, slots=True)
class Reveal(flow.Step):
    """Show the cards and score the highest unique one."""

    def run(self, s: State) -> None:
        cards = tuple(s.played)
        unique = [c for c in cards if cards.count(c) == 1]
        if unique:
            s.scores[cards.index(max(unique))] += 1
        s.log.append(cards)
        s.played = [0] * s.n
        s.round += 1
        if s.round < HAND:
            s.steps.append(CHOOSE)


CHOOSE, REVEAL = Choose(), Reveal()


# ------------------------------------------------------------------------ observation
@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    players: int
    hand: tuple[int, ...]
    unseen: tuple[int, ...]  # sorted: the deck and every other hand, hidden choices included
    hand_sizes: tuple[int, ...]  # others counted with their hidden choice
    chosen: tuple[bool, ...]
    my_choice: int
    scores: tuple[int, ...]
    log: tuple[tuple[int, ...], ...]
    steps: tuple[flow.Step, ...]


def observe(s: State, seat: int) -> Observation:
    unseen = list(s.deck)
    for q in range(s.n):
        if q != seat:
            unseen += s.hands[q]
            if s.played[q]:
                unseen.append(s.played[q])
    return Observation(
        seat, s.n, tuple(sorted(s.hands[seat])), tuple(sorted(unseen)),
        tuple(len(h) + (1 if s.played[q] and q != seat else 0) for q, h in enumerate(s.hands)),
        tuple(bool(p) for p in s.played), s.played[seat], tuple(s.scores), tuple(s.log),
        tuple(s.steps),
    )


def sample(obs: Observation, rng: GameRng) -> ToyState:
    """Deal the unseen cards at random; others' hidden choices are taken back."""
    s = State(obs.players, GameRng(rng.randrange(1 << 30)))
    pool = list(obs.unseen)
    rng.shuffle(pool)
    for q in range(obs.players):
        if q == obs.seat:
            s.hands[q] = list(obs.hand)
            s.played[q] = obs.my_choice
        else:
            s.hands[q] = [pool.pop() for _ in range(obs.hand_sizes[q])]
    s.deck = pool
    s.scores, s.log, s.round = list(obs.scores), list(obs.log), len(obs.log)
    s.steps = list(obs.steps)
    flow.advance(s)
    return ToyState(s)


# ------------------------------------------------------------------------ the GameState
class ToyState(GameState):
    __slots__ = ("s",)

    def __init__(self, s: State) -> None:
        self.s = s

    def pending_seats(self) -> tuple[int, ...]:
        return tuple(sorted(self.s.asked))

    def decision(self, seat: int) -> Decision:
        options = self.s.asked.get(seat)
        if options is None:
            raise NotYourTurn(f"seat {seat} owes no decision")
        step = self.s.asked_step
        assert isinstance(step, flow.Ask)
        return Decision(seat, step.kind_for(self.s, seat), options)

    def apply(self, seat: int, index: int) -> None:
        flow.choose(self.s, seat, index)

    def observation(self, seat: int) -> Observation:
        return observe(self.s, seat)

    def is_terminal(self) -> bool:
        return not self.s.steps

    def result(self) -> Result:
        return Result.from_scores(self.s.scores)

    def clone(self) -> ToyState:
        return ToyState(self.s.clone())

    def describe_option(self, seat: int, index: int) -> str:
        return self.s.asked[seat][index].describe(self.s, seat)


def validate_config(config: GameConfig) -> None:
    if not INFO.min_players <= config.players <= INFO.max_players:
        raise ConfigError(f"toy-duel needs 2 to 4 players, got {config.players}")
    if config.options:
        raise ConfigError(f"toy-duel has no options, got {sorted(config.options)}")


def new_state(config: GameConfig, seed: int) -> ToyState:
    validate_config(config)
    s = State(config.players, GameRng(seed))
    s.deck = list(CARDS)
    s.rng.shuffle(s.deck)
    for q in range(s.n):
        s.hands[q] = [s.deck.pop() for _ in range(HAND)]
    s.steps.append(CHOOSE)
    flow.advance(s)
    return ToyState(s)


def to_json(obs: Observation) -> dict[str, Any]:
    return {"seat": obs.seat, "hand": list(obs.hand), "scores": list(obs.scores)}


GAME = Game(
    info=INFO,
    new_state=new_state,
    validate_config=validate_config,
    observation_to_json=to_json,
    search=Search(sample=sample, defaults={"iterations": 60}),
)
