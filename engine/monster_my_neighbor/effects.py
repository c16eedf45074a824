"""Card effects (§7): the effect-script interpreter and the decisions effects ask for.

Effects are compiled scripts of primitives (:mod:`cards`); no rule tests a card's name.
:func:`run_effect` interprets the script of the card being played from its current step
until a decision is owed or the script ends. Each decision an effect asks for is an
option type here, with its legality, what choosing it does and its label.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import compress
from typing import ClassVar

from engine.monster_my_neighbor.asks import AskAll, AskSeat
from engine.monster_my_neighbor.cards import (
    ACTOR,
    MAX_CARD_TYPES,
    MAX_SEATS,
    OP_CAPTURE_IF_HOLDS_MONSTER,
    OP_CHOOSE_COUNT,
    OP_CHOOSE_TARGET,
    OP_DISCARD_ONE_OF_TYPE,
    OP_EACH_PASS_CHOSEN_TO_NEIGHBOUR,
    OP_EACH_TAKE_RANDOM_FROM_NEIGHBOUR,
    OP_EXCHANGE_CHOSEN,
    OP_GIVE_CHOSEN,
    OP_MONSTER_WINS,
    OP_MOVE_THIS_CARD,
    OP_PEEK_HAND,
    OP_POOL_AND_REDEAL,
    OP_SET_STATUS,
    OP_TAKE_RANDOM,
    OP_TARGET_DISCARDS_CHOSEN,
    PASSIVE_IMMUNE_FIRST_HUNTER,
    PASSIVE_IMMUNE_WHILE_HELD,
    POOL_OTHERS_WITH_CARDS,
    STATUS_FRIEND,
    CardSet,
)
from engine.monster_my_neighbor.events import (
    ENDING_BETRAYAL,
    ENDING_CAUGHT,
    ENDING_PLAYED,
    HOW_DEAL,
    HOW_DOG_HANDOVER,
    HOW_FOG,
    HOW_FRIEND,
    HOW_GOSSIP,
    HOW_RUMOR,
    HOW_STEAL,
    ORIGIN_DOG,
    RESULT_CAPTURED,
    RESULT_HUNTER_DISCARDED,
    RESULT_NO_EFFECT,
    RESULT_NO_HUNTER,
    RESULT_NO_TARGET,
    Captured,
    CardsExchanged,
    CardToHand,
    DealCountChosen,
    DogDiscarded,
    Fog,
    Gossip,
    MonsterPlayed,
    OwnDiscard,
    Peeked,
    PlayedCard,
    Rumor,
    SawDiscard,
    SawHand,
    Stole,
)
from engine.monster_my_neighbor.interned import gave, received, target_chosen
from engine.monster_my_neighbor.moves import (
    add,
    clockwise_with_cards,
    hand_tuple,
    log_transfer,
    move,
    multisets,
    note,
    random_card,
    remove,
    untrack,
)
from engine.monster_my_neighbor.options import (
    CHOOSE_DEAL_COUNT,
    CHOOSE_TARGET,
    DEAL_GIVE,
    DOG_DISCARD,
    FOG_CONTRIBUTE,
    GOSSIP_PASS,
    STEAL_GIVE,
    MonsterOption,
    SimultaneousOption,
)
from engine.monster_my_neighbor.scoring import end_round
from engine.monster_my_neighbor.state import State
from engine.monster_my_neighbor.turns import finish_play, start_turn
from engine.toolkit.flow import Step

TABLE = max(MAX_CARD_TYPES, 64)  # prebuilt options for every card type and seat


def _who(s: State, ref: int) -> int:
    return s.ctx_actor if ref == ACTOR else s.ctx_slots[ref]


def _step(s: State) -> tuple:
    return s.cards.effects[s.ctx_card][s.ctx_step]


class Proceed(Step):
    """The bottom of the step stack: run the effect being resolved, or start the next
    turn (either may push a decision on top of it); again until the game is over."""

    __slots__ = ()

    name: ClassVar[str] = "proceed"

    def run(self, s: State) -> None:
        if s.terminal:
            return
        steps = s.steps
        steps.append(self)
        # Turns and effects that ask nothing follow each other here, without a round
        # trip through the driver for each.
        while True:
            if s.ctx_running:
                run_effect(s)
            else:
                start_turn(s)
            if s.terminal or steps[-1] is not self:
                return


PROCEED = Proceed()


def run_effect(s: State) -> None:
    """Interpret the effect script from the current step until a choice or the end."""
    c = s.cards
    program = c.effects[s.ctx_card]
    while s.ctx_running and not s.terminal:
        if s.ctx_step >= len(program):
            finish_play(s)
            return
        step = program[s.ctx_step]
        op = step[0]
        actor = s.ctx_actor
        if op == OP_CHOOSE_TARGET:
            targets = ChooseTarget.legal(s, actor, step[2])
            if not targets:
                s.ctx_result = RESULT_NO_TARGET
                s.ctx_step = len(program)
                continue
            s.steps.append(AskSeat(CHOOSE_TARGET, actor, targets))
            return
        if op == OP_CHOOSE_COUNT:
            counts = ChooseCount.legal(s, step)
            if not counts:
                s.ctx_result = RESULT_NO_EFFECT
                s.ctx_step = len(program)
                continue
            s.steps.append(AskSeat(CHOOSE_DEAL_COUNT, actor, counts))
            return
        if op == OP_CAPTURE_IF_HOLDS_MONSTER:
            target = _who(s, step[1])
            if s.hands[target][s.round_monster] and not _immune(s, target, step[2]):
                s.ctx_result = RESULT_CAPTURED
                _capture(s, actor, target)
                return
            s.ctx_result = RESULT_NO_EFFECT
        elif op == OP_DISCARD_ONE_OF_TYPE:
            target, card = _who(s, step[1]), step[2]
            if s.hands[target][card]:
                remove(s, target, card)
                s.under_deck[card] += 1
                note(s, target, gave(card, -1, HOW_FRIEND))
                s.ctx_result = RESULT_HUNTER_DISCARDED
            else:
                s.ctx_result = RESULT_NO_HUNTER
        elif op == OP_SET_STATUS:
            if step[2] == STATUS_FRIEND:
                s.friends[_who(s, step[1])] = True
        elif op == OP_TARGET_DISCARDS_CHOSEN:
            target = _who(s, step[1])
            s.steps.append(AskSeat(DOG_DISCARD, target, DogDiscard.legal(s, target)))
            return
        elif op == OP_MOVE_THIS_CARD:
            dest = _who(s, step[1])
            area = s.play_areas[actor]
            if area and area[-1].card == s.ctx_card:
                area.pop()
            add(s, dest, s.ctx_card)
            s.tracked_holder[s.ctx_card] = dest
            note(s, dest, received(s.ctx_card, actor, HOW_DOG_HANDOVER))
            s.public_events.append(CardToHand(s.ctx_card, actor, dest))
        elif op == OP_TAKE_RANDOM:
            source, taker = _who(s, step[1]), _who(s, step[2])
            if s.hand_sizes[source]:
                move(s, source, taker, random_card(s, source), HOW_STEAL)
        elif op == OP_GIVE_CHOSEN:
            giver = _who(s, step[1])
            if s.hand_sizes[giver]:
                s.steps.append(AskSeat(STEAL_GIVE, giver, StealGive.legal(s, giver)))
                return
        elif op == OP_EXCHANGE_CHOSEN:
            a, b, k = _who(s, step[1]), _who(s, step[2]), _who(s, step[3])
            seats: tuple[int, ...] = (a, b)
            s.steps.append(AskAll(DEAL_GIVE, seats, {q: DealGive.legal(s, q, k) for q in seats}))
            return
        elif op == OP_EACH_TAKE_RANDOM_FROM_NEIGHBOUR:
            _each_take_random(s, step[1])
        elif op in (OP_EACH_PASS_CHOSEN_TO_NEIGHBOUR, OP_POOL_AND_REDEAL):
            seats = clockwise_with_cards(s, actor)
            if op == OP_EACH_PASS_CHOSEN_TO_NEIGHBOUR:
                s.steps.append(AskAll(GOSSIP_PASS, seats,
                                      {q: GossipPass.legal(s, q) for q in seats}))
            else:
                s.steps.append(AskAll(FOG_CONTRIBUTE, seats,
                                      {q: FogContribute.legal(s, q) for q in seats}))
            return
        elif op == OP_PEEK_HAND:
            viewer, target = _who(s, step[1]), _who(s, step[2])
            note(s, viewer, SawHand(target, hand_tuple(s.hands[target])))
            s.public_events.append(Peeked(viewer, target))
        elif op == OP_MONSTER_WINS:
            s.public_events.append(MonsterPlayed(actor, s.ctx_card))
            end_round(s, ENDING_PLAYED, actor, -1)
            return
        s.ctx_step += 1


def _immune(s: State, target: int, passives: tuple[int, ...]) -> bool:
    """§7.2 Hunter immunities, checked when the Hunter resolves."""
    c = s.cards
    monster_passives = c.passives[s.round_monster]
    for passive in passives:
        if passive == PASSIVE_IMMUNE_WHILE_HELD:
            hand = s.hands[target]
            if any(hand[t] and passive in c.passives[t] for t in c.general_types):
                return True
        elif passive == PASSIVE_IMMUNE_FIRST_HUNTER:
            if passive in monster_passives and s.ctx_first_hunter:
                return True
        elif passive in monster_passives and s.hand_sizes[target] == 1:
            return True  # PASSIVE_IMMUNE_IF_ONLY_CARD
    return False


def _capture(s: State, catcher: int, holder: int) -> None:
    """§6 (b): the Monster is discarded, revealed; the round ends."""
    monster = s.round_monster
    remove(s, holder, monster)
    area = s.play_areas[catcher]
    if area and area[-1].card == s.ctx_card:
        card, rotation, target, _ = area[-1]
        area[-1] = PlayedCard(card, rotation, target, RESULT_CAPTURED)
    s.public_events.append(Captured(catcher, holder, monster, s.ctx_card))
    ending = ENDING_BETRAYAL if s.friends[catcher] else ENDING_CAUGHT
    end_round(s, ending, holder, catcher)


def _each_take_random(s: State, direction: int) -> None:
    """§7.8: every seat draws one random card from its neighbour's pre-effect hand."""
    n = s.n
    picks = []
    for q in range(n):
        source = (q + direction) % n
        if s.hand_sizes[source]:
            picks.append((source, q, random_card(s, source)))
    for source, _taker, card in picks:
        remove(s, source, card)
    for source, taker, card in picks:
        add(s, taker, card)
        log_transfer(s, source, taker, card, HOW_RUMOR)
    s.public_events.append(Rumor(tuple((src, dst) for src, dst, _ in picks)))


