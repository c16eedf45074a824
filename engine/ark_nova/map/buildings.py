"""Building types (spec 7.4, 8.4, 20 P8) and the placement rules of spec 7.3.

A building type is an int code; its shape, size and constraints are in ``TYPES``. Legal
footprints are computed from precomputed per-map placement tables with bit masks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.ark_nova.map.hexgrid import BORDER_MASK, NEAR2_MASK, SHAPES, Placement, placements
from engine.ark_nova.map.maps import MapData

KIOSK_T, PAVILION_T = 0, 1
ENC_T = (-1, 2, 3, 4, 5, 6)  # ENC_T[size] for standard enclosures of size 1..5
PETTING_T, REPTILE_T, AVIARY_T = 7, 8, 9

KIOSK, PAVILION, STANDARD, SPECIAL, UNIQUE = "kiosk", "pavilion", "standard", "special", "unique"


@dataclass(frozen=True, slots=True)
class BuildingType:
    code: int
    name: str
    shape: str
    kind: str
    capacity: int = 0  # special enclosures
    sponsor: int = 0  # unique buildings: the sponsor card that places it
    water: int = 0  # distinct adjacent water cells needed (unique buildings)
    rock: int = 0
    border: int = 0  # covered border cells needed (Zoo School 2, Side Entrance 2)
    free_standing: bool = False  # Side Entrance: no adjacency needed

    @property
    def size(self) -> int:
        return SHAPES[self.shape].size


_SIZE_SHAPE = ("", "single", "pair", "triangle", "rhombus", "enclosure5")

TYPES: tuple[BuildingType, ...] = (
    BuildingType(KIOSK_T, "kiosk", "single", KIOSK),
    BuildingType(PAVILION_T, "pavilion", "single", PAVILION),
    *(BuildingType(ENC_T[n], f"{n}-space enclosure", _SIZE_SHAPE[n], STANDARD)
      for n in range(1, 6)),
    BuildingType(PETTING_T, "Petting Zoo", "petting_zoo", SPECIAL, capacity=3),
    BuildingType(REPTILE_T, "Reptile House", "reptile_house", SPECIAL, capacity=5),
    BuildingType(AVIARY_T, "Large Bird Aviary", "aviary", SPECIAL, capacity=5),
    BuildingType(10, "Meerkat Den", "meerkat", UNIQUE, sponsor=243, rock=1),
    BuildingType(11, "Penguin Pool", "penguin", UNIQUE, sponsor=244, water=1),
    BuildingType(12, "Aquarium", "aquarium", UNIQUE, sponsor=245, water=2),
    BuildingType(13, "Cable Car", "cable_car", UNIQUE, sponsor=246, rock=2),
    BuildingType(14, "Baboon Rock", "baboon", UNIQUE, sponsor=247, rock=1),
    BuildingType(15, "Rhesus Monkey Park", "rhesus", UNIQUE, sponsor=248),
    BuildingType(16, "Barred Owl Hut", "owl", UNIQUE, sponsor=249),
    BuildingType(17, "Sea Turtle Tank", "sea_turtle", UNIQUE, sponsor=250, water=1),
    BuildingType(18, "Polar Bear Exhibit", "polar_bear", UNIQUE, sponsor=251, water=1),
    BuildingType(19, "Spotted Hyena Compound", "hyena", UNIQUE, sponsor=252, rock=1),
    BuildingType(20, "Okapi Stable", "okapi", UNIQUE, sponsor=253),
    BuildingType(21, "Zoo School", "meerkat", UNIQUE, sponsor=254, border=2),
    BuildingType(22, "Adventure Playground", "pair", UNIQUE, sponsor=255, rock=1),
    BuildingType(23, "Water Playground", "side_pair", UNIQUE, sponsor=256, water=1),
    BuildingType(24, "Side Entrance", "side_pair", UNIQUE, sponsor=257, border=2,
                 free_standing=True),
)
UNIQUE_OF_SPONSOR = {t.sponsor: t.code for t in TYPES if t.kind == UNIQUE}
SIZE = tuple(t.size for t in TYPES)
KIND = tuple(t.kind for t in TYPES)
# Types a Build action may choose: side I, and the extra ones of side II.
BUILD_I_TYPES = (KIOSK_T, PAVILION_T, *ENC_T[1:], PETTING_T)
BUILD_II_TYPES = (*BUILD_I_TYPES, REPTILE_T, AVIARY_T)


@dataclass(frozen=True, slots=True)
class Footprint:
    """A placement of one shape on one map, with its terrain neighbourhood counts."""

    p: Placement
    water_adj: int
    rock_adj: int


@cache
def footprints(map_data: MapData, shape: str) -> tuple[Footprint, ...]:
    return tuple(Footprint(p, (p.around & map_data.water).bit_count(),
                           (p.around & map_data.rock).bit_count())
                 for p in placements(SHAPES[shape]))


@cache
def _rows(map_data: MapData, shape: str) -> tuple[tuple[int, int, int, int, int, Footprint], ...]:
    """(mask, around, border cells, water, rock, footprint) rows for the hot loop."""
    return tuple((f.p.mask, f.p.around, f.p.border_cells, f.water_adj, f.rock_adj, f)
                 for f in footprints(map_data, shape))


def kiosk_zone(kiosk_cells: list[int]) -> int:
    """Cells where a new kiosk may not go (within distance 2 of an existing kiosk)."""
    m = 0
    for c in kiosk_cells:
        m |= NEAR2_MASK[c]
    return m


def legal_footprints(map_data: MapData, code: int, covered: int, build2_ok: bool,
                     any_terrain: bool, no_kiosk: int) -> list[Footprint]:
    """Every legal footprint of building type ``code`` (spec 7.3).

    ``covered``: cells already built on; ``build2_ok``: the player's Build card is on
    side II; ``any_terrain``: sponsor 219 (cover water/rock, ignore terrain needs);
    ``no_kiosk``: ``kiosk_zone`` of the existing kiosks.
    """
    t = TYPES[code]
    blocked = covered
    if not any_terrain:
        blocked |= map_data.water | map_data.rock
    if not build2_ok:
        blocked |= map_data.build2
    if code == KIOSK_T:
        blocked |= no_kiosk
    need_water = 0 if any_terrain else t.water
    need_rock = 0 if any_terrain else t.rock
    need_border = t.border
    # Adjacency (rule 2): touch a building, or, in an empty zoo, a border cell.
    if t.free_standing:
        touch, touch_self = 0, False
    elif covered:
        touch, touch_self = covered, False
    else:
        touch, touch_self = BORDER_MASK, True
    out = []
    for mask, around, border, water, rock, f in _rows(map_data, t.shape):
        if mask & blocked:
            continue
        if touch and not ((mask if touch_self else around) & touch):
            continue
        if border < need_border or water < need_water or rock < need_rock:
            continue
        out.append(f)
    return out
