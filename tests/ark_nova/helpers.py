"""Builders and checks for Ark Nova tests.

``table(n)`` gives a real set-up game whose hands are empty (the drafted cards go back
into the deck), at the start player's first action choice. Tests then move exactly the
cards a rule needs (``give``, ``build``, ``house``) and answer decisions by option value
(``pick``), so each test reads like the rulebook section it checks::

    s = table(2)
    give(s, 0, 401)
    build(s, 0, ENC_T[5], [(2, 5), ...])
    pick(s, 0, UseCard.of(ANIMALS))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.ark_nova.cards.catalog import EXPECTED_IDS
from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.map.buildings import TYPES, footprints
from engine.ark_nova.map.hexgrid import INDEX
from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import Option
from engine.ark_nova.rules import zoo
from engine.core.game import GameConfig
from engine.core.rng import GameRng
from engine.toolkit import flow


def new_game(n: int = 2, seed: int = 0, map_id: str = "A") -> ArkNovaState:
    return ArkNovaState.new(GameConfig(n, {"map": map_id}), seed)


def finish_draft(g: ArkNovaState) -> None:
    """Answer the starting draft with the first option every time."""
    while g.s.turn_no == 0:
        seat = g.pending_seats()[0]
        g.apply(seat, 0)


def table(n: int = 2, seed: int = 0, map_id: str = "A") -> State:
    """A set-up game after the draft, hands emptied into the deck, start player to act."""
    g = new_game(n, seed, map_id)
    finish_draft(g)
    s = g.s
    for p in s.players:
        s.deck.extend(p.hand)
        p.hand.clear()
    reask(s)
    return s


def reask(s: State) -> None:
    """List the pending decision's options again after a test changed the state."""
    s.asked.clear()
    s.asked_step = None
    s.offered = None
    flow.advance(s)


def where(s: State, card: int) -> list[str]:
    """Every place the card is (for the exactly-once invariant)."""
    places = []
    pools: list[tuple[str, Iterable[int]]] = [
        ("deck", s.deck), ("discard", s.discard), ("display", s.display),
        ("base_row", s.base_row), ("project_row", s.project_row),
        ("unused_base", s.unused_base), ("draft_discards", s.draft_discards),
        ("final_deck", s.final_deck),
    ]
    for i, p in enumerate(s.players):
        pools += [(f"hand{i}", p.hand), (f"limbo{i}", p.limbo), (f"animals{i}", p.animals),
                  (f"sponsors{i}", p.sponsors), (f"finals{i}", p.finals)]
        for k, v in p.pouched.items():
            pools.append((f"pouch{i}:{k}", v))
    for name, pool in pools:
        places.extend(name for c in pool if c == card)
    return places


def take_out(s: State, card: int) -> None:
    """Remove a card from wherever it is."""
    for lst in (s.deck, s.discard, s.base_row, s.project_row, s.unused_base, s.final_deck,
                *(p.hand for p in s.players), *(p.limbo for p in s.players),
                *(p.finals for p in s.players)):
        if card in lst:
            lst.remove(card)
            return
    if card in s.display:
        s.display[s.display.index(card)] = -1
        return
    raise AssertionError(f"card {card} is nowhere free to take")


def give(s: State, seat: int, *cards: int) -> None:
    """Move cards into a player's hand."""
    for c in cards:
        take_out(s, c)
        s.players[seat].hand.append(c)


def to_display(s: State, folder: int, card: int) -> None:
    take_out(s, card)
    old = s.display[folder - 1]
    if old >= 0:
        s.deck.append(old)
    s.display[folder - 1] = card


def cells(*col_rows: tuple[int, int]) -> list[int]:
    return [INDEX[cr] for cr in col_rows]


def cell_bit(col_row: tuple[int, int]) -> int:
    """The bit of one cell (col, row) in a cell mask."""
    return 1 << INDEX[col_row]


def build(s: State, seat: int, code: int, col_rows: Sequence[tuple[int, int]]) -> int:
    """Put a building on exact cells with no bonuses (setting a scene). Returns its index."""
    p = s.players[seat]
    want = sorted(cells(*col_rows))
    for f in footprints(p.map, TYPES[code].shape):
        if sorted(f.p.cells) == want:
            return zoo.add_building(p, code, f)
    raise AssertionError(f"no footprint of {TYPES[code].name} covers {col_rows}")


def house_animal(s: State, seat: int, card: int, building: int) -> None:
    """Put an animal into a zoo directly (scene setting, no effects)."""
    take_out(s, card)
    p = s.players[seat]
    c = s.cards[card]
    zoo.house(p, c, building)
    p.animals.append(card)
    for i, k in enumerate(c.icons):
        p.icons[i] += k


