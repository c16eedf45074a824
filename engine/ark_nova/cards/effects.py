"""The effect primitives of spec 18 as plain immutable values: the vocabulary the card
definitions are written in.

Card effects (animal abilities, sponsors, projects, map and tile bonuses) are tuples of
these values, built from the card data in ``abilities.py``, ``sponsors.py`` and
``map_bonuses.py``. A value only says *what*: which resource, how many, which metric.
*What it does* is written once, in ``rules/resolve.py``: its dispatch table maps each
effect kind to the rule that carries it out, and ``rules/dispatch.py`` fires a value
through it. So the values sit below every rule: rules build and schedule effects without
importing the rules those effects call. The card-specific kinds (the abilities and
sponsors no primitive expresses) are at the end; their rules are in ``rules/custom.py``
and ``rules/waza.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.toolkit.flow import Step


class Effect:
    """Base of every effect value."""

    __slots__ = ()


# ----------------------------------------------------------------------------- gains


@dataclass(frozen=True, slots=True)
class Gain(Effect):
    """gain(res, n)."""

    res: str
    n: int


@dataclass(frozen=True, slots=True)
class GainPer(Effect):
    """gain_per(res, k, metric, cap): k per ``metric // div`` units, at most ``cap``."""

    res: str
    k: int
    metric: str
    cap: int = 0
    div: int = 1


@dataclass(frozen=True, slots=True)
class GainTiers(Effect):
    """gain_tiers(res, {threshold: amount}, metric): the highest tier reached."""

    res: str
    tiers: tuple[tuple[int, int], ...]
    metric: str


@dataclass(frozen=True, slots=True)
class OthersGain(Effect):
    """others_gain(res, n): every other player gains ``k`` (times the metric, capped)."""

    res: str
    k: int
    metric: str = ""
    cap: int = 0
    div: int = 1


@dataclass(frozen=True, slots=True)
class AdvanceBreak(Effect):
    """Advance the break token ``n`` spaces (Jumping, spec 13.4)."""

    n: int


# ----------------------------------------------------------------------------- cards


@dataclass(frozen=True, slots=True)
class Draw(Effect):
    """draw(n): from the top of the deck."""

    n: int


@dataclass(frozen=True, slots=True)
class TakeCard(Effect):
    """take_card(n): n times 1 card from the deck or in reputation range."""

    n: int


@dataclass(frozen=True, slots=True)
class SnapCards(Effect):
    """snap(n): n times any 1 display card; with ``refill`` the display may be refilled
    between the snaps."""

    n: int
    refill: bool = False


REVEAL_FILTERS = ("sponsor", "small", "large", "animal")


@dataclass(frozen=True, slots=True)
class RevealUntil(Effect):
    """reveal_until(filter): reveal deck cards until one matches and take it; the others
    are discarded afterwards (``cardflow.reveal_until``)."""

    what: str


@dataclass(frozen=True, slots=True)
class Pouch(Effect):
    """pouch(n): up to n hand cards under the source card, +2 appeal each."""

    n: int


@dataclass(frozen=True, slots=True)
class SellCards(Effect):
    """sell_cards(n, price): discard up to n hand cards for ``price`` money each."""

    n: int
    price: int


# ----------------------------------------------------------------------------- association


@dataclass(frozen=True, slots=True)
class HireWorker(Effect):
    """hire_worker: a supply worker becomes active."""


@dataclass(frozen=True, slots=True)
class PartnerZooFree(Effect):
    """partner_zoo_free: take one from the board (limits of spec 12.2, D-33)."""


@dataclass(frozen=True, slots=True)
class UniversityFree(Effect):
    """university_free: take one from the board."""


# ----------------------------------------------------------------------------- action cards


@dataclass(frozen=True, slots=True)
class UpgradeCard(Effect):
    """upgrade_action_card: flip one side-I action card."""


