"""Turn structure (spec 4), action cards and their tokens (spec 5.6, 5.7, 6), extra actions
(Action, Determination, Hypnosis) and the end-of-turn bookkeeping with the end trigger
(spec 15.2).

Playing an action pushes ``FinishAction`` (multipliers, moving the card, after-finishing
effects) under the action's own steps; ``defer`` adds an after-finishing step to the
innermost running action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.ark_nova.cards.catalog import ACTION_NAMES
from engine.ark_nova.map.maps import HARBOUR
from engine.ark_nova.model.ctx import Ctx
from engine.ark_nova.model.events import EndTriggered
from engine.ark_nova.model.state import Player, State
from engine.ark_nova.model.steps import DECLINE, Ask, Option, Step
from engine.ark_nova.rules import (
    actions,
    breaks,
    cardflow,
    endgame,
    harbour,
    passives,
    solo,
    tracks,
)

NORMAL, EXTRA_ANY, EXTRA_TYPE, HYPNOSIS = range(4)


def base_strength(p: Player, action: int) -> int:
    return p.order.index(action) + 1 - 2 * p.constriction[action]


def move_card(p: Player, action: int, slot: int) -> None:
    """Put a card into slot 1 or 5, shifting the cards in between (spec 18)."""
    p.order.remove(action)
    p.order.insert(slot - 1, action)


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


# ----------------------------------------------------------------------------- turn


@dataclass(frozen=True, slots=True)
class StartTurn(Step):
    seat: int

    def run(self, s: State) -> None:
        s.active = self.seat
        s.turn_no += 1
        s.venom_cleared = False
        p = s.players[self.seat]
        p.harbour_used = False
        s.steps.append(EndTurn(self.seat))
        if p.map.rule == HARBOUR:
            s.steps.append(harbour.HarbourLast(self.seat))
        s.steps.append(ChooseAction(self.seat, NORMAL))


@dataclass(frozen=True, slots=True)
class ChooseAction(Ask):
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
    decline_label = "no extra action"

    def card_owner(self) -> int:
        return self.seat if self.owner < 0 else self.owner

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        out: list[Option] = UseCard.legal(s, self)
        if self.mode in (NORMAL, EXTRA_ANY):
            out.extend(TakeX.legal(s, seat))
        if self.mode != NORMAL:
            out.append(DECLINE)
        if out:
            out.extend(harbour.offer(s, seat))
        return out


@dataclass(frozen=True, slots=True)
class UseCard(Option):
    """Perform the action of an action card (spec 4 step 1a)."""

    action: int

    @classmethod
    def legal(cls, s: State, step: ChooseAction) -> list[Option]:
        owner = step.card_owner()
        order = s.players[owner].order
        cards = range(5) if step.only < 0 else (step.only,)
        return [cls.of(a) for a in cards
                if order.index(a) < step.max_slot and can_use(s, step.seat, owner, a)]

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, ChooseAction)
        owner = step.card_owner()
        base = base_strength(s.players[owner], self.action)
        s.steps.append(FinishAction(seat, self.action, owner, base))
        s.steps.append(AskStrength(seat, self.action, owner, base))

    def describe(self, s: State, seat: int) -> str:
        step = s.steps[-1]
        assert isinstance(step, ChooseAction)
        o = s.players[step.card_owner()]
        side = "II" if o.side2[self.action] else "I"
        return f"{ACTION_NAMES[self.action]} ({side}, slot {o.slot_of(self.action)})"


@dataclass(frozen=True, slots=True)
class TakeX(Option):
    """The X-token action with this card (spec 5.6): +1 X, the card to slot 1."""

    action: int

    @classmethod
    def legal(cls, s: State, seat: int) -> list[Option]:
        if s.players[seat].x >= tracks.X_MAX:
            return []
        return [cls.of(a) for a in range(5)]

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        tracks.gain_x(s, seat, 1)
        clear_and_move(s, seat, seat, self.action)
        activate_multipliers(s.players[seat])

    def describe(self, s: State, seat: int) -> str:
        return f"X-token action with {ACTION_NAMES[self.action]}"


def clear_and_move(s: State, seat: int, owner: int, action: int) -> None:
    """Spec 4 step 5: the used card to slot 1 without its venom/constriction tokens."""
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
class AskStrength(Ask):
    """How many X-tokens to spend (+1 strength each) before the action (spec 4 step 2)."""

    seat: int
    action: int
    owner: int
    base: int
    kind = "SPEND_X_TOKENS"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        _, fewest, most = strength_range(s, self.seat, self.owner, self.action)
        if fewest < 0:
            return ()
        return [SpendX.of(k) for k in range(fewest, most + 1)]


@dataclass(frozen=True, slots=True)
class SpendX(Option):
    count: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, AskStrength)
        s.players[seat].x -= self.count
        o = s.players[step.owner]
        actions.begin(s, Ctx(seat, step.action, step.base + self.count,
                             o.side2[step.action], step.owner))

    def describe(self, s: State, seat: int) -> str:
        step = s.steps[-1]
        base = step.base if isinstance(step, AskStrength) else 0
        plural = "s" if self.count != 1 else ""
        return f"spend {self.count} X-token{plural}: strength {base + self.count}"


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
            s.steps.append(self)
            s.steps.append(AskStrength(self.seat, self.action, self.seat, self.base))
            return
        clear_and_move(s, self.seat, self.owner, self.action)
        activate_multipliers(p)
        s.steps.extend(reversed(self.after))


def defer(s: State, step: Step) -> None:
    """Add an after-finishing step to the innermost running action (or run it next)."""
    steps = s.steps
    for i in range(len(steps) - 1, -1, -1):
        f = steps[i]
        if isinstance(f, FinishAction):
            steps[i] = replace(f, after=(*f.after, step))
            return
    steps.append(step)


def running_action(s: State, seat: int) -> int:
    """The card type ``seat`` is executing now with his own card, or -1."""
    for f in reversed(s.steps):
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
class ChooseMultiplierCard(Ask):
    seat: int
    kind = "MULTIPLIER_CARD"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [MultiplierOn.of(a) for a in range(5)]


@dataclass(frozen=True, slots=True)
class MultiplierOn(Option):
    action: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        add_multiplier(s, seat, self.action)

    def describe(self, s: State, seat: int) -> str:
        return f"multiplier on {ACTION_NAMES[self.action]}"


@dataclass(frozen=True, slots=True)
class MoveCard(Ask):
    """move_action_card: ``action`` -1 = any card (Clever: to slot 1); else that card to
    one of ``slots`` (Boost: 1 or 5). Optional."""

    seat: int
    action: int
    slots: tuple[int, ...]
    kind = "MOVE_ACTION_CARD"
    decline_label = "leave the cards"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        p = s.players[seat]
        out: list[Option]
        if self.action < 0:
            out = [CardToSlot.of(a, self.slots[0]) for a in range(5)
                   if p.order.index(a) + 1 not in self.slots]
        else:
            cur = p.order.index(self.action) + 1
            out = [CardToSlot.of(self.action, k) for k in self.slots if k != cur]
        if out:
            out.append(DECLINE)
        return out


@dataclass(frozen=True, slots=True)
class CardToSlot(Option):
    action: int
    slot: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        move_card(s.players[seat], self.action, self.slot)

    def describe(self, s: State, seat: int) -> str:
        return f"move {ACTION_NAMES[self.action]} to slot {self.slot}"


def start_extra_action(s: State, seat: int, action: int) -> None:
    """Action:<type> (``action`` >= 0) or Determination (-1), both optional."""
    if action < 0:
        s.steps.append(ChooseAction(seat, EXTRA_ANY))
    else:
        s.steps.append(ChooseAction(seat, EXTRA_TYPE, only=action))


def interactive_targets(s: State, seat: int) -> list[int]:
    """Other players an interactive effect may affect: >= 5 appeal, no sponsor 225."""
    return [q for q in range(s.n) if q != seat and s.players[q].appeal >= 5
            and not passives.has_mod(s.players[q], "immune_interactive")]


@dataclass(frozen=True, slots=True)
class HypnosisTarget(Ask):
    """Hypnosis N: the eligible player with the most appeal (ties: choose, D-13)."""

    seat: int
    max_slot: int
    kind = "HYPNOSIS_TARGET"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        targets = interactive_targets(s, seat)
        if not targets:
            return ()
        top = max(s.players[q].appeal for q in targets)
        return [Hypnotise.of(q) for q in targets if s.players[q].appeal == top]


@dataclass(frozen=True, slots=True)
class Hypnotise(Option):
    target: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, HypnosisTarget)
        s.steps.append(ChooseAction(seat, HYPNOSIS, owner=self.target, max_slot=step.max_slot))

    def describe(self, s: State, seat: int) -> str:
        return f"hypnotise seat {self.target}"


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
        if solo.is_solo(s):
            tick = solo.tick_clock(s)
            if tick == solo.FINAL_SCORING:
                endgame.finish(s)
                return
            s.steps.append(NextTurn(self.seat))
            if tick == solo.BREAK:
                s.break_trigger = self.seat
                breaks.start_break(s)
            return
        if s.end_triggered:
            s.turns_left -= 1
        elif endgame.anyone_reached(s):
            s.end_triggered = True
            s.turns_left = s.n - 1
            s.log.append(EndTriggered(s.n - 1))
        s.steps.append(NextTurn(self.seat))
        if s.break_due:
            breaks.start_break(s)


@dataclass(frozen=True, slots=True)
class NextTurn(Step):
    seat: int

    def run(self, s: State) -> None:
        if s.end_triggered and s.turns_left <= 0:
            endgame.finish(s)
            return
        s.steps.append(StartTurn((self.seat + 1) % s.n))
