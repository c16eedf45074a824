"""Effects that no spec-18 primitive expresses: each card or ability needing its own code
has one small handler here, and ``HANDLERS`` lists them all in one place.

Animal abilities: scavenging, hunter, perception, digging, resistance, assertion,
dominance, magnet, venom, pilfering, constriction, hypnosis; sponsors: 227 (WAZA Special
Assignment), 252 (Spotted Hyena Compound), 253 (Okapi Stable); and the card-specific
Inventive exceptions 411, 459, 464 (expressed with primitives, keyed by card id).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ark_nova import cardflow, map_bonuses, sponsor_play, tracks, turn
from engine.ark_nova.cards import PREDATOR
from engine.ark_nova.effects import Effect, GainPer, GainTiers, RevealUntil, schedule
from engine.ark_nova.maps import cell_name
from engine.ark_nova.state import State
from engine.ark_nova.steps import DECLINE, Ask, Option

# ----------------------------------------------------------------------------- card flow


@dataclass(frozen=True, slots=True)
class Scavenging(Effect):
    """Shuffle the discard pile, draw N from it, keep 1, discard the rest."""

    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        s.rng.shuffle(s.discard)
        p = s.players[seat]
        for _ in range(min(self.n, len(s.discard))):
            p.limbo.append(s.discard.pop())
        s.steps.append(cardflow.KeepFromLimbo(seat, 1))


@dataclass(frozen=True, slots=True)
class Hunter(Effect):
    """Reveal the top N deck cards, put 1 animal among them into hand, discard the rest.
    ``n`` 0 = as many as your predator icons (sponsor 252)."""

    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        p = s.players[seat]
        n = self.n or p.icons[PREDATOR]
        for _ in range(n):
            c = cardflow.draw_one(s)
            if c < 0:
                break
            p.limbo.append(c)
        s.steps.append(cardflow.KeepFromLimbo(seat, 1, animals_only=True))


@dataclass(frozen=True, slots=True)
class Perception(Effect):
    """Draw N from the deck, keep ``keep``, discard the rest (249: Perception 2, keep 1)."""

    n: int
    keep: int = 2

    def fire(self, s: State, seat: int, src: int) -> None:
        p = s.players[seat]
        for _ in range(self.n):
            c = cardflow.draw_one(s)
            if c < 0:
                break
            p.limbo.append(c)
        s.steps.append(cardflow.KeepFromLimbo(seat, self.keep))


@dataclass(frozen=True, slots=True)
class Digging(Effect):
    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(Dig(seat, self.n))


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


@dataclass(frozen=True, slots=True)
class Resistance(Effect):
    """Draw 2 final scoring cards, keep 1, the other face down under the pile."""

    def fire(self, s: State, seat: int, src: int) -> None:
        p = s.players[seat]
        for _ in range(2):
            if s.final_deck:
                p.limbo.append(s.final_deck.pop())
        s.steps.append(cardflow.KeepFromLimbo(seat, 1))


@dataclass(frozen=True, slots=True)
class TakeBaseProject(Effect):
    """Assertion (any unused base project) / Dominance (``only`` = 108): may take it."""

    only: int = 0

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(ChooseBaseProject(seat, self.only))


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


@dataclass(frozen=True, slots=True)
class Magnet(Effect):
    """Take every sponsor card in the display into your hand."""

    def fire(self, s: State, seat: int, src: int) -> None:
        for f in range(1, 7):
            c = s.display[f - 1]
            if c >= 0 and s.cards[c].is_sponsor:
                s.players[seat].hand.append(cardflow.take_folder(s, f))


# ----------------------------------------------------------------------------- interactive


@dataclass(frozen=True, slots=True)
class Venom(Effect):
    """Venom N: others with more appeal get venom on their cards in slots 1..N."""

    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        mine = s.players[seat].appeal
        for q in turn.interactive_targets(s, seat):
            o = s.players[q]
            if o.appeal > mine:
                for a in o.order[: self.n]:
                    o.venom[a] = 1


@dataclass(frozen=True, slots=True)
class Constriction(Effect):
    """Others ahead of you on appeal / CP get a constriction token on slot 5, then slot 4."""

    def fire(self, s: State, seat: int, src: int) -> None:
        me = s.players[seat]
        for q in turn.interactive_targets(s, seat):
            o = s.players[q]
            ahead = int(o.appeal > me.appeal) + int(o.cp > me.cp)
            for slot in (5, 4)[:ahead]:
                a = o.order[slot - 1]
                o.constriction[a] = 1


@dataclass(frozen=True, slots=True)
class Pilfering(Effect):
    """Pilfering 1 / 2 (spec 19, D-13, D-40)."""

    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        if self.n >= 2:
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


@dataclass(frozen=True, slots=True)
class Hypnosis(Effect):
    """Hypnosis N (after finishing): use the top-appeal player's card in slots 1..N."""

    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(turn.HypnosisTarget(seat, self.n))


# ----------------------------------------------------------------------------- sponsors


@dataclass(frozen=True, slots=True)
class WazaChoose(Effect):
    """227: choose small or large, reveal until such an animal, the other class is barred."""

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(WazaClass(seat))


@dataclass(frozen=True, slots=True)
class WazaClass(Ask):
    seat: int
    kind = "WAZA_CLASS"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [WazaChoice.of(False), WazaChoice.of(True)]


@dataclass(frozen=True, slots=True)
class WazaChoice(Option):
    """227: small (False) or large (True) animals."""

    large: bool

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        s.players[seat].waza = 2 if self.large else 1
        RevealUntil("large" if self.large else "small").fire(s, seat, 227)

    def describe(self, s: State, seat: int) -> str:
        return "large animals" if self.large else "small animals"


@dataclass(frozen=True, slots=True)
class OkapiSponsor(Effect):
    """253: may spend a token from the card to play a sponsor from hand paying its level."""

    def fire(self, s: State, seat: int, src: int) -> None:
        if s.players[seat].card_tokens.get(253, 0) > 0:
            s.steps.append(sponsor_play.SponsorForMoney(seat, token_from=253))


@dataclass(frozen=True, slots=True)
class ExtraPlacementBonus(Effect):
    """221: a placement bonus from a border cell also gives one still-uncovered placement
    bonus of the player's choice (that cell stays uncovered)."""

    def fire(self, s: State, seat: int, src: int) -> None:
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


# Animals whose Inventive differs from "gain N X-tokens" (spec 19), by card id.
INVENTIVE_BY_CARD: dict[int, tuple[Effect, ...]] = {
    411: (GainPer("x", 1, "icons_all:bear", cap=3),),
    459: (GainTiers("x", ((1, 1), (3, 2), (5, 3)), "icons:primate"),),
    464: (GainTiers("x", ((1, 1), (3, 2), (5, 3)), "icons:primate"),),
}

# Every handler of this module, by the ability keyword or sponsor id that uses it.
HANDLERS: dict[str, type] = {
    "scavenging": Scavenging,
    "hunter": Hunter,
    "perception": Perception,
    "digging": Digging,
    "resistance": Resistance,
    "assertion": TakeBaseProject,
    "dominance": TakeBaseProject,
    "magnet": Magnet,
    "venom": Venom,
    "pilfering": Pilfering,
    "constriction": Constriction,
    "hypnosis": Hypnosis,
    "sponsor 221": ExtraPlacementBonus,
    "sponsor 227": WazaChoose,
    "sponsor 249": Perception,
    "sponsor 252": Hunter,
    "sponsor 253": OkapiSponsor,
}
