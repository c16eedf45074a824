"""The rules of the effects no spec-18 primitive expresses (their values are the
card-specific kinds at the end of ``effects.py``): one small handler each, with the
decisions it opens. ``resolve.py`` maps each kind to its handler here.

Animal abilities: scavenging, hunter, perception, digging, resistance, assertion,
dominance, magnet, venom, pilfering, constriction, hypnosis; sponsors: 221
(Archaeologist), 249 (Perception 2), 252 (Spotted Hyena Compound: Hunter), 253 (Okapi
Stable). WAZA (227, 228) is in ``waza.py``; the Inventive exceptions 411, 459, 464 are
primitives, keyed by card id in ``abilities.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ark_nova.cards import map_bonuses
from engine.ark_nova.cards.catalog import PREDATOR
from engine.ark_nova.cards.effects import (
    Constriction,
    Digging,
    ExtraPlacementBonus,
    Hunter,
    Hypnosis,
    Magnet,
    OkapiSponsor,
    Perception,
    Pilfering,
    Resistance,
    Scavenging,
    TakeBaseProject,
    Venom,
)
from engine.ark_nova.map.maps import cell_name
from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import DECLINE, Ask, Option
from engine.ark_nova.rules import cardflow, sponsor_play, tracks, turn
from engine.ark_nova.rules.dispatch import schedule

# ----------------------------------------------------------------------------- card flow


def scavenging(s: State, seat: int, src: int, e: Scavenging) -> None:
    """Shuffle the discard pile, draw N from it, keep 1, discard the rest."""
    s.rng.shuffle(s.discard)
    p = s.players[seat]
    for _ in range(min(e.n, len(s.discard))):
        p.limbo.append(s.discard.pop())
    s.steps.append(cardflow.KeepFromLimbo(seat, 1))


def hunter(s: State, seat: int, src: int, e: Hunter) -> None:
    """Reveal the top N deck cards, put 1 animal among them into hand, discard the rest.
    ``n`` 0 = as many as your predator icons (sponsor 252)."""
    p = s.players[seat]
    n = e.n or p.icons[PREDATOR]
    for _ in range(n):
        c = cardflow.draw_one(s)
        if c < 0:
            break
        p.limbo.append(c)
    s.steps.append(cardflow.KeepFromLimbo(seat, 1, animals_only=True))


def perception(s: State, seat: int, src: int, e: Perception) -> None:
    """Draw N from the deck, keep ``keep``, discard the rest (249: Perception 2, keep 1)."""
    p = s.players[seat]
    for _ in range(e.n):
        c = cardflow.draw_one(s)
        if c < 0:
            break
        p.limbo.append(c)
    s.steps.append(cardflow.KeepFromLimbo(seat, e.keep))


def digging(s: State, seat: int, src: int, e: Digging) -> None:
    """Digging N: N rounds of the ``Dig`` decision."""
    s.steps.append(Dig(seat, e.n))


@dataclass(frozen=True, slots=True)
class Dig(Ask):
    """Digging: discard a display card and refill at once, or swap a hand card for a draw."""

    seat: int
    left: int
    kind = "DIG"
    decline_label = "stop digging"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        out: list[Option] = [DigFolder.of(f) for f in range(1, 7) if s.display[f - 1] >= 0]
        out.extend(DigHandCard.of(c) for c in sorted(s.players[seat].hand))
        if out:
            out.append(DECLINE)
        return out

    def again(self, s: State) -> None:
        if self.left > 1:
            s.steps.append(Dig(self.seat, self.left - 1))


@dataclass(frozen=True, slots=True)
class DigFolder(Option):
    folder: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, Dig)
        s.discard.append(cardflow.take_folder(s, self.folder))
        cardflow.refill_display(s)
        step.again(s)

    def describe(self, s: State, seat: int) -> str:
        return f"discard {s.cards[s.display[self.folder - 1]].name} from the display"


@dataclass(frozen=True, slots=True)
class DigHandCard(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, Dig)
        s.players[seat].hand.remove(self.card)
        s.discard.append(self.card)
        cardflow.draw(s, seat, 1)
        step.again(s)

    def describe(self, s: State, seat: int) -> str:
        return f"discard {s.cards[self.card].name} and draw"


def resistance(s: State, seat: int, src: int, e: Resistance) -> None:
    """Draw 2 final scoring cards, keep 1, the other face down under the pile."""
    p = s.players[seat]
    for _ in range(2):
        if s.final_deck:
            p.limbo.append(s.final_deck.pop())
    s.steps.append(cardflow.KeepFromLimbo(seat, 1))


def take_base_project(s: State, seat: int, src: int, e: TakeBaseProject) -> None:
    """Assertion (any unused base project) / Dominance (``only`` = 108): may take it."""
    s.steps.append(ChooseBaseProject(seat, e.only))


@dataclass(frozen=True, slots=True)
class ChooseBaseProject(Ask):
    seat: int
    only: int
    kind = "TAKE_BASE_PROJECT"
    decline_label = "take no base project"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        pool = sorted(c for c in s.unused_base if not self.only or c == self.only)
        return [*(TakeBaseProjectCard.of(c) for c in pool), DECLINE] if pool else ()


@dataclass(frozen=True, slots=True)
class TakeBaseProjectCard(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        s.unused_base.remove(self.card)
        s.players[seat].hand.append(self.card)

    def describe(self, s: State, seat: int) -> str:
        return f"take base project {s.cards[self.card].name}"


def magnet(s: State, seat: int, src: int, e: Magnet) -> None:
    """Take every sponsor card in the display into your hand."""
    for f in range(1, 7):
        c = s.display[f - 1]
        if c >= 0 and s.cards[c].is_sponsor:
            s.players[seat].hand.append(cardflow.take_folder(s, f))


# ----------------------------------------------------------------------------- interactive


def venom(s: State, seat: int, src: int, e: Venom) -> None:
    """Venom N: others with more appeal get venom on their cards in slots 1..N."""
    mine = s.players[seat].appeal
    for q in turn.interactive_targets(s, seat):
        o = s.players[q]
        if o.appeal > mine:
            for a in o.order[: e.n]:
                o.venom[a] = 1


def constriction(s: State, seat: int, src: int, e: Constriction) -> None:
    """Others ahead of you on appeal / CP get a constriction token on slot 5, then slot 4."""
    me = s.players[seat]
    for q in turn.interactive_targets(s, seat):
        o = s.players[q]
        ahead = int(o.appeal > me.appeal) + int(o.cp > me.cp)
        for slot in (5, 4)[:ahead]:
            a = o.order[slot - 1]
            o.constriction[a] = 1


def pilfering(s: State, seat: int, src: int, e: Pilfering) -> None:
    """Pilfering 1 / 2 (spec 19, D-13, D-40)."""
    if e.n >= 2:
        s.steps.append(PilferTarget(seat, "cp"))
    s.steps.append(PilferTarget(seat, "appeal"))


def pilfer_candidates(s: State, seat: int, track: str) -> list[int]:
    me = s.players[seat]
    targets = turn.interactive_targets(s, seat)
    if track == "cp":
        targets = [q for q in targets if s.players[q].cp >= max(1, me.cp)]
        key = [s.players[q].cp for q in targets]
    else:
        key = [s.players[q].appeal for q in targets]
    if not targets:
        return []
    top = max(key)
    return [q for q, k in zip(targets, key, strict=True) if k == top]


@dataclass(frozen=True, slots=True)
class PilferTarget(Ask):
    seat: int
    track: str
    kind = "PILFER_TARGET"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [PilferFrom.of(q) for q in pilfer_candidates(s, seat, self.track)]


@dataclass(frozen=True, slots=True)
class PilferFrom(Option):
    target: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        s.steps.append(PilferVictim(self.target, seat))

    def describe(self, s: State, seat: int) -> str:
        return f"pilfer from seat {self.target}"


@dataclass(frozen=True, slots=True)
class PilferVictim(Ask):
    """The victim chooses: 5 money (if he has 5) or a random hand card (D-40)."""

    seat: int  # the victim decides
    thief: int
    kind = "PILFER_GIVE"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        v = s.players[seat]
        out: list[Option] = []
        if v.money >= 5:
            out.append(Give.of(GIVE_MONEY))
        if v.hand:
            out.append(Give.of(GIVE_CARD))
        return out or [Give.of(GIVE_ALL_MONEY)]


GIVE_MONEY, GIVE_CARD, GIVE_ALL_MONEY = range(3)


@dataclass(frozen=True, slots=True)
class Give(Option):
    """What the pilfered player gives: 0 five money, 1 a random hand card, 2 all money."""

    what: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, PilferVictim)
        v = s.players[seat]
        if self.what == GIVE_CARD:
            card = v.hand.pop(s.rng.randrange(len(v.hand)))
            s.players[step.thief].hand.append(card)
            return
        amount = 5 if self.what == GIVE_MONEY else v.money
        v.money -= amount
        tracks.gain_money(s, step.thief, amount)

    def describe(self, s: State, seat: int) -> str:
        return ("give 5 money", "give a random hand card", "give all money")[self.what]


def hypnosis(s: State, seat: int, src: int, e: Hypnosis) -> None:
    """Hypnosis N (after finishing): use the top-appeal player's card in slots 1..N."""
    s.steps.append(turn.HypnosisTarget(seat, e.n))


