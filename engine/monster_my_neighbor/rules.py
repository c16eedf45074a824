"""The forward model: game and round setup, turn flow, effects, round end and scoring.

Section numbers refer to the rules specification. Effects are interpreted from the
compiled effect scripts of :mod:`cards`; no rule tests a card's name.

Flow: :func:`advance` runs every automatic step (skipped turns, forced discards, effect
steps that need no choice, decisions with a single legal option) until some seat owes a
real choice or the game is over. :func:`commit` applies one seat's choice.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from engine.core import Result, competition_ranks
from engine.monster_my_neighbor.cards import (
    ACTOR,
    CANNOT,
    CONDITIONAL,
    NO_EFFECT,
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
)
from engine.monster_my_neighbor.options import (
    CHOOSE_DEAL_COUNT,
    CHOOSE_TARGET,
    DEAL_GIVE,
    DOG_DISCARD,
    ENDING_BETRAYAL,
    ENDING_CAUGHT,
    ENDING_NAMES,
    ENDING_PLAYED,
    EV_CAPTURE,
    EV_CARD_TO_HAND,
    EV_COUNT,
    EV_DEAL,
    EV_DOG_DISCARD,
    EV_FOG,
    EV_FORCED_HUNTER_DISCARD,
    EV_GOSSIP,
    EV_MONSTER_PLAYED,
    EV_PASS,
    EV_PEEK,
    EV_PLAY,
    EV_RESULT,
    EV_ROUND_END,
    EV_ROUND_START,
    EV_RUMOR,
    EV_SKIP,
    EV_STEAL,
    EV_TARGET,
    FOG_CONTRIBUTE,
    GOSSIP_PASS,
    HOW_DEAL,
    HOW_DOG_HANDOVER,
    HOW_FOG,
    HOW_FRIEND,
    HOW_GOSSIP,
    HOW_RUMOR,
    HOW_STEAL,
    NO_DECISION,
    ORIGIN_DOG,
    ORIGIN_FORCED_HUNTER,
    PLAY_CARD,
    PV_DEALT,
    PV_FORCED,
    PV_GAVE,
    PV_OWN_DISCARD,
    PV_RECEIVED,
    PV_SAW_DISCARD,
    PV_SAW_HAND,
    RESULT_CAPTURED,
    RESULT_HUNTER_DISCARDED,
    RESULT_LAST_CARD_VOID,
    RESULT_NO_EFFECT,
    RESULT_NO_HUNTER,
    RESULT_NO_TARGET,
    RESULT_NONE,
    SIMULTANEOUS_KINDS,
    STEAL_GIVE,
    PlayedCard,
    RoundSummary,
)

if TYPE_CHECKING:
    from engine.monster_my_neighbor.state import MonsterState


# ====================================================================== setup (§3, §4)
def setup_game(s: MonsterState) -> None:
    """§3: shuffle the Monster deck, zero the VP, start round 1."""
    c = s.cards
    n = s.n
    s.vp = [0] * n
    s.monster_deck = list(c.monster_types)
    s.rng.shuffle(s.monster_deck)
    s.removed = []
    s.finished = []
    s.round_no = 0
    s.terminal = False
    s.public_events = []
    s.private_logs = [[] for _ in range(n)]
    s.private_times = [[] for _ in range(n)]
    s.hands = [[0] * c.type_count for _ in range(n)]
    s.hand_sizes = [0] * n
    s.play_areas = [[] for _ in range(n)]
    s.face_down = [[] for _ in range(n)]
    s.under_deck = [0] * c.type_count
    s.main_deck = [c.counts[t] if t in c.general_types else 0 for t in range(c.type_count)]
    _clear_pending(s)
    _clear_effect(s)
    setup_round(s)


def setup_round(s: MonsterState) -> None:
    """§4 (and §9): gather every card back, build the round deck, deal 4 to each seat."""
    c = s.cards
    n = s.n
    s.round_no += 1
    main = [c.counts[t] if not c.is_monster[t] else 0 for t in range(c.type_count)]
    round_deck: list[int] = []
    for t in range(c.type_count):
        for _ in range(c.fixed_in_round_deck[t]):
            main[t] -= 1
            round_deck.append(t)
    rest = [t for t in range(c.type_count) for _ in range(main[t])]
    s.rng.shuffle(rest)
    drawn = rest[: c.random_cards(n)]
    for t in drawn:
        main[t] -= 1
    round_deck.extend(drawn)
    s.round_monster = s.monster_deck.pop()
    round_deck.append(s.round_monster)
    s.rng.shuffle(round_deck)

    s.main_deck = main
    s.under_deck = [0] * c.type_count
    s.hands = [[0] * c.type_count for _ in range(n)]
    per = c.hand_size
    for seat in range(n):
        hand = s.hands[seat]
        for t in round_deck[seat * per:(seat + 1) * per]:
            hand[t] += 1
    s.hand_sizes = [per] * n
    s.turns_taken = [0] * n
    s.play_areas = [[] for _ in range(n)]
    s.face_down = [[] for _ in range(n)]
    s.friends = [False] * n
    s.counters = [0, 0]
    s.first_hunter_played = False
    s.tracked_holder = [-1] * c.type_count
    opener = next(seat for seat in range(n) if s.hands[seat][c.opening_type])
    s.wanted_holder = -1
    s.start_seat = opener
    s.active = opener
    s.rotation = 1
    s.opening_pending = True
    s.public_events.append((EV_ROUND_START, s.round_no))
    for seat in range(n):
        _note(s, seat, (PV_DEALT, s.round_no, _hand_tuple(s.hands[seat])))


# ================================================================ flow driver
def advance(s: MonsterState) -> None:
    """Run automatic steps until a seat owes a real choice or the game ends."""
    while not s.terminal:
        if s.pend_kind != NO_DECISION:
            forced = [seat for seat in s.pend_seats if len(s.pend_options[seat]) == 1]
            if not forced:
                return
            for seat in forced:
                if s.pend_kind == NO_DECISION or seat not in s.pend_seats:
                    break
                commit(s, seat, s.pend_options[seat][0], forced=True)
            continue
        if s.ctx_running:
            run_effect(s)
        else:
            start_turn(s)


def commit(s: MonsterState, seat: int, choice: Any, forced: bool) -> None:
    """Apply one seat's (already validated) choice."""
    kind = s.pend_kind
    if forced:
        _note(s, seat, (PV_FORCED, kind, choice))
    if kind in SIMULTANEOUS_KINDS:
        s.buffered[seat] = choice
        s.pend_seats.remove(seat)
        if s.pend_seats:
            return
        choices = s.buffered
        participants = s.pend_participants
        _clear_pending(s)
        _resolve_simultaneous(s, kind, participants, choices)
        return
    _clear_pending(s)
    if kind == PLAY_CARD:
        play_card(s, seat, choice)
    elif kind == CHOOSE_TARGET:
        _choose_target_done(s, choice)
    elif kind == CHOOSE_DEAL_COUNT:
        _choose_count_done(s, choice)
    elif kind == DOG_DISCARD:
        _dog_discard_done(s, seat, choice)
    elif kind == STEAL_GIVE:
        _give_done(s, seat, choice)


