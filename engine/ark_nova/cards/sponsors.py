"""The 64 sponsor cards (spec 20.2), each written with the spec-18 primitives.

A ``SponsorDef`` lists a card's immediate, income, end-of-game and icon-trigger effects
and its unique building. Keyed by card id; the card data give level, conditions and
icons. The passive rules sponsors change are the table in ``passives.py``; card-specific
effects are values of ``effects.py`` whose rules are in ``custom.py`` and ``waza.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.ark_nova.cards.catalog import (
    AFRICA,
    AMERICAS,
    ASIA,
    AUSTRALIA,
    BEAR,
    BIRD,
    EUROPE,
    HERBIVORE,
    PREDATOR,
    PRIMATE,
    REPTILE,
    ROCK,
    SCIENCE,
    WATER,
)
from engine.ark_nova.cards.effects import (
    AfterFinishing,
    BuildFree,
    Effect,
    Gain,
    GainPer,
    GainTiers,
    HireWorker,
    Hunter,
    MoveActionCard,
    OkapiSponsor,
    OthersGain,
    Perception,
    PlaceUnique,
    Pouch,
    SellCards,
    TakeCard,
    TokensOnSelf,
    WazaChoose,
)
from engine.ark_nova.map.buildings import ENC_T, KIOSK_T, PAVILION_T, UNIQUE_OF_SPONSOR


@dataclass(frozen=True, slots=True)
class SponsorDef:
    immediate: tuple[Effect, ...] = ()
    income: tuple[Effect, ...] = ()
    end: tuple[Effect, ...] = ()  # Gain / GainPer / GainTiers of cp or appeal
    on_icon: tuple[tuple[int, bool, tuple[Effect, ...]], ...] = ()  # icon, any zoo, effects
    building: int = -1  # unique building placed first (spec 11)


def _cp_if(threshold: int, metric: str, cp: int = 1) -> tuple[Effect, ...]:
    return (GainTiers("cp", ((threshold, cp),), metric),)


def _expert(icon: str, icon_id: int, trigger: Effect, end: tuple[Effect, ...] = ()
            ) -> SponsorDef:
    return SponsorDef(immediate=(GainPer("appeal", 1, f"icons:{icon}"),),
                      on_icon=((icon_id, False, (trigger,)),), end=end)


def _sponsorship(icon: str) -> SponsorDef:
    return SponsorDef(immediate=(GainPer("appeal", 1, f"icons:{icon}"),),
                      income=(GainTiers("money", ((1, 3), (3, 6), (5, 9)), f"icons:{icon}"),))


def _watcher(icon_id: int) -> SponsorDef:
    return SponsorDef(on_icon=((icon_id, True, (Gain("money", 3),)),))


def _unique(sponsor: int, *, icon: int = -1, trigger: tuple[Effect, ...] = (),
            any_zoo: bool = False, end: tuple[Effect, ...] = (),
            after: tuple[Effect, ...] = (), before: tuple[Effect, ...] = ()) -> SponsorDef:
    code = UNIQUE_OF_SPONSOR[sponsor]
    on_icon = ((icon, any_zoo, trigger),) if icon >= 0 else ()
    return SponsorDef(immediate=(*before, PlaceUnique(code), *after), on_icon=on_icon, end=end,
                      building=code)


def _build() -> dict[int, SponsorDef]:
    breeding = SponsorDef(immediate=(TokensOnSelf(2),),
                          end=_cp_if(5, "projects_supported"))
    appeal2 = (Gain("appeal", 2),)
    return {
        201: SponsorDef(immediate=(TakeCard(1),), income=(TakeCard(1),),
                        end=(GainTiers("cp", ((3, 1), (6, 2)), "icons:science"),)),
        202: SponsorDef(on_icon=((SCIENCE, False, (Gain("rep", 1),)),)),
        203: SponsorDef(immediate=(GainTiers("money", ((1, 2), (2, 5), (3, 10)),
                                             "universities"),),
                        end=_cp_if(3, "universities")),
        204: SponsorDef(immediate=(GainPer("money", 2, "icons:science"),),
                        on_icon=((SCIENCE, False, (Gain("cp", 1),)),)),
        205: SponsorDef(immediate=(Gain("rep", 2), Gain("cp", 1))),
        206: SponsorDef(immediate=(GainPer("appeal", 2, "projects_supported"),),
                        income=(Gain("cp", 1),)),
        207: SponsorDef(immediate=(GainPer("cp", 1, "distinct_icon_types", div=2),
                                   OthersGain("money", 2, "distinct_icon_types", div=2))),
        208: SponsorDef(immediate=(GainPer("appeal", 1, "icons:science"),),
                        on_icon=((SCIENCE, True, (Gain("money", 2),)),),
                        end=_cp_if(5, "distinct_categories")),
        209: SponsorDef(immediate=(Gain("x", 1),), income=(Gain("x", 1),),
                        end=_cp_if(3, "universities")),
        210: _expert("americas", AMERICAS, BuildFree((KIOSK_T,)), _cp_if(5, "kiosks")),
        211: _expert("europe", EUROPE, BuildFree((ENC_T[1],)),
                     _cp_if(5, "occupied_size1_enclosures")),
        212: _expert("australia", AUSTRALIA, Pouch(1)),
        213: _expert("asia", ASIA, BuildFree((PAVILION_T,))),
        214: _expert("africa", AFRICA, AfterFinishing(MoveActionCard(-1, (1,))),
                     (GainPer("appeal", 1, "x_tokens"),)),
        215: breeding,
        216: SponsorDef(immediate=(HireWorker(),), end=_cp_if(9, "reputation")),
        217: SponsorDef(end=(GainTiers("appeal", ((1, 5),), "map_covered"),)),
        218: breeding,
        219: SponsorDef(immediate=(GainPer("money", 2, "water_plus_rock"),),
                        end=(GainPer("appeal", 2, "min_water_rock", cap=6),)),
        220: SponsorDef(immediate=(Gain("money", 3),), income=(Gain("money", 3),),
                        end=_cp_if(9, "reputation")),
        221: SponsorDef(end=_cp_if(1, "border_covered")),
        222: SponsorDef(immediate=(GainPer("cp", 1, "icons:science", cap=3),
                                   OthersGain("money", 2, "icons:science", cap=3))),
        223: SponsorDef(),
        224: SponsorDef(immediate=(Gain("x", 1),)),
        225: SponsorDef(immediate=(Gain("x", 1),), end=_cp_if(5, "distinct_continents")),
        226: SponsorDef(immediate=(Gain("rep", 2),), end=_cp_if(5, "distinct_continents")),
        227: SponsorDef(immediate=(WazaChoose(),)),
        228: SponsorDef(immediate=(GainPer("money", 2, "small_animals"),)),
        229: SponsorDef(immediate=(GainPer("appeal", 1, "small_animals"),)),
        230: SponsorDef(immediate=(GainPer("appeal", 2, "large_animals"),)),
        231: _sponsorship("primate"),
        232: _sponsorship("reptile"),
        233: _sponsorship("bird"),
        234: _sponsorship("predator"),
        235: _sponsorship("herbivore"),
        236: _watcher(PRIMATE),
        237: _watcher(REPTILE),
        238: _watcher(BIRD),
        239: _watcher(PREDATOR),
        240: _watcher(HERBIVORE),
        241: SponsorDef(immediate=(GainPer("appeal", 1, "icons:water"),),
                        end=_cp_if(1, "no_isolated_water")),
        242: SponsorDef(immediate=(GainPer("appeal", 3, "icons:rock", div=2),),
                        end=_cp_if(1, "no_isolated_rock")),
        243: _unique(243, icon=HERBIVORE, trigger=appeal2, end=_cp_if(6, "icons:herbivore")),
        244: _unique(244, icon=BIRD, trigger=appeal2, end=_cp_if(6, "icons:bird")),
        245: _unique(245, icon=WATER, trigger=appeal2, end=_cp_if(6, "icons:water")),
        246: _unique(246, icon=ROCK, trigger=appeal2, end=_cp_if(6, "icons:rock")),
        247: _unique(247, icon=PRIMATE, trigger=appeal2, end=_cp_if(6, "icons:primate")),
        248: _unique(248, icon=PRIMATE, trigger=(Gain("x", 1),)),
        249: _unique(249, icon=BIRD, trigger=(Perception(2, keep=1),)),
        250: _unique(250, icon=REPTILE, trigger=(SellCards(2, 4),)),
        251: _unique(251, icon=BEAR, trigger=appeal2, any_zoo=True,
                     end=(GainTiers("cp", ((3, 1), (6, 2)), "icons:bear"),)),
        252: _unique(252, icon=PREDATOR, trigger=(Hunter(0),)),
        253: _unique(253, icon=HERBIVORE, trigger=(OkapiSponsor(),),
                     after=(TokensOnSelf(3),)),
        254: _unique(254, before=(Gain("rep", 1), Gain("cp", 1)), after=(TakeCard(1),)),
        255: _unique(255, after=(Gain("appeal", 4),)),
        256: _unique(256, after=(Gain("appeal", 4),)),
        257: SponsorDef(immediate=(PlaceUnique(UNIQUE_OF_SPONSOR[257]),),
                        income=(GainPer("money", 2, "side_entrance_neighbours"),),
                        end=(GainTiers("appeal", ((1, 5),), "map_covered"),),
                        building=UNIQUE_OF_SPONSOR[257]),
        258: SponsorDef(immediate=(GainPer("appeal", 1, "connected_water"),),
                        end=(GainPer("cp", 1, "isolated_water", div=2),)),
        259: SponsorDef(immediate=(GainPer("appeal", 1, "connected_rock"),),
                        end=(GainPer("cp", 1, "isolated_rock", div=2),)),
        260: SponsorDef(immediate=(GainPer("appeal", 1, "connected_border_empty"),),
                        end=(GainPer("cp", 1, "empty_groups_of_6"),)),
        261: SponsorDef(immediate=(Gain("appeal", 1), Gain("cp", 1)),
                        end=_cp_if(5, "distinct_categories")),
        262: SponsorDef(immediate=(GainPer("money", 2, "distinct_icon_types"),)),
        263: SponsorDef(immediate=(BuildFree((ENC_T[5],)),)),
        264: SponsorDef(immediate=(GainPer("appeal", 1, "connected_bonus_cells"),),
                        end=(GainPer("cp", 1, "isolated_bonus_cells", div=2),)),
    }


@lru_cache(maxsize=1)
def table() -> dict[int, SponsorDef]:
    return _build()


def get(sponsor: int) -> SponsorDef:
    return table()[sponsor]


@lru_cache(maxsize=1)
def on_icon_table() -> dict[int, tuple[tuple[int, bool, tuple[Effect, ...]], ...]]:
    """Sponsor id -> its icon triggers, for the sponsors that have any."""
    return {sid: d.on_icon for sid, d in table().items() if d.on_icon}
