from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class EpicResortCardCount(_message.Message):
    __slots__ = ("card", "count")
    CARD_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    card: str
    count: int
    def __init__(self, card: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class EpicResortSlot(_message.Message):
    __slots__ = ("slot", "stack", "tourists", "damage", "locked", "workers", "guildmaster_units", "stranded_workers", "hero", "hero_health", "hero_locked")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    TOURISTS_FIELD_NUMBER: _ClassVar[int]
    DAMAGE_FIELD_NUMBER: _ClassVar[int]
    LOCKED_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    GUILDMASTER_UNITS_FIELD_NUMBER: _ClassVar[int]
    STRANDED_WORKERS_FIELD_NUMBER: _ClassVar[int]
    HERO_FIELD_NUMBER: _ClassVar[int]
    HERO_HEALTH_FIELD_NUMBER: _ClassVar[int]
    HERO_LOCKED_FIELD_NUMBER: _ClassVar[int]
    slot: int
    stack: _containers.RepeatedScalarFieldContainer[str]
    tourists: int
    damage: int
    locked: bool
    workers: _containers.RepeatedScalarFieldContainer[str]
    guildmaster_units: int
    stranded_workers: _containers.RepeatedScalarFieldContainer[str]
    hero: str
    hero_health: int
    hero_locked: bool
    def __init__(self, slot: _Optional[int] = ..., stack: _Optional[_Iterable[str]] = ..., tourists: _Optional[int] = ..., damage: _Optional[int] = ..., locked: _Optional[bool] = ..., workers: _Optional[_Iterable[str]] = ..., guildmaster_units: _Optional[int] = ..., stranded_workers: _Optional[_Iterable[str]] = ..., hero: _Optional[str] = ..., hero_health: _Optional[int] = ..., hero_locked: _Optional[bool] = ...) -> None: ...

class EpicResortPlacement(_message.Message):
    __slots__ = ("worker", "slot", "units")
    WORKER_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    worker: str
    slot: int
    units: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, worker: _Optional[str] = ..., slot: _Optional[int] = ..., units: _Optional[_Iterable[int]] = ...) -> None: ...

class EpicResortSeat(_message.Message):
    __slots__ = ("seat", "flair", "gold", "hand_size", "draw_size", "unseen_workers", "discard", "slots", "scored_heroes", "removed_workers", "trained", "passed", "phase_i_done", "plan_visible", "plan", "day_workers_planned")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FLAIR_FIELD_NUMBER: _ClassVar[int]
    GOLD_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    DRAW_SIZE_FIELD_NUMBER: _ClassVar[int]
    UNSEEN_WORKERS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    SCORED_HEROES_FIELD_NUMBER: _ClassVar[int]
    REMOVED_WORKERS_FIELD_NUMBER: _ClassVar[int]
    TRAINED_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    PHASE_I_DONE_FIELD_NUMBER: _ClassVar[int]
    PLAN_VISIBLE_FIELD_NUMBER: _ClassVar[int]
    PLAN_FIELD_NUMBER: _ClassVar[int]
    DAY_WORKERS_PLANNED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    flair: int
    gold: int
    hand_size: int
    draw_size: int
    unseen_workers: _containers.RepeatedCompositeFieldContainer[EpicResortCardCount]
    discard: _containers.RepeatedScalarFieldContainer[str]
    slots: _containers.RepeatedCompositeFieldContainer[EpicResortSlot]
    scored_heroes: _containers.RepeatedScalarFieldContainer[str]
    removed_workers: _containers.RepeatedScalarFieldContainer[str]
    trained: int
    passed: bool
    phase_i_done: bool
    plan_visible: bool
    plan: _containers.RepeatedCompositeFieldContainer[EpicResortPlacement]
    day_workers_planned: int
    def __init__(self, seat: _Optional[int] = ..., flair: _Optional[int] = ..., gold: _Optional[int] = ..., hand_size: _Optional[int] = ..., draw_size: _Optional[int] = ..., unseen_workers: _Optional[_Iterable[_Union[EpicResortCardCount, _Mapping]]] = ..., discard: _Optional[_Iterable[str]] = ..., slots: _Optional[_Iterable[_Union[EpicResortSlot, _Mapping]]] = ..., scored_heroes: _Optional[_Iterable[str]] = ..., removed_workers: _Optional[_Iterable[str]] = ..., trained: _Optional[int] = ..., passed: _Optional[bool] = ..., phase_i_done: _Optional[bool] = ..., plan_visible: _Optional[bool] = ..., plan: _Optional[_Iterable[_Union[EpicResortPlacement, _Mapping]]] = ..., day_workers_planned: _Optional[int] = ...) -> None: ...

