"""Public codes and values of the game's records: results of face-up cards, origins of
face-down cards, how cards moved, round endings, the small named tuples the observation
shows, and the public and private log events as typed records with their text (§14.2).

Event fields are ids (seats, card types, the codes above); ``describe(cards)`` reads
them with the card set's labels. The wire maps them by type (:mod:`wire_log`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from engine.monster_my_neighbor.options import KIND_NAMES
from engine.toolkit.events import Event

if TYPE_CHECKING:
    from engine.monster_my_neighbor.cards import CardSet

# Public results of a face-up card (§14.2).
(
    RESULT_NONE,
    RESULT_CAPTURED,
    RESULT_NO_EFFECT,
    RESULT_HUNTER_DISCARDED,
    RESULT_NO_HUNTER,
    RESULT_LAST_CARD_VOID,
    RESULT_NO_TARGET,
) = range(7)
RESULT_NAMES = (
    "",
    "captured",
    "no_effect",
    "hunter_discarded",
    "no_hunter",
    "last_card_void",
    "no_target",
)

# Origins of face-down cards.
ORIGIN_FORCED_HUNTER, ORIGIN_DOG = 0, 1
ORIGIN_NAMES = ("forced_hunter_discard", "dog_discard")

# How a card moved between hands (private log).
(
    HOW_RUMOR,
    HOW_GOSSIP,
    HOW_FOG,
    HOW_DEAL,
    HOW_STEAL,
    HOW_DOG_HANDOVER,
    HOW_FRIEND,
) = range(7)
HOW_NAMES = ("Rumor", "Gossip", "Fog", "Deal", "Steal", "Dog handover", "Friend")

# Round endings.
ENDING_PLAYED, ENDING_CAUGHT, ENDING_BETRAYAL = 0, 1, 2
ENDING_NAMES = ("played", "caught", "betrayal")

# The public and private log events are typed records (engine.toolkit.events) below;
# ``kind`` is each one's code name (the spec-coverage index uses it).

class PlayedCard(NamedTuple):
    """One face-up card in a play area (§14.2)."""

    card: int
    rotation: int
    target: int
    result: int


class FaceDownCard(NamedTuple):
    """A face-down card as a seat may see it: origin, and its type only if known."""

    origin: int
    known_type: int


class RoundSummary(NamedTuple):
    """A finished round, public once it ends."""

    round: int
    monster: int
    ending: int
    monster_seat: int
    catcher_seat: int
    vp_awarded: tuple[int, ...]


def _cards_text(cards: CardSet, types: tuple[int, ...]) -> str:
    return ", ".join(cards.labels[t] for t in types) if types else "nothing"


class PublicEvent(Event):
    """An entry of the public log (every seat and the spectator see it)."""

    __slots__ = ()

    kind: ClassVar[str] = ""

    def describe(self, cards: CardSet) -> str:
        raise NotImplementedError(f"{type(self).__name__}.describe")


class PrivateEvent(Event):
    """An entry of one seat's private log."""

    __slots__ = ()

    kind: ClassVar[str] = ""

    def describe(self, cards: CardSet) -> str:
        raise NotImplementedError(f"{type(self).__name__}.describe")


@dataclass(slots=True, unsafe_hash=True)
class RoundStarted(PublicEvent):
    round: int
    kind: ClassVar[str] = "EV_ROUND_START"

    def describe(self, cards: CardSet) -> str:
        return f"round {self.round} begins"


@dataclass(slots=True, unsafe_hash=True)
class CardPlayed(PublicEvent):
    seat: int
    card: int
    rotation: int
    kind: ClassVar[str] = "EV_PLAY"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} plays {cards.labels[self.card]} (rotation {self.rotation})"


@dataclass(slots=True, unsafe_hash=True)
class TargetChosen(PublicEvent):
    seat: int
    card: int
    target: int
    kind: ClassVar[str] = "EV_TARGET"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} targets seat {self.target} with {cards.labels[self.card]}"


