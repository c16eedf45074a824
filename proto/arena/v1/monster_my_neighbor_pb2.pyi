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
    __slots__ = ("players", "seat", "round", "rotation", "active_seat", "wanted_holder", "seats", "hand", "hunters_played", "villagers_played", "first_hunter_played", "main_deck_size", "hunters_under_main_deck", "dog_known_holder", "monsters_possible", "finished_rounds", "composition", "rounds", "pending_kind", "pending_seats", "own_pending_choice", "public_events", "public_events_from", "private_events", "private_events_from", "effect")
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
    COMPOSITION_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    PENDING_KIND_FIELD_NUMBER: _ClassVar[int]
    PENDING_SEATS_FIELD_NUMBER: _ClassVar[int]
    OWN_PENDING_CHOICE_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_EVENTS_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_EVENTS_FROM_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_EVENTS_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_EVENTS_FROM_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
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
    composition: _containers.RepeatedCompositeFieldContainer[MonsterMyNeighborCardCount]
    rounds: int
    pending_kind: str
    pending_seats: _containers.RepeatedScalarFieldContainer[int]
    own_pending_choice: str
    public_events: _containers.RepeatedCompositeFieldContainer[MonsterMyNeighborPublicEvent]
    public_events_from: int
    private_events: _containers.RepeatedCompositeFieldContainer[MonsterMyNeighborPrivateEvent]
    private_events_from: int
    effect: MonsterMyNeighborEffect
    def __init__(self, players: _Optional[int] = ..., seat: _Optional[int] = ..., round: _Optional[int] = ..., rotation: _Optional[int] = ..., active_seat: _Optional[int] = ..., wanted_holder: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[MonsterMyNeighborSeat, _Mapping]]] = ..., hand: _Optional[_Iterable[_Union[MonsterMyNeighborCardCount, _Mapping]]] = ..., hunters_played: _Optional[int] = ..., villagers_played: _Optional[int] = ..., first_hunter_played: _Optional[bool] = ..., main_deck_size: _Optional[int] = ..., hunters_under_main_deck: _Optional[int] = ..., dog_known_holder: _Optional[int] = ..., monsters_possible: _Optional[_Iterable[str]] = ..., finished_rounds: _Optional[_Iterable[_Union[MonsterMyNeighborRoundSummary, _Mapping]]] = ..., composition: _Optional[_Iterable[_Union[MonsterMyNeighborCardCount, _Mapping]]] = ..., rounds: _Optional[int] = ..., pending_kind: _Optional[str] = ..., pending_seats: _Optional[_Iterable[int]] = ..., own_pending_choice: _Optional[str] = ..., public_events: _Optional[_Iterable[_Union[MonsterMyNeighborPublicEvent, _Mapping]]] = ..., public_events_from: _Optional[int] = ..., private_events: _Optional[_Iterable[_Union[MonsterMyNeighborPrivateEvent, _Mapping]]] = ..., private_events_from: _Optional[int] = ..., effect: _Optional[_Union[MonsterMyNeighborEffect, _Mapping]] = ...) -> None: ...

class MonsterMyNeighborEffect(_message.Message):
    __slots__ = ("actor_seat", "card_type", "step", "slots", "first_hunter")
    ACTOR_SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    FIRST_HUNTER_FIELD_NUMBER: _ClassVar[int]
    actor_seat: int
    card_type: str
    step: int
    slots: _containers.RepeatedScalarFieldContainer[int]
    first_hunter: bool
    def __init__(self, actor_seat: _Optional[int] = ..., card_type: _Optional[str] = ..., step: _Optional[int] = ..., slots: _Optional[_Iterable[int]] = ..., first_hunter: _Optional[bool] = ...) -> None: ...

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

