"""Map and board bonuses as spec-18 primitives: placement bonuses (spec 7.6), the left-side
bonus spaces (spec 12.5, 21.1), partner-zoo / university / last-worker rewards and the
bonus tiles of CP 5 and 8 (spec 13.2). Each is a name in the map data or state."""

from __future__ import annotations

from functools import lru_cache

from engine.ark_nova.cards.effects import (
    AfterFinishing,
    BuildFree,
    Effect,
    ExtraAction,
    Gain,
    HireWorker,
    MoveActionCard,
    PartnerZooFree,
    PlaceToken,
    PlaySponsorForMoney,
    Pouch,
    SnapCards,
    TakeCard,
    UniversityFree,
    UpgradeCard,
)
from engine.ark_nova.map.buildings import AVIARY_T, ENC_T, KIOSK_T, REPTILE_T

ANY_CARD = -1


@lru_cache(maxsize=1)
def _tables() -> dict[str, dict[str, tuple[Effect, ...]]]:
    clever = AfterFinishing(MoveActionCard(ANY_CARD, (1,)))
    placement: dict[str, tuple[Effect, ...]] = {
        "x_token": (Gain("x", 1),),
        "money_2": (Gain("money", 2),),
        "money_5": (Gain("money", 5),),
        "money_10": (Gain("money", 10),),
        "reputation_1": (Gain("rep", 1),),
        "reputation_2": (Gain("rep", 2),),
        "card_deck_or_range": (TakeCard(1),),
        "clever": (clever,),
        "hire_worker": (HireWorker(),),
        "partner_zoo": (PartnerZooFree(),),
        "university": (UniversityFree(),),
        "sponsor_for_money": (PlaySponsorForMoney(),),
        "kiosk": (BuildFree((KIOSK_T,)),),
        "multiplier": (PlaceToken(ANY_CARD),),
    }
    left: dict[str, tuple[Effect, ...]] = {
        "snap_1": (SnapCards(1),),
        "free_enclosure_size_2": (BuildFree((ENC_T[2],)),),
        "money_5": (Gain("money", 5),),
        "money_12": (Gain("money", 12),),
        "x_token_3": (Gain("x", 3),),
        "hire_worker": (HireWorker(),),
        "reputation_2": (Gain("rep", 2),),
        "conservation_1": (Gain("cp", 1),),
        "sponsor_for_money": (PlaySponsorForMoney(),),
        "determination": (AfterFinishing(ExtraAction(ANY_CARD)),),
        "university": (UniversityFree(),),
        "partner_zoo": (PartnerZooFree(),),
        "free_special_enclosure": (BuildFree((REPTILE_T, AVIARY_T)),),
        "clever_2": (clever, clever),
        "pouch_2": (Pouch(2),),
    }
    rewards: dict[str, tuple[Effect, ...]] = {
        "upgrade_action_card": (UpgradeCard(),),
        "hire_worker": (HireWorker(),),
        "conservation_1": (Gain("cp", 1),),
        "conservation_2": (Gain("cp", 2),),
    }
    tiles: dict[str, tuple[Effect, ...]] = {
        "money_10": (Gain("money", 10),),
        "enclosure_3": (BuildFree((ENC_T[3],)),),
        "reputation_2": (Gain("rep", 2),),
        "x_tokens_3": (Gain("x", 3),),
        "cards_3": (TakeCard(3),),
        "partner_zoo": (PartnerZooFree(),),
        "university": (UniversityFree(),),
        "multiplier": (PlaceToken(ANY_CARD),),
        "sponsor_for_money": (PlaySponsorForMoney(),),
    }
    return {"placement": placement, "left": left, "rewards": rewards, "tiles": tiles}


def placement_effects(name: str) -> tuple[Effect, ...]:
    return _tables()["placement"][name]


def left_track_effects(name: str) -> tuple[Effect, ...]:
    return _tables()["left"][name]


def reward_effects(name: str) -> tuple[Effect, ...]:
    return _tables()["rewards"][name]


def tile_effects(name: str) -> tuple[Effect, ...]:
    return _tables()["tiles"][name]