def _offer(s: MonsterState, kind: int, seat: int, options: tuple[Any, ...]) -> None:
    s.pend_kind = kind
    s.pend_seats = [seat]
    s.pend_participants = (seat,)
    s.pend_options = {seat: options}


def _offer_simultaneous(
    s: MonsterState, kind: int, seats: tuple[int, ...], options: dict[int, tuple[Any, ...]]
) -> None:
    s.pend_kind = kind
    s.pend_seats = list(seats)
    s.pend_participants = seats
    s.pend_options = options
    s.buffered = {}


def _clear_pending(s: MonsterState) -> None:
    s.pend_kind = NO_DECISION
    s.pend_seats = []
    s.pend_participants = ()
    s.pend_options = {}
    s.buffered = {}


def _clear_effect(s: MonsterState) -> None:
    s.ctx_running = False
    s.ctx_actor = -1
    s.ctx_card = -1
    s.ctx_step = 0
    s.ctx_slots = []
    s.ctx_first_hunter = False
    s.ctx_result = RESULT_NONE


# ============================================================ turns (§5.3, §5.4)
def marker_turn(s: MonsterState) -> int:
    """0-based index of the turn marker in force (§5.6 fallback: stay on turn 4)."""
    return min(s.rotation, s.cards.turns_per_round) - 1


