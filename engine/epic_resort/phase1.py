"""Phase I (spec 4): drawing workers, sending them to attractions (all seats at once,
one worker per decision) and the resulting income, wages and lost tourists.

Placements are planned (``State.p1_plan``) and hidden from the other seats until every
seat is done (``phase_i_mode = simultaneous``); :class:`Phase1Resolve` then applies them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.option import Option
from engine.epic_resort.events import Phase1Income, Phase1Placed
from engine.epic_resort.resort import (
    draw_workers,
    gain_capped,
    place_worker,
    send_label,
    split_label,
    supplied,
    worker_splits,
)
from engine.epic_resort.state import Player, State
from engine.toolkit.flow import Ask, Step

WORKERS_DRAWN = 5

Plan = tuple[int, int, tuple[int, ...]]  # (worker type, slot or -1, Guildmaster units)


@dataclass(frozen=True, slots=True)
class Draw(Step):
    """Spec 4.1: every player draws five workers."""

    name: ClassVar[str] = "DRAW"

    def run(self, s: State) -> None:
        for p in s.players:
            draw_workers(s, p, WORKERS_DRAWN)


def phase1_pending(s: State) -> tuple[int, ...]:
    if s.params.phase_i_mode == "in_turn_order":
        for seat in s.hm_order():
            if not s.p1_done[seat]:
                return (seat,)
        return ()
    return tuple(seat for seat in range(s.n) if not s.p1_done[seat])


@dataclass(frozen=True, slots=True)
class Phase1(Ask):
    """Spec 4.2-4.3: each seat still placing sends one worker, or is done."""

    kind: ClassVar[str] = "SEND_WORKER"
    name: ClassVar[str] = "PHASE1"
    simultaneous: ClassVar[bool] = True

    def seats(self, s: State) -> tuple[int, ...]:
        return phase1_pending(s)

    def kind_for(self, s: State, seat: int) -> str:
        return "GUILDMASTER_SPLIT" if s.p1_gm[seat] >= 0 else self.kind

    def options(self, s: State, seat: int) -> list[Option]:
        if s.p1_gm[seat] >= 0:
            return PlanSplit.legal(s, seat)
        opts: list[Option] = PlanWorker.legal(s, seat)
        opts.append(FINISH_PLACING)
        return opts


@dataclass(frozen=True, slots=True)
class PlanWorker(Option):
    """Send a worker from hand to an attraction (``slot`` -1: a Guildmaster, split next).

    A worker with staffing wages (the Day Worker) may be sent only if the seat's gold
    after this Phase I's income covers the wages of every such worker sent (spec 4.3.3).
    """

    worker: int
    slot: int
    name: ClassVar[str] = "send"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[Option]:
        p = s.players[seat]
        present = p.present()
        if not present:
            return []
        workers = s.cards.workers
        out: list[Option] = []
        for w in sorted(set(p.hand)):
            d = workers[w]
            if d.split_total:
                out.append(cls.of(w, -1))
                continue
            for i in present:
                if d.staffing_gold:
                    units, at = planned_units(s, seat, (w, i, ()))
                    _, gold, _ = phase1_income(s, p, units, at)
                    if gold < d.staffing_gold * (s.p1_day[seat] + 1):
                        continue
                out.append(cls.of(w, i))
        return out

    def apply(self, s: State, seat: int) -> None:
        w = self.worker
        s.players[seat].hand.remove(w)
        d = s.cards.workers[w]
        if d.split_total:
            s.p1_gm[seat] = w
            return
        if d.staffing_gold:
            s.p1_day[seat] += 1
        s.p1_plan[seat].append((w, self.slot, ()))

    def describe(self, s: State, seat: int) -> str:
        return send_label(s, self.worker, self.slot)


@dataclass(frozen=True, slots=True)
class PlanSplit(Option):
    """The units per present attraction of the Guildmaster just sent (spec 4.3.2)."""

    units: tuple[int, ...]
    name: ClassVar[str] = "split"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[Option]:
        d = s.cards.workers[s.p1_gm[seat]]
        n = len(s.players[seat].present())
        return [cls.of(a) for a in worker_splits(d.split_total, d.split_max, n)]

    def apply(self, s: State, seat: int) -> None:
        s.p1_plan[seat].append((s.p1_gm[seat], -1, self.units))
        s.p1_gm[seat] = -1

    def describe(self, s: State, seat: int) -> str:
        return split_label(self.units)


@dataclass(frozen=True, slots=True)
class FinishPlacing(Option):
    """Send no more workers this season."""

    name: ClassVar[str] = "done"

    def apply(self, s: State, seat: int) -> None:
        s.p1_done[seat] = True

    def describe(self, s: State, seat: int) -> str:
        return "done"


FINISH_PLACING = FinishPlacing()


def phase1_income(
    s: State, p: Player, units: dict[int, int], bonus_workers: dict[int, list[int]]
) -> tuple[int, int, list[tuple[int, int, int, int]]]:
    """Phase I results (spec 4.5) applied to a copy of the seat's resources: the penalty
    for missing units of work, then each attraction's payout and worker bonuses.

    The penalty is lost tourists at that attraction (before its payout, which depends on
    them), or with option ``unstaffed_penalty = flair`` 1 flair per missing unit over all
    attractions, all taken before any flair or gold is gained (the English quick summary:
    "lose 1 Flair for each Unit of Work not supplied by workers, then gain Flair and
    Gold"), so the order of the attractions does not matter.

    Returns the final (flair, gold) and per slot (slot, tourists lost, flair, gold)."""
    atts = s.cards.attractions
    workers = s.cards.workers
    flair, gold = p.flair, p.gold
    staffed = [(i, slot) for i, slot in enumerate(p.slots) if slot.stack]
    shortfall = {
        i: max(0, atts[slot.top].work_required - units.get(i, 0)) for i, slot in staffed
    }
    if s.params.unstaffed_penalty == "flair":
        flair = max(0, flair - sum(shortfall.values()))
    rows = []
    for i, slot in staffed:
        top = atts[slot.top]
        tourists = slot.tourists
        lost = 0
        if s.params.unstaffed_penalty == "tourists":
            lost = min(shortfall[i], tourists)
            tourists -= lost
        f, g = top.payout[tourists]
        for w in bonus_workers.get(i, ()):
            pb = workers[w].payout_bonus
            if pb is not None and (not pb[2] or pb[2] == top.type):
                f += pb[0]
                g += pb[1]
        flair = gain_capped(s, flair, f)
        gold = gain_capped(s, gold, g)
        rows.append((i, lost, max(0, f), max(0, g)))
    return flair, gold, rows


def planned_units(
    s: State, seat: int, extra: Plan | None
) -> tuple[dict[int, int], dict[int, list[int]]]:
    """Units of work per slot and the workers at each slot if the seat's plan (plus
    ``extra``) were carried out now."""
    p = s.players[seat]
    atts = s.cards.attractions
    workers = s.cards.workers
    units: dict[int, int] = {}
    at: dict[int, list[int]] = {}
    present = p.present()
    plan = s.p1_plan[seat] if extra is None else [*s.p1_plan[seat], extra]
    for w, i, alloc in plan:
        if alloc:
            for k, u in zip(present, alloc, strict=True):
                units[k] = units.get(k, 0) + u
            continue
        d = workers[w]
        units[i] = units.get(i, 0) + d.work + d.bonus_at(atts[p.slots[i].top].type)
        at.setdefault(i, []).append(w)
    return units, at


@dataclass(frozen=True, slots=True)
class Phase1Resolve(Step):
    """Spec 4.5 and 4.6, after every seat committed."""

    name: ClassVar[str] = "PHASE1_RESOLVE"

    def run(self, s: State) -> None:
        workers = s.cards.workers
        for seat, p in enumerate(s.players):
            for w, i, alloc in s.p1_plan[seat]:
                place_worker(s, p, w, i, alloc)
            s.log.append(Phase1Placed(seat, tuple(s.p1_plan[seat])))
            units = {i: supplied(s, sl) for i, sl in enumerate(p.slots) if sl.stack}
            at = {i: sl.workers for i, sl in enumerate(p.slots) if sl.stack}
            flair, gold, rows = phase1_income(s, p, units, at)
            for i, lost, _f, _g in rows:
                p.slots[i].tourists -= lost
            p.flair, p.gold = flair, gold
            wages = sum(workers[w].staffing_gold for w, _, alloc in s.p1_plan[seat] if not alloc)
            p.gold = max(0, p.gold - wages)
            s.log.append(Phase1Income(seat, tuple(rows), wages))
            s.p1_plan[seat] = []


DRAW, PHASE1, PHASE1_RESOLVE = Draw(), Phase1(), Phase1Resolve()
