"""Phase II main actions (spec 5.3) and free actions (spec 5.4, also taken in attack
response windows, spec 7.5): one option type per action, each saying when it is legal,
what it does and how it reads.

Free actions leave the turn (or response window) step in place; main actions mark the
turn's main action as done. ``Pass`` and ``EndTurn``, which end a turn, are in
:mod:`engine.epic_resort.turns`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.option import Option
from engine.epic_resort.card_defs import HERO, TOURIST, Ability, DiscardAbility
from engine.epic_resort.effects import Place, push_effects
from engine.epic_resort.events import (
    AbilityUsed,
    HeroAttracted,
    SeasonPassHoldersAttracted,
    TouristsAttracted,
    Trained,
    Upgraded,
    WorkerDiscarded,
    WorkerSent,
    WorkerSplit,
    card_name,
)
from engine.epic_resort.resort import (
    place_worker,
    send_label,
    split_label,
    supplied,
    worker_splits,
)
from engine.epic_resort.state import NO_HERO, SLOTS, State
from engine.epic_resort.steps import SeatAsk
from engine.toolkit.flow import Step

SPH_COST = 4
TIERS = 3


def _marked_only(s: State, in_attack: bool) -> bool:
    """Spec 16 option: during attacks only cards marked for it may be used."""
    return in_attack and s.params.free_actions_during_attack == "marked_only"


def _usable_now(s: State, ability: Ability | DiscardAbility, in_attack: bool) -> bool:
    """An ability's timing allows it now: some only during an attack, and with option
    ``free_actions_during_attack = marked_only`` only marked ones during an attack."""
    if ability.only_during_attack and not in_attack:
        return False
    return not (_marked_only(s, in_attack) and not ability.during_attack)


# ----------------------------------------------------------------------------- free actions


@dataclass(frozen=True, slots=True)
class SendWorker(Option):
    """Spec 5.4.1: staff an attraction now (``slot`` -1: a Guildmaster, split next)."""

    worker: int
    slot: int
    name: ClassVar[str] = "send"

    @classmethod
    def legal(cls, s: State, seat: int, in_attack: bool) -> list[SendWorker]:
        p = s.players[seat]
        present = p.present()
        if not present or _marked_only(s, in_attack):
            return []
        workers = s.cards.workers
        out = []
        for w in sorted(set(p.hand)):
            d = workers[w]
            if d.staffing_gold and p.gold < d.staffing_gold:
                continue
            if d.split_total:
                out.append(cls.of(w, -1))
            else:
                out.extend(cls.of(w, i) for i in present)
        return out

    def apply(self, s: State, seat: int) -> None:
        p = s.players[seat]
        w = self.worker
        p.hand.remove(w)
        d = s.cards.workers[w]
        if d.staffing_gold:
            p.gold -= d.staffing_gold
        s.log.append(WorkerSent(seat, w, self.slot))
        if d.split_total:
            s.steps.append(GmSplit(seat, w))
        else:
            place_worker(s, p, w, self.slot, ())

    def describe(self, s: State, seat: int) -> str:
        return send_label(s, self.worker, self.slot)


@dataclass(frozen=True, slots=True)
class GmSplit(SeatAsk):
    """Spec 4.3.2: a Guildmaster sent in Phase II spreads its units over attractions."""

    worker: int
    kind: ClassVar[str] = "GUILDMASTER_SPLIT"
    name: ClassVar[str] = "GM_SPLIT"

    def options(self, s: State, seat: int) -> list[SplitUnits]:
        return SplitUnits.legal(s, seat, self.worker)


@dataclass(frozen=True, slots=True)
class SplitUnits(Option):
    """Units per present attraction, left to right (each at most the worker's cap)."""

    units: tuple[int, ...]
    name: ClassVar[str] = "split"

    @classmethod
    def legal(cls, s: State, seat: int, worker: int) -> list[SplitUnits]:
        d = s.cards.workers[worker]
        n = len(s.players[seat].present())
        return [cls.of(a) for a in worker_splits(d.split_total, d.split_max, n)]

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, GmSplit)
        place_worker(s, s.players[seat], step.worker, -1, self.units)
        s.log.append(WorkerSplit(seat, step.worker, self.units))

    def describe(self, s: State, seat: int) -> str:
        return split_label(self.units)


@dataclass(frozen=True, slots=True)
class DiscardWorker(Option):
    """Spec 5.4.2: discard a worker with a discard ability and resolve it."""

    worker: int
    name: ClassVar[str] = "discard"

    @classmethod
    def legal(cls, s: State, seat: int, in_attack: bool) -> list[DiscardWorker]:
        workers = s.cards.workers
        out = []
        for w in sorted(set(s.players[seat].hand)):
            dis = workers[w].discard
            if dis is not None and _usable_now(s, dis, in_attack):
                out.append(cls.of(w))
        return out

    def apply(self, s: State, seat: int) -> None:
        p = s.players[seat]
        w = self.worker
        p.hand.remove(w)
        dis = s.cards.workers[w].discard
        assert dis is not None
        (p.removed if dis.remove_from_game else p.discard).append(w)
        s.log.append(WorkerDiscarded(seat, w))
        push_effects(s, seat, -1, dis.effects)

    def describe(self, s: State, seat: int) -> str:
        return f"discard {s.cards.workers[self.worker].name}"


