"""Map 4's Commercial Harbor (spec 21.4): once per own turn, at any moment of it but never
during a break, discard 1 hand card for 3 money, once the harbour is connected.

"Any moment" is offered where it can make a difference: as one extra option
(``UseHarbour``) in the menus of the turn (the action card, and each animal, building,
sponsor or association task of an action), and once more at the end of the turn, before
the display refill, the venom payment and a due break (``HarbourLast``). Choosing
``UseHarbour`` asks which card to discard (``HarbourSell``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ark_nova.map.maps import HARBOUR
from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import DECLINE, Ask, Option
from engine.ark_nova.rules import map_rules, tracks


def can_use(s: State, seat: int) -> bool:
    p = s.players[seat]
    return (seat == s.active and not s.in_break and bool(p.hand)
            and map_rules.harbour_open(p))


def offer(s: State, seat: int) -> list[Option]:
    """``[UseHarbour]`` if ``seat`` may use the harbour now, else nothing."""
    if s.players[seat].map.rule != HARBOUR or not can_use(s, seat):
        return []
    return [USE_HARBOUR]


def sell(s: State, seat: int, card: int) -> None:
    p = s.players[seat]
    p.harbour_used = True
    p.hand.remove(card)
    s.discard.append(card)
    tracks.gain_money(s, seat, map_rules.HARBOUR_MONEY)


@dataclass(frozen=True, slots=True)
class UseHarbour(Option):
    """Use the harbour now: which card is discarded is asked next."""

    def apply(self, s: State, seat: int) -> None:
        s.steps.append(HarbourSell(seat))

    def describe(self, s: State, seat: int) -> str:
        return f"use the harbour: discard a card for {map_rules.HARBOUR_MONEY} money"


USE_HARBOUR = UseHarbour()


@dataclass(frozen=True, slots=True)
class HarbourSell(Ask):
    """Which hand card goes to the harbour."""

    seat: int
    kind = "HARBOUR_CARD"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [SellAtHarbour.of(c) for c in sorted(s.players[seat].hand)]


@dataclass(frozen=True, slots=True)
class HarbourLast(Ask):
    """The end of the turn: the harbour may still be used (optional)."""

    seat: int
    kind = "HARBOUR_CARD"
    decline_label = "keep the cards"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        if not can_use(s, seat):
            return ()
        return [*(SellAtHarbour.of(c) for c in sorted(s.players[seat].hand)), DECLINE]


@dataclass(frozen=True, slots=True)
class SellAtHarbour(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        sell(s, seat, self.card)

    def describe(self, s: State, seat: int) -> str:
        return f"discard {s.cards[self.card].name} at the harbour for " \
               f"{map_rules.HARBOUR_MONEY} money"
