"""Build set-up positions and drive them by option *value* (not index)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.monster_my_neighbor import rules
from engine.monster_my_neighbor.cards import CardSet, default_cards
from engine.monster_my_neighbor.state import MonsterState

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
    s = MonsterState(cards, players, seed)
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
    rules._clear_pending(s)
    rules._clear_effect(s)
    rules.advance(s)
    return s


def choose(s: MonsterState, seat: int, value: Any) -> None:
    """Apply the option of ``seat`` whose value is ``value`` (card names become ids)."""
    options = s.decision(seat).options
    value = _as_option(value)
    if value not in options:
        raise AssertionError(f"{value!r} is not among seat {seat}'s options {options!r}")
    s.apply(seat, options.index(value))


def _as_option(value: Any) -> Any:
    if isinstance(value, str):
        return tid(value)
    if isinstance(value, tuple) and value and isinstance(value[0], str):
        return tuple(sorted(tid(v) for v in value))
    return value


def hand_names(s: MonsterState, seat: int) -> list[str]:
    """The hand of ``seat`` as sorted card names."""
    return [CARDS.names[t] for t, k in enumerate(s.hands[seat]) for _ in range(k)]


def option_names(s: MonsterState, seat: int) -> list[Any]:
    """The options of ``seat``'s decision, card ids shown as names."""
    d = s.decision(seat)
    if d.kind in ("CHOOSE_TARGET", "CHOOSE_DEAL_COUNT"):
        return list(d.options)
    if d.kind == "DEAL_GIVE":
        return [tuple(CARDS.names[t] for t in o) for o in d.options]
    return [CARDS.names[t] for t in d.options]


def public_text(s: MonsterState) -> list[str]:
    return list(s.public_log())