# ----------------------------------------------------------------------------- sponsors


def okapi_sponsor(s: State, seat: int, src: int, e: OkapiSponsor) -> None:
    """253: may spend a token from the card to play a sponsor from hand paying its level."""
    if s.players[seat].card_tokens.get(253, 0) > 0:
        s.steps.append(sponsor_play.SponsorForMoney(seat, token_from=253))


def extra_placement_bonus(s: State, seat: int, src: int, e: ExtraPlacementBonus) -> None:
    """221: a placement bonus from a border cell also gives one still-uncovered placement
    bonus of the player's choice (that cell stays uncovered)."""
    s.steps.append(ChooseExtraBonus(seat))


@dataclass(frozen=True, slots=True)
class ChooseExtraBonus(Ask):
    seat: int
    kind = "ARCHAEOLOGIST_BONUS"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        p = s.players[seat]
        free = p.map.bonus_mask & ~p.covered
        return [ExtraBonusCell.of(c) for c in range(len(p.map.bonus)) if (free >> c) & 1]


@dataclass(frozen=True, slots=True)
class ExtraBonusCell(Option):
    """The still-uncovered cell whose placement bonus is taken (it stays uncovered)."""

    cell: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        bonus = s.players[seat].map.bonus[self.cell]
        assert bonus is not None
        schedule(s, seat, 221, map_bonuses.placement_effects(bonus))

    def describe(self, s: State, seat: int) -> str:
        return f"bonus {s.players[seat].map.bonus[self.cell]} of {cell_name(self.cell)}"