# ------------------------------------------------------------------------ choices of the actor


@dataclass(frozen=True, slots=True)
class ChooseTarget(MonsterOption):
    """§7: the target of the card being played."""

    seat: int
    kind: ClassVar[int] = CHOOSE_TARGET

    @classmethod
    def legal(cls, s: State, actor: int, pool: int) -> tuple[ChooseTarget, ...]:
        """Any other seat, or only those holding a card (Dog, Steal, Deal)."""
        others = _OTHERS[s.n][actor]
        if pool != POOL_OTHERS_WITH_CARDS:
            return others
        sizes = s.hand_sizes
        return tuple(compress(others, [sizes[q] for q in _OTHER_SEATS[s.n][actor]]))

    def act(self, s: State, seat: int) -> None:
        s.ctx_slots[_step(s)[1]] = self.seat
        area = s.play_areas[s.ctx_actor]
        card, rotation, _, result = area[-1]
        area[-1] = PlayedCard(card, rotation, self.seat, result)
        s.public_events.append(target_chosen(s.ctx_actor, s.ctx_card, self.seat))
        s.ctx_step += 1

    def label(self, cards: CardSet) -> str:
        return f"seat {self.seat}"


@dataclass(frozen=True, slots=True)
class ChooseCount(MonsterOption):
    """§7.7 Deal: how many cards to exchange, capped by both hands."""

    count: int
    kind: ClassVar[int] = CHOOSE_DEAL_COUNT

    @classmethod
    def legal(cls, s: State, step: tuple) -> tuple[ChooseCount, ...]:
        cap = min(s.hand_sizes[_who(s, r)] for r in step[3])
        return tuple([cls.of(k) for k in step[2] if k <= cap])

    def act(self, s: State, seat: int) -> None:
        s.ctx_slots[_step(s)[1]] = self.count
        s.public_events.append(DealCountChosen(s.ctx_actor, self.count))
        s.ctx_step += 1

    def label(self, cards: CardSet) -> str:
        return str(self.count)


