"""A Monster My Neighbor strategy that reads only the wire messages.

It is deliberately simple and explainable, written from the rules (not from the engine):

- Holding the Monster: play it as soon as it is offered (offered means legal, and
  playing it wins the round); never give it away, keep a Hide (it blocks Hunters), and
  play cards that move no cards.
- Not holding it: hunt. Play Hunters and the Dog first, then Outlaw (information).
- Targets: the seat with the most cards in hand (most likely to hold the Monster),
  except a Friend, which goes to the seat most likely to hold Hunters (also the biggest
  hand) to strip one.
- Giving a card (Dog, Steal, Deal, Gossip, Fog): give the card worth least to keep.
- Deal count: the smallest.
"""

from __future__ import annotations

from arena.v1 import arena_pb2, monster_my_neighbor_pb2

from engine.core import GameRng

# Worth of keeping a card in hand, highest first (a monster type outranks all of these).
_KEEP = ("hide", "hunter", "dog", "outlaw", "steal", "friend", "deal", "gossip", "fog",
         "rumor", "wanted", "villagers")
# Order of plays when hunting, and when holding the Monster (cards that move no cards).
_HUNTING = ("hunter", "dog", "outlaw", "steal", "rumor", "gossip", "fog", "deal",
            "villagers", "friend", "wanted", "hide")
_HIDING = ("villagers", "friend", "hunter", "outlaw", "wanted", "dog", "gossip", "deal",
           "steal", "fog", "rumor", "hide")
_GIVING = ("DOG_DISCARD", "STEAL_GIVE", "GOSSIP_PASS", "FOG_CONTRIBUTE")


class MonsterHeuristic:
    name = "heuristic"

    def choose(self, request: arena_pb2.DecisionRequest, rng: GameRng) -> int:
        obs = request.observation.monster_my_neighbor
        options = [o.monster_my_neighbor for o in request.options]
        monsters = set(obs.monsters_possible)
        holding = any(c.card_type in monsters for c in obs.hand)
        kind = request.kind
        if kind == "PLAY_CARD":
            return _play(options, monsters, holding)
        if kind == "CHOOSE_TARGET":
            return _target(options, obs)
        if kind == "CHOOSE_DEAL_COUNT":
            return min(range(len(options)), key=lambda i: options[i].count)
        if kind in _GIVING:
            return min(range(len(options)), key=lambda i: _keep_worth(
                [options[i].card_type], monsters))
        if kind == "DEAL_GIVE":
            return min(range(len(options)), key=lambda i: _keep_worth(
                list(options[i].cards.card_types), monsters))
        return rng.randrange(len(options))


def _play(
    options: list[monster_my_neighbor_pb2.MonsterMyNeighborOption], monsters: set[str],
    holding: bool,
) -> int:
    cards = [o.card_type for o in options]
    for index, card in enumerate(cards):
        if card in monsters:
            return index
    order = _HIDING if holding else _HUNTING
    return min(range(len(cards)), key=lambda i: _rank(order, cards[i]))


def _target(
    options: list[monster_my_neighbor_pb2.MonsterMyNeighborOption],
    obs: monster_my_neighbor_pb2.MonsterMyNeighborObservation,
) -> int:
    sizes = {s.seat: s.hand_size for s in obs.seats}
    return max(range(len(options)), key=lambda i: (sizes.get(options[i].target_seat, 0), -i))


def _keep_worth(cards: list[str], monsters: set[str]) -> int:
    """How much keeping these cards is worth: lower is better to give away."""
    worth = 0
    for card in cards:
        worth += 100 if card in monsters else len(_KEEP) - _rank(_KEEP, card)
    return worth


def _rank(order: tuple[str, ...], card: str) -> int:
    return order.index(card) if card in order else len(order)
