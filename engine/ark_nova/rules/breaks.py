"""The break (spec 14): hand limit, tokens, association board, display, income, reset.

Each player's part that needs choices (hand-limit discards, income effects) is resolved
by that player in turn, starting with the player who triggered the break.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ark_nova.cards import map_bonuses, sponsors
from engine.ark_nova.model.events import BreakStarted, EndTriggered
from engine.ark_nova.model.state import UNI_HAND, Player, State
from engine.ark_nova.model.steps import Step
from engine.ark_nova.rules import cardflow, endgame, icons, map_rules, solo
from engine.ark_nova.rules.metrics import kiosk_income
from engine.ark_nova.rules.scoring import appeal_income


def base_income(p: Player) -> int:
    """The money a break pays before any other income: appeal income plus kiosks."""
    return appeal_income(p.appeal) + kiosk_income(p)


def hand_limit(s: State, seat: int) -> int:
    return 5 if UNI_HAND in s.players[seat].universities else 3


def start_break(s: State) -> None:
    """Push the break's steps (on top of whatever follows it)."""
    s.in_break = True
    s.log.append(BreakStarted(s.break_trigger))
    order = [(s.break_trigger + k) % s.n for k in range(s.n)]
    steps = s.steps
    steps.append(BreakEnd())
    steps.extend(Income(seat) for seat in reversed(order))
    steps.append(BreakCleanup())
    steps.extend(HandLimit(seat) for seat in reversed(order))


@dataclass(frozen=True, slots=True)
class HandLimit(Step):
    """Step 1: discard down to the hand limit."""

    seat: int

    def run(self, s: State) -> None:
        excess = len(s.players[self.seat].hand) - hand_limit(s, self.seat)
        if excess > 0:
            s.steps.append(cardflow.Discard(self.seat, excess))


@dataclass(frozen=True, slots=True)
class BreakCleanup(Step):
    """Steps 2-4: tokens off, workers back, association board and display refreshed."""

    def run(self, s: State) -> None:
        for p in s.players:
            p.venom = [0] * 5
            p.constriction = [0] * 5
            p.mult_active = [0] * 5
            p.mult_inactive = [0] * 5
            p.workers_active += sum(p.workers_on)
            p.workers_on = [0, 0, 0, 0]
        s.partner_avail = 0b11111
        s.univ_avail = 0b111
        for f in (0, 1):
            if s.display[f] >= 0:
                s.discard.append(s.display[f])
                s.display[f] = -1
        cardflow.refill_display(s)


@dataclass(frozen=True, slots=True)
class Income(Step):
    """Step 5: appeal income, kiosk income, then recurring left spaces, sponsor income and
    map income (resolved by the player now)."""

    seat: int

    def run(self, s: State) -> None:
        seat = self.seat
        p = s.players[seat]
        p.money += base_income(p)
        todo: list[icons.Triple] = []
        for i, space in enumerate(p.map.left_track):
            if space.recurring and not (p.left_tokens >> i) & 1:
                todo.extend((seat, 0, e) for e in map_bonuses.left_track_effects(space.bonus))
        for sid in p.sponsors:
            todo.extend((seat, sid, e) for e in sponsors.get(sid).income)
        todo.extend((seat, 0, e) for e in map_rules.income(s, seat))
        icons.schedule_triples(s, todo)


@dataclass(frozen=True, slots=True)
class BreakEnd(Step):
    """Step 6, then the end check at the end of a break (spec 15.2)."""

    def run(self, s: State) -> None:
        s.break_pos = 0
        s.break_due = False
        s.break_trigger = -1
        s.in_break = False
        if solo.is_solo(s):
            solo.end_of_break(s)
        elif not s.end_triggered and endgame.anyone_reached(s):
            s.end_triggered = True
            s.turns_left = s.n
            s.log.append(EndTriggered(s.n))