class EpicResortWorkerPile(_message.Message):
    __slots__ = ("worker", "count", "locked")
    WORKER_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    LOCKED_FIELD_NUMBER: _ClassVar[int]
    worker: str
    count: int
    locked: bool
    def __init__(self, worker: _Optional[str] = ..., count: _Optional[int] = ..., locked: _Optional[bool] = ...) -> None: ...

class EpicResortDraftTier(_message.Message):
    __slots__ = ("tier", "available", "pile")
    TIER_FIELD_NUMBER: _ClassVar[int]
    AVAILABLE_FIELD_NUMBER: _ClassVar[int]
    PILE_FIELD_NUMBER: _ClassVar[int]
    tier: int
    available: _containers.RepeatedScalarFieldContainer[str]
    pile: _containers.RepeatedCompositeFieldContainer[EpicResortCardCount]
    def __init__(self, tier: _Optional[int] = ..., available: _Optional[_Iterable[str]] = ..., pile: _Optional[_Iterable[_Union[EpicResortCardCount, _Mapping]]] = ...) -> None: ...

class EpicResortAttack(_message.Message):
    __slots__ = ("card", "monster", "defender", "targets", "next_target", "strength_modifier", "hero_bonus", "ended", "window_start", "window_position", "redirects")
    CARD_FIELD_NUMBER: _ClassVar[int]
    MONSTER_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    NEXT_TARGET_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_MODIFIER_FIELD_NUMBER: _ClassVar[int]
    HERO_BONUS_FIELD_NUMBER: _ClassVar[int]
    ENDED_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    WINDOW_POSITION_FIELD_NUMBER: _ClassVar[int]
    REDIRECTS_FIELD_NUMBER: _ClassVar[int]
    card: str
    monster: str
    defender: int
    targets: _containers.RepeatedScalarFieldContainer[int]
    next_target: int
    strength_modifier: int
    hero_bonus: int
    ended: bool
    window_start: int
    window_position: int
    redirects: int
    def __init__(self, card: _Optional[str] = ..., monster: _Optional[str] = ..., defender: _Optional[int] = ..., targets: _Optional[_Iterable[int]] = ..., next_target: _Optional[int] = ..., strength_modifier: _Optional[int] = ..., hero_bonus: _Optional[int] = ..., ended: _Optional[bool] = ..., window_start: _Optional[int] = ..., window_position: _Optional[int] = ..., redirects: _Optional[int] = ...) -> None: ...

class EpicResortPrompt(_message.Message):
    __slots__ = ("step", "seat", "slot", "amount", "attraction_type", "resource", "per_tourist", "worker")
    STEP_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    ATTRACTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    PER_TOURIST_FIELD_NUMBER: _ClassVar[int]
    WORKER_FIELD_NUMBER: _ClassVar[int]
    step: str
    seat: int
    slot: int
    amount: int
    attraction_type: str
    resource: str
    per_tourist: int
    worker: str
    def __init__(self, step: _Optional[str] = ..., seat: _Optional[int] = ..., slot: _Optional[int] = ..., amount: _Optional[int] = ..., attraction_type: _Optional[str] = ..., resource: _Optional[str] = ..., per_tourist: _Optional[int] = ..., worker: _Optional[str] = ...) -> None: ...