def legal_plays(s: MonsterState, seat: int) -> tuple[int, ...]:
    """§5.4 step 2: the distinct card types ``seat`` may play now."""
    c = s.cards
    hand = s.hands[seat]
    if s.opening_pending:
        return (c.opening_type,) if hand[c.opening_type] else ()
    turn = marker_turn(s)
    legal = []
    for t, k in enumerate(hand):
        if not k:
            continue
        status = c.turns[t][turn]
        if status == CANNOT:
            continue
        if status == CONDITIONAL and not condition_holds(s, t):
            continue
        legal.append(t)
    return tuple(legal)


def condition_holds(s: MonsterState, card: int) -> bool:
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


def start_turn(s: MonsterState) -> None:
    """§5.4: skip an empty hand, force a Hunter discard or a pass, or ask PLAY_CARD."""
    p = s.active
    if s.hand_sizes[p] == 0:
        s.public_events.append((EV_SKIP, p, s.rotation))
        end_turn(s)
        return
    legal = legal_plays(s, p)
    if legal:
        _offer(s, PLAY_CARD, p, legal)
        return
    hunter = s.cards.hunter_type
    if s.hands[p][hunter]:
        _remove(s, p, hunter)
        s.face_down[p].append((hunter, ORIGIN_FORCED_HUNTER, p, p))
        _note(s, p, (PV_OWN_DISCARD, hunter, ORIGIN_FORCED_HUNTER))
        s.public_events.append((EV_FORCED_HUNTER_DISCARD, p, s.rotation))
    else:
        s.public_events.append((EV_PASS, p, s.rotation))
    end_turn(s)


def end_turn(s: MonsterState) -> None:
    """§5.4 step 6: pass the turn left; count rotations from the Wanted holder."""
    s.turns_taken[s.active] += 1
    s.active = (s.active + 1) % s.n
    if s.active == s.start_seat:
        s.rotation += 1


def play_card(s: MonsterState, p: int, card: int) -> None:
    """§5.4 step 4: put the card face up, update counters, resolve the effect."""
    c = s.cards
    _remove(s, p, card)
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
    s.public_events.append((EV_PLAY, p, card, s.rotation))
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


def finish_play(s: MonsterState) -> None:
    """Record the public result, then end the turn (unless the round already ended)."""
    p = s.ctx_actor
    result = s.ctx_result
    area = s.play_areas[p]
    if area and area[-1].card == s.ctx_card and area[-1].rotation == s.rotation:
        area[-1] = area[-1]._replace(result=result)
    if result != RESULT_NONE:
        s.public_events.append((EV_RESULT, p, s.ctx_card, result))
    _clear_effect(s)
    end_turn(s)


# ================================================================ effects (§7)
def _who(s: MonsterState, ref: int) -> int:
    return s.ctx_actor if ref == ACTOR else s.ctx_slots[ref]