@dataclass(frozen=True, slots=True)
class UseAbility(Option):
    """Spec 5.4.3: use a staffed, unlocked attraction's activated ability (then lock it)."""

    slot: int
    name: ClassVar[str] = "ability"

    @classmethod
    def legal(cls, s: State, seat: int, in_attack: bool) -> list[UseAbility]:
        p = s.players[seat]
        atts = s.cards.attractions
        out = []
        for i in p.present():
            slot = p.slots[i]
            ab = atts[slot.top].ability
            if (ab is not None and ab.timing == "activated" and not slot.locked
                    and _usable_now(s, ab, in_attack) and supplied(s, slot) >= ab.work):
                out.append(cls.of(i))
        return out

    def apply(self, s: State, seat: int) -> None:
        slot = s.players[seat].slots[self.slot]
        ab = s.cards.attractions[slot.top].ability
        assert ab is not None
        s.log.append(AbilityUsed(seat, self.slot, slot.top))
        s.steps.append(Lock(seat, self.slot))
        push_effects(s, seat, self.slot, ab.effects)

    def describe(self, s: State, seat: int) -> str:
        top = s.players[seat].slots[self.slot].top
        return f"use {s.cards.attractions[top].name} ability (slot {self.slot})"


@dataclass(frozen=True, slots=True)
class Lock(Step):
    """After an ability resolves, its attraction is locked (if it still stands)."""

    seat: int
    slot: int
    name: ClassVar[str] = "LOCK"

    def run(self, s: State) -> None:
        slot = s.players[self.seat].slots[self.slot]
        if slot.stack:
            slot.locked = True


def free_actions(s: State, seat: int, in_attack: bool) -> list[Option]:
    """Every free action of ``seat`` (spec 5.4), in canonical order."""
    return [
        *SendWorker.legal(s, seat, in_attack),
        *DiscardWorker.legal(s, seat, in_attack),
        *UseAbility.legal(s, seat, in_attack),
    ]


# ----------------------------------------------------------------------------- main actions


@dataclass(frozen=True, slots=True)
class AttractTourists(Option):
    """Spec 5.3.1: pay a dock tourist card's cost in flair and place its tourists."""

    dock_pos: int
    name: ClassVar[str] = "attract_tourists"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[AttractTourists]:
        flair = s.players[seat].flair
        cards = s.cards
        out = []
        for pos, card in enumerate(s.dock):
            kind, k = cards.main_cards[card]
            if kind == TOURIST and cards.tourists[k].cost <= flair:
                out.append(cls.of(pos))
        return out

    def apply(self, s: State, seat: int) -> None:
        s.main_done = True
        card = s.dock.pop(self.dock_pos)
        t = s.cards.tourists[s.cards.main_cards[card][1]]
        s.players[seat].flair -= t.cost
        s.dock_discard.append(card)
        s.log.append(TouristsAttracted(seat, card))
        s.steps.append(Place(seat, t.tourists, ""))
        if t.bonus_n:
            s.steps.append(Place(seat, t.bonus_n, t.bonus_type))

    def describe(self, s: State, seat: int) -> str:
        return f"attract {card_name(s.cards, s.dock[self.dock_pos])} (dock {self.dock_pos})"


@dataclass(frozen=True, slots=True)
class AttractSeasonPass(Option):
    """Spec 5.3.2 (4 players): attract the Season Pass Holders, once a season."""

    name: ClassVar[str] = "attract_season_pass"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[AttractSeasonPass]:
        if (s.cards.season_pass is not None and s.n == 4 and not s.sph_locked
                and s.players[seat].flair >= SPH_COST):
            return [SEASON_PASS]
        return []

    def apply(self, s: State, seat: int) -> None:
        s.main_done = True
        sph = s.cards.season_pass
        assert sph is not None
        s.players[seat].flair -= sph.cost
        s.sph_locked = True
        s.log.append(SeasonPassHoldersAttracted(seat))
        s.steps.append(Place(seat, sph.tourists, ""))

    def describe(self, s: State, seat: int) -> str:
        return "attract Season Pass Holders"


SEASON_PASS = AttractSeasonPass()