class EpicResortObservation(_message.Message):
    __slots__ = ("seat", "players", "season", "phase", "harbormaster", "harbormaster_tokens", "hand", "guildmaster_pending", "seats", "dock", "dock_discard", "main_deck", "monster_deck", "monster_deck_face_up", "monster_discard", "draft", "worker_piles", "season_pass_locked", "turn_seat", "main_action_done", "first_pass_done", "end_triggered", "attack", "prompt", "terminal")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEASON_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    HARBORMASTER_FIELD_NUMBER: _ClassVar[int]
    HARBORMASTER_TOKENS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    GUILDMASTER_PENDING_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    DOCK_FIELD_NUMBER: _ClassVar[int]
    DOCK_DISCARD_FIELD_NUMBER: _ClassVar[int]
    MAIN_DECK_FIELD_NUMBER: _ClassVar[int]
    MONSTER_DECK_FIELD_NUMBER: _ClassVar[int]
    MONSTER_DECK_FACE_UP_FIELD_NUMBER: _ClassVar[int]
    MONSTER_DISCARD_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    WORKER_PILES_FIELD_NUMBER: _ClassVar[int]
    SEASON_PASS_LOCKED_FIELD_NUMBER: _ClassVar[int]
    TURN_SEAT_FIELD_NUMBER: _ClassVar[int]
    MAIN_ACTION_DONE_FIELD_NUMBER: _ClassVar[int]
    FIRST_PASS_DONE_FIELD_NUMBER: _ClassVar[int]
    END_TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    players: int
    season: int
    phase: int
    harbormaster: int
    harbormaster_tokens: int
    hand: _containers.RepeatedCompositeFieldContainer[EpicResortCardCount]
    guildmaster_pending: str
    seats: _containers.RepeatedCompositeFieldContainer[EpicResortSeat]
    dock: _containers.RepeatedScalarFieldContainer[str]
    dock_discard: _containers.RepeatedScalarFieldContainer[str]
    main_deck: _containers.RepeatedCompositeFieldContainer[EpicResortCardCount]
    monster_deck: _containers.RepeatedScalarFieldContainer[str]
    monster_deck_face_up: bool
    monster_discard: _containers.RepeatedScalarFieldContainer[str]
    draft: _containers.RepeatedCompositeFieldContainer[EpicResortDraftTier]
    worker_piles: _containers.RepeatedCompositeFieldContainer[EpicResortWorkerPile]
    season_pass_locked: bool
    turn_seat: int
    main_action_done: bool
    first_pass_done: bool
    end_triggered: bool
    attack: EpicResortAttack
    prompt: EpicResortPrompt
    terminal: bool
    def __init__(self, seat: _Optional[int] = ..., players: _Optional[int] = ..., season: _Optional[int] = ..., phase: _Optional[int] = ..., harbormaster: _Optional[int] = ..., harbormaster_tokens: _Optional[int] = ..., hand: _Optional[_Iterable[_Union[EpicResortCardCount, _Mapping]]] = ..., guildmaster_pending: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[EpicResortSeat, _Mapping]]] = ..., dock: _Optional[_Iterable[str]] = ..., dock_discard: _Optional[_Iterable[str]] = ..., main_deck: _Optional[_Iterable[_Union[EpicResortCardCount, _Mapping]]] = ..., monster_deck: _Optional[_Iterable[str]] = ..., monster_deck_face_up: _Optional[bool] = ..., monster_discard: _Optional[_Iterable[str]] = ..., draft: _Optional[_Iterable[_Union[EpicResortDraftTier, _Mapping]]] = ..., worker_piles: _Optional[_Iterable[_Union[EpicResortWorkerPile, _Mapping]]] = ..., season_pass_locked: _Optional[bool] = ..., turn_seat: _Optional[int] = ..., main_action_done: _Optional[bool] = ..., first_pass_done: _Optional[bool] = ..., end_triggered: _Optional[bool] = ..., attack: _Optional[_Union[EpicResortAttack, _Mapping]] = ..., prompt: _Optional[_Union[EpicResortPrompt, _Mapping]] = ..., terminal: _Optional[bool] = ...) -> None: ...

class EpicResortLayout(_message.Message):
    __slots__ = ("left", "right")
    LEFT_FIELD_NUMBER: _ClassVar[int]
    RIGHT_FIELD_NUMBER: _ClassVar[int]
    left: str
    right: str
    def __init__(self, left: _Optional[str] = ..., right: _Optional[str] = ...) -> None: ...

class EpicResortSend(_message.Message):
    __slots__ = ("worker", "slot", "attraction")
    WORKER_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    ATTRACTION_FIELD_NUMBER: _ClassVar[int]
    worker: str
    slot: int
    attraction: str
    def __init__(self, worker: _Optional[str] = ..., slot: _Optional[int] = ..., attraction: _Optional[str] = ...) -> None: ...

class EpicResortGuildmasterSplit(_message.Message):
    __slots__ = ("slots", "units", "worker")
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    WORKER_FIELD_NUMBER: _ClassVar[int]
    slots: _containers.RepeatedScalarFieldContainer[int]
    units: _containers.RepeatedScalarFieldContainer[int]
    worker: str
    def __init__(self, slots: _Optional[_Iterable[int]] = ..., units: _Optional[_Iterable[int]] = ..., worker: _Optional[str] = ...) -> None: ...