def run_effect(s: MonsterState) -> None:
    """Interpret the effect script from the current step until a choice or the end."""
    c = s.cards
    program = c.effects[s.ctx_card]
    while s.ctx_running and s.pend_kind == NO_DECISION and not s.terminal:
        if s.ctx_step >= len(program):
            finish_play(s)
            return
        step = program[s.ctx_step]
        op = step[0]
        actor = s.ctx_actor
        if op == OP_CHOOSE_TARGET:
            pool = tuple(
                q for q in range(s.n)
                if q != actor and (step[2] != POOL_OTHERS_WITH_CARDS or s.hand_sizes[q])
            )
            if not pool:
                s.ctx_result = RESULT_NO_TARGET
                s.ctx_step = len(program)
                continue
            _offer(s, CHOOSE_TARGET, actor, pool)
            return
        if op == OP_CHOOSE_COUNT:
            cap = min(s.hand_sizes[_who(s, r)] for r in step[3])
            counts = tuple(k for k in step[2] if k <= cap)
            if not counts:
                s.ctx_result = RESULT_NO_EFFECT
                s.ctx_step = len(program)
                continue
            _offer(s, CHOOSE_DEAL_COUNT, actor, counts)
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
                _remove(s, target, card)
                s.under_deck[card] += 1
                _note(s, target, (PV_GAVE, card, -1, HOW_FRIEND))
                s.ctx_result = RESULT_HUNTER_DISCARDED
            else:
                s.ctx_result = RESULT_NO_HUNTER
        elif op == OP_SET_STATUS:
            if step[2] == STATUS_FRIEND:
                s.friends[_who(s, step[1])] = True
        elif op == OP_TARGET_DISCARDS_CHOSEN:
            target = _who(s, step[1])
            _offer(s, DOG_DISCARD, target, _types_in_hand(s.hands[target]))
            return
        elif op == OP_MOVE_THIS_CARD:
            dest = _who(s, step[1])
            area = s.play_areas[actor]
            if area and area[-1].card == s.ctx_card:
                area.pop()
            _add(s, dest, s.ctx_card)
            s.tracked_holder[s.ctx_card] = dest
            _note(s, dest, (PV_RECEIVED, s.ctx_card, actor, HOW_DOG_HANDOVER))
            s.public_events.append((EV_CARD_TO_HAND, s.ctx_card, actor, dest))
        elif op == OP_TAKE_RANDOM:
            source, taker = _who(s, step[1]), _who(s, step[2])
            if s.hand_sizes[source]:
                card = _random_card(s, source)
                _move(s, source, taker, card, HOW_STEAL)
        elif op == OP_GIVE_CHOSEN:
            giver = _who(s, step[1])
            if s.hand_sizes[giver]:
                _offer(s, STEAL_GIVE, giver, _types_in_hand(s.hands[giver]))
                return
        elif op == OP_EXCHANGE_CHOSEN:
            a, b, k = _who(s, step[1]), _who(s, step[2]), _who(s, step[3])
            seats = (a, b)
            _offer_simultaneous(
                s, DEAL_GIVE, seats, {q: _multisets(s.hands[q], k) for q in seats}
            )
            return
        elif op == OP_EACH_TAKE_RANDOM_FROM_NEIGHBOUR:
            _each_take_random(s, step[1])
        elif op in (OP_EACH_PASS_CHOSEN_TO_NEIGHBOUR, OP_POOL_AND_REDEAL):
            seats = _clockwise_with_cards(s, actor)
            kind = GOSSIP_PASS if op == OP_EACH_PASS_CHOSEN_TO_NEIGHBOUR else FOG_CONTRIBUTE
            _offer_simultaneous(
                s, kind, seats, {q: _types_in_hand(s.hands[q]) for q in seats}
            )
            return
        elif op == OP_PEEK_HAND:
            viewer, target = _who(s, step[1]), _who(s, step[2])
            _note(s, viewer, (PV_SAW_HAND, target, _hand_tuple(s.hands[target])))
            s.public_events.append((EV_PEEK, viewer, target))
        elif op == OP_MONSTER_WINS:
            s.public_events.append((EV_MONSTER_PLAYED, actor, s.ctx_card))
            end_round(s, ENDING_PLAYED, actor, -1)
            return
        s.ctx_step += 1


def _immune(s: MonsterState, target: int, passives: tuple[int, ...]) -> bool:
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


def _capture(s: MonsterState, catcher: int, holder: int) -> None:
    """§6 (b): the Monster is discarded, revealed; the round ends."""
    monster = s.round_monster
    _remove(s, holder, monster)
    area = s.play_areas[catcher]
    if area and area[-1].card == s.ctx_card:
        area[-1] = area[-1]._replace(result=RESULT_CAPTURED)
    s.public_events.append((EV_CAPTURE, catcher, holder, monster, s.ctx_card))
    ending = ENDING_BETRAYAL if s.friends[catcher] else ENDING_CAUGHT
    end_round(s, ending, holder, catcher)


def _choose_target_done(s: MonsterState, target: int) -> None:
    step = s.cards.effects[s.ctx_card][s.ctx_step]
    s.ctx_slots[step[1]] = target
    area = s.play_areas[s.ctx_actor]
    area[-1] = area[-1]._replace(target=target)
    s.public_events.append((EV_TARGET, s.ctx_actor, s.ctx_card, target))
    s.ctx_step += 1


def _choose_count_done(s: MonsterState, count: int) -> None:
    step = s.cards.effects[s.ctx_card][s.ctx_step]
    s.ctx_slots[step[1]] = count
    s.public_events.append((EV_COUNT, s.ctx_actor, count))
    s.ctx_step += 1


