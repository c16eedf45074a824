"""The effect primitives of spec 18, as immutable values with ``fire(s, seat, src)``.

Card effects (animal abilities, sponsors, projects, map and tile bonuses) are tuples of
these values, built from the card data in ``abilities.py``, ``sponsors.py`` and
``map_bonuses.py``. ``schedule`` pushes a tuple as steps so each effect, including the
decisions it opens, resolves fully before the next. ``src`` is the card the effect comes
from (0 for none). Effects that no primitive expresses are in ``custom.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ark_nova.metrics import metric
from engine.ark_nova.state import State
from engine.ark_nova.steps import Step


class Effect:
    """Base of every primitive: ``fire`` does it now (and may push decision steps)."""

    __slots__ = ()

    def fire(self, s: State, seat: int, src: int) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Do(Step):
    """Automatic step: fire one effect."""

    seat: int
    src: int
    effect: Effect

    def run(self, s: State) -> None:
        self.effect.fire(s, self.seat, self.src)


def schedule(s: State, seat: int, src: int, effects: tuple[Effect, ...] | list[Effect]) -> None:
    """Push effects so the first resolves first (each fully, decisions included)."""
    steps = s.steps
    for e in reversed(effects):
        steps.append(Do(seat, src, e))


# ----------------------------------------------------------------------------- gains


@dataclass(frozen=True, slots=True)
class Gain(Effect):
    """gain(res, n)."""

    res: str
    n: int

    def amount(self, s: State, seat: int, src: int) -> int:
        return self.n

    def fire(self, s: State, seat: int, src: int) -> None:
        tracks.gain(s, seat, self.res, self.n)


@dataclass(frozen=True, slots=True)
class GainPer(Effect):
    """gain_per(res, k, metric, cap): k per ``metric // div`` units, at most ``cap``."""

    res: str
    k: int
    metric: str
    cap: int = 0
    div: int = 1

    def amount(self, s: State, seat: int, src: int) -> int:
        n = self.k * (metric(s, seat, self.metric) // self.div)
        return min(n, self.cap) if self.cap else n

    def fire(self, s: State, seat: int, src: int) -> None:
        n = self.amount(s, seat, src)
        if n:
            tracks.gain(s, seat, self.res, n)


@dataclass(frozen=True, slots=True)
class GainTiers(Effect):
    """gain_tiers(res, {threshold: amount}, metric): the highest tier reached."""

    res: str
    tiers: tuple[tuple[int, int], ...]
    metric: str

    def amount(self, s: State, seat: int, src: int) -> int:
        m = metric(s, seat, self.metric)
        best = 0
        for threshold, amount in self.tiers:
            if m >= threshold:
                best = amount
        return best

    def fire(self, s: State, seat: int, src: int) -> None:
        n = self.amount(s, seat, src)
        if n:
            tracks.gain(s, seat, self.res, n)


@dataclass(frozen=True, slots=True)
class OthersGain(Effect):
    """others_gain(res, n): every other player gains ``k`` (times the metric, capped)."""

    res: str
    k: int
    metric: str = ""
    cap: int = 0
    div: int = 1

    def fire(self, s: State, seat: int, src: int) -> None:
        n = self.k
        if self.metric:
            units = metric(s, seat, self.metric) // self.div
            if self.cap:
                units = min(units, self.cap)
            n = self.k * units
        if n:
            for other in range(s.n):
                if other != seat:
                    tracks.gain(s, other, self.res, n)


@dataclass(frozen=True, slots=True)
class AdvanceBreak(Effect):
    """Advance the break token ``n`` spaces (Jumping, spec 13.4)."""

    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        tracks.advance_break(s, seat, self.n)


# ----------------------------------------------------------------------------- cards


@dataclass(frozen=True, slots=True)
class Draw(Effect):
    """draw(n): from the top of the deck."""

    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        cardflow.draw(s, seat, self.n)


@dataclass(frozen=True, slots=True)
class TakeCard(Effect):
    """take_card(n): n times 1 card from the deck or in reputation range."""

    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(cardflow.TakeCard(seat, self.n))


@dataclass(frozen=True, slots=True)
class SnapCards(Effect):
    """snap(n): n times any 1 display card; with ``refill`` the display may be refilled
    between the snaps."""

    n: int
    refill: bool = False

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(cardflow.Snap(seat, self.n, self.refill))


REVEAL_FILTERS = ("sponsor", "small", "large", "animal")


@dataclass(frozen=True, slots=True)
class RevealUntil(Effect):
    """reveal_until(filter): reveal deck cards until one matches, take it, then discard
    the others (Map 8 in the seeds: "all other revealed cards" go to the discard pile
    afterwards). The revealed cards wait aside, so a deck running out takes only the
    discard pile (D-10) and no card is revealed twice; with no match anywhere every card
    ends on the discard pile."""

    what: str

    def fire(self, s: State, seat: int, src: int) -> None:
        by_id = s.cards.by_id
        revealed: list[int] = []
        while (c := cardflow.draw_one(s)) >= 0:
            card = by_id[c]
            assert card is not None
            if ((self.what == "sponsor" and card.is_sponsor)
                    or (self.what == "animal" and card.is_animal)
                    or (self.what == "small" and card.small)
                    or (self.what == "large" and card.large)):
                s.players[seat].hand.append(c)
                break
            revealed.append(c)
        s.discard.extend(revealed)


@dataclass(frozen=True, slots=True)
class Pouch(Effect):
    """pouch(n): up to n hand cards under the source card, +2 appeal each."""

    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(zoo.PouchCards(seat, src, self.n))


@dataclass(frozen=True, slots=True)
class SellCards(Effect):
    """sell_cards(n, price): discard up to n hand cards for ``price`` money each."""

    n: int
    price: int

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(zoo.SellCards(seat, self.n, self.price))


# ----------------------------------------------------------------------------- association


@dataclass(frozen=True, slots=True)
class HireWorker(Effect):
    def fire(self, s: State, seat: int, src: int) -> None:
        tracks.hire_worker(s, seat)


@dataclass(frozen=True, slots=True)
class PartnerZooFree(Effect):
    """partner_zoo_free: take one from the board (limits of spec 12.2, D-33)."""

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(association.ChoosePartnerZoo(seat))


@dataclass(frozen=True, slots=True)
class UniversityFree(Effect):
    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(association.ChooseUniversity(seat))


# ----------------------------------------------------------------------------- action cards


@dataclass(frozen=True, slots=True)
class UpgradeCard(Effect):
    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(tracks.UpgradeCard(seat))


@dataclass(frozen=True, slots=True)
class MoveActionCard(Effect):
    """move_action_card(type|any, slots): optional; ``action`` -1 = any card."""

    action: int
    slots: tuple[int, ...]

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(turn.MoveCard(seat, self.action, self.slots))


@dataclass(frozen=True, slots=True)
class ExtraAction(Effect):
    """extra_action(type|any): an additional action with your own card (spec 19 Action /
    Determination); ``action`` -1 = any card, X-token action allowed."""

    action: int

    def fire(self, s: State, seat: int, src: int) -> None:
        turn.start_extra_action(s, seat, self.action)


@dataclass(frozen=True, slots=True)
class PlaceToken(Effect):
    """place_token(multiplier, card): ``action`` -1 lets the player choose the card."""

    action: int

    def fire(self, s: State, seat: int, src: int) -> None:
        if self.action < 0:
            s.steps.append(turn.ChooseMultiplierCard(seat))
        else:
            turn.add_multiplier(s, seat, self.action)


@dataclass(frozen=True, slots=True)
class AfterFinishing(Effect):
    """after_finishing -> effect: deferred to spec 4 step 6 of the running action."""

    effect: Effect

    def fire(self, s: State, seat: int, src: int) -> None:
        turn.defer(s, Do(seat, src, self.effect))


# ----------------------------------------------------------------------------- buildings


@dataclass(frozen=True, slots=True)
class BuildFree(Effect):
    """build_free(types, optional): place one of these building types free."""

    types: tuple[int, ...]

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(zoo.ChooseFreeBuilding(seat, self.types))


@dataclass(frozen=True, slots=True)
class PlaceUnique(Effect):
    """place_unique(building): the sponsor's unique building, free (spec 11)."""

    code: int

    def fire(self, s: State, seat: int, src: int) -> None:
        zoo.start_placement(s, seat, self.code)


@dataclass(frozen=True, slots=True)
class TokensOnSelf(Effect):
    """tokens_on_self(n): n player tokens from the personal supply onto the source card."""

    n: int

    def fire(self, s: State, seat: int, src: int) -> None:
        p = s.players[seat]
        n = min(self.n, p.supply_tokens)
        p.supply_tokens -= n
        p.card_tokens[src] = p.card_tokens.get(src, 0) + n


@dataclass(frozen=True, slots=True)
class PlaySponsorForMoney(Effect):
    """play_sponsor_for_money: 1 sponsor from hand paying its level (optional)."""

    def fire(self, s: State, seat: int, src: int) -> None:
        s.steps.append(sponsor_play.SponsorForMoney(seat))


# Rule modules import this one for its primitives; importing them last (after every class
# above exists) breaks the cycle. Their functions are looked up only when effects fire.
from engine.ark_nova import (  # noqa: E402
    association,
    cardflow,
    sponsor_play,
    tracks,
    turn,
    zoo,
)
