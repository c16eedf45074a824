"""The ASSOCIATION action (spec 5.4, 12): workers, reputation, partner zoos, universities,
the project task (``projects.py``) and donations."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ark_nova.cards import effects, map_bonuses
from engine.ark_nova.cards.catalog import ASSOCIATION, ICON_NAMES, SCIENCE
from engine.ark_nova.model.params import UNIVERSITY_LIMITS
from engine.ark_nova.model.state import (
    TASK_PARTNER,
    TASK_PROJECT,
    TASK_REPUTATION,
    TASK_UNIVERSITY,
    TASK_VALUES,
    UNI_DOUBLE,
    UNI_HAND,
    UNIVERSITY_NAMES,
    Player,
    State,
)
from engine.ark_nova.model.steps import DECLINE, Ask, Option
from engine.ark_nova.rules import harbour, icons, passives, projects, tracks

if TYPE_CHECKING:
    from engine.ark_nova.model.ctx import Ctx

USEFUL_STRENGTH = (5, 14)
TASK_NAMES = ("reputation", "partner zoo", "university", "conservation project")
# Partner zoos and universities a player may have, by Association side (spec 12.2;
# universities by default follow the Italian summary, side II allows more; option
# ``university_limit=rulebook`` allows 3 on either side: params.py, docs/ark_nova.md).
PARTNER_LIMIT = (2, 4)
UNIVERSITY_LIMIT = UNIVERSITY_LIMITS["by_side"]
# Donation spaces (spec 12.6, D-06); solo is set up as for 3 players (spec 17).
DONATION_COSTS = {1: (2, 5, 5, 7, 7, 10, 10, 12), 2: (2, 5, 7, 10, 12),
                  3: (2, 5, 5, 7, 7, 10, 10, 12), 4: (2, 5, 5, 7, 7, 10, 10, 12)}


def task_value(p: Player, task: int) -> int:
    if task == TASK_PROJECT and passives.has_mod(p, "project_task_value_4"):
        return 4
    return TASK_VALUES[task]


def workers_needed(p: Player, task: int) -> int:
    """1 if none of his workers is on the task, 2 if one is, closed with 3 (spec 12.1)."""
    return (1, 2, 99, 99)[min(p.workers_on[task], 3)]


def partner_choices(s: State, seat: int) -> list[int]:
    p = s.players[seat]
    if len(p.partner_zoos) >= PARTNER_LIMIT[int(p.side2[ASSOCIATION])]:
        return []
    return [7 + k for k in range(5) if (s.partner_avail >> k) & 1 and 7 + k not in p.partner_zoos]


def university_choices(s: State, seat: int) -> list[int]:
    p = s.players[seat]
    if len(p.universities) >= s.params.universities_allowed[int(p.side2[ASSOCIATION])]:
        return []
    return [k for k in range(3) if (s.univ_avail >> k) & 1 and k not in p.universities]


def task_possible(s: State, seat: int, task: int, side2: bool) -> bool:
    p = s.players[seat]
    if workers_needed(p, task) > p.workers_active:
        return False
    if task == TASK_PARTNER:
        return bool(partner_choices(s, seat))
    if task == TASK_UNIVERSITY:
        return bool(university_choices(s, seat))
    if task == TASK_PROJECT:
        return projects.any_supportable(s, seat, side2)
    return True


def donation_cost(s: State) -> int:
    costs = DONATION_COSTS[s.n]
    return costs[min(s.donations, len(costs) - 1)]


def cover_donation_space(s: State) -> None:
    """Cover the cheapest open donation space; the last (12) space is never covered."""
    if s.donations < len(DONATION_COSTS[s.n]) - 1:
        s.donations += 1


def feasible(s: State, ctx: Ctx) -> bool:
    p = s.players[ctx.seat]
    return any(task_value(p, t) <= ctx.strength and task_possible(s, ctx.seat, t, ctx.side2)
               for t in range(4))


def begin(s: State, ctx: Ctx) -> None:
    s.steps.append(PickTask(ctx.seat, ctx.side2, ctx.strength, 0, 0, False))


@dataclass(frozen=True, slots=True)
class PickTask(Ask):
    """Side I: one task of value <= S. Side II: different tasks, values summing to <= S,
    and after a task one donation per action."""

    seat: int
    side2: bool
    budget: int
    used: int  # bit mask of tasks done in this action
    done: int
    donated: bool
    kind = "ASSOCIATION_TASK"
    decline_label = "end the association action"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        if self.done and not self.side2:
            return ()
        p = s.players[seat]
        out: list[Option] = [
            DoTask.of(t) for t in range(4)
            if not (self.used >> t) & 1 and task_value(p, t) <= self.budget
            and task_possible(s, seat, t, self.side2)]
        if self.done:
            if not self.donated and p.money >= donation_cost(s) and p.supply_tokens > 0:
                out.append(Donate.of())
            out.append(DECLINE)
        if out:
            out.extend(harbour.offer(s, seat))
        return out


@dataclass(frozen=True, slots=True)
class DoTask(Option):
    """An association task: 0 reputation, 1 partner zoo, 2 university, 3 project."""

    task: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, PickTask)
        p = s.players[seat]
        t = self.task
        need = workers_needed(p, t)
        p.workers_active -= need
        p.workers_on[t] += need
        s.steps.append(PickTask(seat, step.side2, step.budget - task_value(p, t),
                                step.used | 1 << t, step.done + 1, step.donated))
        if t == TASK_REPUTATION:
            tracks.gain_rep(s, seat, 2)
        elif t == TASK_PARTNER:
            s.steps.append(ChoosePartnerZoo(seat))
        elif t == TASK_UNIVERSITY:
            s.steps.append(ChooseUniversity(seat))
        else:
            s.steps.append(projects.ChooseProject(seat, step.side2))

    def describe(self, s: State, seat: int) -> str:
        workers = workers_needed(s.players[seat], self.task)
        return f"{TASK_NAMES[self.task]} ({workers} worker{'s' if workers > 1 else ''})"


@dataclass(frozen=True, slots=True)
class Donate(Option):
    """One donation (spec 12.6): pay the cheapest open space, cover it, gain 1 CP."""

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, PickTask)
        p = s.players[seat]
        p.money -= donation_cost(s)
        p.supply_tokens -= 1
        cover_donation_space(s)
        s.steps.append(PickTask(seat, step.side2, step.budget, step.used, step.done, True))
        tracks.gain_cp(s, seat, 1)

    def describe(self, s: State, seat: int) -> str:
        return f"donate {donation_cost(s)} money for 1 CP"


@dataclass(frozen=True, slots=True)
class ChoosePartnerZoo(Ask):
    """Take an available partner zoo of a new continent (spec 12.2; free ones: D-33)."""

    seat: int
    kind = "PARTNER_ZOO"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [PartnerZoo.of(c) for c in partner_choices(s, seat)]


@dataclass(frozen=True, slots=True)
class PartnerZoo(Option):
    """A partner zoo by continent icon (7 Africa .. 11 Europe)."""

    continent: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        c = self.continent
        p = s.players[seat]
        s.partner_avail &= ~(1 << (c - 7))
        p.partner_zoos.append(c)
        todo: list[icons.Triple] = []
        reward = p.map.partner_zoo_rewards[len(p.partner_zoos)]
        if reward:
            todo.extend((seat, 0, e) for e in map_bonuses.reward_effects(reward))
        todo.extend(icons.add_icons(s, seat, icons.single_icon(c)))
        icons.schedule_triples(s, todo)

    def describe(self, s: State, seat: int) -> str:
        return f"partner zoo {ICON_NAMES[self.continent]}"


@dataclass(frozen=True, slots=True)
class ChooseUniversity(Ask):
    """Take an available university of a new kind (spec 12.3, D-34)."""

    seat: int
    kind = "UNIVERSITY"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [University.of(k) for k in university_choices(s, seat)]


@dataclass(frozen=True, slots=True)
class University(Option):
    """0 reputation + hand limit, 1 research + reputation, 2 double research."""

    kind: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        k = self.kind
        p = s.players[seat]
        s.univ_avail &= ~(1 << k)
        p.universities.append(k)
        todo: list[icons.Triple] = []
        if k == UNI_HAND:
            todo.append((seat, 0, effects.Gain("rep", 1)))
        elif k != UNI_DOUBLE:
            todo.append((seat, 0, effects.Gain("rep", 2)))
        reward = p.map.university_rewards[len(p.universities)]
        if reward:
            todo.extend((seat, 0, e) for e in map_bonuses.reward_effects(reward))
        science = 2 if k == UNI_DOUBLE else (1 if k != UNI_HAND else 0)
        if science:
            todo.extend(icons.add_icons(s, seat, icons.single_icon(SCIENCE, science)))
        icons.schedule_triples(s, todo)

    def describe(self, s: State, seat: int) -> str:
        return f"university: {UNIVERSITY_NAMES[self.kind]}"
