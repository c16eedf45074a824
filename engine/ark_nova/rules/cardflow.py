"""Card movements (spec 10): drawing with reshuffle, the display and its folders, taking
cards in reputation range, snapping, discarding and the keep-some-of-these choices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import DECLINE, Ask, Option
from engine.ark_nova.rules.scoring import reputation_range


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


def reveal_until(s: State, seat: int, what: str) -> None:
    """reveal_until(filter): reveal deck cards until one matches (``sponsor``, ``animal``,
    ``small``, ``large``), take it, then discard the others (Map 8 in the seeds: "all
    other revealed cards" go to the discard pile afterwards). The revealed cards wait
    aside, so a deck running out takes only the discard pile (D-10) and no card is
    revealed twice; with no match anywhere every card ends on the discard pile."""
    by_id = s.cards.by_id
    revealed: list[int] = []
    while (c := draw_one(s)) >= 0:
        card = by_id[c]
        assert card is not None
        if ((what == "sponsor" and card.is_sponsor)
                or (what == "animal" and card.is_animal)
                or (what == "small" and card.small)
                or (what == "large" and card.large)):
            s.players[seat].hand.append(c)
            break
        revealed.append(c)
    s.discard.extend(revealed)


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


def range_folders(s: State, seat: int) -> list[int]:
    """Non-empty folders within the seat's reputation range."""
    disp = s.display
    return [f for f in folders_in_range(s, seat) if disp[f - 1] >= 0]


def card_name(s: State, card: int) -> str:
    return s.cards[card].name


@dataclass(frozen=True, slots=True)
class TakeCard(Ask):
    """Take ``left`` more cards, each from the deck or a folder in range (no folder cost)."""

    seat: int
    left: int
    kind = "TAKE_CARD"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        out: list[Option] = [FromDeck.of()] if s.deck or s.discard else []
        out.extend(FromFolder.of(f) for f in range_folders(s, seat))
        return out


def _next_take(s: State) -> None:
    step = s.steps.pop()
    assert isinstance(step, TakeCard)
    if step.left > 1:
        s.steps.append(TakeCard(step.seat, step.left - 1))


@dataclass(frozen=True, slots=True)
class FromDeck(Option):
    """Take the top card of the deck."""

    def apply(self, s: State, seat: int) -> None:
        _next_take(s)
        draw(s, seat, 1)

    def describe(self, s: State, seat: int) -> str:
        return "draw from the deck"


@dataclass(frozen=True, slots=True)
class FromFolder(Option):
    """Take the card of a display folder in reputation range."""

    folder: int

    def apply(self, s: State, seat: int) -> None:
        _next_take(s)
        s.players[seat].hand.append(take_folder(s, self.folder))

    def describe(self, s: State, seat: int) -> str:
        return f"take {card_name(s, s.display[self.folder - 1])} from folder {self.folder}"


@dataclass(frozen=True, slots=True)
class Snap(Ask):
    """Take any 1 display card ignoring reputation, ``left`` times; with ``refill`` the
    display may be refilled between two snaps (Snapping 2, spec 19)."""

    seat: int
    left: int
    refill: bool = False
    kind = "SNAP"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        out: list[Option] = [SnapFolder.of(f) for f in range(1, 7) if s.display[f - 1] >= 0]
        if self.refill and s.display_dirty and out:
            out.append(RefillFirst.of())
        return out


@dataclass(frozen=True, slots=True)
class SnapFolder(Option):
    folder: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, Snap)
        if step.left > 1:
            s.steps.append(Snap(seat, step.left - 1, step.refill))
        s.players[seat].hand.append(take_folder(s, self.folder))

    def describe(self, s: State, seat: int) -> str:
        return f"snap {card_name(s, s.display[self.folder - 1])} from folder {self.folder}"


@dataclass(frozen=True, slots=True)
class RefillFirst(Option):
    """Refill the display before the next snap."""

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, Snap)
        refill_display(s)
        s.steps.append(Snap(seat, step.left, False))

    def describe(self, s: State, seat: int) -> str:
        return "refill the display first"


@dataclass(frozen=True, slots=True)
class Discard(Ask):
    """Discard ``left`` more cards from hand to the discard pile."""

    seat: int
    left: int
    kind = "DISCARD"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [DiscardCard.of(c) for c in sorted(s.players[seat].hand)]


@dataclass(frozen=True, slots=True)
class DiscardCard(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, Discard)
        if step.left > 1:
            s.steps.append(Discard(seat, step.left - 1))
        s.players[seat].hand.remove(self.card)
        s.discard.append(self.card)

    def describe(self, s: State, seat: int) -> str:
        return f"discard {card_name(s, self.card)}"


@dataclass(frozen=True, slots=True)
class KeepFromLimbo(Ask):
    """Keep ``keep`` of the cards set aside in ``Player.limbo`` (Perception, Scavenging,
    Hunter, Resistance); the rest go to the discard pile (or, for final scoring cards,
    under the final-scoring pile). ``animals_only``: Hunter keeps an animal."""

    seat: int
    keep: int
    animals_only: bool = False
    kind = "KEEP_CARD"
    decline_label = "keep nothing"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        limbo = s.players[seat].limbo
        cards = sorted(c for c in limbo if not self.animals_only or c >= 401)
        if self.keep <= 0 or not cards:
            return [DECLINE]
        return [KeepCard.of(c) for c in cards]

    def declined(self, s: State) -> None:
        p = s.players[self.seat]
        for c in sorted(p.limbo):
            if c < 100:
                s.final_deck.insert(0, c)
            else:
                s.discard.append(c)
        p.limbo.clear()


@dataclass(frozen=True, slots=True)
class KeepCard(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, KeepFromLimbo)
        p = s.players[seat]
        p.limbo.remove(self.card)
        (p.finals if self.card < 100 else p.hand).append(self.card)
        if step.keep > 1 and p.limbo:
            s.steps.append(KeepFromLimbo(seat, step.keep - 1, step.animals_only))
        else:
            step.declined(s)

    def describe(self, s: State, seat: int) -> str:
        return f"keep {card_name(s, self.card)}"