# ------------------------------------------------------------------------ a card of one's hand


class _CardChoice(MonsterOption):
    """A card type of the deciding seat's own hand."""

    __slots__ = ()
    card: int

    def label(self, cards: CardSet) -> str:
        return cards.labels[self.card]


@dataclass(frozen=True, slots=True)
class DogDiscard(_CardChoice):
    """§7.5: the Dog's target discards a card face down; the Monster is caught, anything
    else lies face down in front of the actor, unseen by the actor."""

    card: int
    kind: ClassVar[int] = DOG_DISCARD

    @classmethod
    def legal(cls, s: State, target: int) -> tuple[DogDiscard, ...]:
        """The types in the target's hand, without the Monster unless it is the target's
        only card (§7.5, §14.1: "col Cane puoi far scartare il Mostro solo se è l'ultima
        carta che quel giocatore ha in mano")."""
        hand = s.hands[target]
        if s.hand_sizes[target] > 1 and hand[s.round_monster]:
            monster = _DOG[s.round_monster]
            return tuple([option for option in compress(_DOG, hand) if option is not monster])
        return tuple(compress(_DOG, hand))

    def act(self, s: State, seat: int) -> None:
        card, target = self.card, seat
        step = _step(s)
        actor = s.ctx_actor
        if card == s.round_monster and step[3]:
            s.ctx_result = RESULT_CAPTURED
            note(s, target, OwnDiscard(card, ORIGIN_DOG))
            _capture(s, actor, target)
            return
        remove(s, target, card)
        seen_by_actor = s.cards.actor_sees_discard[s.ctx_card]
        s.face_down[actor].append((card, ORIGIN_DOG, target, actor if seen_by_actor else target))
        note(s, target, OwnDiscard(card, ORIGIN_DOG))
        if seen_by_actor:
            note(s, actor, SawDiscard(card, target))
        s.public_events.append(DogDiscarded(target, actor))
        if s.tracked_holder[card] == target:
            s.tracked_holder[card] = -1
        s.ctx_step += 1


