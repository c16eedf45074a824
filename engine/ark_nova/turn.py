"""Turn structure (spec 4), action cards and their tokens (spec 5.6, 5.7, 6), extra actions
(Action, Determination, Hypnosis) and the end-of-turn bookkeeping with the end trigger
(spec 15.2).

Playing an action pushes ``FinishAction`` (multipliers, moving the card, after-finishing
effects) under the action's own steps; ``defer`` adds an after-finishing step to the
innermost running action.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace

from engine.ark_nova import actions, breaks, cardflow, endgame, tracks
from engine.ark_nova.cards import ACTION_NAMES
from engine.ark_nova.options import (
    ACTION_TYPE,
    SEAT,
    SLOT,
    SPEND_X,
    STOP,
    TAKE_X,
    USE_CARD,
    ActionType,
    Seat,
    Slot,
    TakeX,
    UseCard,
)
from engine.ark_nova.state import Player, State
from engine.ark_nova.steps import Decision, Step

NORMAL, EXTRA_ANY, EXTRA_TYPE, HYPNOSIS = range(4)
QUARANTINE = 225


@dataclass(frozen=True, slots=True)
class Ctx:
    """One execution of an action: who acts, with whose card, at what strength."""

    seat: int
    action: int
    strength: int
    side2: bool
    owner: int


def base_strength(p: Player, action: int) -> int:
    return p.order.index(action) + 1 - 2 * p.constriction[action]


def move_card(p: Player, action: int, slot: int) -> None:
    """Put a card into slot 1 or 5, shifting the cards in between (spec 18)."""
    p.order.remove(action)
    p.order.insert(slot - 1, action)


# ----------------------------------------------------------------------------- turn


@dataclass(frozen=True, slots=True)
class StartTurn(Step):
    seat: int

    def run(self, s: State) -> None:
        s.active = self.seat
        s.turn_no += 1
        s.venom_cleared = False
        s.players[self.seat].harbour_used = False
        s.frames.append(EndTurn(self.seat))
        s.frames.append(ChooseAction(self.seat, NORMAL))


def strength_range(s: State, seat: int, owner: int, action: int) -> tuple[int, int, int]:
    """(base strength, fewest X to make the action performable, most X worth spending);
    fewest is -1 if no number of X-tokens makes it performable."""
    p = s.players[seat]
    o = s.players[owner]
    base = base_strength(o, action)
    side2 = o.side2[action]
    most = p.x
    cap = actions.useful_strength(action, side2)
    if cap:
        most = max(0, min(most, cap - base))
    for k in range(max(0, 1 - base), p.x + 1):
        if actions.feasible(s, Ctx(seat, action, base + k, side2, owner)):
            return base, k, max(k, most)
    return base, -1, -1


def can_use(s: State, seat: int, owner: int, action: int) -> bool:
    """The action is performable with all of ``seat``'s X-tokens (strength is monotone)."""
    o = s.players[owner]
    strength = base_strength(o, action) + s.players[seat].x
    return strength >= 1 and actions.feasible(
        s, Ctx(seat, action, strength, o.side2[action], owner))


@dataclass(frozen=True, slots=True)
class ChooseAction(Decision):
    """Choose an action card: perform its action, or take the X-token action with it.

    ``mode``: NORMAL turn; EXTRA_ANY (Determination: optional, X-token action allowed);
    EXTRA_TYPE (Action: only card ``only``, optional); HYPNOSIS (``owner``'s cards in slots
    1..``max_slot``, optional).
    """

    seat: int
    mode: int
    only: int = -1
    owner: int = -1
    max_slot: int = 5
    kind = "CHOOSE_ACTION"

    def _owner(self) -> int:
        return self.seat if self.owner < 0 else self.owner

    def options(self, s: State) -> list[Hashable]:
        owner = self._owner()
        o = s.players[owner]
        cards = range(5) if self.only < 0 else (self.only,)
        out: list[Hashable] = [
            USE_CARD[a] for a in cards
            if o.order.index(a) < self.max_slot and can_use(s, self.seat, owner, a)
        ]
        if self.mode in (NORMAL, EXTRA_ANY) and s.players[self.seat].x < tracks.X_MAX:
            out.extend(TAKE_X[a] for a in range(5))
        if self.mode != NORMAL:
            out.append(STOP)
        return out

    def apply(self, s: State, opt: Hashable) -> None:
        if isinstance(opt, TakeX):
            take_x_action(s, self.seat, opt.action)
        elif isinstance(opt, UseCard):
            owner = self._owner()
            base = base_strength(s.players[owner], opt.action)
            s.frames.append(FinishAction(self.seat, opt.action, owner, base))
            s.frames.append(AskStrength(self.seat, opt.action, owner, base))

    def describe(self, s: State, opt: Hashable) -> str:
        if isinstance(opt, TakeX):
            return f"X-token action with {ACTION_NAMES[opt.action]}"
        if isinstance(opt, UseCard):
            o = s.players[self._owner()]
            return (f"{ACTION_NAMES[opt.action]} ({'II' if o.side2[opt.action] else 'I'}, "
                    f"slot {o.slot_of(opt.action)})")
        return "no extra action"


