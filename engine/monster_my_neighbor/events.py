"""Public codes and values of the game's records: results of face-up cards, origins of
face-down cards, how cards moved, round endings, public and private log events, and the
small named tuples the observation shows (§14.2)."""

from __future__ import annotations

from typing import NamedTuple

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

# Public log events: tuples whose first item is one of these codes.
(
    EV_ROUND_START,
    EV_PLAY,
    EV_TARGET,
    EV_COUNT,
    EV_RESULT,
    EV_SKIP,
    EV_FORCED_HUNTER_DISCARD,
    EV_PASS,
    EV_DOG_DISCARD,
    EV_CARD_TO_HAND,
    EV_STEAL,
    EV_DEAL,
    EV_RUMOR,
    EV_GOSSIP,
    EV_FOG,
    EV_PEEK,
    EV_CAPTURE,
    EV_MONSTER_PLAYED,
    EV_ROUND_END,
) = range(19)

# Private log events.
PV_DEALT, PV_RECEIVED, PV_GAVE, PV_SAW_HAND, PV_OWN_DISCARD, PV_FORCED, PV_SAW_DISCARD = range(7)


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