@dataclass(frozen=True, slots=True)
class StealGive(_CardChoice):
    """§7.6 Steal: after taking a random card, the actor gives one of its hand back."""

    card: int
    kind: ClassVar[int] = STEAL_GIVE

    @classmethod
    def legal(cls, s: State, giver: int) -> tuple[StealGive, ...]:
        return tuple(compress(_STEAL, s.hands[giver]))

    def act(self, s: State, seat: int) -> None:
        receiver = _who(s, _step(s)[2])
        move(s, seat, receiver, self.card, HOW_STEAL)
        s.public_events.append(Stole(s.ctx_actor, receiver))
        s.ctx_step += 1


@dataclass(frozen=True, slots=True)
class GossipPass(SimultaneousOption, _CardChoice):
    """§7.9 Gossip: every seat with cards passes one to its neighbour, all at once."""

    card: int
    kind: ClassVar[int] = GOSSIP_PASS

    @classmethod
    def legal(cls, s: State, seat: int) -> tuple[GossipPass, ...]:
        return tuple(compress(_GOSSIP, s.hands[seat]))

    @classmethod
    def resolve(cls, s: State, seats: tuple[int, ...], choices: Mapping[int, GossipPass]
                ) -> None:
        direction = _step(s)[1]
        for q in seats:
            remove(s, q, choices[q].card)
        for q in seats:
            dest = (q + direction) % s.n
            add(s, dest, choices[q].card)
            log_transfer(s, q, dest, choices[q].card, HOW_GOSSIP)
        s.public_events.append(Gossip(seats))
        s.ctx_step += 1


