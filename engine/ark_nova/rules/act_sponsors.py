"""The SPONSORS action (spec 5.5): play sponsors within the level budget, or break for
money."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import DECLINE, Ask, Option
from engine.ark_nova.rules import cardflow, harbour, sponsor_play, tracks

if TYPE_CHECKING:
    from engine.ark_nova.model.ctx import Ctx

USEFUL_STRENGTH = (0, 0)


def feasible(s: State, ctx: Ctx) -> bool:
    return True  # breaking for money is always possible


def begin(s: State, ctx: Ctx) -> None:
    budget = ctx.strength + 1 if ctx.side2 else ctx.strength
    s.steps.append(PickSponsor(ctx.seat, ctx.side2, ctx.strength, budget, 0))


@dataclass(frozen=True, slots=True)
class PickSponsor(Ask):
    """Option B first, then sponsors from hand (and display in range, side II) whose
    level fits the remaining budget; side II continues until done."""

    seat: int
    side2: bool
    strength: int
    budget: int
    played: int
    kind = "PLAY_SPONSOR"
    decline_label = "play no more sponsors"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        out: list[Option] = []
        if self.played == 0:
            out.append(BreakForMoney.of())
        elif not self.side2:
            return ()
        out.extend(PlaySponsor.legal(s, self))
        if self.side2:
            out.extend(PlaySponsorFromFolder.legal(s, self))
            if self.played:
                out.append(DECLINE)
        out.extend(harbour.offer(s, seat))
        return out

    def fits(self, s: State, card_id: int, extra: int) -> bool:
        card = s.cards[card_id]
        return (card.is_sponsor and sponsor_play.level(s, self.seat, card) <= self.budget
                and extra <= s.players[self.seat].money
                and sponsor_play.conditions_met(s, self.seat, card, self.side2))


@dataclass(frozen=True, slots=True)
class BreakForMoney(Option):
    """Option B: advance the break token S, gain S (side II: 2 S) money."""

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, PickSponsor)
        tracks.advance_break(s, seat, step.strength)
        tracks.gain_money(s, seat, step.strength * (2 if step.side2 else 1))

    def describe(self, s: State, seat: int) -> str:
        step = s.steps[-1]
        assert isinstance(step, PickSponsor)
        money = step.strength * (2 if step.side2 else 1)
        return f"break for money: +{money} money, break token +{step.strength}"


def _play(s: State, seat: int, card: int) -> None:
    step = s.steps.pop()
    assert isinstance(step, PickSponsor)
    lvl = sponsor_play.level(s, seat, s.cards[card])
    if step.side2:
        s.steps.append(PickSponsor(seat, True, step.strength, step.budget - lvl,
                                   step.played + 1))
    sponsor_play.play_sponsor(s, seat, card)


@dataclass(frozen=True, slots=True)
class PlaySponsor(Option):
    """A sponsor from hand."""

    card: int

    @classmethod
    def legal(cls, s: State, step: PickSponsor) -> list[Option]:
        return [cls.of(c) for c in sorted(s.players[step.seat].hand) if step.fits(s, c, 0)]

    def apply(self, s: State, seat: int) -> None:
        s.players[seat].hand.remove(self.card)
        _play(s, seat, self.card)

    def describe(self, s: State, seat: int) -> str:
        return f"play {s.cards[self.card].name}"


@dataclass(frozen=True, slots=True)
class PlaySponsorFromFolder(Option):
    """Sponsors II: a sponsor from a display folder in range, paying the folder number."""

    folder: int

    @classmethod
    def legal(cls, s: State, step: PickSponsor) -> list[Option]:
        out: list[Option] = []
        for f in cardflow.folders_in_range(s, step.seat):
            c = s.display[f - 1]
            if c >= 0 and step.fits(s, c, f):
                out.append(cls.of(f))
        return out

    def apply(self, s: State, seat: int) -> None:
        card = cardflow.take_folder(s, self.folder)
        s.players[seat].money -= self.folder
        _play(s, seat, card)

    def describe(self, s: State, seat: int) -> str:
        return f"play {s.cards[s.display[self.folder - 1]].name} from folder {self.folder}"
