"""A game-aware example for Monster My Neighbor: `./run --strategy example`.

It reads the typed observation and options of one game and plays a few simple rules:
- become a Friend of the Monster as soon as a Friend card can be played (against
  players who seldom catch the Monster, it is usually played, and Friends score 2);
- not holding the Monster: hunt, with a Hunter, else the Dog;
- holding it: keep the Hide (it stops Hunters) and never give the Monster away;
- a target: the seat with the most cards in hand (most likely to hold the Monster);
- everything else: random.
"""

from __future__ import annotations

import random

from arena.v1 import arena_pb2

# Hello names the one game this strategy reads: another server refuses it outright.
GAMES = ["monster-my-neighbor"]
GIVING = {"DOG_DISCARD", "STEAL_GIVE", "GOSSIP_PASS", "FOG_CONTRIBUTE"}


def choose(request: arena_pb2.DecisionRequest, rng: random.Random) -> int:
    obs = request.observation.monster_my_neighbor
    options = [option.monster_my_neighbor for option in request.options]
    cards = [option.card_type for option in options]  # empty strings for non-card options
    holding = any(card.card_type in obs.monsters_possible for card in obs.hand)
    allowed = list(range(len(options)))
    if request.kind == "PLAY_CARD":
        if "friend" in cards and not obs.seats[obs.seat].friend:
            return cards.index("friend")
        for hunting in ("hunter", "dog"):
            if hunting in cards and not holding:
                return cards.index(hunting)
        if holding:
            allowed = [i for i in allowed if cards[i] != "hide"] or allowed
    elif request.kind in GIVING and holding:
        allowed = [i for i in allowed if cards[i] not in obs.monsters_possible] or allowed
    elif request.kind == "CHOOSE_TARGET":
        hand_sizes = {seat.seat: seat.hand_size for seat in obs.seats}
        return max(allowed, key=lambda i: hand_sizes[options[i].target_seat])
    return rng.choice(allowed)