class MonsterMyNeighborPublicEvent(_message.Message):
    __slots__ = ("round_start", "card_played", "target_chosen", "deal_count_chosen", "card_result", "turn_skipped", "forced_hunter_discard", "passed", "dog_discard", "card_to_hand", "steal", "deal", "rumor", "gossip", "fog", "peek", "capture", "monster_played", "round_end")
    ROUND_START_FIELD_NUMBER: _ClassVar[int]
    CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    TARGET_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    DEAL_COUNT_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    CARD_RESULT_FIELD_NUMBER: _ClassVar[int]
    TURN_SKIPPED_FIELD_NUMBER: _ClassVar[int]
    FORCED_HUNTER_DISCARD_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    DOG_DISCARD_FIELD_NUMBER: _ClassVar[int]
    CARD_TO_HAND_FIELD_NUMBER: _ClassVar[int]
    STEAL_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    RUMOR_FIELD_NUMBER: _ClassVar[int]
    GOSSIP_FIELD_NUMBER: _ClassVar[int]
    FOG_FIELD_NUMBER: _ClassVar[int]
    PEEK_FIELD_NUMBER: _ClassVar[int]
    CAPTURE_FIELD_NUMBER: _ClassVar[int]
    MONSTER_PLAYED_FIELD_NUMBER: _ClassVar[int]
    ROUND_END_FIELD_NUMBER: _ClassVar[int]
    round_start: MonsterMyNeighborRoundStart
    card_played: MonsterMyNeighborCardPlayed
    target_chosen: MonsterMyNeighborTargetChosen
    deal_count_chosen: MonsterMyNeighborDealCountChosen
    card_result: MonsterMyNeighborCardResult
    turn_skipped: MonsterMyNeighborTurnSkipped
    forced_hunter_discard: MonsterMyNeighborForcedHunterDiscard
    passed: MonsterMyNeighborPassed
    dog_discard: MonsterMyNeighborDogDiscard
    card_to_hand: MonsterMyNeighborCardToHand
    steal: MonsterMyNeighborSteal
    deal: MonsterMyNeighborDeal
    rumor: MonsterMyNeighborRumor
    gossip: MonsterMyNeighborGossip
    fog: MonsterMyNeighborFog
    peek: MonsterMyNeighborPeek
    capture: MonsterMyNeighborCapture
    monster_played: MonsterMyNeighborMonsterPlayed
    round_end: MonsterMyNeighborRoundEnd
    def __init__(self, round_start: _Optional[_Union[MonsterMyNeighborRoundStart, _Mapping]] = ..., card_played: _Optional[_Union[MonsterMyNeighborCardPlayed, _Mapping]] = ..., target_chosen: _Optional[_Union[MonsterMyNeighborTargetChosen, _Mapping]] = ..., deal_count_chosen: _Optional[_Union[MonsterMyNeighborDealCountChosen, _Mapping]] = ..., card_result: _Optional[_Union[MonsterMyNeighborCardResult, _Mapping]] = ..., turn_skipped: _Optional[_Union[MonsterMyNeighborTurnSkipped, _Mapping]] = ..., forced_hunter_discard: _Optional[_Union[MonsterMyNeighborForcedHunterDiscard, _Mapping]] = ..., passed: _Optional[_Union[MonsterMyNeighborPassed, _Mapping]] = ..., dog_discard: _Optional[_Union[MonsterMyNeighborDogDiscard, _Mapping]] = ..., card_to_hand: _Optional[_Union[MonsterMyNeighborCardToHand, _Mapping]] = ..., steal: _Optional[_Union[MonsterMyNeighborSteal, _Mapping]] = ..., deal: _Optional[_Union[MonsterMyNeighborDeal, _Mapping]] = ..., rumor: _Optional[_Union[MonsterMyNeighborRumor, _Mapping]] = ..., gossip: _Optional[_Union[MonsterMyNeighborGossip, _Mapping]] = ..., fog: _Optional[_Union[MonsterMyNeighborFog, _Mapping]] = ..., peek: _Optional[_Union[MonsterMyNeighborPeek, _Mapping]] = ..., capture: _Optional[_Union[MonsterMyNeighborCapture, _Mapping]] = ..., monster_played: _Optional[_Union[MonsterMyNeighborMonsterPlayed, _Mapping]] = ..., round_end: _Optional[_Union[MonsterMyNeighborRoundEnd, _Mapping]] = ...) -> None: ...

