"""Effects that no spec-18 primitive expresses: each card or ability needing its own code
has one small handler here, and ``HANDLERS`` lists them all in one place.

Animal abilities: scavenging, hunter, perception, digging, resistance, assertion,
dominance, magnet, venom, pilfering, constriction, hypnosis; sponsors: 227 (WAZA Special
Assignment), 252 (Spotted Hyena Compound), 253 (Okapi Stable); and the card-specific
Inventive exceptions 411, 459, 464 (expressed with primitives, keyed by card id).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from engine.ark_nova import cardflow, map_bonuses, sponsor_play, tracks, turn
from engine.ark_nova.cards import PREDATOR
from engine.ark_nova.effects import Effect, GainPer, GainTiers, RevealUntil, schedule
from engine.ark_nova.maps import cell_name
from engine.ark_nova.options import CELL, FOLDER, PICK, SEAT, STOP, Choose, Folder, Pick, Seat
from engine.ark_nova.state import State
from engine.ark_nova.steps import Decision

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
        s.frames.append(cardflow.KeepFromLimbo(seat, 1))


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
        s.frames.append(cardflow.KeepFromLimbo(seat, 1, animals_only=True))


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
        s.frames.append(cardflow.KeepFromLimbo(seat, self.keep))


@dataclass(frozen=True, slots=True)
class Digging(Effect):
    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        s.frames.append(Dig(seat, self.n))


@dataclass(frozen=True, slots=True)
class Dig(Decision):
    """Digging: discard a display card and refill at once, or swap a hand card for a draw."""

    seat: int
    left: int
    kind = "DIG"

    def options(self, s: State) -> list[Hashable]:
        out: list[Hashable] = [FOLDER[f] for f in range(1, 7) if s.display[f - 1] >= 0]
        out.extend(cardflow.hand_options(s, self.seat))
        if out:
            out.append(STOP)
        return out

    def apply(self, s: State, opt: Hashable) -> None:
        if isinstance(opt, Folder):
            s.discard.append(cardflow.take_folder(s, opt.folder))
            cardflow.refill_display(s)
        elif isinstance(opt, Pick):
            s.players[self.seat].hand.remove(opt.card)
            s.discard.append(opt.card)
            cardflow.draw(s, self.seat, 1)
        else:
            return
        if self.left > 1:
            s.frames.append(Dig(self.seat, self.left - 1))

    def describe(self, s: State, opt: Hashable) -> str:
        if isinstance(opt, Folder):
            return f"discard {s.cards[s.display[opt.folder - 1]].name} from the display"
        if isinstance(opt, Pick):
            return f"discard {s.cards[opt.card].name} and draw"
        return "stop digging"


@dataclass(frozen=True, slots=True)
class Resistance(Effect):
    """Draw 2 final scoring cards, keep 1, the other face down under the pile."""

    def fire(self, s: State, seat: int, src: int) -> None:
        p = s.players[seat]
        for _ in range(2):
            if s.final_deck:
                p.limbo.append(s.final_deck.pop())
        s.frames.append(cardflow.KeepFromLimbo(seat, 1))


@dataclass(frozen=True, slots=True)
class TakeBaseProject(Effect):
    """Assertion (any unused base project) / Dominance (``only`` = 108): may take it."""

    only: int = 0

    def fire(self, s: State, seat: int, src: int) -> None:
        s.frames.append(ChooseBaseProject(seat, self.only))


@dataclass(frozen=True, slots=True)
class ChooseBaseProject(Decision):
    seat: int
    only: int
    kind = "TAKE_BASE_PROJECT"

    def options(self, s: State) -> list[Hashable]:
        pool = sorted(c for c in s.unused_base if not self.only or c == self.only)
        return [*(PICK[c] for c in pool), STOP] if pool else []

    def apply(self, s: State, opt: Hashable) -> None:
        if isinstance(opt, Pick):
            s.unused_base.remove(opt.card)
            s.players[self.seat].hand.append(opt.card)

    def describe(self, s: State, opt: Hashable) -> str:
        if isinstance(opt, Pick):
            return f"take base project {s.cards[opt.card].name}"
        return "take no base project"


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
            s.frames.append(PilferTarget(seat, "cp"))
        s.frames.append(PilferTarget(seat, "appeal"))


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
class PilferTarget(Decision):
    seat: int
    track: str
    kind = "PILFER_TARGET"

    def options(self, s: State) -> list[Hashable]:
        return [SEAT[q] for q in pilfer_candidates(s, self.seat, self.track)]

    def apply(self, s: State, opt: Hashable) -> None:
        assert isinstance(opt, Seat)
        s.frames.append(PilferVictim(opt.seat, self.seat))

    def describe(self, s: State, opt: Hashable) -> str:
        return f"pilfer from seat {opt.seat}"  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class PilferVictim(Decision):
    """The victim chooses: 5 money (if he has 5) or a random hand card (D-40)."""

    seat: int  # the victim decides
    thief: int
    kind = "PILFER_GIVE"

    def options(self, s: State) -> list[Hashable]:
        v = s.players[self.seat]
        out: list[Hashable] = []
        if v.money >= 5:
            out.append(Choose("money"))
        if v.hand:
            out.append(Choose("card"))
        return out or [Choose("all_money")]

    def apply(self, s: State, opt: Hashable) -> None:
        v = s.players[self.seat]
        name = opt.name  # type: ignore[attr-defined]
        if name == "card":
            card = v.hand.pop(s.rng.randrange(len(v.hand)))
            s.players[self.thief].hand.append(card)
            return
        amount = 5 if name == "money" else v.money
        v.money -= amount
        tracks.gain_money(s, self.thief, amount)

    def describe(self, s: State, opt: Hashable) -> str:
        name = opt.name  # type: ignore[attr-defined]
        return {"money": "give 5 money", "card": "give a random hand card"}.get(
            name, "give all money")


@dataclass(frozen=True, slots=True)
class Hypnosis(Effect):
    """Hypnosis N (after finishing): use the top-appeal player's card in slots 1..N."""

    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        s.frames.append(turn.HypnosisTarget(seat, self.n))


