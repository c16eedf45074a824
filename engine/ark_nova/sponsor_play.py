"""Playing a sponsor card (spec 11): conditions, level, putting it into the zoo with its
icons, and its immediate (and, during a break, income) effects. Used by the Sponsors
action and by the "play a sponsor paying its level" bonuses."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from engine.ark_nova import icons, map_rules, sponsors, zoo
from engine.ark_nova.cards import SPONSORS, Card
from engine.ark_nova.options import PICK, STOP, Pick
from engine.ark_nova.state import State
from engine.ark_nova.steps import Decision


def level(s: State, seat: int, card: Card) -> int:
    """The level that counts (map 8 lowers it once active)."""
    return max(0, card.level - map_rules.sponsor_level_discount(s.players[seat]))


def conditions_met(s: State, seat: int, card: Card, sponsors_ii: bool) -> bool:
    """Spec 11 conditions, plus a placeable unique building."""
    p = s.players[seat]
    if p.rep < card.req_reputation or len(p.partner_zoos) < card.req_partner_zoos:
        return False
    if card.req_sponsors_ii and not sponsors_ii:
        return False
    if card.req_max_25_appeal and p.appeal > 25:
        return False
    mine = p.icons
    req = card.req_icons
    if any(req[i] > mine[i] for i in range(len(req)) if req[i]):
        return False
    building = sponsors.get(card.id).building
    return building < 0 or zoo.can_place(s, seat, building)


def play_sponsor(s: State, seat: int, card_id: int) -> None:
    """Put the sponsor into the zoo: icons, then immediate effects, then icon triggers."""
    p = s.players[seat]
    p.sponsors.append(card_id)
    if card_id == zoo.DIVERSITY:
        p.pcache = {}
    card = s.cards[card_id]
    d = sponsors.get(card_id)
    todo: list[icons.Triple] = [(seat, card_id, e) for e in d.immediate]
    if s.in_break:
        todo.extend((seat, card_id, e) for e in d.income)
    todo.extend(icons.add_icons(s, seat, card.icons))
    icons.schedule_triples(s, todo)


@dataclass(frozen=True, slots=True)
class SponsorForMoney(Decision):
    """play_sponsor_for_money: a sponsor from hand paying money equal to its level;
    ``token_from`` 253 spends one token of the Okapi Stable for it."""

    seat: int
    token_from: int = 0
    kind = "SPONSOR_FOR_MONEY"

    def options(self, s: State) -> list[Hashable]:
        p = s.players[self.seat]
        side2 = p.side2[SPONSORS]
        by_id = s.cards.by_id
        out: list[Hashable] = []
        for c in sorted(p.hand):
            card = by_id[c]
            assert card is not None
            if (card.is_sponsor and level(s, self.seat, card) <= p.money
                    and conditions_met(s, self.seat, card, side2)):
                out.append(PICK[c])
        if out:
            out.append(STOP)
        return out

    def apply(self, s: State, opt: Hashable) -> None:
        if not isinstance(opt, Pick):
            return
        p = s.players[self.seat]
        p.money -= level(s, self.seat, s.cards[opt.card])
        p.hand.remove(opt.card)
        if self.token_from:
            p.card_tokens[self.token_from] -= 1
        play_sponsor(s, self.seat, opt.card)

    def describe(self, s: State, opt: Hashable) -> str:
        if isinstance(opt, Pick):
            card = s.cards[opt.card]
            return f"play {card.name} for {level(s, self.seat, card)} money"
        return "play no sponsor"