@dataclass(slots=True, unsafe_hash=True)
class DealCountChosen(PublicEvent):
    seat: int
    count: int
    kind: ClassVar[str] = "EV_COUNT"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} chooses to exchange {self.count} card(s)"


@dataclass(slots=True, unsafe_hash=True)
class CardResult(PublicEvent):
    seat: int
    card: int
    result: int  # RESULT_*
    kind: ClassVar[str] = "EV_RESULT"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat}'s {cards.labels[self.card]}: {RESULT_NAMES[self.result]}"


@dataclass(slots=True, unsafe_hash=True)
class TurnSkipped(PublicEvent):
    seat: int
    rotation: int
    kind: ClassVar[str] = "EV_SKIP"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} has no cards: turn skipped (rotation {self.rotation})"


@dataclass(slots=True, unsafe_hash=True)
class ForcedHunterDiscard(PublicEvent):
    seat: int
    rotation: int
    kind: ClassVar[str] = "EV_FORCED_HUNTER_DISCARD"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} had no legal play and discarded a Hunter face down"


@dataclass(slots=True, unsafe_hash=True)
class Passed(PublicEvent):
    seat: int
    rotation: int
    kind: ClassVar[str] = "EV_PASS"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} passed (no legal play)"


@dataclass(slots=True, unsafe_hash=True)
class DogDiscarded(PublicEvent):
    seat: int
    dog_seat: int
    kind: ClassVar[str] = "EV_DOG_DISCARD"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} discarded a face-down card to seat {self.dog_seat}"


@dataclass(slots=True, unsafe_hash=True)
class CardToHand(PublicEvent):
    card: int
    from_seat: int
    to_seat: int
    kind: ClassVar[str] = "EV_CARD_TO_HAND"

    def describe(self, cards: CardSet) -> str:
        return (f"the {cards.labels[self.card]} moved from seat {self.from_seat} "
                f"to seat {self.to_seat}'s hand")


@dataclass(slots=True, unsafe_hash=True)
class Stole(PublicEvent):
    seat: int
    from_seat: int
    kind: ClassVar[str] = "EV_STEAL"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} took 1 card from seat {self.from_seat} and gave 1 back"


@dataclass(slots=True, unsafe_hash=True)
class CardsExchanged(PublicEvent):
    seat: int
    other_seat: int
    count: int
    kind: ClassVar[str] = "EV_DEAL"

    def describe(self, cards: CardSet) -> str:
        return f"seats {self.seat} and {self.other_seat} exchanged {self.count} card(s)"


@dataclass(slots=True, unsafe_hash=True)
class Rumor(PublicEvent):
    transfers: tuple[tuple[int, int], ...]  # (from seat, to seat)
    kind: ClassVar[str] = "EV_RUMOR"

    def describe(self, cards: CardSet) -> str:
        moves = ", ".join(f"{a}->{b}" for a, b in self.transfers)
        return f"Rumor resolved; transfers: {moves or 'none'}"


@dataclass(slots=True, unsafe_hash=True)
class Gossip(PublicEvent):
    seats: tuple[int, ...]
    kind: ClassVar[str] = "EV_GOSSIP"

    def describe(self, cards: CardSet) -> str:
        return f"Gossip: seats {', '.join(map(str, self.seats))} each passed a card left"


@dataclass(slots=True, unsafe_hash=True)
class Fog(PublicEvent):
    seats: tuple[int, ...]
    kind: ClassVar[str] = "EV_FOG"

    def describe(self, cards: CardSet) -> str:
        seats = ", ".join(map(str, self.seats))
        return f"Fog: seats {seats} pooled a card and were dealt one back"


@dataclass(slots=True, unsafe_hash=True)
class Peeked(PublicEvent):
    seat: int
    target: int
    kind: ClassVar[str] = "EV_PEEK"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} looked at seat {self.target}'s hand"


