"""Turns (§5.3, §5.4, §5.6): the turn marker, what may be played, forced discards and
passes, playing a card, and the end of a turn."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import ClassVar

from engine.monster_my_neighbor.asks import AskSeat
from engine.monster_my_neighbor.cards import (
    CANNOT,
    CONDITIONAL,
    MAX_CARD_TYPES,
    NO_EFFECT,
    CardSet,
)
from engine.monster_my_neighbor.events import (
    ORIGIN_FORCED_HUNTER,
    RESULT_LAST_CARD_VOID,
    RESULT_NONE,
    ForcedHunterDiscard,
    OwnDiscard,
    Passed,
    PlayedCard,
    TurnSkipped,
)
from engine.monster_my_neighbor.interned import card_played, card_result
from engine.monster_my_neighbor.moves import note, remove
from engine.monster_my_neighbor.options import PLAY_CARD, MonsterOption
from engine.monster_my_neighbor.state import State, clear_effect


def marker_turn(s: State) -> int:
    """0-based index of the turn marker in force (§5.6 fallback: stay on turn 4)."""
    return min(s.rotation, s.cards.turns_per_round) - 1


def condition_holds(s: State, card: int) -> bool:
    """A card's play condition on the public counters (e.g. the Monsters' early play)."""
    cond = s.cards.play_condition[card]
    if cond is None:
        return False
    counter, comparison, value = cond
    have = s.counters[counter]
    if comparison == 0:
        return have >= value
    if comparison == 1:
        return have > value
    return have == value


@dataclass(frozen=True, slots=True)
class PlayCard(MonsterOption):
    """§5.4 step 4: play a card of this type face up and resolve its effect."""

    card: int
    kind: ClassVar[int] = PLAY_CARD

    @classmethod
    def legal(cls, s: State, seat: int) -> tuple[PlayCard, ...]:
        """§5.4 step 2: the distinct types ``seat`` may play now: the Wanted first of all,
        then what the turn marker allows (a conditional card if its condition holds)."""
        c = s.cards
        hand = s.hands[seat]
        if s.opening_pending:
            return (cls.of(c.opening_type),) if hand[c.opening_type] else ()
        turn = marker_turn(s)
        turns = c.turns
        legal = []
        for t in compress(_IDS, hand):  # the types held, ascending
            status = turns[t][turn]
            if status == CANNOT or (status == CONDITIONAL and not condition_holds(s, t)):
                continue
            legal.append(_PLAYS[t])
        return tuple(legal)

    def act(self, s: State, seat: int) -> None:
        play_card(s, seat, self.card)

    def label(self, cards: CardSet) -> str:
        return cards.labels[self.card]


_PLAYS = tuple(PlayCard.of(t) for t in range(MAX_CARD_TYPES))
_IDS = range(MAX_CARD_TYPES)


def start_turn(s: State) -> None:
    """§5.4: skip an empty hand, force a Hunter discard or a pass, or ask PLAY_CARD."""
    p = s.active
    if s.hand_sizes[p] == 0:
        s.public_events.append(TurnSkipped(p, s.rotation))
        end_turn(s)
        return
    legal = PlayCard.legal(s, p)
    if legal:
        s.steps.append(AskSeat(PLAY_CARD, p, legal))
        return
    hunter = s.cards.hunter_type
    if s.hands[p][hunter]:
        remove(s, p, hunter)
        s.face_down[p].append((hunter, ORIGIN_FORCED_HUNTER, p, p))
        note(s, p, OwnDiscard(hunter, ORIGIN_FORCED_HUNTER))
        s.public_events.append(ForcedHunterDiscard(p, s.rotation))
    else:
        s.public_events.append(Passed(p, s.rotation))
    end_turn(s)


def end_turn(s: State) -> None:
    """§5.4 step 6: pass the turn left; count rotations from the Wanted holder."""
    s.turns_taken[s.active] += 1
    s.active = (s.active + 1) % s.n
    if s.active == s.start_seat:
        s.rotation += 1


def play_card(s: State, p: int, card: int) -> None:
    """§5.4 step 4: put the card face up, update counters, start resolving the effect."""
    c = s.cards
    remove(s, p, card)
    if s.tracked_holder[card] == p:
        s.tracked_holder[card] = -1
    if s.opening_pending:
        s.opening_pending = False
        s.wanted_holder = p
    counter = c.increments[card]
    if counter >= 0:
        s.counters[counter] += 1
    first = False
    if c.sets_first_hunter[card] and not s.first_hunter_played:
        s.first_hunter_played = True
        first = True
    s.play_areas[p].append(PlayedCard(card, s.rotation, -1, RESULT_NONE))
    s.public_events.append(card_played(p, card, s.rotation))
    s.ctx_running = True
    s.ctx_actor = p
    s.ctx_card = card
    s.ctx_step = 0
    s.ctx_slots = [-1] * c.slot_count[card]
    s.ctx_first_hunter = first
    s.ctx_result = RESULT_NONE
    if c.turns[card][marker_turn(s)] == NO_EFFECT:
        s.ctx_step = len(c.effects[card])
    elif c.needs_card_after_play[card] and s.hand_sizes[p] == 0:
        s.ctx_result = RESULT_LAST_CARD_VOID
        s.ctx_step = len(c.effects[card])


def finish_play(s: State) -> None:
    """Record the public result, then end the turn (unless the round already ended)."""
    p = s.ctx_actor
    result = s.ctx_result
    area = s.play_areas[p]
    if area:
        card, rotation, target, _ = area[-1]
        if card == s.ctx_card and rotation == s.rotation:
            area[-1] = PlayedCard(card, rotation, target, result)
    if result != RESULT_NONE:
        s.public_events.append(card_result(p, s.ctx_card, result))
    clear_effect(s)
    end_turn(s)
