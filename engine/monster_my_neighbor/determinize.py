"""Sample a full game state from one seat's observation (for search bots).

Everything public is copied from the observation. What the seat cannot see is drawn
from the rng, consistent with what it knows:

- the Monster of the round: known if the seat holds it or met it in its private log this
  round, otherwise drawn from the Monsters still possible; its holder is drawn from a
  belief (the heuristic's, :func:`~engine.monster_my_neighbor.heuristic.monster_belief`,
  unless the caller gives another), which reads the seat's own logs;
- cards whose holder is public (the Dog handed over) stay with that holder;
- every other unseen general card is dealt at random to the other hands, the face-down
  Dog discards the seat did not see, and the main deck (whose size is public);
- other seats' pending simultaneous choices are taken back: they choose again.

The sample reads the observation only, so it cannot depend on hidden truth.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import GameRng
from engine.monster_my_neighbor.cards import OP_TARGET_DISCARDS_CHOSEN
from engine.monster_my_neighbor.effects import PROCEED
from engine.monster_my_neighbor.events import (
    ORIGIN_DOG,
    DealtHand,
    DogDiscarded,
    Gave,
    OwnDiscard,
    PrivateEvent,
    Received,
    SawDiscard,
    SawHand,
)
from engine.monster_my_neighbor.game_state import MonsterState
from engine.monster_my_neighbor.heuristic import monster_belief
from engine.monster_my_neighbor.observation import Observation, private_since, round_start
from engine.monster_my_neighbor.options import KIND_NAMES, NO_DECISION
from engine.monster_my_neighbor.state import State, clear_asks, clear_effect
from engine.toolkit import flow

Belief = Callable[[Observation], list[float]]


def determinize(obs: Observation, rng: GameRng, belief: Belief = monster_belief
                ) -> MonsterState:
    """A state consistent with ``obs``, hidden parts drawn from ``rng``; ``belief`` gives
    the chance of each seat holding the Monster (the heuristic's by default)."""
    c = obs.cards
    n = obs.players
    s = State(c, n, GameRng(rng.randrange(1 << 30)), obs.rounds)
    _copy_public(s, obs)
    hands = [[0] * c.type_count for _ in range(n)]
    for t in obs.hand:
        hands[obs.seat][t] += 1
    free = [0 if q == obs.seat else obs.hand_sizes[q] for q in range(n)]
    for t, q in obs.tracked_holders:  # publicly known holders (the Dog)
        if q != obs.seat and free[q]:
            hands[q][t] += 1
            free[q] -= 1
    monster = _round_monster(obs, rng)
    s.round_monster = monster
    s.monster_deck = [t for t in obs.monsters_possible if t != monster]
    rng.shuffle(s.monster_deck)
    if not hands[obs.seat][monster]:
        holder = _monster_holder(obs, free, rng, belief)
        hands[holder][monster] += 1
        free[holder] -= 1
    pool = _unseen_general_cards(obs, hands)
    rng.shuffle(pool)
    for q in range(n):
        for _ in range(free[q]):
            hands[q][pool.pop()] += 1
    s.hands = hands
    s.hand_sizes = list(obs.hand_sizes)
    s.face_down = _face_down(obs, pool)
    s.under_deck = [0] * c.type_count
    s.under_deck[c.hunter_type] = obs.hunters_under_main_deck
    s.main_deck = [0] * c.type_count
    for t in pool:
        s.main_deck[t] += 1
    _resume(s, obs)
    return MonsterState(s)


def _copy_public(s: State, obs: Observation) -> None:
    c, n = obs.cards, obs.players
    s.vp = list(obs.vp)
    s.round_no = obs.round
    s.removed = [r.monster for r in obs.finished_rounds]
    s.finished = list(obs.finished_rounds)
    s.terminal = False
    s.turns_taken = list(obs.turns_taken)
    s.play_areas = [list(a) for a in obs.play_areas]
    s.friends = list(obs.friends)
    s.counters = [obs.hunters_played, obs.villagers_played]
    s.first_hunter_played = obs.first_hunter_played
    s.tracked_holder = [-1] * c.type_count
    for t, q in obs.tracked_holders:
        s.tracked_holder[t] = q
    s.rotation = obs.rotation
    s.active = obs.active_seat
    s.wanted_holder = s.start_seat = obs.wanted_holder
    s.opening_pending = False
    s.public_events = list(obs.public_log)
    s.private_logs = [list(obs.private_log) if q == obs.seat else [] for q in range(n)]
    s.private_times = [list(obs.private_log_times) if q == obs.seat else [] for q in range(n)]


def _this_round(obs: Observation) -> list[PrivateEvent]:
    """The seat's private log entries of the current round."""
    return [e for _, e in private_since(obs, round_start(obs.public_log))]


def _round_monster(obs: Observation, rng: GameRng) -> int:
    """The round's Monster if the seat has met it this round, else a possible one."""
    is_monster = obs.cards.is_monster
    for e in _this_round(obs):
        seen: tuple[int, ...]
        if isinstance(e, DealtHand | SawHand):
            seen = e.cards
        elif isinstance(e, Received | Gave | OwnDiscard | SawDiscard):
            seen = (e.card,)
        else:
            continue
        for t in seen:
            if is_monster[t]:
                return t
    for t in obs.hand:
        if is_monster[t]:
            return t
    return rng.choice(obs.monsters_possible)


def _monster_holder(obs: Observation, free: list[int], rng: GameRng,
                    belief_of: Belief) -> int:
    """A seat with a free hand slot, drawn by the belief of who holds the Monster."""
    belief = belief_of(obs)
    weights = [belief[q] if free[q] else 0.0 for q in range(obs.players)]
    total = sum(weights)
    if total <= 0:
        weights = [float(free[q]) for q in range(obs.players)]
        total = sum(weights)
    x = rng.random() * total
    for q, w in enumerate(weights):
        if w > 0:
            x -= w
            if x < 0:
                return q
    return max(q for q in range(obs.players) if weights[q] > 0)


def _unseen_general_cards(obs: Observation, hands: list[list[int]]) -> list[int]:
    """General cards the seat cannot place: the composition minus what it sees."""
    c = obs.cards
    left = [0 if c.is_monster[t] else c.counts[t] for t in range(c.type_count)]
    for hand in hands:
        for t, k in enumerate(hand):
            if not c.is_monster[t]:
                left[t] -= k
    for area in obs.play_areas:
        for played in area:
            if not c.is_monster[played.card]:
                left[played.card] -= 1
    for pile in obs.face_down:
        for card in pile:
            if card.known_type >= 0:
                left[card.known_type] -= 1
    left[c.hunter_type] -= obs.hunters_under_main_deck
    return [t for t in range(c.type_count) for _ in range(left[t])]


def _face_down(obs: Observation, pool: list[int]) -> list[list[tuple[int, int, int, int]]]:
    """Face-down piles as (type, origin, discarder, viewer); unseen types from ``pool``.

    A Dog discard's discarder is the target named by the public log (in order)."""
    c = obs.cards
    log = obs.public_log
    start = round_start(log)
    targets: dict[int, list[int]] = {}
    for e in log[start:]:
        if isinstance(e, DogDiscarded):
            targets.setdefault(e.dog_seat, []).append(e.seat)
    actor_sees = any(c.actor_sees_discard[t] for t in range(c.type_count)
                     if any(step[0] == OP_TARGET_DISCARDS_CHOSEN for step in c.effects[t]))
    piles = []
    for actor, pile in enumerate(obs.face_down):
        out = []
        dogs = iter(targets.get(actor, ()))
        for card in pile:
            if card.origin == ORIGIN_DOG:
                discarder = next(dogs, actor)
                viewer = actor if actor_sees else discarder
            else:
                discarder = viewer = actor
            t = card.known_type if card.known_type >= 0 else pool.pop()
            out.append((t, card.origin, discarder, viewer))
        piles.append(out)
    return piles


def _resume(s: State, obs: Observation) -> None:
    """Re-open the pending decision from the public flow: the seat's own simultaneous
    choice is committed again; other seats choose anew."""
    clear_asks(s)
    clear_effect(s)
    if obs.effect is not None:
        e = obs.effect
        s.ctx_running = True
        s.ctx_actor, s.ctx_card, s.ctx_step = e.actor, e.card, e.step
        s.ctx_slots = list(e.slots)
        s.ctx_first_hunter = e.first_hunter
    s.steps.append(PROCEED)
    flow.advance(s)
    own = obs.own_pending_choice
    options = s.asked.get(obs.seat)
    if own is not None and options is not None and s.pend_kind != NO_DECISION \
            and KIND_NAMES[s.pend_kind] == obs.pending_kind and own in options:
        flow.choose(s, obs.seat, list(options).index(own))