def add_sponsor(s: State, seat: int, card: int) -> None:
    """Put a sponsor into a zoo directly (scene setting, no effects)."""
    take_out(s, card)
    p = s.players[seat]
    p.sponsors.append(card)
    for i, k in enumerate(s.cards[card].icons):
        p.icons[i] += k


def options(s: State) -> list[Option]:
    assert s.asked, "no decision is pending"
    ((_seat, opts),) = s.asked.items()
    return list(opts)


def seat_of(s: State) -> int:
    (seat,) = s.asked
    return seat


def kind(s: State) -> str:
    return s.asked_step.kind


def pick(s: State, seat: int, option: Any) -> None:
    """Choose an option by value; fails if it is not offered."""
    opts = s.asked.get(seat)
    assert opts is not None, f"seat {seat} owes no decision (pending: {list(s.asked)})"
    assert option in opts, f"{option!r} not in {list(opts)} ({s.asked_step})"
    flow.choose(s, seat, list(opts).index(option))


def push(s: State, *steps: Any) -> None:
    """Push steps (first given runs first) and run until a decision."""
    s.asked.clear()
    s.asked_step = None
    s.offered = None
    s.steps.extend(reversed(steps))
    flow.advance(s)


def run_effects(s: State, seat: int, effects: Sequence[Any], src: int = 0) -> None:
    """Fire effects now, on an otherwise empty step stack, and run until a decision."""
    from engine.ark_nova.rules.dispatch import schedule

    s.steps.clear()
    s.asked.clear()
    s.asked_step = None
    s.offered = None
    schedule(s, seat, src, list(effects))
    flow.advance(s)


def settle(s: State, choose_first: bool = True) -> None:
    """Answer every pending decision with its first option until none is left."""
    while s.asked:
        seat = seat_of(s)
        flow.choose(s, seat, 0 if choose_first else len(s.asked[seat]) - 1)


ALL_IDS = sorted(EXPECTED_IDS)


def all_cards(s: State) -> list[int]:
    """Every card in every place (display gaps excluded), with repeats."""
    out = [*s.deck, *s.discard, *(c for c in s.display if c >= 0), *s.base_row,
           *s.project_row, *s.unused_base, *s.draft_discards, *s.final_deck]
    for p in s.players:
        out += [*p.hand, *p.limbo, *p.animals, *p.sponsors, *p.finals]
        for v in p.pouched.values():
            out += v
    return out


SOLO_IDS = [c for c in ALL_IDS if c != 9]  # final scoring card 009 is removed in solo


def check_invariants(s: State) -> None:
    """Every card in exactly one place (solo: 009 in none); money, X-tokens and the tracks
    in bounds."""
    expected = SOLO_IDS if s.n == 1 else ALL_IDS
    if sorted(all_cards(s)) != expected:
        for c in expected:
            places = where(s, c)
            assert len(places) == 1, f"card {c} is in {places or 'no place'}"
        assert 9 in expected or not where(s, 9), "card 9 is in a solo game"
    for i, p in enumerate(s.players):
        assert p.money >= 0, (i, p.money)
        assert 0 <= p.x <= 5, (i, p.x)
        assert 0 <= p.appeal <= 113, (i, p.appeal)
        assert 0 <= p.cp <= 41, (i, p.cp)
        assert 1 <= p.rep <= (15 if p.side2[3] else 9), (i, p.rep)
        assert 1 <= p.workers_total <= 4
        assert p.workers_active + sum(p.workers_on) == p.workers_total
        assert all(0 <= w <= 3 for w in p.workers_on)
        assert p.supply_tokens >= 0
        assert sorted(p.order) == [0, 1, 2, 3, 4]
        assert len(p.partner_zoos) == len(set(p.partner_zoos)) <= 4
        assert len(p.universities) == len(set(p.universities)) <= 3
    assert 0 <= s.break_pos <= s.break_len


def play_random(n: int, seed: int, check: bool = False, limit: int = 100_000) -> ArkNovaState:
    """A full game between uniformly random choices."""
    g = ArkNovaState.new(GameConfig(n, {}), seed)
    rng = GameRng(seed + 7919)
    for _ in range(limit):
        if g.is_terminal():
            return g
        seat = g.pending_seats()[0]
        g.apply(seat, rng.randrange(len(g.decision(seat).options)))
        if check:
            check_invariants(g.s)
    raise AssertionError("no end after the step limit")
