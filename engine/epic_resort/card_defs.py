"""Epic Resort's card definitions: the words a card file may use (types, tiers, effect
operations, timings) and the typed records a card file compiles into, indexed by integer
ids (:class:`CardSet`). Loading and checking a file is :mod:`engine.epic_resort.cards`."""

from __future__ import annotations

from dataclasses import dataclass, field

TYPES = ("social", "relaxing", "food", "exciting", "fancy")
TIERS = ("start", "I", "II", "III")
MONSTER_TIERS = ("I", "II", "III")
TARGETS = ("most_tourists", "most_heroes", "most_gold", "harbormaster")
EFFECT_OPS = (
    "gain_flair", "gain_gold", "lose_gold", "add_tourist", "cash_out_tourists", "draw_worker",
    "hero_heal", "hero_strength", "reposition_heroes", "remove_damage", "remove_lock",
    "force_attack_here", "monster_strength", "end_attack",
)
ATTACK_ONLY_OPS = ("force_attack_here", "monster_strength", "end_attack")
MONSTER_OPS = (
    "eats_tourists", "dragon_scorch", "spirit_drain", "extra_damage", "extra_attack", "two_heads",
    "plunder",
)
TIMINGS = ("activated", "on_attract", "on_hero_defends_here", "start_of_season", "hero_rewards")
WHERE = ("this", "any_own", "chosen_own_attraction")
HERO_TARGETS = ("chosen_own_hero", "hero_here", "defending_hero", "each_other_own_hero")
PER = ("card_in_hand", "tourist_here")
SOURCES = ("seed", "reconstructed", "mixed")

# Main-deck card kinds.
TOURIST, HERO, ATTACK, DOUBLE_ATTACK = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect primitive (spec 13) with its parameters."""

    op: str
    n: int = 0
    where: str = ""
    target: str = ""
    per: str = ""
    type: str = ""
    resource: str = ""
    per_tourist: int = 0


@dataclass(frozen=True, slots=True)
class Ability:
    work: int
    timing: str
    effects: tuple[Effect, ...]
    during_attack: bool = False
    only_during_attack: bool = False


@dataclass(frozen=True, slots=True)
class AttractionDef:
    id: str
    name: str
    tier: int
    type: str
    cost: int
    vp: int
    payout: tuple[tuple[int, int], ...]
    work_required: int
    damage_limit: int
    count: int
    ability: Ability | None
    start_tourists: int = 0
    source: str = "reconstructed"

    @property
    def capacity(self) -> int:
        return len(self.payout) - 1


@dataclass(frozen=True, slots=True)
class DiscardAbility:
    effects: tuple[Effect, ...]
    remove_from_game: bool
    during_attack: bool
    only_during_attack: bool


@dataclass(frozen=True, slots=True)
class WorkerDef:
    id: str
    name: str
    klass: str
    cost: int
    work: int
    type_bonus: tuple[tuple[str, int], ...] = ()
    payout_bonus: tuple[int, int, str] | None = None
    staffing_gold: int = 0
    split_total: int = 0
    split_max: int = 0
    train_discount: int = -1
    discard: DiscardAbility | None = None
    count: int = 0
    count_per_player: int = 0
    source: str = "reconstructed"

    def bonus_at(self, attraction_type: str) -> int:
        for t, k in self.type_bonus:
            if t == attraction_type:
                return k
        return 0


@dataclass(frozen=True, slots=True)
class HeroDef:
    id: str
    name: str
    cost: int
    strength: int
    start: int
    max: int
    vp: int
    abilities: tuple[tuple[str, tuple[Effect, ...]], ...]
    count: int = 1
    source: str = "reconstructed"

    def effects_at(self, timing: str) -> tuple[Effect, ...]:
        out: tuple[Effect, ...] = ()
        for t, effects in self.abilities:
            if t == timing:
                out += effects
        return out


@dataclass(frozen=True, slots=True)
class TouristDef:
    id: str
    name: str
    cost: int
    tourists: int
    bonus_type: str = ""
    bonus_n: int = 0
    count: int = 1
    source: str = "reconstructed"


@dataclass(frozen=True, slots=True)
class AttackDef:
    id: str
    kind: int  # ATTACK or DOUBLE_ATTACK
    two: str  # left|right
    three: str  # left|center|right
    source: str = "reconstructed"


@dataclass(frozen=True, slots=True)
class MonsterDef:
    id: str
    name: str
    tier: int  # 0..2 for I..III
    series: str
    target: str
    strength: int
    scorch: bool = False
    drain: bool = False
    extra_damage: int = 0
    extra_attack: bool = False
    two_heads: bool = False
    plunder: int = 0
    source: str = "reconstructed"


@dataclass(eq=False)
class CardSet:
    """All card definitions, indexed by integer ids, plus the physical copies."""

    attractions: list[AttractionDef]
    workers: list[WorkerDef]
    heroes: list[HeroDef]
    tourists: list[TouristDef]
    attacks: list[AttackDef]
    monsters: list[MonsterDef]
    season_pass: TouristDef | None
    # main-deck copies: (kind, def index)
    main_cards: list[tuple[int, int]] = field(default_factory=list)
    # monster copies: (def index, mark)
    monster_copies: list[tuple[int, str]] = field(default_factory=list)
    worker_index: dict[str, int] = field(default_factory=dict)
    attraction_index: dict[str, int] = field(default_factory=dict)
    basic_deck: tuple[int, ...] = ()
    day_worker: int = -1
    skilled: tuple[int, ...] = ()
    start_attractions: tuple[int, ...] = ()
    # The rulebook's suggested first-game skilled piles, by player count.
    first_game_skilled: dict[int, tuple[int, ...]] = field(default_factory=dict)
