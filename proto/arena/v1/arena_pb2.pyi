from arena.v1 import ark_nova_pb2 as _ark_nova_pb2
from arena.v1 import epic_resort_pb2 as _epic_resort_pb2
from arena.v1 import monster_my_neighbor_pb2 as _monster_my_neighbor_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MatchEndReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MATCH_END_REASON_UNSPECIFIED: _ClassVar[MatchEndReason]
    MATCH_END_REASON_COMPLETED: _ClassVar[MatchEndReason]
    MATCH_END_REASON_FORFEIT: _ClassVar[MatchEndReason]
    MATCH_END_REASON_ABORTED: _ClassVar[MatchEndReason]

class ErrorCode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ERROR_CODE_UNSPECIFIED: _ClassVar[ErrorCode]
    ERROR_CODE_MALFORMED: _ClassVar[ErrorCode]
    ERROR_CODE_PROTOCOL: _ClassVar[ErrorCode]
    ERROR_CODE_ILLEGAL_OPTION: _ClassVar[ErrorCode]
    ERROR_CODE_DEADLINE_EXCEEDED: _ClassVar[ErrorCode]
    ERROR_CODE_UNKNOWN_REQUEST: _ClassVar[ErrorCode]
    ERROR_CODE_FORFEIT: _ClassVar[ErrorCode]
    ERROR_CODE_UNSUPPORTED_GAME: _ClassVar[ErrorCode]
MATCH_END_REASON_UNSPECIFIED: MatchEndReason
MATCH_END_REASON_COMPLETED: MatchEndReason
MATCH_END_REASON_FORFEIT: MatchEndReason
MATCH_END_REASON_ABORTED: MatchEndReason
ERROR_CODE_UNSPECIFIED: ErrorCode
ERROR_CODE_MALFORMED: ErrorCode
ERROR_CODE_PROTOCOL: ErrorCode
ERROR_CODE_ILLEGAL_OPTION: ErrorCode
ERROR_CODE_DEADLINE_EXCEEDED: ErrorCode
ERROR_CODE_UNKNOWN_REQUEST: ErrorCode
ERROR_CODE_FORFEIT: ErrorCode
ERROR_CODE_UNSUPPORTED_GAME: ErrorCode

class Observation(_message.Message):
    __slots__ = ("monster_my_neighbor", "epic_resort", "ark_nova")
    MONSTER_MY_NEIGHBOR_FIELD_NUMBER: _ClassVar[int]
    EPIC_RESORT_FIELD_NUMBER: _ClassVar[int]
    ARK_NOVA_FIELD_NUMBER: _ClassVar[int]
    monster_my_neighbor: _monster_my_neighbor_pb2.MonsterMyNeighborObservation
    epic_resort: _epic_resort_pb2.EpicResortObservation
    ark_nova: _ark_nova_pb2.ArkNovaObservation
    def __init__(self, monster_my_neighbor: _Optional[_Union[_monster_my_neighbor_pb2.MonsterMyNeighborObservation, _Mapping]] = ..., epic_resort: _Optional[_Union[_epic_resort_pb2.EpicResortObservation, _Mapping]] = ..., ark_nova: _Optional[_Union[_ark_nova_pb2.ArkNovaObservation, _Mapping]] = ...) -> None: ...

class Option(_message.Message):
    __slots__ = ("label", "monster_my_neighbor", "epic_resort", "ark_nova")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    MONSTER_MY_NEIGHBOR_FIELD_NUMBER: _ClassVar[int]
    EPIC_RESORT_FIELD_NUMBER: _ClassVar[int]
    ARK_NOVA_FIELD_NUMBER: _ClassVar[int]
    label: str
    monster_my_neighbor: _monster_my_neighbor_pb2.MonsterMyNeighborOption
    epic_resort: _epic_resort_pb2.EpicResortOption
    ark_nova: _ark_nova_pb2.ArkNovaOption
    def __init__(self, label: _Optional[str] = ..., monster_my_neighbor: _Optional[_Union[_monster_my_neighbor_pb2.MonsterMyNeighborOption, _Mapping]] = ..., epic_resort: _Optional[_Union[_epic_resort_pb2.EpicResortOption, _Mapping]] = ..., ark_nova: _Optional[_Union[_ark_nova_pb2.ArkNovaOption, _Mapping]] = ...) -> None: ...

class Hello(_message.Message):
    __slots__ = ("token", "games", "bot_name", "client_version", "max_matches", "engine_values")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    CLIENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    MAX_MATCHES_FIELD_NUMBER: _ClassVar[int]
    ENGINE_VALUES_FIELD_NUMBER: _ClassVar[int]
    token: str
    games: _containers.RepeatedScalarFieldContainer[str]
    bot_name: str
    client_version: str
    max_matches: int
    engine_values: bool
    def __init__(self, token: _Optional[str] = ..., games: _Optional[_Iterable[str]] = ..., bot_name: _Optional[str] = ..., client_version: _Optional[str] = ..., max_matches: _Optional[int] = ..., engine_values: _Optional[bool] = ...) -> None: ...

class Welcome(_message.Message):
    __slots__ = ("bot_name", "server_version", "games", "move_timeout_ms", "max_strikes", "queues")
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    SERVER_VERSION_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    MOVE_TIMEOUT_MS_FIELD_NUMBER: _ClassVar[int]
    MAX_STRIKES_FIELD_NUMBER: _ClassVar[int]
    QUEUES_FIELD_NUMBER: _ClassVar[int]
    bot_name: str
    server_version: str
    games: _containers.RepeatedScalarFieldContainer[str]
    move_timeout_ms: int
    max_strikes: int
    queues: _containers.RepeatedCompositeFieldContainer[MatchQueue]
    def __init__(self, bot_name: _Optional[str] = ..., server_version: _Optional[str] = ..., games: _Optional[_Iterable[str]] = ..., move_timeout_ms: _Optional[int] = ..., max_strikes: _Optional[int] = ..., queues: _Optional[_Iterable[_Union[MatchQueue, _Mapping]]] = ...) -> None: ...

