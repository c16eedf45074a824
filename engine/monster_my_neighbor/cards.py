"""Card data: load, validate and compile ``cards.yaml`` into integer ids and small tuples.

The rules never look at card names. Everything a rule needs (turn markers, play
conditions, passives, effect scripts, counters) is compiled here into per-type tuples
indexed by an integer card-type id. Type ids follow the file order: general cards first,
then Monsters, so sorting by id is the canonical order of a hand.

An effect script compiles to a tuple of steps ``(op, arg, ...)``. Values bound by a
step (``bind: target``) get a slot number; references to ``actor`` use :data:`ACTOR`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from engine.core import CardFileError, ConfigError
from engine.toolkit.checks import yaml_error

# Turn-marker statuses (printed markers 1..4).
CANNOT, NO_EFFECT, CONDITIONAL, YES = 0, 1, 2, 3
TURN_STATUS_NAMES = ("cannot", "no_effect", "conditional", "yes")

# Effect primitives.
(
    OP_NONE,
    OP_OPENING_PLAY,
    OP_CHOOSE_TARGET,
    OP_CHOOSE_COUNT,
    OP_CAPTURE_IF_HOLDS_MONSTER,
    OP_DISCARD_ONE_OF_TYPE,
    OP_SET_STATUS,
    OP_TARGET_DISCARDS_CHOSEN,
    OP_MOVE_THIS_CARD,
    OP_TAKE_RANDOM,
    OP_GIVE_CHOSEN,
    OP_EXCHANGE_CHOSEN,
    OP_EACH_TAKE_RANDOM_FROM_NEIGHBOUR,
    OP_EACH_PASS_CHOSEN_TO_NEIGHBOUR,
    OP_POOL_AND_REDEAL,
    OP_PEEK_HAND,
    OP_MONSTER_WINS,
) = range(17)
OP_NAMES = (
    "none",
    "opening_play",
    "choose_target",
    "choose_count",
    "capture_if_holds_monster",
    "discard_one_of_type",
    "set_status",
    "target_discards_chosen",
    "move_this_card",
    "take_random",
    "give_chosen",
    "exchange_chosen",
    "each_take_random_from_neighbour",
    "each_pass_chosen_to_neighbour",
    "pool_and_redeal",
    "peek_hand",
    "monster_wins",
)
MONSTER_OPS = (OP_MONSTER_WINS,)

# Player references inside effect steps. Bound names get slots 0, 1, ...
ACTOR = -1

# Target pools.
POOL_OTHERS, POOL_OTHERS_WITH_CARDS = 0, 1
POOL_NAMES = ("others", "others_with_cards")

# Zones a step may send a card to.
ZONE_MAIN_DECK_BOTTOM, ZONE_FACE_DOWN_IN_FRONT_OF_ACTOR = 0, 1
ZONE_NAMES = ("main_deck_bottom", "face_down_in_front_of_actor")

# Round counters (public).
COUNTER_HUNTERS, COUNTER_VILLAGERS = 0, 1
COUNTER_NAMES = ("hunters_played", "villagers_played")

# Statuses.
STATUS_FRIEND = 0
STATUS_NAMES = ("friend",)

# Passives.
PASSIVE_IMMUNE_WHILE_HELD, PASSIVE_IMMUNE_FIRST_HUNTER, PASSIVE_IMMUNE_IF_ONLY_CARD = 0, 1, 2
PASSIVE_CHOICES = "hunter_immunity_while_held/hunter_immunity_first_hunter/" \
    "hunter_immunity_if_only_card/win_bonus_vp"
PASSIVE_NAMES = (
    "hunter_immunity_while_held",
    "hunter_immunity_first_hunter",
    "hunter_immunity_if_only_card",
)
IMMUNITY_CLASSES = {"hunter": (0, 1, 2)}

# Play-condition comparisons.
COMPARISONS = {">=": 0, ">": 1, "==": 2}

DEFAULT_CARDS_FILE = "cards.yaml"
# Options of every card type are prebuilt once (see effects.py); a game has about twenty.
MAX_CARD_TYPES = 64
# The most seats a game has (GameInfo.max_players); per-seat tables are sized by it.
MAX_SEATS = 8


@dataclass(frozen=True, slots=True)
class CardSet:
    """The compiled card data. All per-type tuples are indexed by card-type id."""

    names: tuple[str, ...]
    labels: tuple[str, ...]
    counts: tuple[int, ...]
    is_monster: tuple[bool, ...]
    general_types: tuple[int, ...]
    monster_types: tuple[int, ...]
    turns: tuple[tuple[int, int, int, int], ...]
    play_condition: tuple[tuple[int, int, int] | None, ...]
    effects: tuple[tuple[tuple[Any, ...], ...], ...]
    slot_count: tuple[int, ...]
    needs_card_after_play: tuple[bool, ...]
    actor_sees_discard: tuple[bool, ...]
    passives: tuple[frozenset[int], ...]
    win_bonus: tuple[int, ...]
    increments: tuple[int, ...]
    sets_first_hunter: tuple[bool, ...]
    fixed_in_round_deck: tuple[int, ...]
    opening_type: int
    hunter_type: int
    min_players: int
    max_players: int
    rounds: int
    hand_size: int
    turns_per_round: int
    random_by_players: tuple[tuple[int, int], ...]
    score_monster_player: int
    score_friend: int
    score_catcher: int
    score_bystander: int

    @property
    def type_count(self) -> int:
        return len(self.names)

    @property
    def general_total(self) -> int:
        return sum(self.counts[t] for t in self.general_types)

    @property
    def total(self) -> int:
        return sum(self.counts)

    def random_cards(self, players: int) -> int:
        return dict(self.random_by_players)[players]

    def type_id(self, name: str) -> int:
        return self.names.index(name)


def default_cards_text() -> str:
    data = resources.files(__package__).joinpath("data")
    return data.joinpath(DEFAULT_CARDS_FILE).read_text("utf-8")


@lru_cache(maxsize=1)
def default_cards() -> CardSet:
    return compile_cards(default_cards_text())


@lru_cache(maxsize=16)
def load_cards(text: str | None) -> CardSet:
    """The card set for a config: the embedded default, or a user's card-file text."""
    return default_cards() if text is None else compile_cards(text)


