"""The heuristic bot: tracks where the Monster probably is, hunts it, or protects it.

It reads only its observation. A belief over seats ("who holds the Monster") is rebuilt
each decision by replaying this round's public log, interleaved with the seat's private
log through ``private_log_times``:

- exact facts reset it: the seat's own hand, a hand seen with Outlaw, a Monster the seat
  gave away, a player who had to pass (only an unplayable Monster is left);
- mixing cards (Rumor, Gossip, Fog, Deal, Steal) spread it a little along the transfers;
- a Hunter with no effect lowers the target's weight (a Hide may have blocked it).

Then simple rules: hold on to the Monster and to Hides while being the Monster, play a
Friend only as the Monster, shoot Hunters (and the Dog) at the most likely holder once
the belief is strong enough or time runs out, and give away the least useful card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core import Decision, Game, GameRng
from engine.monster_my_neighbor.cards import (
    COUNTER_HUNTERS,
    COUNTER_VILLAGERS,
    OP_CAPTURE_IF_HOLDS_MONSTER,
    OP_CHOOSE_COUNT,
    OP_DISCARD_ONE_OF_TYPE,
    OP_EACH_PASS_CHOSEN_TO_NEIGHBOUR,
    OP_EACH_TAKE_RANDOM_FROM_NEIGHBOUR,
    OP_PEEK_HAND,
    OP_POOL_AND_REDEAL,
    OP_SET_STATUS,
    OP_TAKE_RANDOM,
    OP_TARGET_DISCARDS_CHOSEN,
    PASSIVE_IMMUNE_WHILE_HELD,
    CardSet,
)
from engine.monster_my_neighbor.events import (
    RESULT_NO_EFFECT,
    CardPlayed,
    CardResult,
    CardsExchanged,
    Fog,
    Gave,
    Gossip,
    Passed,
    PrivateEvent,
    Received,
    Rumor,
    SawHand,
    Stole,
    TargetChosen,
    TurnSkipped,
)
from engine.monster_my_neighbor.observation import Observation, private_since, round_start

# How much of a holder's weight a public mixing event moves.
RUMOR_SHARE, GOSSIP_SHARE, FOG_SHARE, DEAL_SHARE, STEAL_SHARE = 0.4, 0.25, 0.25, 0.3, 0.3
MISSED_HUNTER_FACTOR = 0.35
# Play value of a Friend for a seat without the Monster (Monsters survive more often
# than not against typical play, so siding with them pays).
FRIEND_VALUE = 80.0
# Belief above which mixing cards are held back (they would blur what we know).
CONFIDENT = 0.5


class _Roles:
    """Card roles read from the compiled effects (no card names)."""

    def __init__(self, cards: CardSet) -> None:
        def has(card: int, op: int) -> bool:
            return any(step[0] == op for step in cards.effects[card])

        n = cards.type_count
        self.monster = [cards.is_monster[t] for t in range(n)]
        self.hunter = [has(t, OP_CAPTURE_IF_HOLDS_MONSTER) for t in range(n)]
        self.dog = [has(t, OP_TARGET_DISCARDS_CHOSEN) for t in range(n)]
        self.friend = [has(t, OP_SET_STATUS) and has(t, OP_DISCARD_ONE_OF_TYPE) for t in range(n)]
        self.hide = [PASSIVE_IMMUNE_WHILE_HELD in cards.passives[t] for t in range(n)]
        self.peek = [has(t, OP_PEEK_HAND) for t in range(n)]
        self.steal = [has(t, OP_TAKE_RANDOM) for t in range(n)]
        self.random_mixer = [has(t, OP_EACH_TAKE_RANDOM_FROM_NEIGHBOUR) for t in range(n)]
        self.chosen_mixer = [
            has(t, OP_EACH_PASS_CHOSEN_TO_NEIGHBOUR) or has(t, OP_POOL_AND_REDEAL)
            or has(t, OP_CHOOSE_COUNT)
            for t in range(n)
        ]
        self.counter_card = [cards.increments[t] for t in range(n)]


# Keyed by identity; each entry keeps its card set alive so an id is never reused.
_ROLES: dict[int, tuple[CardSet, _Roles]] = {}


def roles_for(cards: CardSet) -> _Roles:
    entry = _ROLES.get(id(cards))
    if entry is None or entry[0] is not cards:
        entry = (cards, _Roles(cards))
        _ROLES[id(cards)] = entry
    return entry[1]


def monster_belief(obs: Observation) -> list[float]:
    """Probability per seat of holding the Monster now, from this seat's view."""
    n, me = obs.players, obs.seat
    c = obs.cards
    is_monster = c.is_monster
    if any(is_monster[t] for t in obs.hand):
        return [1.0 if q == me else 0.0 for q in range(n)]
    log = obs.public_log
    start = round_start(log)
    private = private_since(obs, start)
    belief = [0.0 if q == me else 1.0 for q in range(n)]
    last_target = -1
    hunter = roles_for(c).hunter
    p = 0
    for i in range(start, len(log)):
        e = log[i]
        # event classes are leaves: ``type(e) is`` is isinstance, only faster
        if type(e) is Rumor:
            old = belief[:]
            for src, dst in e.transfers:
                belief[src] -= old[src] * RUMOR_SHARE
                belief[dst] += old[src] * RUMOR_SHARE
        elif type(e) is Gossip:
            old = belief[:]
            for q in e.seats:
                belief[q] -= old[q] * GOSSIP_SHARE
                belief[(q + 1) % n] += old[q] * GOSSIP_SHARE
        elif type(e) is Fog:
            seats = e.seats
            share = sum(belief[q] for q in seats) * FOG_SHARE / len(seats)
            for q in seats:
                belief[q] = belief[q] * (1 - FOG_SHARE) + share
        elif type(e) is CardsExchanged:
            a, b = e.seat, e.other_seat
            moved_a, moved_b = belief[a] * DEAL_SHARE, belief[b] * DEAL_SHARE
            belief[a] += moved_b - moved_a
            belief[b] += moved_a - moved_b
        elif type(e) is Stole:
            a, b = e.seat, e.from_seat
            moved = belief[b] * STEAL_SHARE
            belief[b] -= moved
            belief[a] += moved
        elif type(e) is TargetChosen:
            last_target = e.target
        elif type(e) is CardResult and e.result == RESULT_NO_EFFECT and hunter[e.card]:
            if last_target >= 0:
                belief[last_target] *= MISSED_HUNTER_FACTOR
        elif type(e) is Passed:
            belief = [1.0 if q == e.seat else 0.0 for q in range(n)]
        elif type(e) is TurnSkipped:
            belief[e.seat] = 0.0
        while p < len(private) and private[p][0] <= i:
            belief = apply_private(belief, private[p][1], is_monster, me, n)
            p += 1
    return finish_belief(belief, private[p:], is_monster, obs)