class MatchQueue(_message.Message):
    __slots__ = ("id", "game", "players", "options_json")
    ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_JSON_FIELD_NUMBER: _ClassVar[int]
    id: str
    game: str
    players: int
    options_json: str
    def __init__(self, id: _Optional[str] = ..., game: _Optional[str] = ..., players: _Optional[int] = ..., options_json: _Optional[str] = ...) -> None: ...

class MatchConfig(_message.Message):
    __slots__ = ("players", "options_json", "cards", "custom_cards")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_JSON_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_CARDS_FIELD_NUMBER: _ClassVar[int]
    players: int
    options_json: str
    cards: str
    custom_cards: bool
    def __init__(self, players: _Optional[int] = ..., options_json: _Optional[str] = ..., cards: _Optional[str] = ..., custom_cards: _Optional[bool] = ...) -> None: ...

class MatchStart(_message.Message):
    __slots__ = ("match_id", "game", "players", "seat", "seat_labels", "config", "queue")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_LABELS_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    players: int
    seat: int
    seat_labels: _containers.RepeatedScalarFieldContainer[str]
    config: MatchConfig
    queue: str
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., players: _Optional[int] = ..., seat: _Optional[int] = ..., seat_labels: _Optional[_Iterable[str]] = ..., config: _Optional[_Union[MatchConfig, _Mapping]] = ..., queue: _Optional[str] = ...) -> None: ...

class DecisionRequest(_message.Message):
    __slots__ = ("match_id", "seat", "request_id", "kind", "deadline_ms", "time_bank_ms", "observation", "options", "engine_observation")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    TIME_BANK_MS_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    ENGINE_OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seat: int
    request_id: int
    kind: str
    deadline_ms: int
    time_bank_ms: int
    observation: Observation
    options: _containers.RepeatedCompositeFieldContainer[Option]
    engine_observation: str
    def __init__(self, match_id: _Optional[str] = ..., seat: _Optional[int] = ..., request_id: _Optional[int] = ..., kind: _Optional[str] = ..., deadline_ms: _Optional[int] = ..., time_bank_ms: _Optional[int] = ..., observation: _Optional[_Union[Observation, _Mapping]] = ..., options: _Optional[_Iterable[_Union[Option, _Mapping]]] = ..., engine_observation: _Optional[str] = ...) -> None: ...

class DecisionReply(_message.Message):
    __slots__ = ("request_id", "option_index")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    OPTION_INDEX_FIELD_NUMBER: _ClassVar[int]
    request_id: int
    option_index: int
    def __init__(self, request_id: _Optional[int] = ..., option_index: _Optional[int] = ...) -> None: ...

class SeatResult(_message.Message):
    __slots__ = ("seat", "label", "score", "rank", "forfeited")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    label: str
    score: float
    rank: int
    forfeited: bool
    def __init__(self, seat: _Optional[int] = ..., label: _Optional[str] = ..., score: _Optional[float] = ..., rank: _Optional[int] = ..., forfeited: _Optional[bool] = ...) -> None: ...

class MatchEnd(_message.Message):
    __slots__ = ("match_id", "results", "seat", "reason", "rated", "rating_change", "rating")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    RATING_CHANGE_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    results: _containers.RepeatedCompositeFieldContainer[SeatResult]
    seat: int
    reason: MatchEndReason
    rated: bool
    rating_change: float
    rating: float
    def __init__(self, match_id: _Optional[str] = ..., results: _Optional[_Iterable[_Union[SeatResult, _Mapping]]] = ..., seat: _Optional[int] = ..., reason: _Optional[_Union[MatchEndReason, str]] = ..., rated: _Optional[bool] = ..., rating_change: _Optional[float] = ..., rating: _Optional[float] = ...) -> None: ...

class Error(_message.Message):
    __slots__ = ("code", "message", "request_id")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    code: ErrorCode
    message: str
    request_id: int
    def __init__(self, code: _Optional[_Union[ErrorCode, str]] = ..., message: _Optional[str] = ..., request_id: _Optional[int] = ...) -> None: ...

class PlayRequest(_message.Message):
    __slots__ = ("hello", "decision_reply")
    HELLO_FIELD_NUMBER: _ClassVar[int]
    DECISION_REPLY_FIELD_NUMBER: _ClassVar[int]
    hello: Hello
    decision_reply: DecisionReply
    def __init__(self, hello: _Optional[_Union[Hello, _Mapping]] = ..., decision_reply: _Optional[_Union[DecisionReply, _Mapping]] = ...) -> None: ...

class PlayResponse(_message.Message):
    __slots__ = ("welcome", "match_start", "decision_request", "match_end", "error")
    WELCOME_FIELD_NUMBER: _ClassVar[int]
    MATCH_START_FIELD_NUMBER: _ClassVar[int]
    DECISION_REQUEST_FIELD_NUMBER: _ClassVar[int]
    MATCH_END_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    welcome: Welcome
    match_start: MatchStart
    decision_request: DecisionRequest
    match_end: MatchEnd
    error: Error
    def __init__(self, welcome: _Optional[_Union[Welcome, _Mapping]] = ..., match_start: _Optional[_Union[MatchStart, _Mapping]] = ..., decision_request: _Optional[_Union[DecisionRequest, _Mapping]] = ..., match_end: _Optional[_Union[MatchEnd, _Mapping]] = ..., error: _Optional[_Union[Error, _Mapping]] = ...) -> None: ...
