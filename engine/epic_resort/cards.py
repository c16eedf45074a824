"""Card data: loader and validator for the Epic Resort card file.

The default file ``data/cards.yaml`` ships inside the package (converted from the spec's
data file, with every card's ``source: seed|reconstructed|mixed`` provenance kept). A user
file given as TEXT in ``GameConfig.cards`` replaces it. Every error raises
:class:`ConfigError` naming the card and the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from engine.core.errors import CardFileError, ConfigError
from engine.epic_resort.card_defs import (
    ATTACK,
    ATTACK_ONLY_OPS,
    DOUBLE_ATTACK,
    EFFECT_OPS,
    HERO,
    HERO_TARGETS,
    MONSTER_OPS,
    MONSTER_TIERS,
    PER,
    SOURCES,
    TARGETS,
    TIERS,
    TOURIST,
    TYPES,
    WHERE,
    Ability,
    AttackDef,
    AttractionDef,
    CardSet,
    DiscardAbility,
    Effect,
    HeroDef,
    MonsterDef,
    TouristDef,
    WorkerDef,
)
from engine.toolkit.checks import yaml_error

DATA_FILE = Path(__file__).parent / "data" / "cards.yaml"

# ---------------------------------------------------------------------------- helpers


class _Card:
    """Field access on one raw card with errors naming the card and the field."""

    def __init__(self, section: str, raw: Any, pos: int) -> None:
        if not isinstance(raw, dict):
            raise ConfigError(f"{section}[{pos}]: a card must be a mapping")
        self.raw = raw
        self.name = f"{section} card {raw.get('id', pos)!r}"

    def fail(self, fld: str, why: str) -> ConfigError:
        return ConfigError(f"{self.name}: field {fld!r} {why}")

    def get(self, fld: str, default: Any = ...) -> Any:
        if fld not in self.raw:
            if default is ...:
                raise self.fail(fld, "is missing")
            return default
        return self.raw[fld]

    def num(self, fld: str, default: Any = ..., lo: int = 0) -> int:
        v = self.get(fld, default)
        if v is None and default is not ...:
            v = default
        if not isinstance(v, int) or isinstance(v, bool) or v < lo:
            raise self.fail(fld, f"must be an integer >= {lo}, got {v!r}")
        return v

    def text(self, fld: str, choices: tuple[str, ...] | None = None, default: Any = ...) -> str:
        v = self.get(fld, default)
        if not isinstance(v, str) or (choices is not None and v not in choices):
            allowed = f" (one of {', '.join(choices)})" if choices else ""
            raise self.fail(fld, f"must be a string{allowed}, got {v!r}")
        return v

    def flag(self, raw: dict[str, Any], fld: str, path: str) -> bool:
        v = raw.get(fld, False)
        if not isinstance(v, bool):
            raise self.fail(path, f"must be true or false, got {v!r}")
        return v

    def source(self) -> str:
        return self.text("source", SOURCES, default="reconstructed")


def _effects(
    card: _Card, raw: Any, path: str, allow_attack_only: bool = True
) -> tuple[Effect, ...]:
    if not isinstance(raw, list):
        raise card.fail(path, "must be a list of effects")
    out = []
    for i, e in enumerate(raw):
        p = f"{path}[{i}]"
        if not isinstance(e, dict) or e.get("op") not in EFFECT_OPS:
            raise card.fail(p + ".op", f"must be one of {', '.join(EFFECT_OPS)}")
        op = e["op"]
        n = e.get("n", 0)
        if not isinstance(n, int) or isinstance(n, bool):
            raise card.fail(p + ".n", f"must be an integer, got {n!r}")
        if op in ("gain_flair", "gain_gold", "lose_gold", "add_tourist", "draw_worker", "hero_heal",
                  "hero_strength", "remove_damage", "remove_lock") and n <= 0:
            raise card.fail(p + ".n", "must be a positive integer")
        where = e.get("where", "")
        if op in ("add_tourist", "remove_damage", "remove_lock") and where not in WHERE:
            raise card.fail(p + ".where", f"must be one of {', '.join(WHERE)}")
        if op == "add_tourist" and where == "chosen_own_attraction":
            raise card.fail(p + ".where", "must be this or any_own for add_tourist")
        if op == "remove_lock" and where != "chosen_own_attraction":
            raise card.fail(p + ".where", "must be chosen_own_attraction for remove_lock")
        if op == "remove_damage" and where == "any_own":
            raise card.fail(p + ".where", "must be this or chosen_own_attraction")
        target = e.get("target", "")
        if op in ("hero_heal", "hero_strength") and target not in HERO_TARGETS:
            raise card.fail(p + ".target", f"must be one of {', '.join(HERO_TARGETS)}")
        per = e.get("per", "") or ""
        if per and per not in PER:
            raise card.fail(p + ".per", f"must be one of {', '.join(PER)}")
        typ = e.get("type", "") or ""
        if typ and typ not in TYPES:
            raise card.fail(p + ".type", f"must be one of {', '.join(TYPES)}")
        resource = e.get("resource", "") or ""
        per_tourist = e.get("per_tourist", 0)
        if op == "cash_out_tourists":
            if resource not in ("flair", "gold"):
                raise card.fail(p + ".resource", "must be flair or gold")
            if not isinstance(per_tourist, int) or per_tourist <= 0:
                raise card.fail(p + ".per_tourist", "must be a positive integer")
        if op in ATTACK_ONLY_OPS and not allow_attack_only:
            raise card.fail(p + ".op", f"{op} is only usable during an attack")
        out.append(Effect(op, n, where, target, per, typ, resource, per_tourist))
    return tuple(out)


def _section(data: dict[str, Any], name: str) -> list[Any]:
    v = data.get(name)
    if not isinstance(v, list) or not v:
        raise ConfigError(f"card file: section {name!r} must be a non-empty list")
    return v


def _attraction(c: _Card) -> AttractionDef:
    tier = TIERS.index(c.text("tier", TIERS))
    payout_raw = c.get("payout")
    if not isinstance(payout_raw, list) or len(payout_raw) < 2:
        raise c.fail("payout", "must be a list of at least 2 [flair, gold] boxes")
    payout = []
    for i, box in enumerate(payout_raw):
        if (not isinstance(box, list) or len(box) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in box)):
            raise c.fail(f"payout[{i}]", f"must be a [flair, gold] pair of integers, got {box!r}")
        payout.append((box[0], box[1]))
    ability = None
    raw_ab = c.get("ability", None)
    if raw_ab is not None:
        if not isinstance(raw_ab, dict):
            raise c.fail("ability", "must be a mapping or null")
        timing = raw_ab.get("timing")
        if timing not in ("activated", "on_hero_defends_here"):
            raise c.fail("ability.timing", "must be activated or on_hero_defends_here")
        work = raw_ab.get("work")
        if not isinstance(work, int) or work < 0:
            raise c.fail("ability.work", f"must be an integer >= 0, got {work!r}")
        ability = Ability(
            work, timing, _effects(c, raw_ab.get("effects"), "ability.effects"),
            c.flag(raw_ab, "during_attack", "ability.during_attack"),
            c.flag(raw_ab, "only_during_attack", "ability.only_during_attack"),
        )
    return AttractionDef(
        id=c.text("id"), name=c.text("name"), tier=tier, type=c.text("type", TYPES),
        cost=c.num("cost"), vp=c.num("vp"), payout=tuple(payout),
        work_required=c.num("work_required"), damage_limit=c.num("damage_limit", lo=1),
        count=c.num("count", lo=1), ability=ability,
        start_tourists=c.num("start_tourists", default=0), source=c.source(),
    )


def _worker(c: _Card) -> WorkerDef:
    klass = c.text("class", ("basic", "day_worker", "skilled"))
    type_bonus = c.get("type_bonus", None) or {}
    if not isinstance(type_bonus, dict) or any(
        t not in TYPES or not isinstance(k, int) for t, k in type_bonus.items()
    ):
        raise c.fail("type_bonus", "must map attraction types to integers")
    pb = c.get("payout_bonus", None)
    payout_bonus = None
    if pb is not None:
        if not isinstance(pb, dict) or not isinstance(pb.get("flair", 0), int) or not isinstance(
            pb.get("gold", 0), int
        ):
            raise c.fail("payout_bonus", "must be {flair: int, gold: int, type?: type}")
        if pb.get("type") is not None and pb["type"] not in TYPES:
            raise c.fail("payout_bonus.type", f"must be one of {', '.join(TYPES)}")
        payout_bonus = (pb.get("flair", 0), pb.get("gold", 0), pb.get("type") or "")
    sc = c.get("staffing_cost", None) or {}
    if not isinstance(sc, dict) or not isinstance(sc.get("gold", 0), int):
        raise c.fail("staffing_cost", "must be {gold: int}")
    split = c.get("work_split", None) or {}
    if split and (not isinstance(split.get("total"), int) or not isinstance(
        split.get("max_per_attraction"), int
    )):
        raise c.fail("work_split", "must be {total: int, max_per_attraction: int}")
    train = c.get("train", None)
    discount = -1
    if train is not None:
        if not isinstance(train, dict) or not isinstance(train.get("discount", 0), int):
            raise c.fail("train", "must be {discount: int} or null")
        discount = train.get("discount", 0)
    raw_d = c.get("discard", None)
    discard = None
    if raw_d is not None:
        if not isinstance(raw_d, dict):
            raise c.fail("discard", "must be a mapping or null")
        after = raw_d.get("after", "discard_pile")
        if after not in ("discard_pile", "remove_from_game"):
            raise c.fail("discard.after", "must be discard_pile or remove_from_game")
        discard = DiscardAbility(
            _effects(c, raw_d.get("effects"), "discard.effects"), after == "remove_from_game",
            c.flag(raw_d, "during_attack", "discard.during_attack"),
            c.flag(raw_d, "only_during_attack", "discard.only_during_attack"),
        )
    cost = c.get("cost", None)
    if cost is None:
        cost = 0
    if not isinstance(cost, int) or cost < 0:
        raise c.fail("cost", f"must be an integer >= 0 or null, got {cost!r}")
    return WorkerDef(
        id=c.text("id"), name=c.text("name"), klass=klass, cost=cost, work=c.num("work"),
        type_bonus=tuple(sorted(type_bonus.items())), payout_bonus=payout_bonus,
        staffing_gold=sc.get("gold", 0), split_total=split.get("total", 0),
        split_max=split.get("max_per_attraction", 0), train_discount=discount, discard=discard,
        count=c.num("count", default=0), count_per_player=c.num("count_per_player", default=0),
        source=c.source(),
    )


def _hero(c: _Card) -> HeroDef:
    health = c.get("health")
    if not isinstance(health, dict) or not isinstance(health.get("start"), int) or not isinstance(
        health.get("max"), int
    ) or not 1 <= health["start"] <= health["max"]:
        raise c.fail("health", "must be {start: int, max: int} with 1 <= start <= max")
    abilities = []
    raw = c.get("abilities", None) or []
    if not isinstance(raw, list):
        raise c.fail("abilities", "must be a list")
    for i, ab in enumerate(raw):
        if not isinstance(ab, dict) or ab.get("timing") not in (
            "on_attract", "start_of_season", "hero_rewards"
        ):
            raise c.fail(
                f"abilities[{i}].timing", "must be on_attract, start_of_season or hero_rewards"
            )
        effects = _effects(c, ab.get("effects"), f"abilities[{i}].effects", allow_attack_only=False)
        abilities.append((ab["timing"], effects))
    return HeroDef(
        id=c.text("id"), name=c.text("name"), cost=c.num("cost"), strength=c.num("strength"),
        start=health["start"], max=health["max"], vp=c.num("vp"), abilities=tuple(abilities),
        count=c.num("count", default=1, lo=1), source=c.source(),
    )


def _tourist(c: _Card) -> TouristDef:
    bonus = c.get("bonus", None)
    bt, bn = "", 0
    if bonus is not None:
        if not isinstance(bonus, dict) or bonus.get("type") not in TYPES:
            raise c.fail("bonus.type", f"must be one of {', '.join(TYPES)}")
        n = bonus.get("n")
        if not isinstance(n, int) or n <= 0:
            raise c.fail("bonus.n", "must be a positive integer")
        bt, bn = bonus["type"], n
    return TouristDef(
        id=c.text("id"), name=c.text("name"), cost=c.num("cost"), tourists=c.num("tourists"),
        bonus_type=bt, bonus_n=bn, count=c.num("count", default=1, lo=1), source=c.source(),
    )


def _attack(c: _Card) -> AttackDef:
    kind = c.text("kind", ("attack", "double_attack"))
    return AttackDef(
        id=c.text("id"), kind=ATTACK if kind == "attack" else DOUBLE_ATTACK,
        two=c.text("two_attractions", ("left", "right")),
        three=c.text("three_attractions", ("left", "center", "right")), source=c.source(),
    )


def _monster(c: _Card) -> tuple[MonsterDef, list[str]]:
    raw = c.get("abilities")
    if not isinstance(raw, list):
        raise c.fail("abilities", "must be a list")
    flags: dict[str, Any] = {}
    for i, ab in enumerate(raw):
        if not isinstance(ab, dict) or ab.get("op") not in MONSTER_OPS:
            raise c.fail(f"abilities[{i}].op", f"must be one of {', '.join(MONSTER_OPS)}")
        op = ab["op"]
        if op in ("extra_damage", "plunder"):
            n = ab.get("n")
            if not isinstance(n, int) or n <= 0:
                raise c.fail(f"abilities[{i}].n", "must be a positive integer")
            flags[op] = n
        elif op == "dragon_scorch":
            flags["scorch"] = True
        elif op == "spirit_drain":
            flags["drain"] = True
        elif op in ("extra_attack", "two_heads"):
            flags[op] = True
    count = c.num("count", lo=1)
    marks = c.get("marks")
    if not isinstance(marks, list) or len(marks) != count or any(
        m not in ("2+", "3+", "4", "X") for m in marks
    ):
        raise c.fail("marks", f"must list one mark (2+, 3+, 4, X) per copy ({count})")
    m = MonsterDef(
        id=c.text("id"), name=c.text("name"),
        tier=MONSTER_TIERS.index(c.text("tier", MONSTER_TIERS)),
        series=c.text("series", default=""), target=c.text("target", TARGETS),
        strength=c.num("strength"), source=c.source(), **flags,
    )
    return m, marks


def parse_cards(text: str) -> CardSet:
    """Parse and validate card-file text. Raises CardFileError naming line, or card and
    field."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise yaml_error(exc) from None
    if not isinstance(data, dict):
        raise CardFileError("must be a mapping of sections")
    try:
        return _compile(data)
    except CardFileError:
        raise
    except ConfigError as exc:  # a card's field: the message names card and field
        raise CardFileError(str(exc)) from None