def take_x_action(s: State, seat: int, action: int) -> None:
    """Spec 5.6: +1 X, the card to slot 1 losing its venom/constriction."""
    p = s.players[seat]
    tracks.gain_x(s, seat, 1)
    clear_and_move(s, seat, seat, action)
    activate_multipliers(p)


def clear_and_move(s: State, seat: int, owner: int, action: int) -> None:
    o = s.players[owner]
    if o.venom[action] and owner == seat:
        s.venom_cleared = True
    o.venom[action] = 0
    o.constriction[action] = 0
    move_card(o, action, 1)


def activate_multipliers(p: Player) -> None:
    for a in range(5):
        if p.mult_inactive[a]:
            p.mult_active[a] += p.mult_inactive[a]
            p.mult_inactive[a] = 0


@dataclass(frozen=True, slots=True)
class AskStrength(Decision):
    """How many X-tokens to spend (+1 strength each) before the action (spec 4 step 2)."""

    seat: int
    action: int
    owner: int
    base: int
    kind = "SPEND_X_TOKENS"

    def options(self, s: State) -> list[Hashable]:
        _, fewest, most = strength_range(s, self.seat, self.owner, self.action)
        if fewest < 0:
            return []
        return [SPEND_X[k] for k in range(fewest, most + 1)]

    def apply(self, s: State, opt: Hashable) -> None:
        k = opt.count  # type: ignore[attr-defined]
        s.players[self.seat].x -= k
        o = s.players[self.owner]
        actions.begin(s, Ctx(self.seat, self.action, self.base + k, o.side2[self.action],
                             self.owner))

    def describe(self, s: State, opt: Hashable) -> str:
        k = opt.count  # type: ignore[attr-defined]
        return f"spend {k} X-token{'s' if k != 1 else ''}: strength {self.base + k}"


@dataclass(frozen=True, slots=True)
class FinishAction(Step):
    """Spec 4 steps 4-6 for one played card: repeat for active multipliers, move the card
    to slot 1, activate inactive multipliers, then the collected after-finishing steps."""

    seat: int
    action: int
    owner: int
    base: int
    after: tuple[Step, ...] = ()

    def run(self, s: State) -> None:
        p = s.players[self.seat]
        if (self.owner == self.seat and p.mult_active[self.action]
                and strength_range(s, self.seat, self.seat, self.action)[1] >= 0):
            p.mult_active[self.action] -= 1
            s.frames.append(self)
            s.frames.append(AskStrength(self.seat, self.action, self.seat, self.base))
            return
        clear_and_move(s, self.seat, self.owner, self.action)
        activate_multipliers(p)
        s.frames.extend(reversed(self.after))


def defer(s: State, step: Step) -> None:
    """Add an after-finishing step to the innermost running action (or run it next)."""
    frames = s.frames
    for i in range(len(frames) - 1, -1, -1):
        f = frames[i]
        if isinstance(f, FinishAction):
            frames[i] = replace(f, after=(*f.after, step))
            return
    frames.append(step)


def running_action(s: State, seat: int) -> int:
    """The card type ``seat`` is executing now with his own card, or -1."""
    for f in reversed(s.frames):
        if isinstance(f, FinishAction) and f.seat == seat:
            return f.action if f.owner == seat else -1
    return -1


def add_multiplier(s: State, seat: int, action: int) -> None:
    """Spec 6.3: inactive on the card in use until step 5, else active at once."""
    p = s.players[seat]
    if running_action(s, seat) == action:
        p.mult_inactive[action] += 1
    else:
        p.mult_active[action] += 1


