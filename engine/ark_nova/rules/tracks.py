"""The tracks (spec 13): gains of money, appeal, CP, reputation and X-tokens with their
caps, overflow and bonus spaces, the break track, workers and action-card upgrades.

Bonus spaces that need a choice push their decision steps; automatic ones apply at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ark_nova.cards import effects, map_bonuses
from engine.ark_nova.cards.catalog import ACTION_NAMES, CARDS
from engine.ark_nova.model.state import BONUS_TILES, State
from engine.ark_nova.model.steps import Ask, Option, Step
from engine.ark_nova.rules import dispatch
from engine.ark_nova.rules.scoring import APPEAL_MAX, CP_MAX, REPUTATION_MAX

X_MAX = 5
CP_BONUS_SPACES = (2, 5, 8, 10)
REP_BONUS_SPACES = (5, 8, 10, 11, 12, 13, 14, 15)


def gain_money(s: State, seat: int, n: int) -> None:
    p = s.players[seat]
    p.money = max(0, p.money + n)


def gain_x(s: State, seat: int, n: int) -> None:
    p = s.players[seat]
    p.x = min(X_MAX, p.x + n)


def gain_appeal(s: State, seat: int, n: int) -> None:
    p = s.players[seat]
    p.appeal = max(0, min(APPEAL_MAX, p.appeal + n))


def gain_cp(s: State, seat: int, n: int) -> None:
    """CP with the bonus spaces 2, 5, 8 and the first-to-10 discard (spec 13.2)."""
    p = s.players[seat]
    old = p.cp
    new = min(CP_MAX, old + n)
    if new <= old:
        return
    p.cp = new
    if s.terminal or old >= 10:
        return
    steps: list[Step] = []
    if old < 2 <= new:
        steps.append(CpTwoBonus(seat))
    if old < 5 <= new:
        steps.append(CpTileBonus(seat, 5))
    if old < 8 <= new:
        steps.append(CpTileBonus(seat, 8))
    if old < 10 <= new and not s.cp10_done:
        s.cp10_done = True
        steps.extend(DiscardFinal((seat + k) % s.n) for k in range(s.n))
    s.steps.extend(reversed(steps))


def rep_cap(s: State, seat: int) -> int:
    """9 while the Cards card is on side I, else 15 (spec 13.3, D-03)."""
    return REPUTATION_MAX if s.players[seat].side2[CARDS] else 9


def gain_rep(s: State, seat: int, n: int) -> None:
    """Reputation: capped at 9 with Cards I; beyond 15, +1 appeal per step (spec 13.3)."""
    p = s.players[seat]
    old = p.rep
    cap = rep_cap(s, seat)
    target = old + n
    if target > REPUTATION_MAX and cap == REPUTATION_MAX:
        gain_appeal(s, seat, target - REPUTATION_MAX)
    new = min(cap, target)
    if new <= old:
        return
    p.rep = new
    steps: list = []
    for space in REP_BONUS_SPACES:
        if old < space <= new:
            steps.append(_rep_bonus(seat, space))
    s.steps.extend(reversed(steps))


def _rep_bonus(seat: int, space: int) -> Step:
    if space == 5:
        return UpgradeCard(seat)
    if space == 8:
        return dispatch.Do(seat, 0, effects.HireWorker())
    if space in (10, 13):
        return dispatch.Do(seat, 0, effects.TakeCard(1))
    if space in (11, 14):
        return dispatch.Do(seat, 0, effects.Gain("cp", 1))
    return dispatch.Do(seat, 0, effects.Gain("x", 1))


def gain(s: State, seat: int, res: str, n: int) -> None:
    """Gain ``n`` of a resource by name: money, appeal, cp, rep, x."""
    if res == "money":
        gain_money(s, seat, n)
    elif res == "appeal":
        gain_appeal(s, seat, n)
    elif res == "cp":
        gain_cp(s, seat, n)
    elif res == "rep":
        gain_rep(s, seat, n)
    elif res == "x":
        gain_x(s, seat, n)
    else:  # pragma: no cover - table error
        raise ValueError(res)


def advance_break(s: State, seat: int, n: int) -> None:
    """Move the break token; reaching the last space makes a break due and gives the
    mover 1 X-token, once (spec 14). Solo has no break token: nothing moves (spec 17)."""
    if n <= 0 or s.break_due or not s.break_len:
        return
    s.break_pos = min(s.break_len, s.break_pos + n)
    if s.break_pos >= s.break_len:
        s.break_due = True
        s.break_trigger = seat
        gain_x(s, seat, 1)


def hire_worker(s: State, seat: int) -> None:
    """A supply worker becomes active; the 4th gives the map's last-worker reward."""
    p = s.players[seat]
    if p.workers_total >= 4:
        return
    p.workers_total += 1
    p.workers_active += 1
    if p.workers_total == 4 and p.map.last_worker_reward:
        dispatch.schedule(s, seat, 0, map_bonuses.reward_effects(p.map.last_worker_reward))