@dataclass(frozen=True, slots=True)
class FogContribute(SimultaneousOption, _CardChoice):
    """§7.10 Fog: every seat with cards puts one in a pool, shuffled and dealt back."""

    card: int
    kind: ClassVar[int] = FOG_CONTRIBUTE

    @classmethod
    def legal(cls, s: State, seat: int) -> tuple[FogContribute, ...]:
        return tuple(compress(_FOG, s.hands[seat]))

    @classmethod
    def resolve(cls, s: State, seats: tuple[int, ...], choices: Mapping[int, FogContribute]
                ) -> None:
        pool = []
        for q in seats:
            card = choices[q].card
            remove(s, q, card)
            pool.append(card)
            note(s, q, gave(card, -1, HOW_FOG))
            untrack(s, q)
        s.rng.shuffle(pool)
        for q, card in zip(seats, pool, strict=True):
            add(s, q, card)
            note(s, q, received(card, -1, HOW_FOG))
        s.public_events.append(Fog(seats))
        s.ctx_step += 1


@dataclass(frozen=True, slots=True)
class DealGive(SimultaneousOption):
    """§7.7 Deal: a sorted multiset of the agreed number of one's own cards; the actor
    and the target choose at once and swap."""

    cards: tuple[int, ...]
    kind: ClassVar[int] = DEAL_GIVE

    @classmethod
    def legal(cls, s: State, seat: int, size: int) -> tuple[DealGive, ...]:
        return tuple([cls.of(combo) for combo in multisets(s.hands[seat], size)])

    @classmethod
    def resolve(cls, s: State, seats: tuple[int, ...], choices: Mapping[int, DealGive]
                ) -> None:
        a, b = seats
        for card in choices[a].cards:
            move(s, a, b, card, HOW_DEAL)
        for card in choices[b].cards:
            move(s, b, a, card, HOW_DEAL)
        s.public_events.append(CardsExchanged(a, b, len(choices[a].cards)))
        s.ctx_step += 1

    def label(self, cards: CardSet) -> str:
        return " + ".join(cards.labels[t] for t in self.cards)


_TARGETS = tuple(ChooseTarget.of(q) for q in range(TABLE))
_DOG = tuple(DogDiscard.of(t) for t in range(TABLE))
_STEAL = tuple(StealGive.of(t) for t in range(TABLE))
_GOSSIP = tuple(GossipPass.of(t) for t in range(TABLE))
_FOG = tuple(FogContribute.of(t) for t in range(TABLE))
# Per player count and actor: the other seats in ascending order, and their targets.
_OTHER_SEATS = tuple(
    tuple(tuple(q for q in range(n) if q != actor) for actor in range(n))
    for n in range(MAX_SEATS + 1)
)
_OTHERS = tuple(tuple(tuple(_TARGETS[q] for q in row) for row in rows) for rows in _OTHER_SEATS)