def _compile(data: dict[str, Any]) -> CardSet:
    def each(name: str) -> list[_Card]:
        return [_Card(name, r, i) for i, r in enumerate(_section(data, name))]

    attractions = [_attraction(c) for c in each("attractions")]
    workers = [_worker(c) for c in each("workers")]
    heroes = [_hero(c) for c in each("heroes")]
    tourists = [_tourist(c) for c in each("tourists")]
    attacks = [_attack(c) for c in each("attack_cards")]
    monsters_marks = [_monster(c) for c in each("monsters")]
    sph = None
    raw_sph = data.get("season_pass_holders")
    if raw_sph:
        first = raw_sph[0] if isinstance(raw_sph, list) else raw_sph
        sph = _tourist(_Card("season_pass_holders", first, 0))
    cards = CardSet(attractions, workers, heroes, tourists, attacks,
                    [m for m, _ in monsters_marks], sph)
    _index(cards, monsters_marks)
    cards.first_game_skilled = _first_game(cards, data.get("constants") or {})
    return cards


def _first_game(cards: CardSet, constants: Any) -> dict[int, tuple[int, ...]]:
    """``constants.first_game_skilled_piles``: player count -> skilled worker ids."""
    raw = constants.get("first_game_skilled_piles", {}) if isinstance(constants, dict) else {}
    if not isinstance(raw, dict):
        raise ConfigError("constants: first_game_skilled_piles must map player counts to lists")
    out: dict[int, tuple[int, ...]] = {}
    for players, names in raw.items():
        where = f"constants: first_game_skilled_piles.{players}"
        if not isinstance(names, list) or len(set(names)) != len(names):
            raise ConfigError(f"{where} must be a list of distinct worker ids")
        ids = [cards.worker_index.get(n, -1) for n in names]
        if any(i not in cards.skilled for i in ids):
            raise ConfigError(f"{where}: every entry must be a skilled worker id, got {names}")
        out[int(players)] = tuple(ids)
    return out


