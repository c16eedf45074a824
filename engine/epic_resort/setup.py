"""Setup (spec 2): draft piles, worker piles, the main deck and dock, the monster deck,
starting decks, the first Harbormaster, and each player's starting layout."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.option import Option
from engine.epic_resort.card_defs import ATTACK, DOUBLE_ATTACK, CardSet
from engine.epic_resort.season import DOCK_SIZE, SEASON
from engine.epic_resort.state import State
from engine.epic_resort.steps import SeatAsk

SKILLED_PILES = {2: 4, 3: 4, 4: 5}
MARKS = {2: ("2+",), 3: ("2+", "3+"), 4: ("2+", "3+", "4")}


def setup(s: State) -> None:
    """Spec 2. Leaves a starting-layout decision for every seat, then the first season."""
    cards: CardSet = s.cards
    rng = s.rng
    for tier in (1, 2, 3):
        pile = [i for i, a in enumerate(cards.attractions) if a.tier == tier
                for _ in range(a.count)]
        rng.shuffle(pile)
        s.draft_piles[tier - 1] = pile
        s.draft_avail[tier - 1] = [pile.pop() for _ in range(min(2, len(pile)))]
    s.worker_piles = [[cards.day_worker, cards.workers[cards.day_worker].count, False]]
    if s.params.first_game_workers:
        skilled = list(cards.first_game_skilled[s.n])
    else:
        skilled = list(cards.skilled)
        rng.shuffle(skilled)
    for w in sorted(skilled[: SKILLED_PILES[s.n]]):
        s.worker_piles.append([w, cards.workers[w].count, False])
    deck = [c for c, (kind, _) in enumerate(cards.main_cards)
            if kind != DOUBLE_ATTACK or s.params.double_attack_cards]
    rng.shuffle(deck)
    s.main_deck = deck
    while len(s.dock) < DOCK_SIZE[s.n] and deck:
        card = deck.pop()
        if cards.main_cards[card][0] in (ATTACK, DOUBLE_ATTACK):
            deck.append(card)
            rng.shuffle(deck)
            continue
        s.dock.append(card)
    marks = MARKS[s.n] + (("X",) if s.params.x_monsters else ())
    monsters: list[int] = []
    for tier in (2, 1, 0):
        part = [c for c, (m, mark) in enumerate(cards.monster_copies)
                if mark in marks and cards.monsters[m].tier == tier]
        rng.shuffle(part)
        monsters.extend(part)
    s.monster_deck = monsters
    for p in s.players:
        p.draw = list(cards.basic_deck)
        rng.shuffle(p.draw)
    s.hm = rng.randrange(s.n)
    s.steps.append(SEASON)
    for seat in reversed(range(s.n)):
        s.steps.append(Layout(seat))


@dataclass(frozen=True, slots=True)
class Layout(SeatAsk):
    """Spec 2.7: where the two starting attractions go."""

    kind: ClassVar[str] = "STARTING_LAYOUT"
    name: ClassVar[str] = "LAYOUT"

    def options(self, s: State, seat: int) -> list[ChooseLayout]:
        return ChooseLayout.legal(s, seat)


@dataclass(frozen=True, slots=True)
class ChooseLayout(Option):
    """The starting attractions left to right (slots 0 and 1)."""

    left: int
    right: int
    name: ClassVar[str] = "layout"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[ChooseLayout]:
        a, b = s.cards.start_attractions
        return [cls.of(a, b), cls.of(b, a)]

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        p = s.players[seat]
        for i, a in enumerate((self.left, self.right)):
            p.slots[i].stack = [a]
            d = s.cards.attractions[a]
            p.slots[i].tourists = min(d.start_tourists, d.capacity)

    def describe(self, s: State, seat: int) -> str:
        atts = s.cards.attractions
        return f"{atts[self.left].name} left, {atts[self.right].name} right"