class EpicResortDiscard(_message.Message):
    __slots__ = ("worker",)
    WORKER_FIELD_NUMBER: _ClassVar[int]
    worker: str
    def __init__(self, worker: _Optional[str] = ...) -> None: ...

class EpicResortAbility(_message.Message):
    __slots__ = ("slot", "attraction")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    ATTRACTION_FIELD_NUMBER: _ClassVar[int]
    slot: int
    attraction: str
    def __init__(self, slot: _Optional[int] = ..., attraction: _Optional[str] = ...) -> None: ...

class EpicResortAttractTourists(_message.Message):
    __slots__ = ("dock_position", "card")
    DOCK_POSITION_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    dock_position: int
    card: str
    def __init__(self, dock_position: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class EpicResortAttractSeasonPass(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class EpicResortAttractHero(_message.Message):
    __slots__ = ("dock_position", "hero", "slot")
    DOCK_POSITION_FIELD_NUMBER: _ClassVar[int]
    HERO_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    dock_position: int
    hero: str
    slot: int
    def __init__(self, dock_position: _Optional[int] = ..., hero: _Optional[str] = ..., slot: _Optional[int] = ...) -> None: ...

class EpicResortUpgrade(_message.Message):
    __slots__ = ("tier", "index", "attraction", "slot")
    TIER_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ATTRACTION_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    tier: int
    index: int
    attraction: str
    slot: int
    def __init__(self, tier: _Optional[int] = ..., index: _Optional[int] = ..., attraction: _Optional[str] = ..., slot: _Optional[int] = ...) -> None: ...

class EpicResortTrain(_message.Message):
    __slots__ = ("trainer", "pile", "worker")
    TRAINER_FIELD_NUMBER: _ClassVar[int]
    PILE_FIELD_NUMBER: _ClassVar[int]
    WORKER_FIELD_NUMBER: _ClassVar[int]
    trainer: str
    pile: int
    worker: str
    def __init__(self, trainer: _Optional[str] = ..., pile: _Optional[int] = ..., worker: _Optional[str] = ...) -> None: ...

class EpicResortPass(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class EpicResortEndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class EpicResortDone(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class EpicResortSlotChoice(_message.Message):
    __slots__ = ("slot", "card")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    slot: int
    card: str
    def __init__(self, slot: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class EpicResortCashOut(_message.Message):
    __slots__ = ("tourists",)
    TOURISTS_FIELD_NUMBER: _ClassVar[int]
    tourists: int
    def __init__(self, tourists: _Optional[int] = ...) -> None: ...

class EpicResortReposition(_message.Message):
    __slots__ = ("from_slots", "to_slots")
    FROM_SLOTS_FIELD_NUMBER: _ClassVar[int]
    TO_SLOTS_FIELD_NUMBER: _ClassVar[int]
    from_slots: _containers.RepeatedScalarFieldContainer[int]
    to_slots: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, from_slots: _Optional[_Iterable[int]] = ..., to_slots: _Optional[_Iterable[int]] = ...) -> None: ...

class EpicResortHeroDecision(_message.Message):
    __slots__ = ("action", "from_slot", "to_slot", "hero")
    class Action(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        ACTION_UNSPECIFIED: _ClassVar[EpicResortHeroDecision.Action]
        ACTION_DEFEND: _ClassVar[EpicResortHeroDecision.Action]
        ACTION_DODGE: _ClassVar[EpicResortHeroDecision.Action]
        ACTION_MOVE_IN: _ClassVar[EpicResortHeroDecision.Action]
        ACTION_NONE: _ClassVar[EpicResortHeroDecision.Action]
    ACTION_UNSPECIFIED: EpicResortHeroDecision.Action
    ACTION_DEFEND: EpicResortHeroDecision.Action
    ACTION_DODGE: EpicResortHeroDecision.Action
    ACTION_MOVE_IN: EpicResortHeroDecision.Action
    ACTION_NONE: EpicResortHeroDecision.Action
    ACTION_FIELD_NUMBER: _ClassVar[int]
    FROM_SLOT_FIELD_NUMBER: _ClassVar[int]
    TO_SLOT_FIELD_NUMBER: _ClassVar[int]
    HERO_FIELD_NUMBER: _ClassVar[int]
    action: EpicResortHeroDecision.Action
    from_slot: int
    to_slot: int
    hero: str
    def __init__(self, action: _Optional[_Union[EpicResortHeroDecision.Action, str]] = ..., from_slot: _Optional[int] = ..., to_slot: _Optional[int] = ..., hero: _Optional[str] = ...) -> None: ...

class EpicResortHarbormaster(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class EpicResortOption(_message.Message):
    __slots__ = ("layout", "send", "guildmaster_split", "discard", "ability", "attract_tourists", "attract_season_pass", "attract_hero", "upgrade", "train", "pass_phase", "end_turn", "done", "place_tourist", "heal_hero", "repair", "unlock", "cash_out", "reposition", "hero", "harbormaster")
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    SEND_FIELD_NUMBER: _ClassVar[int]
    GUILDMASTER_SPLIT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    ATTRACT_TOURISTS_FIELD_NUMBER: _ClassVar[int]
    ATTRACT_SEASON_PASS_FIELD_NUMBER: _ClassVar[int]
    ATTRACT_HERO_FIELD_NUMBER: _ClassVar[int]
    UPGRADE_FIELD_NUMBER: _ClassVar[int]
    TRAIN_FIELD_NUMBER: _ClassVar[int]
    PASS_PHASE_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    PLACE_TOURIST_FIELD_NUMBER: _ClassVar[int]
    HEAL_HERO_FIELD_NUMBER: _ClassVar[int]
    REPAIR_FIELD_NUMBER: _ClassVar[int]
    UNLOCK_FIELD_NUMBER: _ClassVar[int]
    CASH_OUT_FIELD_NUMBER: _ClassVar[int]
    REPOSITION_FIELD_NUMBER: _ClassVar[int]
    HERO_FIELD_NUMBER: _ClassVar[int]
    HARBORMASTER_FIELD_NUMBER: _ClassVar[int]
    layout: EpicResortLayout
    send: EpicResortSend
    guildmaster_split: EpicResortGuildmasterSplit
    discard: EpicResortDiscard
    ability: EpicResortAbility
    attract_tourists: EpicResortAttractTourists
    attract_season_pass: EpicResortAttractSeasonPass
    attract_hero: EpicResortAttractHero
    upgrade: EpicResortUpgrade
    train: EpicResortTrain
    pass_phase: EpicResortPass
    end_turn: EpicResortEndTurn
    done: EpicResortDone
    place_tourist: EpicResortSlotChoice
    heal_hero: EpicResortSlotChoice
    repair: EpicResortSlotChoice
    unlock: EpicResortSlotChoice
    cash_out: EpicResortCashOut
    reposition: EpicResortReposition
    hero: EpicResortHeroDecision
    harbormaster: EpicResortHarbormaster
    def __init__(self, layout: _Optional[_Union[EpicResortLayout, _Mapping]] = ..., send: _Optional[_Union[EpicResortSend, _Mapping]] = ..., guildmaster_split: _Optional[_Union[EpicResortGuildmasterSplit, _Mapping]] = ..., discard: _Optional[_Union[EpicResortDiscard, _Mapping]] = ..., ability: _Optional[_Union[EpicResortAbility, _Mapping]] = ..., attract_tourists: _Optional[_Union[EpicResortAttractTourists, _Mapping]] = ..., attract_season_pass: _Optional[_Union[EpicResortAttractSeasonPass, _Mapping]] = ..., attract_hero: _Optional[_Union[EpicResortAttractHero, _Mapping]] = ..., upgrade: _Optional[_Union[EpicResortUpgrade, _Mapping]] = ..., train: _Optional[_Union[EpicResortTrain, _Mapping]] = ..., pass_phase: _Optional[_Union[EpicResortPass, _Mapping]] = ..., end_turn: _Optional[_Union[EpicResortEndTurn, _Mapping]] = ..., done: _Optional[_Union[EpicResortDone, _Mapping]] = ..., place_tourist: _Optional[_Union[EpicResortSlotChoice, _Mapping]] = ..., heal_hero: _Optional[_Union[EpicResortSlotChoice, _Mapping]] = ..., repair: _Optional[_Union[EpicResortSlotChoice, _Mapping]] = ..., unlock: _Optional[_Union[EpicResortSlotChoice, _Mapping]] = ..., cash_out: _Optional[_Union[EpicResortCashOut, _Mapping]] = ..., reposition: _Optional[_Union[EpicResortReposition, _Mapping]] = ..., hero: _Optional[_Union[EpicResortHeroDecision, _Mapping]] = ..., harbormaster: _Optional[_Union[EpicResortHarbormaster, _Mapping]] = ...) -> None: ...