def finish_belief(belief: list[float], later: Sequence[tuple[int, PrivateEvent]],
                  is_monster: tuple[bool, ...], obs: Observation) -> list[float]:
    """Apply the seat's private events after the public log (``later``), then rule out
    the seat itself and empty hands and normalise (to hand sizes if nothing is left)."""
    me, n = obs.seat, len(belief)
    for _, event in later:
        belief = apply_private(belief, event, is_monster, me, n)
    belief[me] = 0.0
    for q in range(n):
        if obs.hand_sizes[q] == 0:
            belief[q] = 0.0
    total = sum(belief)
    if total <= 0:
        sizes = [obs.hand_sizes[q] if q != me else 0 for q in range(n)]
        total = float(sum(sizes)) or 1.0
        return [s / total for s in sizes]
    return [b / total for b in belief]


def apply_private(
    belief: list[float], e: PrivateEvent, is_monster: tuple[bool, ...], me: int, n: int
) -> list[float]:
    """The belief after one private event of seat ``me`` (a hand or a discard it saw)."""
    if isinstance(e, SawHand):
        target = e.seat
        if any(is_monster[t] for t in e.cards):
            return [1.0 if q == target else 0.0 for q in range(n)]
        belief[target] = 0.0
    elif isinstance(e, Gave) and is_monster[e.card] and e.to_seat >= 0:
        return [1.0 if q == e.to_seat else 0.0 for q in range(n)]
    return belief


