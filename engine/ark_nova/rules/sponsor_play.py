"""Playing a sponsor card (spec 11): conditions, level, putting it into the zoo with its
icons, and its immediate (and, during a break, income) effects. Used by the Sponsors
action and by the "play a sponsor paying its level" bonuses."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ark_nova.cards import sponsors
from engine.ark_nova.cards.catalog import SPONSORS, Card
from engine.ark_nova.model.events import SponsorPlayed
from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import DECLINE, Ask, Option
from engine.ark_nova.rules import icons, map_rules, passives, solo, zoo


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
    if card.req_max_25_appeal and p.appeal > solo.max_appeal_condition(s):
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
    s.log.append(SponsorPlayed(seat, card_id))
    if card_id in passives.MODIFIERS["any_terrain"]:
        p.pcache = {}
    card = s.cards[card_id]
    d = sponsors.get(card_id)
    todo: list[icons.Triple] = [(seat, card_id, e) for e in d.immediate]
    if s.in_break:
        todo.extend((seat, card_id, e) for e in d.income)
    todo.extend(icons.add_icons(s, seat, card.icons))
    icons.schedule_triples(s, todo)


@dataclass(frozen=True, slots=True)
class SponsorForMoney(Ask):
    """play_sponsor_for_money: a sponsor from hand paying money equal to its level;
    ``token_from`` 253 spends one token of the Okapi Stable for it."""

    seat: int
    token_from: int = 0
    kind = "SPONSOR_FOR_MONEY"
    decline_label = "play no sponsor"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        p = s.players[seat]
        side2 = p.side2[SPONSORS]
        by_id = s.cards.by_id
        out: list[Option] = []
        for c in sorted(p.hand):
            card = by_id[c]
            assert card is not None
            if (card.is_sponsor and level(s, seat, card) <= p.money
                    and conditions_met(s, seat, card, side2)):
                out.append(PlaySponsorForMoney.of(c))
        if out:
            out.append(DECLINE)
        return out


@dataclass(frozen=True, slots=True)
class PlaySponsorForMoney(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, SponsorForMoney)
        p = s.players[seat]
        p.money -= level(s, seat, s.cards[self.card])
        p.hand.remove(self.card)
        if step.token_from:
            p.card_tokens[step.token_from] -= 1
        play_sponsor(s, seat, self.card)

    def describe(self, s: State, seat: int) -> str:
        card = s.cards[self.card]
        return f"play {card.name} for {level(s, seat, card)} money"
