"""Builders for Epic Resort scenario positions.

``bare(n)`` gives a State with no cards dealt; tests then place exactly the cards a rule
needs and push the step under test, e.g.::

    s = bare(2)
    put(s, 0, 0, "beach", tourists=2)
    start(s, PHASE1_RESOLVE)

Options are the game's typed values: ``pick(s, 0, PlanWorker(APP, 1))``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.game import GameConfig
from engine.core.option import Option
from engine.core.rng import GameRng
from engine.epic_resort.attacks import StartAttack
from engine.epic_resort.card_defs import ATTACK, DOUBLE_ATTACK, HERO, TOURIST
from engine.epic_resort.cards import default_cards
from engine.epic_resort.events import describe_event
from engine.epic_resort.game_state import EpicResortState
from engine.epic_resort.params import make_params
from engine.epic_resort.season import CardDone
from engine.epic_resort.state import State
from engine.epic_resort.turns import Turn
from engine.toolkit import flow

CARDS = default_cards()


def bare(n: int = 2, options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
    s = State(CARDS, make_params(options or {}), n, GameRng(seed))
    s.season = 1
    return s


def new_game(
    n: int = 2, seed: int = 0, options: Mapping[str, Any] | None = None
) -> EpicResortState:
    """A real set-up game, every starting layout answered with option 0."""
    g = EpicResortState.new(GameConfig(n, dict(options or {})), seed)
    while g.decision(g.pending_seats()[0]).kind == "STARTING_LAYOUT":
        g.apply(g.pending_seats()[0], 0)
    return g


def att(name: str) -> int:
    return CARDS.attraction_index[name]


def worker(name: str) -> int:
    return CARDS.worker_index[name]


def _main(kind: int, name: str, copy: int = 0) -> int:
    defs = CARDS.tourists if kind == TOURIST else CARDS.heroes if kind == HERO else CARDS.attacks
    k = [d.id for d in defs].index(name)
    ids = [c for c, (kd, i) in enumerate(CARDS.main_cards) if kd == kind and i == k]
    return ids[copy]


def hero(name: str) -> int:
    return _main(HERO, name)


def tourist(name: str, copy: int = 0) -> int:
    return _main(TOURIST, name, copy)


def attack_card(name: str = "attack_01") -> int:
    kind = DOUBLE_ATTACK if name.startswith("double") else ATTACK
    return _main(kind, name)


def monster(name: str, copy: int = 0) -> int:
    k = [m.id for m in CARDS.monsters].index(name)
    return [c for c, (m, _) in enumerate(CARDS.monster_copies) if m == k][copy]


def put(s: State, seat: int, slot: int, name: str, tourists: int = 0, workers: tuple[str, ...] = (),
        hero_name: str | None = None, health: int | None = None, damage: int = 0,
        locked: bool = False) -> None:
    sl = s.players[seat].slots[slot]
    sl.stack = [att(name)]
    sl.tourists = tourists
    sl.damage = damage
    sl.locked = locked
    sl.workers = [worker(w) for w in workers]
    if hero_name is not None:
        sl.hero = hero(hero_name)
        h = CARDS.heroes[CARDS.main_cards[sl.hero][1]]
        sl.hero_health = h.start if health is None else health


def start(s: State, *steps: flow.Step) -> None:
    """Push ``steps`` (first listed resolves first) and run to the next decision."""
    for step in reversed(steps):
        s.steps.append(step)
    flow.advance(s)


def pending(s: State) -> tuple[int, ...]:
    return tuple(sorted(s.asked))


def opts(s: State, seat: int) -> list[Option]:
    """The options of ``seat``'s pending decision (fails the test if it owes none)."""
    assert seat in s.asked, f"seat {seat} owes no decision (pending: {pending(s)})"
    return list(s.asked[seat])


def pick(s: State, seat: int, option: Option) -> None:
    """Choose the option with this value (fails the test if it is not legal)."""
    legal = opts(s, seat)
    assert option in legal, f"{option!r} not in {legal!r}"
    flow.choose(s, seat, legal.index(option))


def logged(s: State, kind: str) -> list[str]:
    """The public log's lines of events of ``kind``, as a replay shows them."""
    return [describe_event(s.cards, ev) for ev in s.log if ev.kind == kind]


def top_step(s: State) -> flow.Step | None:
    return s.steps[-1] if s.steps else None


def turn(s: State, seat: int = 0) -> None:
    """Start ``seat``'s Phase II turn (no main action taken yet) and run to its menu."""
    s.turn_seat = seat
    s.main_done = False
    start(s, Turn(seat))


SPARE = "wild_boar"  # a monster left in the deck so the game does not end


def attack(s: State, monster_name: str, card: str = "attack_01", spare: bool = True) -> int:
    """Resolve one Attack! card against the given monster (a spare one stays in the deck)."""
    s.monster_deck = ([monster(SPARE, 1)] if spare else []) + [monster(monster_name)]
    c = attack_card(card)
    start(s, StartAttack(c), CardDone(c))
    return c