@dataclass(slots=True, unsafe_hash=True)
class Captured(PublicEvent):
    seat: int
    holder: int
    monster: int
    card: int
    kind: ClassVar[str] = "EV_CAPTURE"

    def describe(self, cards: CardSet) -> str:
        name = cards.labels
        return (f"seat {self.seat}'s {name[self.card]} made seat {self.holder} discard the "
                f"Monster: {name[self.monster]}")


@dataclass(slots=True, unsafe_hash=True)
class MonsterPlayed(PublicEvent):
    seat: int
    monster: int
    kind: ClassVar[str] = "EV_MONSTER_PLAYED"

    def describe(self, cards: CardSet) -> str:
        return f"seat {self.seat} played the Monster: {cards.labels[self.monster]}"


@dataclass(slots=True, unsafe_hash=True)
class RoundEnded(PublicEvent):
    round: int
    ending: int  # ENDING_*
    monster: int
    vp_awarded: tuple[int, ...]
    kind: ClassVar[str] = "EV_ROUND_END"

    def describe(self, cards: CardSet) -> str:
        vp = ", ".join(map(str, self.vp_awarded))
        return (f"round {self.round} ends ({ENDING_NAMES[self.ending]}, "
                f"{cards.labels[self.monster]}); VP awarded: {vp}")


@dataclass(slots=True, unsafe_hash=True)
class DealtHand(PrivateEvent):
    round: int
    cards: tuple[int, ...]
    kind: ClassVar[str] = "PV_DEALT"

    def describe(self, cards: CardSet) -> str:
        return f"round {self.round}: dealt {_cards_text(cards, self.cards)}"


@dataclass(slots=True, unsafe_hash=True)
class Received(PrivateEvent):
    card: int
    from_seat: int  # -1: the pool
    how: int  # HOW_*
    kind: ClassVar[str] = "PV_RECEIVED"

    def describe(self, cards: CardSet) -> str:
        source = f"seat {self.from_seat}" if self.from_seat >= 0 else "the pool"
        return f"received {cards.labels[self.card]} from {source} ({HOW_NAMES[self.how]})"


@dataclass(slots=True, unsafe_hash=True)
class Gave(PrivateEvent):
    card: int
    to_seat: int  # -1: the table
    how: int  # HOW_*
    kind: ClassVar[str] = "PV_GAVE"

    def describe(self, cards: CardSet) -> str:
        dest = f"seat {self.to_seat}" if self.to_seat >= 0 else "the table"
        return f"gave {cards.labels[self.card]} to {dest} ({HOW_NAMES[self.how]})"


@dataclass(slots=True, unsafe_hash=True)
class SawHand(PrivateEvent):
    seat: int
    cards: tuple[int, ...]
    kind: ClassVar[str] = "PV_SAW_HAND"

    def describe(self, cards: CardSet) -> str:
        return f"saw seat {self.seat}'s hand: {_cards_text(cards, self.cards)}"


@dataclass(slots=True, unsafe_hash=True)
class OwnDiscard(PrivateEvent):
    card: int
    origin: int  # ORIGIN_*
    kind: ClassVar[str] = "PV_OWN_DISCARD"

    def describe(self, cards: CardSet) -> str:
        return f"discarded {cards.labels[self.card]} face down ({ORIGIN_NAMES[self.origin]})"


@dataclass(slots=True, unsafe_hash=True)
class ForcedChoice(PrivateEvent):
    """The seat's only legal option, applied for it."""

    decision: int  # the decision kind (options.PLAY_CARD...)
    option: Any  # a MonsterOption
    kind: ClassVar[str] = "PV_FORCED"

    def describe(self, cards: CardSet) -> str:
        return f"forced {KIND_NAMES[self.decision]}: {self.option.label(cards)}"


@dataclass(slots=True, unsafe_hash=True)
class SawDiscard(PrivateEvent):
    card: int
    seat: int
    kind: ClassVar[str] = "PV_SAW_DISCARD"

    def describe(self, cards: CardSet) -> str:
        return f"saw seat {self.seat}'s face-down discard: {cards.labels[self.card]}"