def _dog_discard_done(s: MonsterState, target: int, card: int) -> None:
    """§7.5: the target's chosen discard; the Monster is caught, anything else lies
    face down in front of the actor, unseen by the actor."""
    step = s.cards.effects[s.ctx_card][s.ctx_step]
    actor = s.ctx_actor
    if card == s.round_monster and step[3]:
        s.ctx_result = RESULT_CAPTURED
        _note(s, target, (PV_OWN_DISCARD, card, ORIGIN_DOG))
        _capture(s, actor, target)
        return
    _remove(s, target, card)
    seen_by_actor = s.cards.actor_sees_discard[s.ctx_card]
    s.face_down[actor].append((card, ORIGIN_DOG, target, actor if seen_by_actor else target))
    _note(s, target, (PV_OWN_DISCARD, card, ORIGIN_DOG))
    if seen_by_actor:
        _note(s, actor, (PV_SAW_DISCARD, card, target))
    s.public_events.append((EV_DOG_DISCARD, target, actor))
    if s.tracked_holder[card] == target:
        s.tracked_holder[card] = -1
    s.ctx_step += 1


def _give_done(s: MonsterState, giver: int, card: int) -> None:
    step = s.cards.effects[s.ctx_card][s.ctx_step]
    receiver = _who(s, step[2])
    _move(s, giver, receiver, card, HOW_STEAL)
    s.public_events.append((EV_STEAL, s.ctx_actor, receiver))
    s.ctx_step += 1


def _resolve_simultaneous(
    s: MonsterState, kind: int, seats: tuple[int, ...], choices: dict[int, Any]
) -> None:
    """Apply the buffered simultaneous choices together (§7.7, §7.9, §7.10)."""
    n = s.n
    if kind == DEAL_GIVE:
        a, b = seats
        for card in choices[a]:
            _move(s, a, b, card, HOW_DEAL)
        for card in choices[b]:
            _move(s, b, a, card, HOW_DEAL)
        s.public_events.append((EV_DEAL, a, b, len(choices[a])))
    elif kind == GOSSIP_PASS:
        step = s.cards.effects[s.ctx_card][s.ctx_step]
        for q in seats:
            _remove(s, q, choices[q])
        for q in seats:
            dest = (q + step[1]) % n
            _add(s, dest, choices[q])
            _log_transfer(s, q, dest, choices[q], HOW_GOSSIP)
        s.public_events.append((EV_GOSSIP, seats))
    elif kind == FOG_CONTRIBUTE:
        pool = []
        for q in seats:
            _remove(s, q, choices[q])
            pool.append(choices[q])
            _note(s, q, (PV_GAVE, choices[q], -1, HOW_FOG))
            _untrack(s, q, choices[q])
        s.rng.shuffle(pool)
        for q, card in zip(seats, pool, strict=True):
            _add(s, q, card)
            _note(s, q, (PV_RECEIVED, card, -1, HOW_FOG))
        s.public_events.append((EV_FOG, seats))
    s.ctx_step += 1


def _each_take_random(s: MonsterState, direction: int) -> None:
    """§7.8: every seat draws one random card from its neighbour's pre-effect hand."""
    n = s.n
    picks = []
    for q in range(n):
        source = (q + direction) % n
        if s.hand_sizes[source]:
            picks.append((source, q, _random_card(s, source)))
    for source, _taker, card in picks:
        _remove(s, source, card)
    for source, taker, card in picks:
        _add(s, taker, card)
        _log_transfer(s, source, taker, card, HOW_RUMOR)
    s.public_events.append((EV_RUMOR, tuple((src, dst) for src, dst, _ in picks)))


# ================================================================ card moves
def _note(s: MonsterState, seat: int, entry: tuple[Any, ...]) -> None:
    """Append to a seat's private log, stamped with the public log length (a public clock)."""
    s.private_logs[seat].append(entry)
    s.private_times[seat].append(len(s.public_events))


def _remove(s: MonsterState, seat: int, card: int) -> None:
    hand = s.hands[seat]
    if not hand[card]:
        raise AssertionError(f"seat {seat} holds no card {card}")
    hand[card] -= 1
    s.hand_sizes[seat] -= 1


def _add(s: MonsterState, seat: int, card: int) -> None:
    s.hands[seat][card] += 1
    s.hand_sizes[seat] += 1


def _move(s: MonsterState, source: int, dest: int, card: int, how: int) -> None:
    _remove(s, source, card)
    _add(s, dest, card)
    _log_transfer(s, source, dest, card, how)


def _log_transfer(s: MonsterState, source: int, dest: int, card: int, how: int) -> None:
    _note(s, source, (PV_GAVE, card, dest, how))
    _note(s, dest, (PV_RECEIVED, card, source, how))
    _untrack(s, source, card)