class HeuristicBot:
    """A hand-written policy; see the module docstring."""

    name = "heuristic"
    needs_observation = True

    def __init__(self, game: Game | None = None) -> None:
        del game

    def choose(self, observation: Observation, decision: Decision, rng: GameRng) -> int:
        obs = observation
        roles = roles_for(obs.cards)
        holds_monster = any(roles.monster[t] for t in obs.hand)
        kind = decision.kind
        options: Sequence[Any] = decision.options  # this game's option classes, by kind
        if kind == "PLAY_CARD":
            memo: list[list[float]] = []  # the belief, read at most once per decision

            def belief_now() -> list[float]:
                if not memo:
                    memo.append(monster_belief(obs))
                return memo[0]

            scores = [self._play_value(obs, roles, o.card, holds_monster, belief_now)
                      for o in options]
        elif kind == "CHOOSE_TARGET":
            card = self._card_being_played(obs)
            belief = monster_belief(obs)
            scores = [self._target_value(obs, roles, card, o.seat, belief, holds_monster)
                      for o in options]
        elif kind == "CHOOSE_DEAL_COUNT":
            scores = [-o.count for o in options]
        elif kind == "DEAL_GIVE":
            scores = [-sum(self._keep_value(roles, t, holds_monster) for t in o.cards)
                      for o in options]
        elif kind == "STEAL_GIVE":
            scores = [self._steal_give_value(obs, roles, o.card, holds_monster) for o in options]
        else:  # DOG_DISCARD, GOSSIP_PASS, FOG_CONTRIBUTE: give away the least useful card
            scores = [-self._keep_value(roles, o.card, holds_monster) for o in options]
        best = max(scores)
        ties = [i for i, v in enumerate(scores) if v == best]
        return ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]

    # ------------------------------------------------------------------ playing
    def _play_value(self, obs: Observation, roles: _Roles, card: int, holds: bool,
                    belief_now: Callable[[], list[float]]) -> float:
        if roles.monster[card]:
            return 100.0
        if holds:
            counter = roles.counter_card[card]
            cond = obs.cards.play_condition[next(t for t in obs.hand if roles.monster[t])]
            if cond is not None and counter >= 0 and cond[0] == counter:
                return 60.0  # brings the Monster's early-play condition closer
            if roles.friend[card]:
                return 50.0
            if roles.peek[card]:
                return 30.0
            if roles.dog[card]:
                return 2.0  # a Dog kept is a Dog nobody can turn on the Monster
            if roles.hunter[card]:
                return 25.0
            if roles.chosen_mixer[card] or roles.steal[card]:
                return 15.0
            if roles.hide[card]:
                return 1.0 if obs.hand.count(card) == 1 else 20.0
            if roles.random_mixer[card]:
                return 5.0
            return 20.0
        belief = belief_now()
        top = max(belief)
        if obs.friends[obs.seat]:
            # a Friend wants the Monster played: never hunt it, keep things quiet
            if roles.hunter[card] or roles.dog[card]:
                return 2.0
            if roles.friend[card]:
                return 30.0
            return 10.0
        if roles.hunter[card]:
            # Hunters are legal from rotation 2; firing at once beats waiting for more
            # information (measured), and a near-sure catch beats joining as a Friend.
            return (90.0 if top >= 0.8 else 70.0) + top
        if roles.dog[card]:
            chance = max(
                (belief[q] for q in range(obs.players) if obs.hand_sizes[q] == 1), default=0.0
            )
            return 65.0 + chance if chance >= 0.3 else 12.0
        if roles.peek[card]:
            return 40.0 if top < 0.9 else 10.0
        if roles.steal[card]:
            return 30.0 if top < 0.9 else 9.0
        if roles.friend[card]:
            return FRIEND_VALUE
        if roles.random_mixer[card] or roles.chosen_mixer[card]:
            return 11.0 if top < CONFIDENT else 6.0
        if roles.counter_card[card] == COUNTER_VILLAGERS or roles.hide[card]:
            return 14.0
        return 10.0

    def _card_being_played(self, obs: Observation) -> int:
        for e in reversed(obs.public_log):
            if isinstance(e, CardPlayed) and e.seat == obs.seat:
                return e.card
        return -1

    def _target_value(
        self, obs: Observation, roles: _Roles, card: int, seat: int, belief: list[float],
        holds: bool,
    ) -> float:
        if card < 0:
            return 0.0
        size = obs.hand_sizes[seat]
        if obs.friends[obs.seat] and (roles.hunter[card] or roles.dog[card]):
            return -belief[seat]  # a Friend never catches the Monster (betrayal scores 0)
        if roles.hunter[card] or roles.steal[card]:
            return belief[seat] + 0.01 * size
        if roles.dog[card]:
            return belief[seat] * (1.0 if size == 1 else 0.3) + 0.01 * size
        if roles.friend[card]:
            # remove a Hunter from whoever acts soonest with most cards, not the Monster
            soon = (seat - obs.seat) % obs.players
            return size - 0.1 * soon - 3.0 * belief[seat]
        if roles.peek[card]:
            return belief[seat] * (1 - belief[seat]) + 0.01 * size
        if holds:
            return -belief[seat]
        return belief[seat] + 0.01 * size

    # ------------------------------------------------------------------ giving
    def _keep_value(self, roles: _Roles, card: int, holds: bool) -> float:
        if roles.monster[card]:
            return 100.0
        if roles.hide[card]:
            return 40.0 if holds else 12.0  # a Hide passed on may end up shielding the Monster
        if roles.hunter[card]:
            return 10.0 if holds else 30.0
        if roles.friend[card]:
            return 25.0 if holds else 1.0
        if roles.dog[card]:
            return 35.0 if holds else 20.0
        if roles.peek[card] or roles.steal[card]:
            return 15.0
        if roles.counter_card[card] == COUNTER_HUNTERS:
            return 10.0
        return 5.0

    def _steal_give_value(self, obs: Observation, roles: _Roles, card: int, holds: bool) -> float:
        if roles.monster[card]:
            # just stole it and hold a Hunter: give it back and hunt it; otherwise keep it
            last = obs.private_log[-1] if obs.private_log else None
            stolen = isinstance(last, Received) and last.card == card
            has_hunter = any(roles.hunter[t] for t in obs.hand)
            return 50.0 if stolen and has_hunter and obs.rotation < 4 else -100.0
        return -self._keep_value(roles, card, holds)
