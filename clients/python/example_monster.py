"""A game-aware example for Monster My Neighbor: `./run --strategy example`.

It reads the typed observation and options of one game and plays three simple rules:
- become a Friend of the Monster as soon as a Friend card can be played (against
  players who seldom catch the Monster, it is usually played, and Friends score 2);
- not holding the Monster: hunt with a Hunter whenever one is offered;
- a target: the seat with the most cards in hand (most likely to hold the Monster);
- everything else: random.
"""

from __future__ import annotations

import random

from arena.v1 import arena_pb2

# Hello names the one game this strategy reads: another server refuses it outright.
GAMES = ["monster-my-neighbor"]


def choose(request: arena_pb2.DecisionRequest, rng: random.Random) -> int:
    obs = request.observation.monster_my_neighbor
    options = [option.monster_my_neighbor for option in request.options]
    if request.kind == "PLAY_CARD":
        cards = [option.card_type for option in options]
        holding = any(card.card_type in obs.monsters_possible for card in obs.hand)
        if "friend" in cards and not obs.seats[obs.seat].friend:
            return cards.index("friend")
        if "hunter" in cards and not holding:
            return cards.index("hunter")
    if request.kind == "CHOOSE_TARGET":
        hand_sizes = {seat.seat: seat.hand_size for seat in obs.seats}
        return max(range(len(options)), key=lambda i: hand_sizes[options[i].target_seat])
    return rng.randrange(len(options))