@dataclass(frozen=True, slots=True)
class AttractHero(Option):
    """Spec 5.3.3: pay a dock hero's cost in flair and put it at an own attraction
    without a hero."""

    dock_pos: int
    slot: int
    name: ClassVar[str] = "attract_hero"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[AttractHero]:
        p = s.players[seat]
        free = [i for i in p.present() if p.slots[i].hero == NO_HERO]
        if not free:
            return []
        cards = s.cards
        out: list[AttractHero] = []
        for pos, card in enumerate(s.dock):
            kind, k = cards.main_cards[card]
            if kind == HERO and cards.heroes[k].cost <= p.flair:
                out.extend(cls.of(pos, i) for i in free)
        return out

    def apply(self, s: State, seat: int) -> None:
        s.main_done = True
        card = s.dock.pop(self.dock_pos)
        h = s.cards.heroes[s.cards.main_cards[card][1]]
        p = s.players[seat]
        p.flair -= h.cost
        slot = p.slots[self.slot]
        slot.hero, slot.hero_health, slot.hero_locked = card, h.start, False
        s.log.append(HeroAttracted(seat, card, self.slot))
        push_effects(s, seat, self.slot, h.effects_at("on_attract"), self.slot)

    def describe(self, s: State, seat: int) -> str:
        return f"attract {card_name(s.cards, s.dock[self.dock_pos])} to slot {self.slot}"


@dataclass(frozen=True, slots=True)
class Upgrade(Option):
    """Spec 5.3.4: buy an available attraction of tier ``tier`` (0-based) and build it on
    an empty slot or over a lower tier, never beside one of the same name."""

    tier: int
    index: int
    slot: int
    name: ClassVar[str] = "upgrade"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[Upgrade]:
        gold = s.players[seat].gold
        atts = s.cards.attractions
        out = []
        for tier in range(TIERS):
            for idx, a in enumerate(s.draft_avail[tier]):
                if atts[a].cost > gold:
                    continue
                for i in range(SLOTS):
                    if _upgrade_ok(s, seat, a, i):
                        out.append(cls.of(tier, idx, i))
        return out

    def apply(self, s: State, seat: int) -> None:
        s.main_done = True
        tier = self.tier
        a = s.draft_avail[tier].pop(self.index)
        p = s.players[seat]
        p.gold -= s.cards.attractions[a].cost
        slot = p.slots[self.slot]
        slot.stack.append(a)
        slot.tourists = slot.damage = 0
        slot.locked = False
        if s.draft_piles[tier]:
            s.draft_avail[tier].append(s.draft_piles[tier].pop())
        s.log.append(Upgraded(seat, a, self.slot))

    def describe(self, s: State, seat: int) -> str:
        a = s.draft_avail[self.tier][self.index]
        return f"build {s.cards.attractions[a].name} in slot {self.slot}"


def _upgrade_ok(s: State, seat: int, a: int, i: int) -> bool:
    atts = s.cards.attractions
    p = s.players[seat]
    slot = p.slots[i]
    new = atts[a]
    if slot.stack and atts[slot.top].tier >= new.tier:
        return False
    for j, other in enumerate(p.slots):
        if j != i and other.stack and atts[other.top].name == new.name:
            return False
    return True


@dataclass(frozen=True, slots=True)
class Train(Option):
    """Spec 5.3.5: a trainer in hand is removed from play and a worker from an unlocked
    pile joins the hand, for its cost less the trainer's discount."""

    trainer: int
    pile: int
    name: ClassVar[str] = "train"

    @classmethod
    def legal(cls, s: State, seat: int) -> list[Train]:
        p = s.players[seat]
        workers = s.cards.workers
        out = []
        for t in sorted({w for w in p.hand if workers[w].train_discount >= 0}):
            discount = _discount(s, t)
            for pile_i, (w, count, locked) in enumerate(s.worker_piles):
                if count and not locked and max(0, workers[w].cost - discount) <= p.gold:
                    out.append(cls.of(t, pile_i))
        return out

    def apply(self, s: State, seat: int) -> None:
        s.main_done = True
        p = s.players[seat]
        pile = s.worker_piles[self.pile]
        p.gold -= max(0, s.cards.workers[pile[0]].cost - _discount(s, self.trainer))
        p.hand.remove(self.trainer)
        p.removed.append(self.trainer)
        pile[1] -= 1
        pile[2] = True
        p.hand.append(pile[0])
        p.trained += 1
        s.log.append(Trained(seat, self.trainer, pile[0]))

    def describe(self, s: State, seat: int) -> str:
        w = s.cards.workers
        return f"train {w[self.trainer].name} into {w[s.worker_piles[self.pile][0]].name}"


def _discount(s: State, trainer: int) -> int:
    d = s.cards.workers[trainer].train_discount
    return s.params.journeyman_discount if d > 0 else d


def main_actions(s: State, seat: int) -> list[Option]:
    """The main actions of spec 5.3 except passing, in canonical order."""
    return [
        *AttractTourists.legal(s, seat),
        *AttractSeasonPass.legal(s, seat),
        *AttractHero.legal(s, seat),
        *Upgrade.legal(s, seat),
        *Train.legal(s, seat),
    ]
