"""The boss's belief of who holds the Monster: the heuristic's, sharpened by hand sizes
and by how the rule-based players pass cards.

:func:`~engine.monster_my_neighbor.heuristic.monster_belief` moves a fixed share of a
seat's weight along every transfer. This belief replays the same public and private
logs but keeps each seat's hand size as it was at every event, and moves weight by what
the transfer can do:

- a random draw (Rumor, Steal) takes the Monster with probability 1 / the source's hand
  size;
- a chosen pass (Gossip, Fog, Deal) moves it only when it was the giver's last card (a
  player keeps the Monster whenever it can: the ``heuristic`` bot never gives it away,
  and people rarely do); otherwise a small share, ``CHOSEN_SHARE``, for the doubt;
- a Dog that leaves a one-card hand without a capture clears that seat: the Monster can
  be discarded to the Dog only as a last card, and it was not;
- a card played weighs its player by how much likelier the Monster's holder plays that
  card in that rotation than another seat does (``PLAY_RATIO``, counted from games of
  the ``heuristic`` bot: holders keep Hides and the Dog, and pass cards early).

Everything else (exact facts from the seat's own logs, a missed Hunter lowering the
target's weight, a pass or an empty hand) is the heuristic's rule.
"""

from __future__ import annotations

from engine.monster_my_neighbor.events import (
    RESULT_HUNTER_DISCARDED,
    RESULT_NO_EFFECT,
    CardPlayed,
    CardResult,
    CardsExchanged,
    CardToHand,
    DogDiscarded,
    Fog,
    ForcedHunterDiscard,
    Gossip,
    Passed,
    Rumor,
    Stole,
    TargetChosen,
    TurnSkipped,
)
from engine.monster_my_neighbor.heuristic import (
    MISSED_HUNTER_FACTOR,
    apply_private,
    finish_belief,
    roles_for,
)
from engine.monster_my_neighbor.observation import Observation, private_since, round_start

CHOSEN_SHARE = 0.05
HAND = 4  # cards dealt to each seat (§4: the round deck is 4 per player)

# How much likelier a play is from the Monster's holder than from another seat, per
# card and rotation: counted over 600 games of five ``heuristic`` bots (forced plays
# included; add-one smoothing; 1.00 where either count was under 30). A card not listed
# leaves the belief alone.
PLAY_RATIO: dict[str, tuple[float, float, float, float]] = {
    "deal": (5.30, 2.47, 1.47, 1.08),
    "dog": (0.28, 0.55, 0.71, 0.65),
    "fog": (4.57, 2.48, 1.31, 1.14),
    "friend": (0.90, 1.13, 1.00, 1.00),
    "gossip": (5.64, 2.70, 1.52, 1.06),
    "hide": (0.14, 0.18, 0.57, 1.03),
    "hunter": (1.00, 0.60, 0.57, 1.24),
    "outlaw": (0.74, 0.71, 0.49, 1.00),
    "rumor": (1.48, 1.72, 1.59, 0.92),
    "steal": (0.41, 0.71, 0.41, 1.00),
    "villagers": (1.60, 1.28, 0.63, 1.63),
}


def _moves(size: int, chosen: bool) -> float:
    """The chance a transfer out of a hand of ``size`` cards carries the Monster."""
    if size <= 1:
        return 1.0
    return CHOSEN_SHARE if chosen else 1.0 / size


def table_belief(obs: Observation) -> list[float]:
    """Probability per seat of holding the Monster now, from this seat's view."""
    n, me = obs.players, obs.seat
    c = obs.cards
    is_monster = c.is_monster
    if any(is_monster[t] for t in obs.hand):
        return [1.0 if q == me else 0.0 for q in range(n)]
    roles = roles_for(c)
    log = obs.public_log
    start = round_start(log)
    private = private_since(obs, start)
    belief = [0.0 if q == me else 1.0 for q in range(n)]
    size = [HAND] * n
    last_target = -1
    p = 0
    for i in range(start, len(log)):
        e = log[i]
        if isinstance(e, CardPlayed):
            size[e.seat] -= 1
            ratio = PLAY_RATIO.get(c.names[e.card])
            if ratio is not None and e.seat != me and 1 <= e.rotation <= 4:
                belief[e.seat] *= ratio[e.rotation - 1]
        elif isinstance(e, ForcedHunterDiscard):
            size[e.seat] -= 1
        elif isinstance(e, CardToHand):
            size[e.to_seat] += 1
        elif isinstance(e, DogDiscarded):
            if size[e.seat] == 1:
                belief[e.seat] = 0.0  # a last card discarded, and it was not the Monster
            size[e.seat] -= 1
        elif isinstance(e, Rumor):
            old = belief[:]
            for src, dst in e.transfers:
                moved = old[src] * _moves(size[src], chosen=False)
                belief[src] -= moved
                belief[dst] += moved
        elif isinstance(e, Gossip):
            old = belief[:]
            for q in e.seats:
                moved = old[q] * _moves(size[q], chosen=True)
                belief[q] -= moved
                belief[(q + 1) % n] += moved
        elif isinstance(e, Fog):
            seats = e.seats
            pooled = 0.0
            for q in seats:
                moved = belief[q] * _moves(size[q], chosen=True)
                belief[q] -= moved
                pooled += moved
            for q in seats:
                belief[q] += pooled / len(seats)
        elif isinstance(e, CardsExchanged):
            a, b = e.seat, e.other_seat
            moved_a = belief[a] * _moves(size[a] - e.count + 1, chosen=True)
            moved_b = belief[b] * _moves(size[b] - e.count + 1, chosen=True)
            belief[a] += moved_b - moved_a
            belief[b] += moved_a - moved_b
        elif isinstance(e, Stole):
            a, b = e.seat, e.from_seat
            moved = belief[b] * _moves(size[b], chosen=False)
            belief[b] -= moved
            belief[a] += moved
        elif isinstance(e, TargetChosen):
            last_target = e.target
        elif isinstance(e, CardResult):
            if e.result == RESULT_NO_EFFECT and roles.hunter[e.card] and last_target >= 0:
                belief[last_target] *= MISSED_HUNTER_FACTOR
            elif e.result == RESULT_HUNTER_DISCARDED and last_target >= 0:
                size[last_target] -= 1
        elif isinstance(e, Passed):
            belief = [1.0 if q == e.seat else 0.0 for q in range(n)]
        elif isinstance(e, TurnSkipped):
            belief[e.seat] = 0.0
        while p < len(private) and private[p][0] <= i:
            belief = apply_private(belief, private[p][1], is_monster, me, n)
            p += 1
    return finish_belief(belief, private[p:], is_monster, obs)
