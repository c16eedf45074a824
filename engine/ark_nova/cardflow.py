"""Card movements (spec 10): drawing with reshuffle, the display and its folders, taking
cards in reputation range, snapping, discarding and the keep-some-of-these choices."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from engine.ark_nova.options import DECK, FOLDER, PICK, STOP, Choose, Folder, Pick
from engine.ark_nova.scoring import reputation_range
from engine.ark_nova.state import State
from engine.ark_nova.steps import Decision


def draw_one(s: State) -> int:
    """Top card of the deck; an empty deck takes the shuffled discard pile (D-10).
    Returns -1 when both are empty."""
    if not s.deck:
        if not s.discard:
            return -1
        s.deck = s.discard
        s.discard = []
        s.rng.shuffle(s.deck)
    return s.deck.pop()


def draw(s: State, seat: int, n: int) -> None:
    hand = s.players[seat].hand
    for _ in range(n):
        c = draw_one(s)
        if c < 0:
            return
        hand.append(c)


def take_folder(s: State, folder: int) -> int:
    """Remove the card of ``folder`` (1..6); the gap stays until the end of the turn."""
    card = s.display[folder - 1]
    s.display[folder - 1] = -1
    s.display_dirty = True
    return card


def refill_display(s: State) -> None:
    """Slide cards towards folder 1 keeping their order, fill from the deck (spec 10.3)."""
    cards = [c for c in s.display if c >= 0]
    while len(cards) < 6:
        c = draw_one(s)
        if c < 0:
            break
        cards.append(c)
    s.display = cards + [-1] * (6 - len(cards))
    s.display_dirty = False


def folders_in_range(s: State, seat: int) -> range:
    return range(1, reputation_range(s.players[seat].rep) + 1)


def range_options(s: State, seat: int) -> list[Hashable]:
    disp = s.display
    return [FOLDER[f] for f in folders_in_range(s, seat) if disp[f - 1] >= 0]


def hand_options(s: State, seat: int) -> list[Hashable]:
    """The hand as options, sorted by card id (canonical order)."""
    return [PICK[c] for c in sorted(s.players[seat].hand)]


@dataclass(frozen=True, slots=True)
class TakeCard(Decision):
    """Take ``left`` more cards, each from the deck or a folder in range (no folder cost)."""

    seat: int
    left: int
    kind = "TAKE_CARD"

    def options(self, s: State) -> list[Hashable]:
        opts = range_options(s, self.seat)
        if s.deck or s.discard:
            opts.insert(0, DECK)
        return opts

    def apply(self, s: State, opt: Hashable) -> None:
        if self.left > 1:
            s.frames.append(TakeCard(self.seat, self.left - 1))
        if isinstance(opt, Folder):
            s.players[self.seat].hand.append(take_folder(s, opt.folder))
        else:
            draw(s, self.seat, 1)

    def describe(self, s: State, opt: Hashable) -> str:
        if isinstance(opt, Folder):
            return f"take {s.cards[s.display[opt.folder - 1]].name} from folder {opt.folder}"
        return "draw from the deck"


@dataclass(frozen=True, slots=True)
class Snap(Decision):
    """Take any 1 display card ignoring reputation, ``left`` times; with ``refill`` the
    display may be refilled between two snaps (Snapping 2, spec 19)."""

    seat: int
    left: int
    refill: bool = False
    kind = "SNAP"

    def options(self, s: State) -> list[Hashable]:
        opts: list[Hashable] = [FOLDER[f] for f in range(1, 7) if s.display[f - 1] >= 0]
        if self.refill and s.display_dirty:
            opts.append(Choose("refill"))
        return opts

    def apply(self, s: State, opt: Hashable) -> None:
        if isinstance(opt, Choose):
            refill_display(s)
            s.frames.append(Snap(self.seat, self.left, False))
            return
        if self.left > 1:
            s.frames.append(Snap(self.seat, self.left - 1, self.refill))
        s.players[self.seat].hand.append(take_folder(s, opt.folder))  # type: ignore[attr-defined]

    def describe(self, s: State, opt: Hashable) -> str:
        if isinstance(opt, Choose):
            return "refill the display first"
        f = opt.folder  # type: ignore[attr-defined]
        return f"snap {s.cards[s.display[f - 1]].name} from folder {f}"


@dataclass(frozen=True, slots=True)
class Discard(Decision):
    """Discard ``left`` more cards from hand to the discard pile."""

    seat: int
    left: int
    kind = "DISCARD"

    def options(self, s: State) -> list[Hashable]:
        return hand_options(s, self.seat)

    def apply(self, s: State, opt: Hashable) -> None:
        if self.left > 1:
            s.frames.append(Discard(self.seat, self.left - 1))
        card = opt.card  # type: ignore[attr-defined]
        s.players[self.seat].hand.remove(card)
        s.discard.append(card)

    def describe(self, s: State, opt: Hashable) -> str:
        return f"discard {s.cards[opt.card].name}"  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class KeepFromLimbo(Decision):
    """Keep ``keep`` of the cards set aside in ``Player.limbo`` (Perception, Scavenging,
    Hunter, Resistance); the rest go to the discard pile (or, for final scoring cards,
    under the final-scoring pile). ``animals_only``: Hunter keeps an animal."""

    seat: int
    keep: int
    animals_only: bool = False
    kind = "KEEP_CARD"

    def options(self, s: State) -> list[Hashable]:
        limbo = s.players[self.seat].limbo
        if self.keep <= 0 or not limbo:
            return [STOP]
        cards = sorted(c for c in limbo if not self.animals_only or c >= 401)
        return [PICK[c] for c in cards] or [STOP]

    def apply(self, s: State, opt: Hashable) -> None:
        p = s.players[self.seat]
        if isinstance(opt, Pick):
            p.limbo.remove(opt.card)
            if opt.card < 100:
                p.finals.append(opt.card)
            else:
                p.hand.append(opt.card)
            if self.keep > 1 and p.limbo:
                s.frames.append(KeepFromLimbo(self.seat, self.keep - 1, self.animals_only))
                return
        for c in sorted(p.limbo):
            if c < 100:
                s.final_deck.insert(0, c)
            else:
                s.discard.append(c)
        p.limbo.clear()

    def describe(self, s: State, opt: Hashable) -> str:
        if isinstance(opt, Pick):
            return f"keep {s.cards[opt.card].name}"
        return "keep nothing"


def deck_or_folder(opt: Hashable) -> str:
    return "deck" if opt is DECK else f"folder {opt.folder}"  # type: ignore[attr-defined]
