"""Ark Nova card data: the 235 base cards, loaded and validated from JSONL.

The packaged file ``data/cards.jsonl`` is the project's reference data set (kept outside
this repository; ``parse_card`` below reads and checks every field). ``--cards FILE``
replaces it with a file of the same shape; every line is checked and a wrong value is
refused with an error naming the card and the field. Cards are integer ids: the printed
number (``AN-401`` is 401), so arrays indexed by id are the fast lookup everywhere else.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from engine.core.errors import CardFileError, ConfigError

# Icon indices. Categories 0..6, continents 7..11, then research, water, rock.
ICON_NAMES = (
    "bird", "herbivore", "predator", "primate", "reptile", "bear", "petting-zoo",
    "africa", "americas", "asia", "australia", "europe", "science", "water", "rock",
)
ICON = {name: i for i, name in enumerate(ICON_NAMES)}
BIRD, HERBIVORE, PREDATOR, PRIMATE, REPTILE, BEAR, PETTING = range(7)
AFRICA, AMERICAS, ASIA, AUSTRALIA, EUROPE = range(7, 12)
SCIENCE, WATER, ROCK = 12, 13, 14
N_ICONS = 15
CATEGORIES = range(0, 7)
CONTINENTS = range(7, 12)

# Action card types (index order used everywhere).
ANIMALS, ASSOCIATION, BUILD, CARDS, SPONSORS = range(5)
ACTION_NAMES = ("animals", "association", "build", "cards", "sponsors")
ACTION = {name: i for i, name in enumerate(ACTION_NAMES)}

ANIMAL, SPONSOR, PROJECT, FINAL = "animal", "sponsor", "conservation-project", "final-scoring"
SMALL, MEDIUM, LARGE = 1, 2, 3
KINDS = (ANIMAL, SPONSOR, PROJECT, FINAL)

# Ability keywords (spec 19) and what their parameter is: "int", "action", "continent",
# "sponsors", "opt_int" (optional int) or None (no parameter).
ABILITY_PARAMS: dict[str, str | None] = {
    "petting": None, "boost": "action", "sunbathing": "int", "clever": None,
    "multiplier": "action", "flock": "int", "scavenging": "int", "hunter": "int",
    "inventive": "opt_int", "iconic": "continent", "pouch": "int", "digging": "int",
    "snapping": "int", "posturing": "int", "sprint": "int", "pack": None, "action": "action",
    "jumping": "int", "full-throated": None, "venom": "int", "pilfering": "int",
    "constriction": None, "perception": "int", "resistance": None, "assertion": None,
    "magnet": "sponsors", "hypnosis": "int", "determination": None, "dominance": None,
    "peacocking": None,
}

# Condition tags besides icon names.
REQ_TAGS = ("partner-zoo", "animals-ii", "level-ii-sponsor", "max-25-appeal",
            "collection-activity", "release-activity", "partnership-activity")

EXPECTED_IDS = frozenset([*range(1, 12), *range(101, 133), *range(201, 265), *range(401, 529)])


def kind_of_id(card_id: int) -> str:
    if card_id < 100:
        return FINAL
    if card_id < 200:
        return PROJECT
    if card_id < 400:
        return SPONSOR
    return ANIMAL


@dataclass(frozen=True, slots=True)
class Ability:
    """One ``keyword`` or ``keyword:param`` of an animal; ``param`` parsed (int or index)."""

    keyword: str
    param: int | None


@dataclass(frozen=True, slots=True)
class Card:
    """One card. Icon data are vectors of length ``N_ICONS`` (counts per icon)."""

    id: int
    name: str
    kind: str
    icons: tuple[int, ...]  # icons it adds to a zoo (rock/water requirement icons included)
    req_icons: tuple[int, ...]  # icon conditions (multiset as counts)
    req_partner_zoos: int  # sponsors: n partner zoos; animals: 1 = partner zoo of its continent
    req_animals_ii: bool
    req_sponsors_ii: bool
    req_max_25_appeal: bool
    req_reputation: int
    # animals
    cost: int
    standard_size: int  # 0 = no standard enclosure (petting-zoo animals)
    reptile_house: int | None
    aviary: int | None
    petting_zoo: int | None
    rock_req: int
    water_req: int
    appeal: int
    cp: int
    reputation: int  # bonus_reward reputation
    abilities: tuple[Ability, ...]
    alternative: tuple[Ability, ...]
    # sponsors
    level: int
    # projects and final scoring
    project_kind: str  # "collection", "release", "breeding", "" (not a project)
    project_icon: int  # icon index or -1
    thresholds: tuple[int, ...]
    rewards: tuple[tuple[int, int], ...]  # (cp, rep) per level / tier
    size_class: int = 0  # animals: SMALL, MEDIUM or LARGE (spec 8.3); 0 otherwise

    @property
    def is_animal(self) -> bool:
        return self.kind == ANIMAL

    @property
    def is_sponsor(self) -> bool:
        return self.kind == SPONSOR

    @property
    def is_project(self) -> bool:
        return self.kind == PROJECT

    @property
    def small(self) -> bool:
        """Spec 8.3 and D-09: standard size <= 2, or a petting-zoo animal."""
        return self.size_class == SMALL

    @property
    def large(self) -> bool:
        return self.size_class == LARGE

    @property
    def flock(self) -> int:
        """The N of ``flock:N`` (0 without Flock)."""
        a = self.ability("flock")
        return a.param if a is not None and a.param is not None else 0

    def has(self, keyword: str) -> bool:
        return any(a.keyword == keyword for a in self.abilities)

    def ability(self, keyword: str) -> Ability | None:
        for a in self.abilities:
            if a.keyword == keyword:
                return a
        return None


class CardSet:
    """All cards, indexed by id (``by_id[401]``), plus the id lists setup needs."""

    __slots__ = ("animals", "base_projects", "by_id", "deck_projects", "finals", "sponsors",
                 "text", "zoo_cards")

    def __init__(self, cards: list[Card], text: str) -> None:
        self.text = text
        self.by_id: list[Card | None] = [None] * 529
        for c in cards:
            self.by_id[c.id] = c
        ids = sorted(c.id for c in cards)
        self.animals = tuple(i for i in ids if 401 <= i <= 528)
        self.sponsors = tuple(i for i in ids if 201 <= i <= 264)
        self.base_projects = tuple(i for i in ids if 101 <= i <= 112)
        self.deck_projects = tuple(i for i in ids if 113 <= i <= 132)
        self.finals = tuple(i for i in ids if 1 <= i <= 11)
        self.zoo_cards = self.animals + self.sponsors + self.deck_projects

    def __getitem__(self, card_id: int) -> Card:
        c = self.by_id[card_id]
        assert c is not None
        return c


class _Line:
    """Field access for one JSONL line that raises ConfigError naming card and field."""

    def __init__(self, raw: dict[str, Any], card: str) -> None:
        self.raw = raw
        self.card = card

    def fail(self, field: str, why: str) -> ConfigError:
        return ConfigError(f"card {self.card} field {field!r}: {why}")

    def get(self, field: str) -> Any:
        if field not in self.raw:
            raise self.fail(field, "missing")
        return self.raw[field]

    def int_(self, field: str, lo: int = 0, hi: int = 99, nullable: bool = True) -> int | None:
        v = self.get(field)
        if v is None and nullable:
            return None
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            kind = "an integer" + (" or null" if nullable else "")
            raise self.fail(field, f"expected {kind} in {lo}..{hi}, got {v!r}")
        return v

    def str_list(self, field: str) -> list[str]:
        v = self.get(field)
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise self.fail(field, f"expected a list of strings, got {v!r}")
        return v

    def string(self, field: str) -> str:
        v = self.get(field)
        if v is None:
            return ""
        if not isinstance(v, str):
            raise self.fail(field, f"expected a string, got {v!r}")
        return v


def _icon_vector(line: _Line, field: str, names: list[str]) -> list[int]:
    vec = [0] * N_ICONS
    for name in names:
        if name not in ICON:
            raise line.fail(field, f"unknown icon {name!r}")
        vec[ICON[name]] += 1
    return vec


def _ability(line: _Line, field: str, text: str) -> Ability:
    key, _, param = text.partition(":")
    if key not in ABILITY_PARAMS:
        raise line.fail(field, f"unknown ability {text!r}")
    want = ABILITY_PARAMS[key]
    if want is None:
        if param:
            raise line.fail(field, f"ability {key!r} takes no parameter, got {text!r}")
        return Ability(key, None)
    if want == "opt_int" and not param:
        return Ability(key, None)
    if want in ("int", "opt_int"):
        if not param.isdigit() or not 1 <= int(param) <= 9:
            raise line.fail(field, f"ability {key!r} needs a count 1..9, got {text!r}")
        return Ability(key, int(param))
    if want == "action":
        if param not in ACTION:
            raise line.fail(field, f"ability {key!r} needs an action card name, got {text!r}")
        return Ability(key, ACTION[param])
    if want == "continent":
        if param not in ICON or ICON[param] not in CONTINENTS:
            raise line.fail(field, f"ability {key!r} needs a continent, got {text!r}")
        return Ability(key, ICON[param])
    if param != "sponsors":
        raise line.fail(field, f"ability {key!r} only exists as 'magnet:sponsors', got {text!r}")
    return Ability(key, 0)


def _reward(line: _Line, field: str, text: str) -> tuple[int, int]:
    """``"5 CP"``, ``"2 CP + 2 rep"`` -> (cp, rep)."""
    cp = rep = 0
    for part in text.split("+"):
        words = part.split()
        if len(words) != 2 or not words[0].isdigit() or words[1] not in ("CP", "rep"):
            raise line.fail(field, f"cannot read reward {text!r} (want 'N CP' / 'N rep')")
        if words[1] == "CP":
            cp += int(words[0])
        else:
            rep += int(words[0])
    return cp, rep


def _bonus_reputation(line: _Line) -> int:
    v = line.get("bonus_reward")
    if v is None:
        return 0
    words = v.split() if isinstance(v, str) else []
    if len(words) != 2 or not words[0].isdigit() or words[1] != "reputation":
        raise line.fail("bonus_reward", f"expected null or 'N reputation', got {v!r}")
    return int(words[0])


def _requirements(line: _Line, kind: str) -> tuple[list[int], dict[str, int]]:
    req = line.str_list("requires")
    tags = {t: 0 for t in REQ_TAGS}
    icon_names = []
    for r in req:
        if r in tags:
            tags[r] += 1
        elif r in ICON:
            icon_names.append(r)
        else:
            raise line.fail("requires", f"unknown condition {r!r}")
    project_tags = tags["collection-activity"] + tags["release-activity"] + \
        tags["partnership-activity"]
    if kind != PROJECT and project_tags:
        raise line.fail("requires", "project kinds are only allowed on conservation projects")
    return _icon_vector(line, "requires", icon_names), tags


def parse_card(raw: dict[str, Any], lineno: int) -> Card:
    label = raw.get("id") if isinstance(raw.get("id"), str) else f"on line {lineno}"
    line = _Line(raw, str(label))
    ident = line.get("id")
    if not isinstance(ident, str) or not ident.startswith("AN-") or not ident[3:].isdigit():
        raise line.fail("id", f"expected 'AN-<number>', got {ident!r}")
    cid = int(ident[3:])
    if cid not in EXPECTED_IDS:
        raise line.fail("id", "not a base-game card number (1-11, 101-132, 201-264, 401-528)")
    kind = line.get("type")
    if kind != kind_of_id(cid):
        raise line.fail("type", f"expected {kind_of_id(cid)!r} for this id, got {kind!r}")
    name = line.string("name")
    if not name:
        raise line.fail("name", "must be a non-empty string")
    icons = _icon_vector(line, "icons", line.str_list("icons"))
    req_icons, tags = _requirements(line, kind)
    abilities: tuple[Ability, ...] = ()
    alternative: tuple[Ability, ...] = ()
    cost = std = rock = water = appeal = cp = level = 0
    rh = av = pz = None
    rep_req = line.int_("reputation_requirement", 0, 15) or 0
    thresholds: tuple[int, ...] = ()
    rewards: tuple[tuple[int, int], ...] = ()
    project_kind, project_icon = "", -1
    rep_bonus = _bonus_reputation(line)
    if kind == ANIMAL:
        cost = line.int_("money_cost", 0, 40, nullable=False) or 0
        std = line.int_("standard_size", 1, 5) or 0
        rh = line.int_("reptile_house_size", 0, 5)
        av = line.int_("large_bird_aviary_size", 0, 5)
        pz = line.int_("petting_zoo_size", 0, 3)
        rock = line.int_("rock_icons", 0, 6, nullable=False) or 0
        water = line.int_("water_icons", 0, 6, nullable=False) or 0
        appeal = line.int_("appeal", 0, 20) or 0
        cp = line.int_("conservation_points", 0, 10) or 0
        if std == 0 and pz is None:
            raise line.fail("standard_size", "null is only allowed for petting-zoo animals")
        icons[ROCK] += rock
        icons[WATER] += water
        abilities = tuple(_ability(line, "abilities", a) for a in line.str_list("abilities"))
        alt = line.get("alternative_ability")
        if alt is not None:
            if not isinstance(alt, str):
                raise line.fail("alternative_ability", f"expected a string or null, got {alt!r}")
            alternative = (_ability(line, "alternative_ability", alt),)
    elif kind == SPONSOR:
        level = line.int_("strength", 1, 9, nullable=False) or 0
        icons[WATER] += line.int_("water_icons", 0, 6, nullable=False) or 0
        icons[ROCK] += line.int_("rock_icons", 0, 6, nullable=False) or 0
    elif kind in (PROJECT, FINAL):
        th = line.get("tier_thresholds")
        if not isinstance(th, list) or not all(isinstance(x, int) for x in th):
            raise line.fail("tier_thresholds", f"expected a list of integers, got {th!r}")
        thresholds = tuple(th)
        rewards = tuple(_reward(line, "tier_rewards", r) for r in line.str_list("tier_rewards"))
        if kind == PROJECT:
            project_kind, project_icon = _project_kind(line, tags, req_icons)
            n_levels = 3
            if len(rewards) != n_levels or (project_kind != "breeding"
                                            and len(thresholds) != n_levels):
                raise line.fail("tier_thresholds", "a project needs 3 levels")
            req_icons = [0] * N_ICONS
        elif thresholds and len(thresholds) != len(rewards):
            raise line.fail("tier_rewards", "needs one reward per threshold")
    return Card(
        id=cid, name=name, kind=kind, icons=tuple(icons), req_icons=tuple(req_icons),
        req_partner_zoos=tags["partner-zoo"], req_animals_ii=bool(tags["animals-ii"]),
        req_sponsors_ii=bool(tags["level-ii-sponsor"]),
        req_max_25_appeal=bool(tags["max-25-appeal"]), req_reputation=rep_req,
        cost=cost, standard_size=std, reptile_house=rh, aviary=av, petting_zoo=pz,
        rock_req=rock, water_req=water, appeal=appeal, cp=cp, reputation=rep_bonus,
        abilities=abilities, alternative=alternative, level=level,
        project_kind=project_kind, project_icon=project_icon,
        thresholds=thresholds, rewards=rewards,
        size_class=(0 if kind != ANIMAL else SMALL if std <= 2 else MEDIUM if std == 3
                    else LARGE),
    )


def _project_kind(line: _Line, tags: dict[str, int], req_icons: list[int]) -> tuple[str, int]:
    kinds = [k for k in ("collection", "release", "partnership")
             if tags[f"{k}-activity"]]
    if len(kinds) != 1:
        raise line.fail("requires", "a project needs exactly one *-activity kind")
    icon = [i for i in range(N_ICONS) for _ in range(req_icons[i])]
    if len(icon) > 1:
        raise line.fail("requires", "a project counts at most one icon")
    kind = "breeding" if kinds[0] == "partnership" else kinds[0]
    if kind != "collection" and not icon:
        raise line.fail("requires", f"a {kind} project needs its icon")
    return kind, (icon[0] if icon else -1)


def parse_cards(text: str) -> CardSet:
    """Parse and validate a whole JSONL card file (every base card exactly once). Raises
    CardFileError naming the line, or the card and field."""
    try:
        return _parse_lines(text)
    except CardFileError:
        raise
    except ConfigError as exc:
        raise CardFileError(str(exc)) from None


def _parse_lines(text: str) -> CardSet:
    cards: list[Card] = []
    seen: set[int] = set()
    for lineno, raw_line in enumerate(text.splitlines(), 1):
        if not raw_line.strip():
            continue
        try:
            raw = json.loads(raw_line)
        except json.JSONDecodeError as e:
            raise CardFileError(f"line {lineno}: not valid JSON ({e.msg})") from None
        if not isinstance(raw, dict):
            raise CardFileError(f"line {lineno}: expected a JSON object")
        card = parse_card(raw, lineno)
        if card.id in seen:
            raise ConfigError(f"card AN-{card.id:03d} field 'id': appears twice")
        seen.add(card.id)
        cards.append(card)
    missing = sorted(EXPECTED_IDS - seen)
    if missing:
        raise ConfigError(f"card AN-{missing[0]:03d} field 'id': missing from the card file "
                          f"({len(missing)} base cards missing)")
    return CardSet(cards, text)


def default_cards_text() -> str:
    return resources.files("engine.ark_nova").joinpath("data/cards.jsonl").read_text("utf-8")


@lru_cache(maxsize=8)
def _parse_cached(text: str) -> CardSet:
    return parse_cards(text)


def load_cards(text: str | None = None) -> CardSet:
    """The packaged cards, or a replacement file's text (parsed once per distinct text)."""
    return _parse_cached(default_cards_text() if text is None else text)