# ----------------------------------------------------------------------------- sponsors


@dataclass(frozen=True, slots=True)
class WazaChoose(Effect):
    """227: choose small or large, reveal until such an animal, the other class is barred."""

    def fire(self, s: State, seat: int, src: int) -> None:
        s.frames.append(WazaClass(seat))


@dataclass(frozen=True, slots=True)
class WazaClass(Decision):
    seat: int
    kind = "WAZA_CLASS"

    def options(self, s: State) -> list[Hashable]:
        return [Choose("small"), Choose("large")]

    def apply(self, s: State, opt: Hashable) -> None:
        name = opt.name  # type: ignore[attr-defined]
        s.players[self.seat].waza = 1 if name == "small" else 2
        RevealUntil(name).fire(s, self.seat, 227)

    def describe(self, s: State, opt: Hashable) -> str:
        return f"{opt.name} animals"  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class OkapiSponsor(Effect):
    """253: may spend a token from the card to play a sponsor from hand paying its level."""

    def fire(self, s: State, seat: int, src: int) -> None:
        if s.players[seat].card_tokens.get(253, 0) > 0:
            s.frames.append(sponsor_play.SponsorForMoney(seat, token_from=253))


@dataclass(frozen=True, slots=True)
class ExtraPlacementBonus(Effect):
    """221: a placement bonus from a border cell also gives one still-uncovered placement
    bonus of the player's choice (that cell stays uncovered)."""

    def fire(self, s: State, seat: int, src: int) -> None:
        s.frames.append(ChooseExtraBonus(seat))


@dataclass(frozen=True, slots=True)
class ChooseExtraBonus(Decision):
    seat: int
    kind = "ARCHAEOLOGIST_BONUS"

    def options(self, s: State) -> list[Hashable]:
        p = s.players[self.seat]
        free = p.map.bonus_mask & ~p.covered
        return [CELL[c] for c in range(len(p.map.bonus)) if (free >> c) & 1]

    def apply(self, s: State, opt: Hashable) -> None:
        bonus = s.players[self.seat].map.bonus[opt.cell]  # type: ignore[attr-defined]
        assert bonus is not None
        schedule(s, self.seat, 221, map_bonuses.placement_effects(bonus))

    def describe(self, s: State, opt: Hashable) -> str:
        cell = opt.cell  # type: ignore[attr-defined]
        return f"bonus {s.players[self.seat].map.bonus[cell]} of {cell_name(cell)}"


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