@dataclass(frozen=True, slots=True)
class UpgradeCard(Ask):
    """Flip one side-I action card to side II (spec 5.7). Lost if none is left."""

    seat: int
    kind = "UPGRADE_ACTION_CARD"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        p = s.players[seat]
        return [Upgrade.of(a) for a in range(5) if not p.side2[a]]


@dataclass(frozen=True, slots=True)
class Upgrade(Option):
    action: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        p = s.players[seat]
        p.side2[self.action] = True
        p.pcache = {}

    def describe(self, s: State, seat: int) -> str:
        return f"upgrade {ACTION_NAMES[self.action]}"


@dataclass(frozen=True, slots=True)
class CpTwoBonus(Ask):
    """CP space 2: upgrade an action card or hire a worker."""

    seat: int
    kind = "CP2_BONUS"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        p = s.players[seat]
        out: list[Option] = []
        if not all(p.side2):
            out.append(CpTwoChoice.of(False))
        if p.workers_total < 4:
            out.append(CpTwoChoice.of(True))
        return out


@dataclass(frozen=True, slots=True)
class CpTwoChoice(Option):
    worker: bool

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        if self.worker:
            hire_worker(s, seat)
        else:
            s.steps.append(UpgradeCard(seat))

    def describe(self, s: State, seat: int) -> str:
        return "hire a worker" if self.worker else "upgrade an action card"


@dataclass(frozen=True, slots=True)
class CpTileBonus(Ask):
    """CP space 5 / 8: 5 money or one of the bonus tiles still lying there."""

    seat: int
    space: int
    kind = "CP_TILE_BONUS"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        tiles = s.tiles5 if self.space == 5 else s.tiles8
        return [BonusTile.of(-1), *(BonusTile.of(BONUS_TILES.index(t)) for t in sorted(tiles))]


@dataclass(frozen=True, slots=True)
class BonusTile(Option):
    """A bonus tile by index into ``state.BONUS_TILES``; -1 = the permanent 5 money."""

    tile: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, CpTileBonus)
        if self.tile < 0:
            gain_money(s, seat, 5)
            return
        name = BONUS_TILES[self.tile]
        (s.tiles5 if step.space == 5 else s.tiles8).remove(name)
        dispatch.schedule(s, seat, 0, map_bonuses.tile_effects(name))

    def describe(self, s: State, seat: int) -> str:
        if self.tile < 0:
            return "take 5 money"
        return f"take the {BONUS_TILES[self.tile].replace('_', ' ')} tile"


@dataclass(frozen=True, slots=True)
class DiscardFinal(Ask):
    """Discard 1 final scoring card face down under the pile (CP 10, spec 13.2, D-38)."""

    seat: int
    kind = "DISCARD_FINAL_SCORING"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [DiscardFinalCard.of(c) for c in sorted(s.players[seat].finals)]


@dataclass(frozen=True, slots=True)
class DiscardFinalCard(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        s.players[seat].finals.remove(self.card)
        s.final_deck.insert(0, self.card)

    def describe(self, s: State, seat: int) -> str:
        return f"discard final scoring card {s.cards[self.card].name}"