@dataclass(frozen=True, slots=True)
class MoveActionCard(Effect):
    """move_action_card(type|any, slots): optional; ``action`` -1 = any card."""

    action: int
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ExtraAction(Effect):
    """extra_action(type|any): an additional action with your own card (spec 19 Action /
    Determination); ``action`` -1 = any card, X-token action allowed."""

    action: int


@dataclass(frozen=True, slots=True)
class PlaceToken(Effect):
    """place_token(multiplier, card): ``action`` -1 lets the player choose the card."""

    action: int


@dataclass(frozen=True, slots=True)
class AfterFinishing(Effect):
    """after_finishing -> effect: deferred to spec 4 step 6 of the running action."""

    effect: Effect


# ----------------------------------------------------------------------------- buildings


@dataclass(frozen=True, slots=True)
class BuildFree(Effect):
    """build_free(types, optional): place one of these building types free."""

    types: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlaceUnique(Effect):
    """place_unique(building): the sponsor's unique building, free (spec 11)."""

    code: int


@dataclass(frozen=True, slots=True)
class TokensOnSelf(Effect):
    """tokens_on_self(n): n player tokens from the personal supply onto the source card."""

    n: int


@dataclass(frozen=True, slots=True)
class PlaySponsorForMoney(Effect):
    """play_sponsor_for_money: 1 sponsor from hand paying its level (optional)."""


@dataclass(frozen=True, slots=True)
class PushStep(Effect):
    """An effect that asks a decision (put on the stack when the effect fires)."""

    step: Step


# ----------------------------------------------------------------------------- card-specific
# Abilities and sponsors no primitive expresses (spec 19, 20.2); rules in custom.py.


@dataclass(frozen=True, slots=True)
class Scavenging(Effect):
    """Shuffle the discard pile, draw N from it, keep 1, discard the rest."""

    n: int


@dataclass(frozen=True, slots=True)
class Hunter(Effect):
    """Reveal the top N deck cards, put 1 animal among them into hand, discard the rest.
    ``n`` 0 = as many as your predator icons (sponsor 252)."""

    n: int


@dataclass(frozen=True, slots=True)
class Perception(Effect):
    """Draw N from the deck, keep ``keep``, discard the rest (249: Perception 2, keep 1)."""

    n: int
    keep: int = 2


@dataclass(frozen=True, slots=True)
class Digging(Effect):
    """Digging N: N times discard a display card or swap a hand card for a draw."""

    n: int


@dataclass(frozen=True, slots=True)
class Resistance(Effect):
    """Draw 2 final scoring cards, keep 1, the other face down under the pile."""


@dataclass(frozen=True, slots=True)
class TakeBaseProject(Effect):
    """Assertion (any unused base project) / Dominance (``only`` = 108): may take it."""

    only: int = 0


@dataclass(frozen=True, slots=True)
class Magnet(Effect):
    """Take every sponsor card in the display into your hand."""


@dataclass(frozen=True, slots=True)
class Venom(Effect):
    """Venom N: others with more appeal get venom on their cards in slots 1..N."""

    n: int


@dataclass(frozen=True, slots=True)
class Constriction(Effect):
    """Others ahead of you on appeal / CP get a constriction token on slot 5, then slot 4."""


@dataclass(frozen=True, slots=True)
class Pilfering(Effect):
    """Pilfering 1 / 2 (spec 19, D-13, D-40)."""

    n: int


@dataclass(frozen=True, slots=True)
class Hypnosis(Effect):
    """Hypnosis N (after finishing): use the top-appeal player's card in slots 1..N."""

    n: int


@dataclass(frozen=True, slots=True)
class WazaChoose(Effect):
    """227: choose small or large, reveal until such an animal, the other class is barred."""


@dataclass(frozen=True, slots=True)
class OkapiSponsor(Effect):
    """253: may spend a token from the card to play a sponsor from hand paying its level."""


@dataclass(frozen=True, slots=True)
class ExtraPlacementBonus(Effect):
    """221: a placement bonus from a border cell also gives one still-uncovered placement
    bonus of the player's choice (that cell stays uncovered)."""