class MonsterMyNeighborRoundStart(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: int
    def __init__(self, round: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborCardPlayed(_message.Message):
    __slots__ = ("seat", "card_type", "rotation")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card_type: str
    rotation: int
    def __init__(self, seat: _Optional[int] = ..., card_type: _Optional[str] = ..., rotation: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborTargetChosen(_message.Message):
    __slots__ = ("seat", "card_type", "target_seat")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    TARGET_SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card_type: str
    target_seat: int
    def __init__(self, seat: _Optional[int] = ..., card_type: _Optional[str] = ..., target_seat: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborDealCountChosen(_message.Message):
    __slots__ = ("seat", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    count: int
    def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborCardResult(_message.Message):
    __slots__ = ("seat", "card_type", "public_result")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_RESULT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card_type: str
    public_result: str
    def __init__(self, seat: _Optional[int] = ..., card_type: _Optional[str] = ..., public_result: _Optional[str] = ...) -> None: ...

class MonsterMyNeighborTurnSkipped(_message.Message):
    __slots__ = ("seat", "rotation")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    rotation: int
    def __init__(self, seat: _Optional[int] = ..., rotation: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborForcedHunterDiscard(_message.Message):
    __slots__ = ("seat", "rotation")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    rotation: int
    def __init__(self, seat: _Optional[int] = ..., rotation: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborPassed(_message.Message):
    __slots__ = ("seat", "rotation")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    rotation: int
    def __init__(self, seat: _Optional[int] = ..., rotation: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborDogDiscard(_message.Message):
    __slots__ = ("seat", "dog_seat")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DOG_SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    dog_seat: int
    def __init__(self, seat: _Optional[int] = ..., dog_seat: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborCardToHand(_message.Message):
    __slots__ = ("card_type", "from_seat", "to_seat")
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_SEAT_FIELD_NUMBER: _ClassVar[int]
    card_type: str
    from_seat: int
    to_seat: int
    def __init__(self, card_type: _Optional[str] = ..., from_seat: _Optional[int] = ..., to_seat: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborSteal(_message.Message):
    __slots__ = ("seat", "from_seat")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    from_seat: int
    def __init__(self, seat: _Optional[int] = ..., from_seat: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborDeal(_message.Message):
    __slots__ = ("seat", "other_seat", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    OTHER_SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    other_seat: int
    count: int
    def __init__(self, seat: _Optional[int] = ..., other_seat: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborTransfer(_message.Message):
    __slots__ = ("from_seat", "to_seat")
    FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_SEAT_FIELD_NUMBER: _ClassVar[int]
    from_seat: int
    to_seat: int
    def __init__(self, from_seat: _Optional[int] = ..., to_seat: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborRumor(_message.Message):
    __slots__ = ("transfers",)
    TRANSFERS_FIELD_NUMBER: _ClassVar[int]
    transfers: _containers.RepeatedCompositeFieldContainer[MonsterMyNeighborTransfer]
    def __init__(self, transfers: _Optional[_Iterable[_Union[MonsterMyNeighborTransfer, _Mapping]]] = ...) -> None: ...

class MonsterMyNeighborGossip(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class MonsterMyNeighborFog(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class MonsterMyNeighborPeek(_message.Message):
    __slots__ = ("seat", "target_seat")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TARGET_SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    target_seat: int
    def __init__(self, seat: _Optional[int] = ..., target_seat: _Optional[int] = ...) -> None: ...

class MonsterMyNeighborCapture(_message.Message):
    __slots__ = ("seat", "holder_seat", "monster", "card_type")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HOLDER_SEAT_FIELD_NUMBER: _ClassVar[int]
    MONSTER_FIELD_NUMBER: _ClassVar[int]
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    holder_seat: int
    monster: str
    card_type: str
    def __init__(self, seat: _Optional[int] = ..., holder_seat: _Optional[int] = ..., monster: _Optional[str] = ..., card_type: _Optional[str] = ...) -> None: ...

class MonsterMyNeighborMonsterPlayed(_message.Message):
    __slots__ = ("seat", "monster")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MONSTER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    monster: str
    def __init__(self, seat: _Optional[int] = ..., monster: _Optional[str] = ...) -> None: ...

class MonsterMyNeighborRoundEnd(_message.Message):
    __slots__ = ("round", "ending", "monster", "vp_awarded")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ENDING_FIELD_NUMBER: _ClassVar[int]
    MONSTER_FIELD_NUMBER: _ClassVar[int]
    VP_AWARDED_FIELD_NUMBER: _ClassVar[int]
    round: int
    ending: str
    monster: str
    vp_awarded: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, round: _Optional[int] = ..., ending: _Optional[str] = ..., monster: _Optional[str] = ..., vp_awarded: _Optional[_Iterable[int]] = ...) -> None: ...

class MonsterMyNeighborPrivateEvent(_message.Message):
    __slots__ = ("public_events_before", "dealt", "received", "gave", "saw_hand", "own_discard", "forced_choice", "saw_discard")
    PUBLIC_EVENTS_BEFORE_FIELD_NUMBER: _ClassVar[int]
    DEALT_FIELD_NUMBER: _ClassVar[int]
    RECEIVED_FIELD_NUMBER: _ClassVar[int]
    GAVE_FIELD_NUMBER: _ClassVar[int]
    SAW_HAND_FIELD_NUMBER: _ClassVar[int]
    OWN_DISCARD_FIELD_NUMBER: _ClassVar[int]
    FORCED_CHOICE_FIELD_NUMBER: _ClassVar[int]
    SAW_DISCARD_FIELD_NUMBER: _ClassVar[int]
    public_events_before: int
    dealt: MonsterMyNeighborDealt
    received: MonsterMyNeighborReceived
    gave: MonsterMyNeighborGave
    saw_hand: MonsterMyNeighborSawHand
    own_discard: MonsterMyNeighborOwnDiscard
    forced_choice: MonsterMyNeighborForcedChoice
    saw_discard: MonsterMyNeighborSawDiscard
    def __init__(self, public_events_before: _Optional[int] = ..., dealt: _Optional[_Union[MonsterMyNeighborDealt, _Mapping]] = ..., received: _Optional[_Union[MonsterMyNeighborReceived, _Mapping]] = ..., gave: _Optional[_Union[MonsterMyNeighborGave, _Mapping]] = ..., saw_hand: _Optional[_Union[MonsterMyNeighborSawHand, _Mapping]] = ..., own_discard: _Optional[_Union[MonsterMyNeighborOwnDiscard, _Mapping]] = ..., forced_choice: _Optional[_Union[MonsterMyNeighborForcedChoice, _Mapping]] = ..., saw_discard: _Optional[_Union[MonsterMyNeighborSawDiscard, _Mapping]] = ...) -> None: ...

class MonsterMyNeighborDealt(_message.Message):
    __slots__ = ("round", "card_types")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    CARD_TYPES_FIELD_NUMBER: _ClassVar[int]
    round: int
    card_types: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, round: _Optional[int] = ..., card_types: _Optional[_Iterable[str]] = ...) -> None: ...

class MonsterMyNeighborReceived(_message.Message):
    __slots__ = ("card_type", "from_seat", "how")
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
    HOW_FIELD_NUMBER: _ClassVar[int]
    card_type: str
    from_seat: int
    how: str
    def __init__(self, card_type: _Optional[str] = ..., from_seat: _Optional[int] = ..., how: _Optional[str] = ...) -> None: ...

class MonsterMyNeighborGave(_message.Message):
    __slots__ = ("card_type", "to_seat", "how")
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    TO_SEAT_FIELD_NUMBER: _ClassVar[int]
    HOW_FIELD_NUMBER: _ClassVar[int]
    card_type: str
    to_seat: int
    how: str
    def __init__(self, card_type: _Optional[str] = ..., to_seat: _Optional[int] = ..., how: _Optional[str] = ...) -> None: ...

class MonsterMyNeighborSawHand(_message.Message):
    __slots__ = ("seat", "card_types")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_TYPES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card_types: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., card_types: _Optional[_Iterable[str]] = ...) -> None: ...

class MonsterMyNeighborOwnDiscard(_message.Message):
    __slots__ = ("card_type", "origin")
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    ORIGIN_FIELD_NUMBER: _ClassVar[int]
    card_type: str
    origin: str
    def __init__(self, card_type: _Optional[str] = ..., origin: _Optional[str] = ...) -> None: ...

class MonsterMyNeighborForcedChoice(_message.Message):
    __slots__ = ("kind", "option")
    KIND_FIELD_NUMBER: _ClassVar[int]
    OPTION_FIELD_NUMBER: _ClassVar[int]
    kind: str
    option: MonsterMyNeighborOption
    def __init__(self, kind: _Optional[str] = ..., option: _Optional[_Union[MonsterMyNeighborOption, _Mapping]] = ...) -> None: ...

class MonsterMyNeighborSawDiscard(_message.Message):
    __slots__ = ("card_type", "seat")
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    card_type: str
    seat: int
    def __init__(self, card_type: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...
