"""Zoo maps (spec 7, 21): terrain, Build-II cells, placement bonuses, the left-side bonus
track and the partner-zoo / university / last-worker rewards, loaded from the packaged
``data/maps/map_<id>.json`` files (converted from the project's reference map data, kept
outside this repository; ``data/README.md`` says what each file holds).

Each map names its special rule (``MapData.rule``, spec 21.3-21.4) and the cells of its
feature (``MapData.feature``: the tower, the outdoor area, the activation cell...); the
rules themselves are in ``rules/map_rules.py``. Maps A, 0 and 3 have no rule.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.ark_nova.map.hexgrid import CELLS, INDEX, N_CELLS, mask_of
from engine.core.errors import ConfigError

PLACEMENT_BONUSES = (
    "x_token", "money_2", "money_5", "money_10", "reputation_1", "reputation_2",
    "card_deck_or_range", "clever", "hire_worker", "partner_zoo", "university",
    "sponsor_for_money", "kiosk", "multiplier",
)
LEFT_TRACK_BONUSES = (
    "snap_1", "free_enclosure_size_2", "money_5", "money_12", "x_token_3", "hire_worker",
    "reputation_2", "conservation_1", "sponsor_for_money", "determination", "university",
    "partner_zoo", "free_special_enclosure", "clever_2", "pouch_2",
)
REWARDS = ("upgrade_action_card", "hire_worker", "conservation_1", "conservation_2")

ALL_MAPS = ("A", "0", "1", "1a", "2", "3", "4", "5", "6", "7", "8")
# The advanced maps of the box (spec 3.2 A), drawn by ``map=random``.
ADVANCED_MAPS = ("1", "2", "3", "4", "5", "6", "7", "8")

# Special rules (spec 21.3-21.4), by map id, and the feature tag whose cells they use.
TOWER, OUTDOOR, HARBOUR, RESTAURANT, INSTITUTE, ICE_CREAM, HOLLYWOOD = (
    "tower", "outdoor_area", "harbour", "restaurant", "institute", "ice_cream", "hollywood")
RULES: dict[str, tuple[str, str]] = {
    "1": (TOWER, "tower"), "1a": (TOWER, "tower"), "2": (OUTDOOR, "outdoor_area"),
    "4": (HARBOUR, "activation_cell"), "5": (RESTAURANT, "restaurant"),
    "6": (INSTITUTE, "activation_cell"), "7": (ICE_CREAM, "kiosk_bonus_cells"),
    "8": (HOLLYWOOD, "hollywood"),
}


@dataclass(frozen=True, slots=True)
class LeftSpace:
    recurring: bool
    bonus: str


@dataclass(frozen=True, slots=True)
class StartBuilding:
    building: str  # "size-3" or "kiosk"
    cells: tuple[int, ...]
    anchor: int
    rotation: int


@dataclass(frozen=True, slots=True)
class MapData:
    """One zoo map. Cell sets are bit masks over ``hexgrid.CELLS``."""

    map_id: str
    name: str
    water: int
    rock: int
    build2: int
    bonus: tuple[str | None, ...]  # placement bonus per cell index
    bonus_mask: int
    left_track: tuple[LeftSpace, ...]
    partner_zoo_rewards: tuple[str | None, ...]  # index = n-th partner zoo (0 unused)
    university_rewards: tuple[str | None, ...]
    last_worker_reward: str | None
    full_cover_appeal: int
    start_buildings: tuple[StartBuilding, ...]
    special: tuple[tuple[str, tuple[int, ...]], ...]  # feature tag -> its cells
    rule: str = ""  # the special rule (``RULES``), "" for none
    feature: int = 0  # cells of the rule's feature (bit mask)

    @property
    def plain(self) -> int:
        return ((1 << N_CELLS) - 1) & ~(self.water | self.rock)


def _fail(map_id: str, why: str) -> ConfigError:
    return ConfigError(f"map {map_id}: {why}")


def _rewards(map_id: str, raw: dict[str, str], n: int) -> tuple[str | None, ...]:
    out: list[str | None] = [None] * (n + 1)
    for key, value in raw.items():
        if not key.isdigit() or not 2 <= int(key) <= n or value not in REWARDS:
            raise _fail(map_id, f"bad reward {key}: {value!r}")
        out[int(key)] = value
    return tuple(out)


def parse_map(text: str) -> MapData:
    raw = json.loads(text)
    map_id = str(raw["map_id"])
    tiles = raw["tiles"]
    if len(tiles) != N_CELLS:
        raise _fail(map_id, f"needs {N_CELLS} cells, has {len(tiles)}")
    water = rock = build2 = 0
    bonus: list[str | None] = [None] * N_CELLS
    for t in tiles:
        idx = INDEX.get((t["col"], t["row"]))
        if idx is None:
            raise _fail(map_id, f"cell ({t['col']},{t['row']}) is not on the grid")
        bit = 1 << idx
        if t["terrain"] == "water":
            water |= bit
        elif t["terrain"] == "rock":
            rock |= bit
        elif t["terrain"] != "plain":
            raise _fail(map_id, f"unknown terrain {t['terrain']!r}")
        if t["build2_required"]:
            build2 |= bit
        b = t["placement_bonus"]
        if b is not None and b not in PLACEMENT_BONUSES:
            raise _fail(map_id, f"unknown placement bonus {b!r}")
        bonus[idx] = b
    left = tuple(LeftSpace(s["kind"] == "recurring", s["bonus"]) for s in raw["left_track"])
    if len(left) != 7 or any(s.bonus not in LEFT_TRACK_BONUSES for s in left):
        raise _fail(map_id, "the left track needs 7 known bonus spaces")
    starts = []
    for b in raw.get("start_buildings", []):
        cells = tuple(INDEX[tuple(c)] for c in b["cells"])
        starts.append(StartBuilding(b["building"], cells, INDEX[tuple(b["anchor"])],
                                    b["rotation"]))
    special = tuple((tag, tuple(INDEX[tuple(c)] for c in cells))
                    for tag, cells in raw.get("special_cells", {}).items())
    rule, tag = RULES.get(map_id, ("", ""))
    feature = mask_of(dict(special).get(tag, ()))
    if rule and not feature:
        raise _fail(map_id, f"the {rule} rule needs the cells tagged {tag!r}")
    return MapData(
        map_id=map_id, name=raw["map_name"], water=water, rock=rock, build2=build2,
        bonus=tuple(bonus), bonus_mask=mask_of([i for i in range(N_CELLS) if bonus[i]]),
        left_track=left,
        partner_zoo_rewards=_rewards(map_id, raw["partner_zoo_rewards"], 4),
        university_rewards=_rewards(map_id, raw["university_rewards"], 3),
        last_worker_reward=raw["last_worker_reward"],
        full_cover_appeal=int(raw["full_cover_appeal"]),
        start_buildings=tuple(starts), special=special, rule=rule, feature=feature,
    )


@cache
def load_map(map_id: str) -> MapData:
    if map_id not in ALL_MAPS:
        raise ConfigError(f"unknown map {map_id!r}; maps: {', '.join(ALL_MAPS)}")
    name = f"data/maps/map_{map_id.lower()}.json"
    return parse_map(resources.files("engine.ark_nova").joinpath(name).read_text("utf-8"))


def cell_name(idx: int) -> str:
    c, r = CELLS[idx]
    return f"({c},{r})"
