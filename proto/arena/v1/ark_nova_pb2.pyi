from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ArkNovaCell(_message.Message):
    __slots__ = ("col", "row")
    COL_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    col: int
    row: int
    def __init__(self, col: _Optional[int] = ..., row: _Optional[int] = ...) -> None: ...

class ArkNovaIconCount(_message.Message):
    __slots__ = ("icon", "count")
    ICON_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    icon: str
    count: int
    def __init__(self, icon: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class ArkNovaCardCount(_message.Message):
    __slots__ = ("card", "count")
    CARD_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    card: str
    count: int
    def __init__(self, card: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class ArkNovaHousing(_message.Message):
    __slots__ = ("animal", "building", "flock")
    ANIMAL_FIELD_NUMBER: _ClassVar[int]
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    FLOCK_FIELD_NUMBER: _ClassVar[int]
    animal: str
    building: int
    flock: bool
    def __init__(self, animal: _Optional[str] = ..., building: _Optional[int] = ..., flock: _Optional[bool] = ...) -> None: ...

class ArkNovaBuilding(_message.Message):
    __slots__ = ("type", "anchor", "rotation", "cells", "state")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    ANCHOR_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    CELLS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    type: str
    anchor: ArkNovaCell
    rotation: int
    cells: _containers.RepeatedCompositeFieldContainer[ArkNovaCell]
    state: int
    def __init__(self, type: _Optional[str] = ..., anchor: _Optional[_Union[ArkNovaCell, _Mapping]] = ..., rotation: _Optional[int] = ..., cells: _Optional[_Iterable[_Union[ArkNovaCell, _Mapping]]] = ..., state: _Optional[int] = ...) -> None: ...

class ArkNovaActionCard(_message.Message):
    __slots__ = ("action", "slot", "upgraded", "venom", "constriction", "multipliers", "inactive_multipliers")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    UPGRADED_FIELD_NUMBER: _ClassVar[int]
    VENOM_FIELD_NUMBER: _ClassVar[int]
    CONSTRICTION_FIELD_NUMBER: _ClassVar[int]
    MULTIPLIERS_FIELD_NUMBER: _ClassVar[int]
    INACTIVE_MULTIPLIERS_FIELD_NUMBER: _ClassVar[int]
    action: str
    slot: int
    upgraded: bool
    venom: int
    constriction: int
    multipliers: int
    inactive_multipliers: int
    def __init__(self, action: _Optional[str] = ..., slot: _Optional[int] = ..., upgraded: _Optional[bool] = ..., venom: _Optional[int] = ..., constriction: _Optional[int] = ..., multipliers: _Optional[int] = ..., inactive_multipliers: _Optional[int] = ...) -> None: ...

class ArkNovaPlayer(_message.Message):
    __slots__ = ("seat", "map", "money", "appeal", "conservation", "reputation", "x_tokens", "victory_points", "hand_size", "final_scoring_count", "set_aside_count", "action_cards", "workers_active", "workers_total", "workers_on_tasks", "partner_zoos", "universities", "icons", "animals", "sponsors", "housing", "pouched", "card_tokens", "left_track_covered", "projects_supported", "supply_tokens", "buildings", "waza_class")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MAP_FIELD_NUMBER: _ClassVar[int]
    MONEY_FIELD_NUMBER: _ClassVar[int]
    APPEAL_FIELD_NUMBER: _ClassVar[int]
    CONSERVATION_FIELD_NUMBER: _ClassVar[int]
    REPUTATION_FIELD_NUMBER: _ClassVar[int]
    X_TOKENS_FIELD_NUMBER: _ClassVar[int]
    VICTORY_POINTS_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    FINAL_SCORING_COUNT_FIELD_NUMBER: _ClassVar[int]
    SET_ASIDE_COUNT_FIELD_NUMBER: _ClassVar[int]
    ACTION_CARDS_FIELD_NUMBER: _ClassVar[int]
    WORKERS_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    WORKERS_TOTAL_FIELD_NUMBER: _ClassVar[int]
    WORKERS_ON_TASKS_FIELD_NUMBER: _ClassVar[int]
    PARTNER_ZOOS_FIELD_NUMBER: _ClassVar[int]
    UNIVERSITIES_FIELD_NUMBER: _ClassVar[int]
    ICONS_FIELD_NUMBER: _ClassVar[int]
    ANIMALS_FIELD_NUMBER: _ClassVar[int]
    SPONSORS_FIELD_NUMBER: _ClassVar[int]
    HOUSING_FIELD_NUMBER: _ClassVar[int]
    POUCHED_FIELD_NUMBER: _ClassVar[int]
    CARD_TOKENS_FIELD_NUMBER: _ClassVar[int]
    LEFT_TRACK_COVERED_FIELD_NUMBER: _ClassVar[int]
    PROJECTS_SUPPORTED_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_TOKENS_FIELD_NUMBER: _ClassVar[int]
    BUILDINGS_FIELD_NUMBER: _ClassVar[int]
    WAZA_CLASS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    map: str
    money: int
    appeal: int
    conservation: int
    reputation: int
    x_tokens: int
    victory_points: int
    hand_size: int
    final_scoring_count: int
    set_aside_count: int
    action_cards: _containers.RepeatedCompositeFieldContainer[ArkNovaActionCard]
    workers_active: int
    workers_total: int
    workers_on_tasks: _containers.RepeatedScalarFieldContainer[int]
    partner_zoos: _containers.RepeatedScalarFieldContainer[str]
    universities: _containers.RepeatedScalarFieldContainer[str]
    icons: _containers.RepeatedCompositeFieldContainer[ArkNovaIconCount]
    animals: _containers.RepeatedScalarFieldContainer[str]
    sponsors: _containers.RepeatedScalarFieldContainer[str]
    housing: _containers.RepeatedCompositeFieldContainer[ArkNovaHousing]
    pouched: _containers.RepeatedCompositeFieldContainer[ArkNovaCardCount]
    card_tokens: _containers.RepeatedCompositeFieldContainer[ArkNovaCardCount]
    left_track_covered: _containers.RepeatedScalarFieldContainer[bool]
    projects_supported: int
    supply_tokens: int
    buildings: _containers.RepeatedCompositeFieldContainer[ArkNovaBuilding]
    waza_class: str
    def __init__(self, seat: _Optional[int] = ..., map: _Optional[str] = ..., money: _Optional[int] = ..., appeal: _Optional[int] = ..., conservation: _Optional[int] = ..., reputation: _Optional[int] = ..., x_tokens: _Optional[int] = ..., victory_points: _Optional[int] = ..., hand_size: _Optional[int] = ..., final_scoring_count: _Optional[int] = ..., set_aside_count: _Optional[int] = ..., action_cards: _Optional[_Iterable[_Union[ArkNovaActionCard, _Mapping]]] = ..., workers_active: _Optional[int] = ..., workers_total: _Optional[int] = ..., workers_on_tasks: _Optional[_Iterable[int]] = ..., partner_zoos: _Optional[_Iterable[str]] = ..., universities: _Optional[_Iterable[str]] = ..., icons: _Optional[_Iterable[_Union[ArkNovaIconCount, _Mapping]]] = ..., animals: _Optional[_Iterable[str]] = ..., sponsors: _Optional[_Iterable[str]] = ..., housing: _Optional[_Iterable[_Union[ArkNovaHousing, _Mapping]]] = ..., pouched: _Optional[_Iterable[_Union[ArkNovaCardCount, _Mapping]]] = ..., card_tokens: _Optional[_Iterable[_Union[ArkNovaCardCount, _Mapping]]] = ..., left_track_covered: _Optional[_Iterable[bool]] = ..., projects_supported: _Optional[int] = ..., supply_tokens: _Optional[int] = ..., buildings: _Optional[_Iterable[_Union[ArkNovaBuilding, _Mapping]]] = ..., waza_class: _Optional[str] = ...) -> None: ...

class ArkNovaProject(_message.Message):
    __slots__ = ("card", "levels")
    CARD_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    card: str
    levels: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, card: _Optional[str] = ..., levels: _Optional[_Iterable[int]] = ...) -> None: ...

class ArkNovaPouch(_message.Message):
    __slots__ = ("card", "cards")
    CARD_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    card: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, card: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class ArkNovaObservation(_message.Message):
    __slots__ = ("seat", "players", "map", "start_player", "active_player", "turn", "decision_kind", "decision_prompt", "deciding_seat", "hand", "final_scoring", "set_aside", "pouched", "player_views", "display", "deck_size", "discard", "projects", "base_projects", "project_row", "unused_base_projects", "partner_zoos_available", "universities_available", "bonus_tiles_cp5", "bonus_tiles_cp8", "break_position", "break_length", "break_due", "donations", "next_donation_cost", "final_scoring_deck_size", "cp10_reached", "end_triggered", "turns_left", "terminal")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAP_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    DECISION_KIND_FIELD_NUMBER: _ClassVar[int]
    DECISION_PROMPT_FIELD_NUMBER: _ClassVar[int]
    DECIDING_SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    FINAL_SCORING_FIELD_NUMBER: _ClassVar[int]
    SET_ASIDE_FIELD_NUMBER: _ClassVar[int]
    POUCHED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_VIEWS_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    PROJECTS_FIELD_NUMBER: _ClassVar[int]
    BASE_PROJECTS_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ROW_FIELD_NUMBER: _ClassVar[int]
    UNUSED_BASE_PROJECTS_FIELD_NUMBER: _ClassVar[int]
    PARTNER_ZOOS_AVAILABLE_FIELD_NUMBER: _ClassVar[int]
    UNIVERSITIES_AVAILABLE_FIELD_NUMBER: _ClassVar[int]
    BONUS_TILES_CP5_FIELD_NUMBER: _ClassVar[int]
    BONUS_TILES_CP8_FIELD_NUMBER: _ClassVar[int]
    BREAK_POSITION_FIELD_NUMBER: _ClassVar[int]
    BREAK_LENGTH_FIELD_NUMBER: _ClassVar[int]
    BREAK_DUE_FIELD_NUMBER: _ClassVar[int]
    DONATIONS_FIELD_NUMBER: _ClassVar[int]
    NEXT_DONATION_COST_FIELD_NUMBER: _ClassVar[int]
    FINAL_SCORING_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    CP10_REACHED_FIELD_NUMBER: _ClassVar[int]
    END_TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    TURNS_LEFT_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    players: int
    map: str
    start_player: int
    active_player: int
    turn: int
    decision_kind: str
    decision_prompt: str
    deciding_seat: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    final_scoring: _containers.RepeatedScalarFieldContainer[str]
    set_aside: _containers.RepeatedScalarFieldContainer[str]
    pouched: _containers.RepeatedCompositeFieldContainer[ArkNovaPouch]
    player_views: _containers.RepeatedCompositeFieldContainer[ArkNovaPlayer]
    display: _containers.RepeatedScalarFieldContainer[str]
    deck_size: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    projects: _containers.RepeatedCompositeFieldContainer[ArkNovaProject]
    base_projects: _containers.RepeatedScalarFieldContainer[str]
    project_row: _containers.RepeatedScalarFieldContainer[str]
    unused_base_projects: int
    partner_zoos_available: _containers.RepeatedScalarFieldContainer[str]
    universities_available: _containers.RepeatedScalarFieldContainer[str]
    bonus_tiles_cp5: _containers.RepeatedScalarFieldContainer[str]
    bonus_tiles_cp8: _containers.RepeatedScalarFieldContainer[str]
    break_position: int
    break_length: int
    break_due: bool
    donations: int
    next_donation_cost: int
    final_scoring_deck_size: int
    cp10_reached: bool
    end_triggered: bool
    turns_left: int
    terminal: bool
    def __init__(self, seat: _Optional[int] = ..., players: _Optional[int] = ..., map: _Optional[str] = ..., start_player: _Optional[int] = ..., active_player: _Optional[int] = ..., turn: _Optional[int] = ..., decision_kind: _Optional[str] = ..., decision_prompt: _Optional[str] = ..., deciding_seat: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., final_scoring: _Optional[_Iterable[str]] = ..., set_aside: _Optional[_Iterable[str]] = ..., pouched: _Optional[_Iterable[_Union[ArkNovaPouch, _Mapping]]] = ..., player_views: _Optional[_Iterable[_Union[ArkNovaPlayer, _Mapping]]] = ..., display: _Optional[_Iterable[str]] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., projects: _Optional[_Iterable[_Union[ArkNovaProject, _Mapping]]] = ..., base_projects: _Optional[_Iterable[str]] = ..., project_row: _Optional[_Iterable[str]] = ..., unused_base_projects: _Optional[int] = ..., partner_zoos_available: _Optional[_Iterable[str]] = ..., universities_available: _Optional[_Iterable[str]] = ..., bonus_tiles_cp5: _Optional[_Iterable[str]] = ..., bonus_tiles_cp8: _Optional[_Iterable[str]] = ..., break_position: _Optional[int] = ..., break_length: _Optional[int] = ..., break_due: _Optional[bool] = ..., donations: _Optional[int] = ..., next_donation_cost: _Optional[int] = ..., final_scoring_deck_size: _Optional[int] = ..., cp10_reached: _Optional[bool] = ..., end_triggered: _Optional[bool] = ..., turns_left: _Optional[int] = ..., terminal: _Optional[bool] = ...) -> None: ...

class ArkNovaNone(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ArkNovaActionRef(_message.Message):
    __slots__ = ("action",)
    ACTION_FIELD_NUMBER: _ClassVar[int]
    action: str
    def __init__(self, action: _Optional[str] = ...) -> None: ...

class ArkNovaCount(_message.Message):
    __slots__ = ("count",)
    COUNT_FIELD_NUMBER: _ClassVar[int]
    count: int
    def __init__(self, count: _Optional[int] = ...) -> None: ...

class ArkNovaCardRef(_message.Message):
    __slots__ = ("card", "folder")
    CARD_FIELD_NUMBER: _ClassVar[int]
    FOLDER_FIELD_NUMBER: _ClassVar[int]
    card: str
    folder: int
    def __init__(self, card: _Optional[str] = ..., folder: _Optional[int] = ...) -> None: ...

class ArkNovaCardToSlot(_message.Message):
    __slots__ = ("action", "slot")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    action: str
    slot: int
    def __init__(self, action: _Optional[str] = ..., slot: _Optional[int] = ...) -> None: ...

class ArkNovaSeatRef(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class ArkNovaPlacement(_message.Message):
    __slots__ = ("anchor", "rotation", "cells")
    ANCHOR_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    CELLS_FIELD_NUMBER: _ClassVar[int]
    anchor: ArkNovaCell
    rotation: int
    cells: _containers.RepeatedCompositeFieldContainer[ArkNovaCell]
    def __init__(self, anchor: _Optional[_Union[ArkNovaCell, _Mapping]] = ..., rotation: _Optional[int] = ..., cells: _Optional[_Iterable[_Union[ArkNovaCell, _Mapping]]] = ...) -> None: ...

class ArkNovaBuildingRef(_message.Message):
    __slots__ = ("type", "size")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    type: str
    size: int
    def __init__(self, type: _Optional[str] = ..., size: _Optional[int] = ...) -> None: ...

class ArkNovaHousingRef(_message.Message):
    __slots__ = ("building", "flock")
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    FLOCK_FIELD_NUMBER: _ClassVar[int]
    building: int
    flock: bool
    def __init__(self, building: _Optional[int] = ..., flock: _Optional[bool] = ...) -> None: ...

class ArkNovaProjectLevel(_message.Message):
    __slots__ = ("level", "conservation", "reputation")
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    CONSERVATION_FIELD_NUMBER: _ClassVar[int]
    REPUTATION_FIELD_NUMBER: _ClassVar[int]
    level: int
    conservation: int
    reputation: int
    def __init__(self, level: _Optional[int] = ..., conservation: _Optional[int] = ..., reputation: _Optional[int] = ...) -> None: ...

class ArkNovaLeftToken(_message.Message):
    __slots__ = ("space", "bonus", "recurring")
    SPACE_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    RECURRING_FIELD_NUMBER: _ClassVar[int]
    space: int
    bonus: str
    recurring: bool
    def __init__(self, space: _Optional[int] = ..., bonus: _Optional[str] = ..., recurring: _Optional[bool] = ...) -> None: ...

class ArkNovaChoice(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class ArkNovaBonusCell(_message.Message):
    __slots__ = ("cell", "bonus")
    CELL_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    cell: ArkNovaCell
    bonus: str
    def __init__(self, cell: _Optional[_Union[ArkNovaCell, _Mapping]] = ..., bonus: _Optional[str] = ...) -> None: ...

class ArkNovaDraw(_message.Message):
    __slots__ = ("draw", "discard")
    DRAW_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    draw: int
    discard: int
    def __init__(self, draw: _Optional[int] = ..., discard: _Optional[int] = ...) -> None: ...

class ArkNovaOption(_message.Message):
    __slots__ = ("use_card", "take_x_token", "spend_x_tokens", "multiplier_on", "card_to_slot", "hypnotise", "upgrade", "cp2_bonus", "bonus_tile", "discard_final_scoring", "from_deck", "from_folder", "snap", "refill_display", "discard", "keep", "anchor", "rotation", "free_building", "move_animal_in", "pouch", "sell", "draw_cards", "snap_instead", "break_for_money", "play_sponsor", "play_animal", "house_in", "play_small_animal", "take_small_animal", "build", "engineer_copy", "association_task", "donate", "partner_zoo", "university", "support_project", "project_level", "release_animal", "left_token", "dig_display", "dig_hand", "take_base_project", "pilfer_from", "give", "waza_class", "extra_bonus", "sponsor_for_money", "keep_starting_card", "decline")
    USE_CARD_FIELD_NUMBER: _ClassVar[int]
    TAKE_X_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SPEND_X_TOKENS_FIELD_NUMBER: _ClassVar[int]
    MULTIPLIER_ON_FIELD_NUMBER: _ClassVar[int]
    CARD_TO_SLOT_FIELD_NUMBER: _ClassVar[int]
    HYPNOTISE_FIELD_NUMBER: _ClassVar[int]
    UPGRADE_FIELD_NUMBER: _ClassVar[int]
    CP2_BONUS_FIELD_NUMBER: _ClassVar[int]
    BONUS_TILE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FINAL_SCORING_FIELD_NUMBER: _ClassVar[int]
    FROM_DECK_FIELD_NUMBER: _ClassVar[int]
    FROM_FOLDER_FIELD_NUMBER: _ClassVar[int]
    SNAP_FIELD_NUMBER: _ClassVar[int]
    REFILL_DISPLAY_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    KEEP_FIELD_NUMBER: _ClassVar[int]
    ANCHOR_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    FREE_BUILDING_FIELD_NUMBER: _ClassVar[int]
    MOVE_ANIMAL_IN_FIELD_NUMBER: _ClassVar[int]
    POUCH_FIELD_NUMBER: _ClassVar[int]
    SELL_FIELD_NUMBER: _ClassVar[int]
    DRAW_CARDS_FIELD_NUMBER: _ClassVar[int]
    SNAP_INSTEAD_FIELD_NUMBER: _ClassVar[int]
    BREAK_FOR_MONEY_FIELD_NUMBER: _ClassVar[int]
    PLAY_SPONSOR_FIELD_NUMBER: _ClassVar[int]
    PLAY_ANIMAL_FIELD_NUMBER: _ClassVar[int]
    HOUSE_IN_FIELD_NUMBER: _ClassVar[int]
    PLAY_SMALL_ANIMAL_FIELD_NUMBER: _ClassVar[int]
    TAKE_SMALL_ANIMAL_FIELD_NUMBER: _ClassVar[int]
    BUILD_FIELD_NUMBER: _ClassVar[int]
    ENGINEER_COPY_FIELD_NUMBER: _ClassVar[int]
    ASSOCIATION_TASK_FIELD_NUMBER: _ClassVar[int]
    DONATE_FIELD_NUMBER: _ClassVar[int]
    PARTNER_ZOO_FIELD_NUMBER: _ClassVar[int]
    UNIVERSITY_FIELD_NUMBER: _ClassVar[int]
    SUPPORT_PROJECT_FIELD_NUMBER: _ClassVar[int]
    PROJECT_LEVEL_FIELD_NUMBER: _ClassVar[int]
    RELEASE_ANIMAL_FIELD_NUMBER: _ClassVar[int]
    LEFT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    DIG_DISPLAY_FIELD_NUMBER: _ClassVar[int]
    DIG_HAND_FIELD_NUMBER: _ClassVar[int]
    TAKE_BASE_PROJECT_FIELD_NUMBER: _ClassVar[int]
    PILFER_FROM_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    WAZA_CLASS_FIELD_NUMBER: _ClassVar[int]
    EXTRA_BONUS_FIELD_NUMBER: _ClassVar[int]
    SPONSOR_FOR_MONEY_FIELD_NUMBER: _ClassVar[int]
    KEEP_STARTING_CARD_FIELD_NUMBER: _ClassVar[int]
    DECLINE_FIELD_NUMBER: _ClassVar[int]
    use_card: ArkNovaActionRef
    take_x_token: ArkNovaActionRef
    spend_x_tokens: ArkNovaCount
    multiplier_on: ArkNovaActionRef
    card_to_slot: ArkNovaCardToSlot
    hypnotise: ArkNovaSeatRef
    upgrade: ArkNovaActionRef
    cp2_bonus: ArkNovaChoice
    bonus_tile: ArkNovaChoice
    discard_final_scoring: ArkNovaCardRef
    from_deck: ArkNovaNone
    from_folder: ArkNovaCardRef
    snap: ArkNovaCardRef
    refill_display: ArkNovaNone
    discard: ArkNovaCardRef
    keep: ArkNovaCardRef
    anchor: ArkNovaPlacement
    rotation: ArkNovaPlacement
    free_building: ArkNovaBuildingRef
    move_animal_in: ArkNovaCardRef
    pouch: ArkNovaCardRef
    sell: ArkNovaCardRef
    draw_cards: ArkNovaDraw
    snap_instead: ArkNovaCardRef
    break_for_money: ArkNovaCount
    play_sponsor: ArkNovaCardRef
    play_animal: ArkNovaCardRef
    house_in: ArkNovaHousingRef
    play_small_animal: ArkNovaCardRef
    take_small_animal: ArkNovaCardRef
    build: ArkNovaBuildingRef
    engineer_copy: ArkNovaBuildingRef
    association_task: ArkNovaChoice
    donate: ArkNovaCount
    partner_zoo: ArkNovaChoice
    university: ArkNovaChoice
    support_project: ArkNovaCardRef
    project_level: ArkNovaProjectLevel
    release_animal: ArkNovaCardRef
    left_token: ArkNovaLeftToken
    dig_display: ArkNovaCardRef
    dig_hand: ArkNovaCardRef
    take_base_project: ArkNovaCardRef
    pilfer_from: ArkNovaSeatRef
    give: ArkNovaChoice
    waza_class: ArkNovaChoice
    extra_bonus: ArkNovaBonusCell
    sponsor_for_money: ArkNovaCardRef
    keep_starting_card: ArkNovaCardRef
    decline: ArkNovaNone
    def __init__(self, use_card: _Optional[_Union[ArkNovaActionRef, _Mapping]] = ..., take_x_token: _Optional[_Union[ArkNovaActionRef, _Mapping]] = ..., spend_x_tokens: _Optional[_Union[ArkNovaCount, _Mapping]] = ..., multiplier_on: _Optional[_Union[ArkNovaActionRef, _Mapping]] = ..., card_to_slot: _Optional[_Union[ArkNovaCardToSlot, _Mapping]] = ..., hypnotise: _Optional[_Union[ArkNovaSeatRef, _Mapping]] = ..., upgrade: _Optional[_Union[ArkNovaActionRef, _Mapping]] = ..., cp2_bonus: _Optional[_Union[ArkNovaChoice, _Mapping]] = ..., bonus_tile: _Optional[_Union[ArkNovaChoice, _Mapping]] = ..., discard_final_scoring: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., from_deck: _Optional[_Union[ArkNovaNone, _Mapping]] = ..., from_folder: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., snap: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., refill_display: _Optional[_Union[ArkNovaNone, _Mapping]] = ..., discard: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., keep: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., anchor: _Optional[_Union[ArkNovaPlacement, _Mapping]] = ..., rotation: _Optional[_Union[ArkNovaPlacement, _Mapping]] = ..., free_building: _Optional[_Union[ArkNovaBuildingRef, _Mapping]] = ..., move_animal_in: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., pouch: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., sell: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., draw_cards: _Optional[_Union[ArkNovaDraw, _Mapping]] = ..., snap_instead: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., break_for_money: _Optional[_Union[ArkNovaCount, _Mapping]] = ..., play_sponsor: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., play_animal: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., house_in: _Optional[_Union[ArkNovaHousingRef, _Mapping]] = ..., play_small_animal: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., take_small_animal: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., build: _Optional[_Union[ArkNovaBuildingRef, _Mapping]] = ..., engineer_copy: _Optional[_Union[ArkNovaBuildingRef, _Mapping]] = ..., association_task: _Optional[_Union[ArkNovaChoice, _Mapping]] = ..., donate: _Optional[_Union[ArkNovaCount, _Mapping]] = ..., partner_zoo: _Optional[_Union[ArkNovaChoice, _Mapping]] = ..., university: _Optional[_Union[ArkNovaChoice, _Mapping]] = ..., support_project: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., project_level: _Optional[_Union[ArkNovaProjectLevel, _Mapping]] = ..., release_animal: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., left_token: _Optional[_Union[ArkNovaLeftToken, _Mapping]] = ..., dig_display: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., dig_hand: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., take_base_project: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., pilfer_from: _Optional[_Union[ArkNovaSeatRef, _Mapping]] = ..., give: _Optional[_Union[ArkNovaChoice, _Mapping]] = ..., waza_class: _Optional[_Union[ArkNovaChoice, _Mapping]] = ..., extra_bonus: _Optional[_Union[ArkNovaBonusCell, _Mapping]] = ..., sponsor_for_money: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., keep_starting_card: _Optional[_Union[ArkNovaCardRef, _Mapping]] = ..., decline: _Optional[_Union[ArkNovaNone, _Mapping]] = ...) -> None: ...
