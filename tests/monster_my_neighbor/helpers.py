"""Build set-up positions and drive them by option *value* (not index).

``choose(g, seat, "hunter")`` reads like the spec: a card name, a seat, a count or a
tuple of card names stands for the typed option of the pending decision's kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.monster_my_neighbor.cards import CardSet, default_cards
from engine.monster_my_neighbor.effects import (
    PROCEED,
    ChooseCount,
    ChooseTarget,
    DealGive,
    DogDiscard,
    FogContribute,
    GossipPass,
    StealGive,
)
from engine.monster_my_neighbor.game_state import MonsterState
from engine.monster_my_neighbor.options import MonsterOption
from engine.monster_my_neighbor.state import State, clear_asks, clear_effect
from engine.monster_my_neighbor.turns import PlayCard
from engine.toolkit import flow

CARDS = default_cards()


def tid(name: str, cards: CardSet = CARDS) -> int:
    """Card-type id of a card name."""
    return cards.type_id(name)


def position(
    players: int,
    hands: Mapping[int, Iterable[str]],
    *,
    monster: str | None = None,
    rotation: int = 2,
    active: int = 0,
    start_seat: int = 0,
    friends: Iterable[int] = (),
    hunters_played: int = 0,
    villagers_played: int = 0,
    first_hunter_played: bool | None = None,
    seed: int = 0,
    cards: CardSet = CARDS,
) -> MonsterState:
    """A mid-round position: the given hands (others empty), the turn of ``active`` in
    ``rotation``, counted from ``start_seat`` (the Wanted holder, whose Wanted is already
    played). Turns taken follow from the rotation; the main deck holds the general cards
    not in any hand, so all cards stay accounted for."""
    g = MonsterState.new(cards, players, seed)
    s = g.s
    n = players
    s.hands = [[0] * cards.type_count for _ in range(n)]
    for seat, names in hands.items():
        for name in names:
            s.hands[seat][tid(name, cards)] += 1
    s.hand_sizes = [sum(h) for h in s.hands]
    monster_names = [cards.names[t] for t in cards.monster_types]
    held = [m for m in monster_names if any(s.hands[q][tid(m, cards)] for q in range(n))]
    chosen = monster or (held[0] if held else monster_names[0])
    s.monster_deck = [t for t in cards.monster_types if t != tid(chosen, cards)]
    s.round_monster = tid(chosen, cards)
    s.removed = []
    s.play_areas = [[] for _ in range(n)]
    s.face_down = [[] for _ in range(n)]
    s.under_deck = [0] * cards.type_count
    s.main_deck = [
        max(0, cards.counts[t] - sum(h[t] for h in s.hands)) if not cards.is_monster[t] else 0
        for t in range(cards.type_count)
    ]
    s.friends = [q in set(friends) for q in range(n)]
    s.counters = [hunters_played, villagers_played]
    s.first_hunter_played = (
        hunters_played > 0 if first_hunter_played is None else first_hunter_played
    )
    s.tracked_holder = [-1] * cards.type_count
    s.rotation = rotation
    s.start_seat = start_seat
    s.wanted_holder = start_seat
    s.active = active
    s.opening_pending = False
    offset = (active - start_seat) % n
    s.turns_taken = [
        (rotation - 1) + (1 if (q - start_seat) % n < offset else 0) for q in range(n)
    ]
    s.public_events = []
    s.private_logs = [[] for _ in range(n)]
    s.private_times = [[] for _ in range(n)]
    s.vp = [0] * n
    s.finished = []
    s.round_no = 1
    s.terminal = False
    clear_asks(s)
    clear_effect(s)
    s.steps.append(PROCEED)
    flow.advance(s)
    return g


# The option type of each decision kind whose options are one card of the seat's hand.
CARD_OPTIONS = {
    "PLAY_CARD": PlayCard, "DOG_DISCARD": DogDiscard, "STEAL_GIVE": StealGive,
    "GOSSIP_PASS": GossipPass, "FOG_CONTRIBUTE": FogContribute,
}


def as_option(kind: str, value: Any) -> MonsterOption:
    """The typed option of decision ``kind`` that ``value`` stands for."""
    if isinstance(value, MonsterOption):
        return value
    if kind in CARD_OPTIONS:
        return CARD_OPTIONS[kind](tid(value))
    if kind == "CHOOSE_TARGET":
        return ChooseTarget(value)
    if kind == "CHOOSE_DEAL_COUNT":
        return ChooseCount(value)
    if kind == "DEAL_GIVE":
        return DealGive(tuple(sorted(tid(v) for v in value)))
    raise AssertionError(f"unknown decision kind {kind!r}")


def choose(g: MonsterState, seat: int, value: Any) -> None:
    """Apply the option of ``seat`` that ``value`` stands for (see the module docstring)."""
    decision = g.decision(seat)
    option = as_option(decision.kind, value)
    if option not in decision.options:
        raise AssertionError(
            f"{option!r} is not among seat {seat}'s options {decision.options!r}")
    g.apply(seat, decision.options.index(option))


def option_value(cards: CardSet, option: MonsterOption) -> Any:
    """An option as the helpers write it: a card name, a seat, a count, or card names."""
    if isinstance(option, ChooseTarget):
        return option.seat
    if isinstance(option, ChooseCount):
        return option.count
    if isinstance(option, DealGive):
        return tuple(cards.names[t] for t in option.cards)
    assert isinstance(option, PlayCard | DogDiscard | StealGive | GossipPass | FogContribute)
    return cards.names[option.card]


def hand_names(g: MonsterState | State, seat: int) -> list[str]:
    """The hand of ``seat`` as sorted card names."""
    s = g.s if isinstance(g, MonsterState) else g
    return [s.cards.names[t] for t, k in enumerate(s.hands[seat]) for _ in range(k)]


def option_names(g: MonsterState, seat: int) -> list[Any]:
    """The options of ``seat``'s decision, card ids shown as names."""
    return [option_value(g.s.cards, o) for o in g.decision(seat).options]


def public_text(g: MonsterState) -> list[str]:
    return list(g.public_log())


# ------------------------------------------------------------------ invariants


def card_locations_total(s: State) -> int:
    """Every card accounted for: hands, tables, decks, removed Monsters."""
    return (
        sum(s.hand_sizes)
        + sum(len(a) for a in s.play_areas)
        + sum(len(f) for f in s.face_down)
        + sum(s.main_deck)
        + sum(s.under_deck)
        + len(s.monster_deck)
        + len(s.removed)
    )


def hand_within_limit(s: State) -> bool:
    """§5.6 (1): h(p) <= 4 - turns taken this round."""
    limit = s.cards.turns_per_round
    return all(s.hand_sizes[q] <= max(0, limit - s.turns_taken[q]) for q in range(s.n))
