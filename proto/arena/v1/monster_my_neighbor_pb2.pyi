from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MonsterMyNeighborPlayedCard(_message.Message):
    __slots__ = ("card_type", "rotation", "target", "public_result")
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_RESULT_FIELD_NUMBER: _ClassVar[int]
    card_type: str
    rotation: int
    target: int
    public_result: str
    def __init__(self, card_type: _Optional[str] = ..., rotation: _Optional[int] = ..., target: _Optional[int] = ..., public_result: _Optional[str] = ...) -> None: ...

class MonsterMyNeighborFaceDownCard(_message.Message):
    __slots__ = ("origin", "known_type")
    ORIGIN_FIELD_NUMBER: _ClassVar[int]
    KNOWN_TYPE_FIELD_NUMBER: _ClassVar[int]
    origin: str
    known_type: str
    def __init__(self, origin: _Optional[str] = ..., known_type: _Optional[str] = ...) -> None: ...

class MonsterMyNeighborSeat(_message.Message):
    __slots__ = ("seat", "vp", "hand_size", "play_area", "face_down", "friend", "turns_taken")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    PLAY_AREA_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_FIELD_NUMBER: _ClassVar[int]
    FRIEND_FIELD_NUMBER: _ClassVar[int]
    TURNS_TAKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    vp: int
    hand_size: int
    play_area: _containers.RepeatedCompositeFieldContainer[MonsterMyNeighborPlayedCard]
    face_down: _containers.RepeatedCompositeFieldContainer[MonsterMyNeighborFaceDownCard]
    friend: bool
    turns_taken: int
    def __init__(self, seat: _Optional[int] = ..., vp: _Optional[int] = ..., hand_size: _Optional[int] = ..., play_area: _Optional[_Iterable[_Union[MonsterMyNeighborPlayedCard, _Mapping]]] = ..., face_down: _Optional[_Iterable[_Union[MonsterMyNeighborFaceDownCard, _Mapping]]] = ..., friend: _Optional[bool] = ..., turns_taken: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborRoundSummary(_message.Message):
    __slots__ = ("round", "monster", "ending", "monster_seat", "catcher_seat", "vp_awarded")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    MONSTER_FIELD_NUMBER: _ClassVar[int]
    ENDING_FIELD_NUMBER: _ClassVar[int]
    MONSTER_SEAT_FIELD_NUMBER: _ClassVar[int]
    CATCHER_SEAT_FIELD_NUMBER: _ClassVar[int]
    VP_AWARDED_FIELD_NUMBER: _ClassVar[int]
    round: int
    monster: str
    ending: str
    monster_seat: int
    catcher_seat: int
    vp_awarded: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, round: _Optional[int] = ..., monster: _Optional[str] = ..., ending: _Optional[str] = ..., monster_seat: _Optional[int] = ..., catcher_seat: _Optional[int] = ..., vp_awarded: _Optional[_Iterable[int]] = ...) -> None: ...

class MonsterMyNeighborCardCount(_message.Message):
    __slots__ = ("card_type", "count")
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    card_type: str
    count: int
    def __init__(self, card_type: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborObservation(_message.Message):
    __slots__ = ("players", "seat", "round", "rotation", "active_seat", "wanted_holder", "seats", "hand", "hunters_played", "villagers_played", "first_hunter_played", "main_deck_size", "hunters_under_main_deck", "dog_known_holder", "monsters_possible", "finished_rounds", "public_log", "private_log", "composition", "rounds", "pending_kind", "pending_seats", "own_pending_choice")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    WANTED_HOLDER_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HUNTERS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    VILLAGERS_PLAYED_FIELD_NUMBER: _ClassVar[int]
    FIRST_HUNTER_PLAYED_FIELD_NUMBER: _ClassVar[int]
    MAIN_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    HUNTERS_UNDER_MAIN_DECK_FIELD_NUMBER: _ClassVar[int]
    DOG_KNOWN_HOLDER_FIELD_NUMBER: _ClassVar[int]
    MONSTERS_POSSIBLE_FIELD_NUMBER: _ClassVar[int]
    FINISHED_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_LOG_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_LOG_FIELD_NUMBER: _ClassVar[int]
    COMPOSITION_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    PENDING_KIND_FIELD_NUMBER: _ClassVar[int]
    PENDING_SEATS_FIELD_NUMBER: _ClassVar[int]
    OWN_PENDING_CHOICE_FIELD_NUMBER: _ClassVar[int]
    players: int
    seat: int
    round: int
    rotation: int
    active_seat: int
    wanted_holder: int
    seats: _containers.RepeatedCompositeFieldContainer[MonsterMyNeighborSeat]
    hand: _containers.RepeatedCompositeFieldContainer[MonsterMyNeighborCardCount]
    hunters_played: int
    villagers_played: int
    first_hunter_played: bool
    main_deck_size: int
    hunters_under_main_deck: int
    dog_known_holder: int
    monsters_possible: _containers.RepeatedScalarFieldContainer[str]
    finished_rounds: _containers.RepeatedCompositeFieldContainer[MonsterMyNeighborRoundSummary]
    public_log: _containers.RepeatedScalarFieldContainer[str]
    private_log: _containers.RepeatedScalarFieldContainer[str]
    composition: _containers.RepeatedCompositeFieldContainer[MonsterMyNeighborCardCount]
    rounds: int
    pending_kind: str
    pending_seats: _containers.RepeatedScalarFieldContainer[int]
    own_pending_choice: str
    def __init__(self, players: _Optional[int] = ..., seat: _Optional[int] = ..., round: _Optional[int] = ..., rotation: _Optional[int] = ..., active_seat: _Optional[int] = ..., wanted_holder: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[MonsterMyNeighborSeat, _Mapping]]] = ..., hand: _Optional[_Iterable[_Union[MonsterMyNeighborCardCount, _Mapping]]] = ..., hunters_played: _Optional[int] = ..., villagers_played: _Optional[int] = ..., first_hunter_played: _Optional[bool] = ..., main_deck_size: _Optional[int] = ..., hunters_under_main_deck: _Optional[int] = ..., dog_known_holder: _Optional[int] = ..., monsters_possible: _Optional[_Iterable[str]] = ..., finished_rounds: _Optional[_Iterable[_Union[MonsterMyNeighborRoundSummary, _Mapping]]] = ..., public_log: _Optional[_Iterable[str]] = ..., private_log: _Optional[_Iterable[str]] = ..., composition: _Optional[_Iterable[_Union[MonsterMyNeighborCardCount, _Mapping]]] = ..., rounds: _Optional[int] = ..., pending_kind: _Optional[str] = ..., pending_seats: _Optional[_Iterable[int]] = ..., own_pending_choice: _Optional[str] = ...) -> None: ...

class MonsterMyNeighborOption(_message.Message):
    __slots__ = ("card_type", "target_seat", "count", "cards")
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    TARGET_SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    card_type: str
    target_seat: int
    count: int
    cards: MonsterMyNeighborCardSet
    def __init__(self, card_type: _Optional[str] = ..., target_seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Union[MonsterMyNeighborCardSet, _Mapping]] = ...) -> None: ...

class MonsterMyNeighborCardSet(_message.Message):
    __slots__ = ("card_types",)
    CARD_TYPES_FIELD_NUMBER: _ClassVar[int]
    card_types: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, card_types: _Optional[_Iterable[str]] = ...) -> None: ...