def _index(cards: CardSet, monsters_marks: list[tuple[MonsterDef, list[str]]]) -> None:
    decks: tuple[tuple[int, Sequence[TouristDef | HeroDef]], ...] = (
        (TOURIST, cards.tourists), (HERO, cards.heroes))
    for kind, defs in decks:
        for i, d in enumerate(defs):
            cards.main_cards.extend([(kind, i)] * d.count)
    for i, a in enumerate(cards.attacks):
        cards.main_cards.append((a.kind, i))
    for i, (_, marks) in enumerate(monsters_marks):
        cards.monster_copies.extend((i, mark) for mark in marks)
    cards.worker_index = {w.id: i for i, w in enumerate(cards.workers)}
    cards.attraction_index = {a.id: i for i, a in enumerate(cards.attractions)}
    if len(cards.worker_index) != len(cards.workers):
        raise ConfigError("workers: duplicate card id")
    basic: list[int] = []
    for i, w in enumerate(cards.workers):
        basic.extend([i] * w.count_per_player if w.klass == "basic" else [])
        if w.klass == "basic" and w.count_per_player <= 0:
            raise ConfigError(f"workers card {w.id!r}: field 'count_per_player' must be > 0")
        if w.klass != "basic" and w.count <= 0:
            raise ConfigError(f"workers card {w.id!r}: field 'count' must be > 0")
    cards.basic_deck = tuple(basic)
    day = [i for i, w in enumerate(cards.workers) if w.klass == "day_worker"]
    if len(day) != 1:
        raise ConfigError("workers: exactly one card must have class day_worker")
    cards.day_worker = day[0]
    cards.skilled = tuple(i for i, w in enumerate(cards.workers) if w.klass == "skilled")
    starts = tuple(i for i, a in enumerate(cards.attractions) if a.tier == 0)
    if len(starts) != 2:
        raise ConfigError("attractions: exactly two starting (tier start) attractions are needed")
    cards.start_attractions = starts


def default_cards_text() -> str:
    """The text of the packaged card file."""
    return DATA_FILE.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def default_cards() -> CardSet:
    return parse_cards(default_cards_text())


_TEXT_CACHE: dict[str, CardSet] = {}


def load_cards(text: str | None) -> CardSet:
    """The card set for a config: the packaged defaults, or a user file's text."""
    if text is None:
        return default_cards()
    cached = _TEXT_CACHE.get(text)
    if cached is None:
        cached = parse_cards(text)
        _TEXT_CACHE[text] = cached
    return cached
