"""Animal abilities (spec 19): each ability keyword of the card data becomes effect values
of ``effects.py``: spec-18 primitives, or a card-specific kind (its rule in ``custom.py``)
where no primitive fits.

``effects_for(card)`` is what playing the animal fires (after its printed appeal, CP and
reputation). Flock is not an effect: it is a housing rule (``zoo.housings``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.ark_nova.cards.catalog import ICON_NAMES, Ability, Card
from engine.ark_nova.cards.effects import (
    AdvanceBreak,
    AfterFinishing,
    BuildFree,
    Constriction,
    Digging,
    Draw,
    Effect,
    ExtraAction,
    Gain,
    GainPer,
    GainTiers,
    HireWorker,
    Hunter,
    Hypnosis,
    Magnet,
    MoveActionCard,
    Perception,
    Pilfering,
    PlaceToken,
    Pouch,
    Resistance,
    Scavenging,
    SellCards,
    SnapCards,
    TakeBaseProject,
    Venom,
)
from engine.ark_nova.map.buildings import AVIARY_T, KIOSK_T, PAVILION_T

ANY_CARD = -1

# Animals whose Inventive differs from "gain N X-tokens" (spec 19), by card id.
INVENTIVE_BY_CARD: dict[int, tuple[Effect, ...]] = {
    411: (GainPer("x", 1, "icons_all:bear", cap=3),),
    459: (GainTiers("x", ((1, 1), (3, 2), (5, 3)), "icons:primate"),),
    464: (GainTiers("x", ((1, 1), (3, 2), (5, 3)), "icons:primate"),),
}


def _n(a: Ability, default: int = 1) -> int:
    return a.param if a.param is not None else default


def _param(a: Ability) -> int:
    assert a.param is not None
    return a.param


ABILITIES: dict[str, Callable[[Ability], tuple[Effect, ...]]] = {
    "petting": lambda a: (GainPer("appeal", 3, "icons:petting-zoo"),),
    "boost": lambda a: (AfterFinishing(MoveActionCard(_param(a), (1, 5))),),
    "sunbathing": lambda a: (SellCards(_n(a), 4),),
    "clever": lambda a: (AfterFinishing(MoveActionCard(ANY_CARD, (1,))),),
    "multiplier": lambda a: (PlaceToken(_param(a)),),
    "flock": lambda a: (),
    "scavenging": lambda a: (Scavenging(_n(a)),),
    "hunter": lambda a: (Hunter(_n(a)),),
    "inventive": lambda a: (Gain("x", _n(a)),),
    "iconic": lambda a: (GainPer("appeal", 1, f"icons_all:{ICON_NAMES[_param(a)]}", cap=8),),
    "pouch": lambda a: (Pouch(_n(a)),),
    "digging": lambda a: (Digging(_n(a)),),
    "snapping": lambda a: (SnapCards(_n(a), refill=_n(a) >= 2),),
    "posturing": lambda a: tuple(BuildFree((KIOSK_T, PAVILION_T)) for _ in range(_n(a))),
    "sprint": lambda a: (Draw(_n(a)),),
    "pack": lambda a: (GainPer("appeal", 1, "icons:predator"),),
    "action": lambda a: (AfterFinishing(ExtraAction(_param(a))),),
    "jumping": lambda a: (AdvanceBreak(_n(a)), Gain("money", _n(a))),
    "full-throated": lambda a: (HireWorker(),),
    "venom": lambda a: (Venom(_n(a)),),
    "pilfering": lambda a: (Pilfering(_n(a)),),
    "constriction": lambda a: (Constriction(),),
    "perception": lambda a: (Perception(_n(a), keep=2),),
    "resistance": lambda a: (Resistance(),),
    "assertion": lambda a: (TakeBaseProject(),),
    "magnet": lambda a: (Magnet(),),
    "hypnosis": lambda a: (AfterFinishing(Hypnosis(_n(a))),),
    "determination": lambda a: (AfterFinishing(ExtraAction(ANY_CARD)),),
    "dominance": lambda a: (TakeBaseProject(108),),
    "peacocking": lambda a: (BuildFree((AVIARY_T,)),),
}


@lru_cache(maxsize=512)
def effects_for(card: Card, solo: bool = False) -> tuple[Effect, ...]:
    """The effects of an animal's abilities, in printed order. In the solo game an
    interactive animal uses its solo ability instead (``alternative_ability``, spec 17)."""
    out: list[Effect] = []
    for a in (card.alternative if solo and card.alternative else card.abilities):
        if a.keyword == "inventive" and card.id in INVENTIVE_BY_CARD:
            out.extend(INVENTIVE_BY_CARD[card.id])
        else:
            out.extend(ABILITIES[a.keyword](a))
    return tuple(out)