def _untrack(s: MonsterState, source: int, card: int) -> None:
    """A hidden transfer out of a seat ends public knowledge of the cards it tracked."""
    tracked = s.tracked_holder
    for t, holder in enumerate(tracked):
        if holder == source:
            tracked[t] = -1


def _random_card(s: MonsterState, seat: int) -> int:
    index = s.rng.randrange(s.hand_sizes[seat])
    for t, k in enumerate(s.hands[seat]):
        if index < k:
            return t
        index -= k
    raise AssertionError("hand size out of sync with hand")


def _types_in_hand(hand: list[int]) -> tuple[int, ...]:
    return tuple(t for t, k in enumerate(hand) if k)


def _hand_tuple(hand: list[int]) -> tuple[int, ...]:
    return tuple(t for t, k in enumerate(hand) for _ in range(k))


def _multisets(hand: list[int], size: int) -> tuple[tuple[int, ...], ...]:
    """Sorted multisets of ``size`` cards that ``hand`` can give (DEAL_GIVE options)."""
    out = []
    for combo in combinations_with_replacement(_types_in_hand(hand), size):
        if all(combo.count(t) <= hand[t] for t in set(combo)):
            out.append(combo)
    return tuple(out)


def _clockwise_with_cards(s: MonsterState, start: int) -> tuple[int, ...]:
    return tuple(
        q for q in ((start + i) % s.n for i in range(s.n)) if s.hand_sizes[q]
    )


# ======================================================== round end (§6, §8, §9)
def score_round(
    s: MonsterState, ending: int, monster_seat: int, catcher: int
) -> tuple[int, ...]:
    """§8: each seat scored once, by the first line that applies; no stacking."""
    c = s.cards
    awarded = [0] * s.n
    for q in range(s.n):
        if ending == ENDING_PLAYED:
            if q == monster_seat:
                awarded[q] = c.score_monster_player + c.win_bonus[s.round_monster]
            elif s.friends[q]:
                awarded[q] = c.score_friend
        else:
            if q == monster_seat or s.friends[q]:
                continue
            awarded[q] = c.score_catcher if q == catcher else c.score_bystander
    return tuple(awarded)


def end_round(s: MonsterState, ending: int, monster_seat: int, catcher: int) -> None:
    """Score the round, then set up the next one or end the game."""
    awarded = score_round(s, ending, monster_seat, catcher)
    for q, v in enumerate(awarded):
        s.vp[q] += v
    s.finished.append(
        RoundSummary(s.round_no, s.round_monster, ending, monster_seat, catcher, awarded)
    )
    s.public_events.append((EV_ROUND_END, s.round_no, ending, s.round_monster, awarded))
    s.removed.append(s.round_monster)
    if ending == ENDING_PLAYED:
        s.play_areas[monster_seat].pop()  # the Monster leaves the game (§9)
    _clear_pending(s)
    _clear_effect(s)
    if s.round_no >= s.rounds:
        s.terminal = True
        return
    setup_round(s)


def final_result(s: MonsterState) -> Result:
    """Scores are VP totals; ties share a rank; details are per-round summaries."""
    c = s.cards
    rounds = [
        {
            "round": r.round,
            "monster": c.names[r.monster],
            "ending": ENDING_NAMES[r.ending],
            "monster_seat": r.monster_seat,
            "catcher_seat": r.catcher_seat,
            "vp_awarded": list(r.vp_awarded),
        }
        for r in s.finished
    ]
    return Result(tuple(s.vp), competition_ranks(s.vp), {"rounds": rounds})


# ================================================================== invariants
def card_locations_total(s: MonsterState) -> int:
    """Every card accounted for (used by tests): hands, tables, decks, removed."""
    return (
        sum(s.hand_sizes)
        + sum(len(a) for a in s.play_areas)
        + sum(len(f) for f in s.face_down)
        + sum(s.main_deck)
        + sum(s.under_deck)
        + len(s.monster_deck)
        + len(s.removed)
    )


def hand_within_limit(s: MonsterState) -> bool:
    """§5.6 (1): h(p) <= 4 - turns taken this round."""
    limit = s.cards.turns_per_round
    return all(s.hand_sizes[q] <= max(0, limit - s.turns_taken[q]) for q in range(s.n))