def compile_cards(text: str) -> CardSet:
    """Parse, validate and compile a card file. Raises ConfigError naming card and field."""
    try:
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        raise yaml_error(exc) from None
    if not isinstance(data, dict):
        raise CardFileError("must be a mapping at the top level")
    try:
        return _Compiler(data).compile()
    except CardFileError:
        raise
    except ConfigError as exc:  # a card's field: the message names card and field
        raise CardFileError(str(exc)) from None


def _value(node: Any) -> Any:
    """Unwrap ``{value: x, source: ...}`` provenance wrappers."""
    if isinstance(node, dict) and "value" in node:
        return node["value"]
    return node


class _Compiler:
    """Walks the parsed YAML once, checking every field it compiles."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    # ----------------------------------------------------------------- helpers
    def fail(self, where: str, message: str) -> ConfigError:
        return ConfigError(f"{where}: {message}")

    def section(self, name: str) -> Any:
        if name not in self.data:
            raise ConfigError(f"card file: missing section '{name}'")
        return self.data[name]

    def game_int(self, game: dict[str, Any], key: str) -> int:
        if key not in game:
            raise ConfigError(f"game: missing field '{key}'")
        value = _value(game[key])
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ConfigError(f"game: {key} must be a non-negative integer")
        return value

    # ----------------------------------------------------------------- compile
    def compile(self) -> CardSet:
        game = self.section("game")
        if not isinstance(game, dict):
            raise ConfigError("game: must be a mapping")
        players = _value(game.get("players"))
        if not isinstance(players, dict) or not {"min", "max"} <= set(players):
            raise ConfigError("game: players must give min and max")
        min_p, max_p = int(players["min"]), int(players["max"])
        if not 2 <= min_p <= max_p:
            raise ConfigError("game: players.min/max must satisfy 2 <= min <= max")
        rounds = self.game_int(game, "rounds")
        hand_size = self.game_int(game, "hand_size")
        turns_per_round = self.game_int(game, "max_turns_per_round")
        if hand_size != turns_per_round or hand_size < 1:
            raise ConfigError("game: hand_size must equal max_turns_per_round (no drawing)")

        general = self.section("general_cards")
        monsters = self.section("monster_cards")
        if not isinstance(general, list) or not general:
            raise ConfigError("general_cards: must be a non-empty list")
        if not isinstance(monsters, list) or not monsters:
            raise ConfigError("monster_cards: must be a non-empty list")
        entries = [(c, False) for c in general] + [(c, True) for c in monsters]
        if len(entries) > MAX_CARD_TYPES:
            raise ConfigError(
                f"card file: at most {MAX_CARD_TYPES} card types, got {len(entries)}")
        names: list[str] = []
        for i, (card, _) in enumerate(entries):
            if not isinstance(card, dict) or not isinstance(card.get("id"), str):
                raise ConfigError(f"card #{i + 1}: missing string field 'id'")
            if card["id"] in names:
                raise ConfigError(f"card '{card['id']}': duplicate id")
            names.append(card["id"])
        self.names = names

        per_type = [self.compile_card(card, is_monster) for card, is_monster in entries]
        general_types = tuple(i for i, (_, m) in enumerate(entries) if not m)
        monster_types = tuple(i for i, (_, m) in enumerate(entries) if m)
        counts = tuple(p["count"] for p in per_type)
        for t in monster_types:
            if counts[t] != 1:
                raise ConfigError(f"card '{names[t]}': count must be 1 for a Monster")
        if rounds < 1 or rounds > len(monster_types):
            raise ConfigError("game: rounds must be between 1 and the number of Monsters")

        openers = [i for i, p in enumerate(per_type) if p["opening"]]
        if len(openers) != 1:
            raise ConfigError("general_cards: exactly one card must have forced_opening_play")
        opening = openers[0]
        if counts[opening] != 1 or per_type[opening]["fixed"] != 1:
            raise ConfigError(
                f"card '{names[opening]}': the opening card needs count 1 and fixed_in_round_deck 1"
            )
        hunters = [
            i for i, p in enumerate(per_type)
            if any(s[0] == OP_CAPTURE_IF_HOLDS_MONSTER for s in p["effect"])
        ]
        if len(hunters) != 1:
            raise ConfigError(
                "general_cards: exactly one card type must use capture_if_holds_monster"
            )

        fixed = tuple(p["fixed"] for p in per_type)
        for t in range(len(names)):
            if fixed[t] > counts[t]:
                raise ConfigError(f"card '{names[t]}': fixed_in_round_deck exceeds count")
        declared_general = _value(game.get("general_cards"))
        general_total = sum(counts[t] for t in general_types)
        if declared_general is not None and declared_general != general_total:
            raise ConfigError(
                f"game: general_cards is {declared_general} but the counts sum to {general_total}"
            )
        random_by_players = self.compile_round_deck(game, min_p, max_p)
        fixed_total = sum(fixed)
        for n, k in random_by_players:
            if k + fixed_total > general_total:
                raise ConfigError(
                    f"game: round_deck for {n} players needs {k + fixed_total} general cards,"
                    f" only {general_total} exist"
                )
            if k + fixed_total + 1 != hand_size * n:
                raise ConfigError(
                    f"game: round_deck for {n} players must deal exactly {hand_size} cards each"
                )
        scoring = self.compile_scoring()

        return CardSet(
            names=tuple(names),
            labels=tuple(p["label"] for p in per_type),
            counts=counts,
            is_monster=tuple(m for _, m in entries),
            general_types=general_types,
            monster_types=monster_types,
            turns=tuple(p["turns"] for p in per_type),
            play_condition=tuple(p["condition"] for p in per_type),
            effects=tuple(p["effect"] for p in per_type),
            slot_count=tuple(p["slots"] for p in per_type),
            needs_card_after_play=tuple(p["needs_card"] for p in per_type),
            actor_sees_discard=tuple(p["actor_sees_discard"] for p in per_type),
            passives=tuple(p["passives"] for p in per_type),
            win_bonus=tuple(p["win_bonus"] for p in per_type),
            increments=tuple(p["increments"] for p in per_type),
            sets_first_hunter=tuple(p["sets_first"] for p in per_type),
            fixed_in_round_deck=fixed,
            opening_type=opening,
            hunter_type=hunters[0],
            min_players=min_p,
            max_players=max_p,
            rounds=rounds,
            hand_size=hand_size,
            turns_per_round=turns_per_round,
            random_by_players=random_by_players,
            **scoring,
        )

    def compile_round_deck(self, game: dict[str, Any], min_p: int, max_p: int) -> tuple:
        deck = game.get("round_deck")
        if not isinstance(deck, dict):
            raise ConfigError("game: missing round_deck")
        by_players = _value(deck.get("random_general_cards_by_players"))
        if not isinstance(by_players, dict):
            raise ConfigError("game: round_deck.random_general_cards_by_players must be a mapping")
        table = {int(k): v for k, v in by_players.items()}
        for n in range(min_p, max_p + 1):
            if not isinstance(table.get(n), int):
                raise ConfigError(
                    f"game: round_deck.random_general_cards_by_players has no entry for {n}"
                )
        return tuple(sorted(table.items()))

    def compile_scoring(self) -> dict[str, int]:
        scoring = self.section("scoring")
        try:
            played = scoring["monster_played"]
            caught = scoring["monster_caught"]["catcher_not_friend"]
            values = {
                "score_monster_player": played["monster_player"],
                "score_friend": played["each_friend"],
                "score_catcher": caught["catcher"],
                "score_bystander": caught["everyone_else_except_monster_and_friends"],
            }
        except (KeyError, TypeError) as exc:
            raise ConfigError(f"scoring: missing field {exc}") from exc
        for key, v in values.items():
            if not isinstance(v, int) or v < 0:
                raise ConfigError(f"scoring: {key} must be a non-negative integer")
        return values

    def compile_card(self, card: dict[str, Any], is_monster: bool) -> dict[str, Any]:
        name = card["id"]
        where = f"card '{name}'"
        count = _value(card.get("count"))
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise self.fail(where, "count must be a non-negative integer")
        names = card.get("names") or {}
        label = names.get("en", name) if isinstance(names, dict) else name
        fixed = _value(card.get("fixed_in_round_deck", 0))
        if not isinstance(fixed, int) or fixed < 0:
            raise self.fail(where, "fixed_in_round_deck must be a non-negative integer")

        turns_node = card.get("turns")
        if not isinstance(turns_node, dict):
            raise self.fail(where, "turns must map 1..4 to a status")
        turns = []
        for t in (1, 2, 3, 4):
            entry = turns_node.get(t, turns_node.get(str(t)))
            if entry is None:
                raise self.fail(where, f"turns.{t} is missing")
            status = entry.get("status") if isinstance(entry, dict) else entry
            if status is True:  # YAML 1.1 reads an unquoted yes as a boolean
                status = "yes"
            if status not in TURN_STATUS_NAMES:
                raise self.fail(
                    where, f"turns.{t}.status must be one of {'/'.join(TURN_STATUS_NAMES)}"
                )
            turns.append(TURN_STATUS_NAMES.index(status))

        condition = None
        if "play_condition" in card:
            cond = _value(card["play_condition"])
            if not isinstance(cond, dict) or cond.get("counter") not in COUNTER_NAMES:
                raise self.fail(
                    where, f"play_condition.counter must be one of {'/'.join(COUNTER_NAMES)}"
                )
            if cond.get("op") not in COMPARISONS:
                raise self.fail(where, f"play_condition.op must be one of {'/'.join(COMPARISONS)}")
            if not isinstance(cond.get("value"), int):
                raise self.fail(where, "play_condition.value must be an integer")
            condition = (
                COUNTER_NAMES.index(cond["counter"]), COMPARISONS[cond["op"]], cond["value"]
            )
        if CONDITIONAL in turns and condition is None:
            raise self.fail(where, "a conditional turn marker needs a play_condition")

        passives: set[int] = set()
        win_bonus = 0
        if "passive" in card:
            passive = _value(card["passive"])
            if isinstance(passive, str):
                if passive not in PASSIVE_NAMES:
                    raise self.fail(
                        where, f"passive must be one of {PASSIVE_CHOICES}"
                    )
                passives.add(PASSIVE_NAMES.index(passive))
            elif isinstance(passive, dict) and set(passive) == {"win_bonus_vp"}:
                amount = (passive["win_bonus_vp"] or {}).get("amount")
                if not isinstance(amount, int) or amount < 0:
                    raise self.fail(where, "passive.win_bonus_vp.amount must be an integer >= 0")
                win_bonus = amount
            else:
                raise self.fail(
                    where, f"passive must be one of {PASSIVE_CHOICES}"
                )

        increments, sets_first = -1, False
        if "increments" in card:
            inc = card["increments"]
            if not isinstance(inc, dict) or inc.get("counter") not in COUNTER_NAMES:
                raise self.fail(
                    where, f"increments.counter must be one of {'/'.join(COUNTER_NAMES)}"
                )
            increments = COUNTER_NAMES.index(inc["counter"])
            also = inc.get("also_sets")
            if also not in (None, "first_hunter_played"):
                raise self.fail(where, "increments.also_sets must be first_hunter_played")
            sets_first = also == "first_hunter_played"

        needs_card = bool(_value(card.get("needs_card_after_play", False)))
        flags = card.get("engine_flags") or {}
        if not isinstance(flags, dict) or set(flags) - {"dog_actor_sees_discard"}:
            raise self.fail(where, "engine_flags may only set dog_actor_sees_discard")
        actor_sees_discard = _value(flags.get("dog_actor_sees_discard", False))
        if not isinstance(actor_sees_discard, bool):
            raise self.fail(where, "engine_flags.dog_actor_sees_discard must be true or false")
        opening = bool(_value(card.get("forced_opening_play", False)))
        effect, slots = self.compile_effect(where, card.get("effect"))
        if is_monster and not any(step[0] == OP_MONSTER_WINS for step in effect):
            raise self.fail(where, "a Monster's effect must include monster_wins")
        if not is_monster and any(step[0] == OP_MONSTER_WINS for step in effect):
            raise self.fail(where, "effect: monster_wins is only for Monster cards")
        return {
            "count": count, "label": label, "fixed": fixed, "turns": tuple(turns),
            "condition": condition, "passives": frozenset(passives), "win_bonus": win_bonus,
            "increments": increments, "sets_first": sets_first, "needs_card": needs_card,
            "actor_sees_discard": actor_sees_discard,
            "opening": opening, "effect": effect, "slots": slots,
        }

    def compile_effect(self, where: str, steps: Any) -> tuple[tuple[tuple[Any, ...], ...], int]:
        if not isinstance(steps, list) or not steps:
            raise self.fail(where, "effect must be a non-empty list of steps")
        binds: dict[str, int] = {}
        compiled: list[tuple[Any, ...]] = []

        for i, step in enumerate(steps):
            at = f"effect.{i + 1}"
            if not isinstance(step, dict) or step.get("op") not in OP_NAMES:
                raise self.fail(where, f"{at}.op must be one of {'/'.join(OP_NAMES)}")
            op = OP_NAMES.index(step["op"])

            def ref(key: str, at: str = at, step: dict[str, Any] = step) -> int:
                value = step.get(key)
                if value == "actor":
                    return ACTOR
                if value not in binds:
                    raise self.fail(where, f"{at}.{key} must be 'actor' or a bound name")
                return binds[value]

            def bind(at: str = at, step: dict[str, Any] = step) -> int:
                name = step.get("bind")
                if not isinstance(name, str) or name == "actor":
                    raise self.fail(where, f"{at}.bind must name the chosen value")
                binds.setdefault(name, len(binds))
                return binds[name]

            def direction(at: str = at, step: dict[str, Any] = step) -> int:
                d = step.get("direction")
                if d not in ("left", "right"):
                    raise self.fail(where, f"{at}.direction must be left or right")
                return 1 if d == "left" else -1

            def count_one(key: str, at: str = at, step: dict[str, Any] = step) -> None:
                if step.get(key, 1) != 1:
                    raise self.fail(where, f"{at}.{key} must be 1")

            if op in (OP_NONE, OP_OPENING_PLAY, OP_MONSTER_WINS):
                compiled.append((op,))
            elif op == OP_CHOOSE_TARGET:
                if step.get("pool") not in POOL_NAMES:
                    raise self.fail(where, f"{at}.pool must be one of {'/'.join(POOL_NAMES)}")
                compiled.append((op, bind(), POOL_NAMES.index(step["pool"])))
            elif op == OP_CHOOSE_COUNT:
                options = step.get("options")
                if (not isinstance(options, list) or not options
                        or not all(isinstance(o, int) and o >= 1 for o in options)):
                    raise self.fail(where, f"{at}.options must be a list of positive integers")
                cap = step.get("cap", "")
                match = re.fullmatch(r"\s*min\((.*)\)\s*|\s*(hand_size\(\w+\))\s*", str(cap))
                terms = re.findall(r"hand_size\((\w+)\)", str(cap))
                if not match or not terms:
                    raise self.fail(
                        where, f"{at}.cap must be hand_size(x) or min(hand_size(x), ...)"
                    )
                caps = []
                for term in terms:
                    if term == "actor":
                        caps.append(ACTOR)
                    elif term in binds:
                        caps.append(binds[term])
                    else:
                        raise self.fail(where, f"{at}.cap names unknown player '{term}'")
                slot = bind()
                compiled.append((op, slot, tuple(sorted(set(options))), tuple(caps)))
            elif op == OP_CAPTURE_IF_HOLDS_MONSTER:
                blocked = step.get("blocked_by", [])
                if not isinstance(blocked, list) or any(b not in IMMUNITY_CLASSES for b in blocked):
                    raise self.fail(where, f"{at}.blocked_by must list immunity classes (hunter)")
                passives = tuple(sorted({p for b in blocked for p in IMMUNITY_CLASSES[b]}))
                compiled.append((op, ref("target"), passives))
            elif op == OP_DISCARD_ONE_OF_TYPE:
                if step.get("card_type") not in self.names:
                    raise self.fail(where, f"{at}.card_type must be a card id")
                if step.get("to") != "main_deck_bottom":
                    raise self.fail(where, f"{at}.to must be main_deck_bottom")
                compiled.append((
                    op, ref("target"), self.names.index(step["card_type"]),
                    ZONE_MAIN_DECK_BOTTOM, bool(step.get("reveal", True)),
                ))
            elif op == OP_SET_STATUS:
                if step.get("status") not in STATUS_NAMES:
                    raise self.fail(where, f"{at}.status must be one of {'/'.join(STATUS_NAMES)}")
                compiled.append((op, ref("who"), STATUS_NAMES.index(step["status"])))
            elif op == OP_TARGET_DISCARDS_CHOSEN:
                if step.get("to") != "face_down_in_front_of_actor":
                    raise self.fail(where, f"{at}.to must be face_down_in_front_of_actor")
                compiled.append((
                    op, ref("target"), ZONE_FACE_DOWN_IN_FRONT_OF_ACTOR,
                    bool(step.get("monster_is_revealed_and_captured", True)),
                ))
            elif op == OP_MOVE_THIS_CARD:
                dest = str(step.get("to", ""))
                if not dest.startswith("hand_of:"):
                    raise self.fail(where, f"{at}.to must be hand_of:<name>")
                name = dest.split(":", 1)[1]
                if name not in binds:
                    raise self.fail(where, f"{at}.to names unknown player '{name}'")
                compiled.append((op, binds[name]))
            elif op in (OP_TAKE_RANDOM, OP_GIVE_CHOSEN):
                count_one("count")
                compiled.append((op, ref("from"), ref("to")))
            elif op == OP_EXCHANGE_CHOSEN:
                compiled.append((op, ref("a"), ref("b"), ref("count")))
            elif op == OP_EACH_TAKE_RANDOM_FROM_NEIGHBOUR:
                compiled.append((op, direction()))
            elif op == OP_EACH_PASS_CHOSEN_TO_NEIGHBOUR:
                count_one("count")
                compiled.append((op, direction()))
            elif op == OP_POOL_AND_REDEAL:
                count_one("count_each")
                compiled.append((op,))
            elif op == OP_PEEK_HAND:
                compiled.append((op, ref("viewer"), ref("target")))
        return tuple(compiled), len(binds)
