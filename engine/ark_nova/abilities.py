"""Animal abilities (spec 19): each ability keyword of the card data becomes spec-18
primitives, or a ``custom.py`` handler where no primitive fits.

``effects_for(card)`` is what playing the animal fires (after its printed appeal, CP and
reputation). Flock is not an effect: it is a housing rule (``zoo.housings``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.ark_nova import custom
from engine.ark_nova.buildings import AVIARY_T, KIOSK_T, PAVILION_T
from engine.ark_nova.cards import ICON_NAMES, Ability, Card
from engine.ark_nova.effects import (
    AdvanceBreak,
    AfterFinishing,
    BuildFree,
    Draw,
    Effect,
    ExtraAction,
    Gain,
    GainPer,
    HireWorker,
    MoveActionCard,
    PlaceToken,
    Pouch,
    SellCards,
    SnapCards,
)

ANY_CARD = -1


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
    "scavenging": lambda a: (custom.Scavenging(_n(a)),),
    "hunter": lambda a: (custom.Hunter(_n(a)),),
    "inventive": lambda a: (Gain("x", _n(a)),),
    "iconic": lambda a: (GainPer("appeal", 1, f"icons_all:{ICON_NAMES[_param(a)]}", cap=8),),
    "pouch": lambda a: (Pouch(_n(a)),),
    "digging": lambda a: (custom.Digging(_n(a)),),
    "snapping": lambda a: (SnapCards(_n(a), refill=_n(a) >= 2),),
    "posturing": lambda a: tuple(BuildFree((KIOSK_T, PAVILION_T)) for _ in range(_n(a))),
    "sprint": lambda a: (Draw(_n(a)),),
    "pack": lambda a: (GainPer("appeal", 1, "icons:predator"),),
    "action": lambda a: (AfterFinishing(ExtraAction(_param(a))),),
    "jumping": lambda a: (AdvanceBreak(_n(a)), Gain("money", _n(a))),
    "full-throated": lambda a: (HireWorker(),),
    "venom": lambda a: (custom.Venom(_n(a)),),
    "pilfering": lambda a: (custom.Pilfering(_n(a)),),
    "constriction": lambda a: (custom.Constriction(),),
    "perception": lambda a: (custom.Perception(_n(a), keep=2),),
    "resistance": lambda a: (custom.Resistance(),),
    "assertion": lambda a: (custom.TakeBaseProject(),),
    "magnet": lambda a: (custom.Magnet(),),
    "hypnosis": lambda a: (AfterFinishing(custom.Hypnosis(_n(a))),),
    "determination": lambda a: (AfterFinishing(ExtraAction(ANY_CARD)),),
    "dominance": lambda a: (custom.TakeBaseProject(108),),
    "peacocking": lambda a: (BuildFree((AVIARY_T,)),),
}


@lru_cache(maxsize=512)
def effects_for(card: Card) -> tuple[Effect, ...]:
    """The effects of an animal's abilities, in printed order."""
    out: list[Effect] = []
    for a in card.abilities:
        if a.keyword == "inventive" and card.id in custom.INVENTIVE_BY_CARD:
            out.extend(custom.INVENTIVE_BY_CARD[card.id])
        else:
            out.extend(ABILITIES[a.keyword](a))
    return tuple(out)