@dataclass(frozen=True, slots=True)
class ChooseMultiplierCard(Decision):
    seat: int
    kind = "MULTIPLIER_CARD"

    def options(self, s: State) -> list[Hashable]:
        return list(ACTION_TYPE)

    def apply(self, s: State, opt: Hashable) -> None:
        add_multiplier(s, self.seat, opt.action)  # type: ignore[attr-defined]

    def describe(self, s: State, opt: Hashable) -> str:
        return f"multiplier on {ACTION_NAMES[opt.action]}"  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class MoveCard(Decision):
    """move_action_card: ``action`` -1 = any card (Clever: to slot 1); else that card to
    one of ``slots`` (Boost: 1 or 5). Optional."""

    seat: int
    action: int
    slots: tuple[int, ...]
    kind = "MOVE_ACTION_CARD"

    def options(self, s: State) -> list[Hashable]:
        p = s.players[self.seat]
        out: list[Hashable]
        if self.action < 0:
            out = [ACTION_TYPE[a] for a in range(5) if p.order.index(a) + 1 not in self.slots]
        else:
            cur = p.order.index(self.action) + 1
            out = [SLOT[k] for k in self.slots if k != cur]
        if out:
            out.append(STOP)
        return out

    def apply(self, s: State, opt: Hashable) -> None:
        p = s.players[self.seat]
        if isinstance(opt, ActionType):
            move_card(p, opt.action, self.slots[0])
        elif isinstance(opt, Slot):
            move_card(p, self.action, opt.slot)

    def describe(self, s: State, opt: Hashable) -> str:
        if isinstance(opt, ActionType):
            return f"move {ACTION_NAMES[opt.action]} to slot {self.slots[0]}"
        if isinstance(opt, Slot):
            return f"move {ACTION_NAMES[self.action]} to slot {opt.slot}"
        return "leave the cards"


def start_extra_action(s: State, seat: int, action: int) -> None:
    """Action:<type> (``action`` >= 0) or Determination (-1), both optional."""
    if action < 0:
        s.frames.append(ChooseAction(seat, EXTRA_ANY))
    else:
        s.frames.append(ChooseAction(seat, EXTRA_TYPE, only=action))


def interactive_targets(s: State, seat: int) -> list[int]:
    """Other players an interactive effect may affect: >= 5 appeal, no sponsor 225."""
    return [q for q in range(s.n) if q != seat and s.players[q].appeal >= 5
            and QUARANTINE not in s.players[q].sponsors]


@dataclass(frozen=True, slots=True)
class HypnosisTarget(Decision):
    """Hypnosis N: the eligible player with the most appeal (ties: choose, D-13)."""

    seat: int
    max_slot: int
    kind = "HYPNOSIS_TARGET"

    def options(self, s: State) -> list[Hashable]:
        targets = interactive_targets(s, self.seat)
        if not targets:
            return []
        top = max(s.players[q].appeal for q in targets)
        return [SEAT[q] for q in targets if s.players[q].appeal == top]

    def apply(self, s: State, opt: Hashable) -> None:
        assert isinstance(opt, Seat)
        s.frames.append(ChooseAction(self.seat, HYPNOSIS, owner=opt.seat,
                                     max_slot=self.max_slot))

    def describe(self, s: State, opt: Hashable) -> str:
        return f"hypnotise seat {opt.seat}"  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- end of turn


def venom_payment(s: State, seat: int) -> None:
    """Spec 6.4 / D-12: 2 money once per turn unless a venom card was used."""
    p = s.players[seat]
    if any(p.venom) and not s.venom_cleared and p.money >= 2:
        p.money -= 2


@dataclass(frozen=True, slots=True)
class EndTurn(Step):
    """Spec 4 step 7 and 15.2: refill, venom, end check, then a due break."""

    seat: int

    def run(self, s: State) -> None:
        if s.display_dirty:
            cardflow.refill_display(s)
        venom_payment(s, self.seat)
        if s.end_triggered:
            s.turns_left -= 1
        elif endgame.anyone_reached(s):
            s.end_triggered = True
            s.turns_left = s.n - 1
        s.frames.append(NextTurn(self.seat))
        if s.break_due:
            breaks.start_break(s)


@dataclass(frozen=True, slots=True)
class NextTurn(Step):
    seat: int

    def run(self, s: State) -> None:
        if s.end_triggered and s.turns_left <= 0:
            endgame.finish(s)
            return
        s.frames.append(StartTurn((self.seat + 1) % s.n))
