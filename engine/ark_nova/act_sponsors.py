"""The SPONSORS action (spec 5.5): play sponsors within the level budget, or break for
money."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ark_nova import cardflow, sponsor_play, tracks
from engine.ark_nova.options import BREAK_FOR_MONEY, FOLDER, PICK, STOP, Folder, Pick
from engine.ark_nova.state import State
from engine.ark_nova.steps import Decision

if TYPE_CHECKING:
    from engine.ark_nova.turn import Ctx

USEFUL_STRENGTH = (0, 0)


def feasible(s: State, ctx: Ctx) -> bool:
    return True  # breaking for money is always possible


def begin(s: State, ctx: Ctx) -> None:
    budget = ctx.strength + 1 if ctx.side2 else ctx.strength
    s.frames.append(PickSponsor(ctx.seat, ctx.side2, ctx.strength, budget, 0))


@dataclass(frozen=True, slots=True)
class PickSponsor(Decision):
    """Option B first, then sponsors from hand (and display in range, side II) whose
    level fits the remaining budget; side II continues until done."""

    seat: int
    side2: bool
    strength: int
    budget: int
    played: int
    kind = "PLAY_SPONSOR"

    def options(self, s: State) -> list[Hashable]:
        p = s.players[self.seat]
        by_id = s.cards.by_id
        out: list[Hashable] = []
        if self.played == 0:
            out.append(BREAK_FOR_MONEY)
        elif not self.side2:
            return []

        def fits(c: int, extra: int) -> bool:
            card = by_id[c]
            assert card is not None
            return (card.is_sponsor and sponsor_play.level(s, self.seat, card) <= self.budget
                    and extra <= p.money
                    and sponsor_play.conditions_met(s, self.seat, card, self.side2))

        out.extend(PICK[c] for c in sorted(p.hand) if fits(c, 0))
        if self.side2:
            for f in cardflow.folders_in_range(s, self.seat):
                c = s.display[f - 1]
                if c >= 0 and fits(c, f):
                    out.append(FOLDER[f])
            if self.played:
                out.append(STOP)
        return out

    def apply(self, s: State, opt: Hashable) -> None:
        seat = self.seat
        p = s.players[seat]
        if opt is BREAK_FOR_MONEY:
            tracks.advance_break(s, seat, self.strength)
            tracks.gain_money(s, seat, self.strength * (2 if self.side2 else 1))
            return
        if isinstance(opt, Folder):
            card = cardflow.take_folder(s, opt.folder)
            p.money -= opt.folder
        elif isinstance(opt, Pick):
            card = opt.card
            p.hand.remove(card)
        else:
            return
        lvl = sponsor_play.level(s, seat, s.cards[card])
        if self.side2:
            s.frames.append(PickSponsor(seat, True, self.strength, self.budget - lvl,
                                        self.played + 1))
        sponsor_play.play_sponsor(s, seat, card)

    def describe(self, s: State, opt: Hashable) -> str:
        if opt is BREAK_FOR_MONEY:
            money = self.strength * (2 if self.side2 else 1)
            return f"break for money: +{money} money, break token +{self.strength}"
        if isinstance(opt, Folder):
            return f"play {s.cards[s.display[opt.folder - 1]].name} from folder {opt.folder}"
        if isinstance(opt, Pick):
            return f"play {s.cards[opt.card].name}"
        return "play no more sponsors"
