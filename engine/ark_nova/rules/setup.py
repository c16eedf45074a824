"""Setup for 1-4 players (spec 3, solo spec 17), ending with each player's draft of 4 of
8 cards.

Maps: the ``map`` option's map for everyone, or with ``random`` a different advanced map
per seat, drawn from the state's rng. Solo: 3 base projects and no blocking (as for 3
players), no break token but the turn clock, final scoring card 009 removed, starting
appeal by difficulty. The draft is sequential from the start player; the discarded cards
stay face down until everyone has chosen (then they go to the discard pile and the
display is revealed), so no seat learns another's choice early.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ark_nova.map.buildings import ENC_T, KIOSK_T, Footprint, footprints
from engine.ark_nova.map.maps import ADVANCED_MAPS, MapData, load_map
from engine.ark_nova.model.params import RANDOM_MAP
from engine.ark_nova.model.state import BLOCKED, BONUS_TILES, FREE, Player, State
from engine.ark_nova.model.steps import Ask, Option, Step
from engine.ark_nova.rules import solo, zoo
from engine.ark_nova.rules.turn import StartTurn

BREAK_LENGTH = {1: 0, 2: 9, 3: 12, 4: 15}  # solo: no break token (spec 17)
DRAFT_DRAW, DRAFT_KEEP = 8, 4


def _start_buildings(p: Player) -> None:
    for b in p.map.start_buildings:
        code = KIOSK_T if b.building == "kiosk" else ENC_T[int(b.building.split("-")[1])]
        shape = zoo.TYPES[code].shape
        fp: Footprint = next(f for f in footprints(p.map, shape)
                             if sorted(f.p.cells) == sorted(b.cells))
        zoo.add_building(p, code, fp)


def seat_maps(s: State) -> list[MapData]:
    """Each seat's map: the chosen one, or distinct random advanced maps (spec 3.2 A)."""
    if s.params.map_id != RANDOM_MAP:
        return [load_map(s.params.map_id)] * s.n
    pool = list(ADVANCED_MAPS)
    s.rng.shuffle(pool)
    return [load_map(m) for m in pool[: s.n]]


def setup(s: State) -> None:
    n = s.n
    rng = s.rng
    cards = s.cards
    maps = seat_maps(s)
    s.break_len = BREAK_LENGTH[n]
    if solo.is_solo(s):
        solo.start_clock(s)
    tiles = list(BONUS_TILES)
    rng.shuffle(tiles)
    s.tiles5, s.tiles8 = tiles[:2], tiles[2:4]
    s.deck = list(cards.zoo_cards)
    rng.shuffle(s.deck)
    s.display = [s.deck.pop() for _ in range(6)]
    base = list(cards.base_projects)
    rng.shuffle(base)
    shown = 4 if n == 4 else 3
    s.base_row, s.unused_base = base[:shown], base[shown:]
    for i, c in enumerate(s.base_row):
        s.levels[c] = [FREE, FREE, FREE]
        if n == 2:
            s.levels[c][i] = BLOCKED
    s.final_deck = solo.final_scoring_cards(cards.finals, n)
    rng.shuffle(s.final_deck)
    s.start_player = rng.randrange(n)
    s.players = [Player(m) for m in maps]
    for k in range(n):
        seat = (s.start_player + k) % n
        p = s.players[seat]
        p.appeal = s.params.solo_appeal if solo.is_solo(s) else k
        others = [1, 2, 3, 4]
        rng.shuffle(others)
        p.order = [0, *others]
        _start_buildings(p)
        p.finals = [s.final_deck.pop(), s.final_deck.pop()]
    for k in range(n):
        seat = (s.start_player + k) % n
        p = s.players[seat]
        p.limbo = [s.deck.pop() for _ in range(DRAFT_DRAW)]
    s.steps.append(DraftDone())
    for k in reversed(range(n)):
        s.steps.append(DraftKeep((s.start_player + k) % n, DRAFT_KEEP))


@dataclass(frozen=True, slots=True)
class DraftKeep(Ask):
    """Spec 3.2 F: keep 4 of the 8 dealt cards, one at a time."""

    seat: int
    left: int
    kind = "KEEP_STARTING_CARD"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [KeepStartingCard.of(c) for c in sorted(s.players[seat].limbo)]


@dataclass(frozen=True, slots=True)
class KeepStartingCard(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, DraftKeep)
        p = s.players[seat]
        p.limbo.remove(self.card)
        p.hand.append(self.card)
        if step.left > 1:
            s.steps.append(DraftKeep(seat, step.left - 1))
        else:
            s.draft_discards.extend(sorted(p.limbo))
            p.limbo.clear()

    def describe(self, s: State, seat: int) -> str:
        return f"keep {s.cards[self.card].name}"


@dataclass(frozen=True, slots=True)
class DraftDone(Step):
    """Everyone has chosen: discards go face up, the display is revealed, play starts."""

    def run(self, s: State) -> None:
        s.discard.extend(s.draft_discards)
        s.draft_discards = []
        s.steps.append(StartTurn(s.start_player))
