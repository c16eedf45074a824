"""Setup (spec 2) and the season flow (spec 3-6, 8, 9): Phase I sending and tourist
resolution, Phase II turn order, Phase III dock refill, Phase IV hero rewards, Phase V."""

from __future__ import annotations

from collections.abc import Hashable

from engine.epic_resort.cards import ATTACK, DOUBLE_ATTACK, CardSet
from engine.epic_resort.effects import push_effects
from engine.epic_resort.resort import (
    draw_workers,
    hero_def,
    place_worker,
    supplied,
    worker_splits,
)
from engine.epic_resort.state import NO_HERO, Player, State

DOCK_SIZE = {2: 6, 3: 7, 4: 7}
SKILLED_PILES = {2: 4, 3: 4, 4: 5}
MARKS = {2: ("2+",), 3: ("2+", "3+"), 4: ("2+", "3+", "4")}
WORKERS_DRAWN = 5


# ----------------------------------------------------------------------------- setup


def setup(s: State) -> None:
    """Spec 2. Leaves LAYOUT decisions for every seat, then the first season."""
    cards: CardSet = s.cards
    rng = s.rng
    for tier in (1, 2, 3):
        pile = [i for i, a in enumerate(cards.attractions) if a.tier == tier
                for _ in range(a.count)]
        rng.shuffle(pile)
        s.draft_piles[tier - 1] = pile
        s.draft_avail[tier - 1] = [pile.pop() for _ in range(min(2, len(pile)))]
    s.worker_piles = [[cards.day_worker, cards.workers[cards.day_worker].count, False]]
    skilled = list(cards.skilled)
    rng.shuffle(skilled)
    for w in sorted(skilled[: SKILLED_PILES[s.n]]):
        s.worker_piles.append([w, cards.workers[w].count, False])
    deck = [c for c, (kind, _) in enumerate(cards.main_cards)
            if kind != DOUBLE_ATTACK or s.params.double_attack_cards]
    rng.shuffle(deck)
    s.main_deck = deck
    while len(s.dock) < DOCK_SIZE[s.n] and deck:
        card = deck.pop()
        if cards.main_cards[card][0] in (ATTACK, DOUBLE_ATTACK):
            deck.append(card)
            rng.shuffle(deck)
            continue
        s.dock.append(card)
    marks = MARKS[s.n] + (("X",) if s.params.x_monsters else ())
    monsters: list[int] = []
    for tier in (2, 1, 0):
        part = [c for c, (m, mark) in enumerate(cards.monster_copies)
                if mark in marks and cards.monsters[m].tier == tier]
        rng.shuffle(part)
        monsters.extend(part)
    s.monster_deck = monsters
    for p in s.players:
        p.draw = list(cards.basic_deck)
        rng.shuffle(p.draw)
    s.hm = rng.randrange(s.n)
    s.frames.append(("SEASON",))
    for seat in reversed(range(s.n)):
        s.frames.append(("LAYOUT", seat))


def layout_options(s: State) -> list[Hashable]:
    a, b = s.cards.start_attractions
    return [(a, b), (b, a)]


def apply_layout(s: State, seat: int, order: tuple[int, int]) -> None:
    p = s.players[seat]
    for i, a in enumerate(order):
        p.slots[i].stack = [a]
        d = s.cards.attractions[a]
        p.slots[i].tourists = min(d.start_tourists, d.capacity)


# ----------------------------------------------------------------------------- Phase I


def start_season(s: State) -> None:
    s.season += 1
    s.phase = 1
    s.log.append(("season", s.season))
    s.p1_plan = [[] for _ in range(s.n)]
    s.p1_done = [False] * s.n
    s.p1_gm = [-1] * s.n
    s.p1_day = [0] * s.n
    s.frames.append(("PHASE2",))
    s.frames.append(("PHASE1_RESOLVE",))
    s.frames.append(("PHASE1",))
    s.frames.append(("DRAW",))
    for seat in reversed(s.hm_order()):
        p = s.players[seat]
        for i in reversed(range(3)):
            if p.slots[i].hero != NO_HERO:
                effects = hero_def(s, p.slots[i]).effects_at("start_of_season")
                push_effects(s, seat, i, effects, i)


def draw_phase(s: State) -> None:
    for p in s.players:
        draw_workers(s, p, WORKERS_DRAWN)


def phase1_pending(s: State) -> tuple[int, ...]:
    if s.params.phase_i_mode == "in_turn_order":
        for seat in s.hm_order():
            if not s.p1_done[seat]:
                return (seat,)
        return ()
    return tuple(seat for seat in range(s.n) if not s.p1_done[seat])


def phase1_income(s: State, p: Player, units: dict[int, int], bonus_workers: dict[int, list[int]]
            ) -> tuple[int, int, list[tuple[int, int, int, int]]]:
    """Phase I results (spec 4.5) applied to a copy of the seat's resources.

    Returns the final (flair, gold) and per slot (slot, tourists lost, flair, gold)."""
    atts = s.cards.attractions
    workers = s.cards.workers
    flair, gold = p.flair, p.gold
    rows = []
    forfeit = s.params.overflow == "forfeit"
    for i, slot in enumerate(p.slots):
        if not slot.stack:
            continue
        top = atts[slot.top]
        short = max(0, top.work_required - units.get(i, 0))
        tourists = slot.tourists
        lost = 0
        if s.params.unstaffed_penalty == "tourists":
            lost = min(short, tourists)
            tourists -= lost
        f, g = top.payout[tourists]
        for w in bonus_workers.get(i, ()):
            pb = workers[w].payout_bonus
            if pb is not None and (not pb[2] or pb[2] == top.type):
                f += pb[0]
                g += pb[1]
        if f > 0:
            flair = min(14, flair + f) if not forfeit or flair + f <= 14 else flair
        if g > 0:
            gold = min(14, gold + g) if not forfeit or gold + g <= 14 else gold
        if s.params.unstaffed_penalty == "flair":
            flair = max(0, flair - short)
        rows.append((i, lost, max(0, f), max(0, g)))
    return flair, gold, rows


def planned_units(s: State, seat: int, extra: tuple[int, int, tuple[int, ...]] | None
             ) -> tuple[dict[int, int], dict[int, list[int]]]:
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


def phase1_options(s: State, seat: int) -> list[Hashable]:
    p = s.players[seat]
    workers = s.cards.workers
    gm = s.p1_gm[seat]
    if gm >= 0:
        d = workers[gm]
        return [("split", a) for a in worker_splits(d.split_total, d.split_max, len(p.present()))]
    out: list[Hashable] = []
    present = p.present()
    if present:
        for w in sorted(set(p.hand)):
            d = workers[w]
            if d.split_total:
                out.append(("send", w, -1))
                continue
            for i in present:
                if d.staffing_gold:
                    units, at = planned_units(s, seat, (w, i, ()))
                    _, gold, _ = phase1_income(s, p, units, at)
                    if gold < d.staffing_gold * (s.p1_day[seat] + 1):
                        continue
                out.append(("send", w, i))
    out.append(("done",))
    return out


def apply_phase1(s: State, seat: int, opt: tuple) -> None:
    p = s.players[seat]
    if opt[0] == "done":
        s.p1_done[seat] = True
        return
    if opt[0] == "split":
        s.p1_plan[seat].append((s.p1_gm[seat], -1, opt[1]))
        s.p1_gm[seat] = -1
        return
    w = opt[1]
    p.hand.remove(w)
    d = s.cards.workers[w]
    if d.split_total:
        s.p1_gm[seat] = w
        return
    if d.staffing_gold:
        s.p1_day[seat] += 1
    s.p1_plan[seat].append((w, opt[2], ()))


def resolve_phase1(s: State) -> None:
    """Spec 4.5 and 4.6, after every seat committed."""
    workers = s.cards.workers
    for seat, p in enumerate(s.players):
        for w, i, alloc in s.p1_plan[seat]:
            place_worker(s, p, w, i, alloc)
        s.log.append(("phase1", seat, tuple(s.p1_plan[seat])))
        units = {i: supplied(s, sl) for i, sl in enumerate(p.slots) if sl.stack}
        at = {i: sl.workers for i, sl in enumerate(p.slots) if sl.stack}
        flair, gold, rows = phase1_income(s, p, units, at)
        for i, lost, _f, _g in rows:
            p.slots[i].tourists -= lost
        p.flair, p.gold = flair, gold
        wages = sum(workers[w].staffing_gold for w, _, alloc in s.p1_plan[seat] if not alloc)
        p.gold = max(0, p.gold - wages)
        s.log.append(("income", seat, tuple(rows), wages))
        s.p1_plan[seat] = []


# ----------------------------------------------------------------------------- Phase II


def start_phase2(s: State) -> None:
    s.phase = 2
    for p in s.players:
        p.passed = False
    s.first_pass_done = False
    s.turn_seat = s.hm
    s.main_done = False
    s.frames.append(("TURN", s.hm))


def next_turn(s: State) -> None:
    for k in range(1, s.n + 1):
        seat = (s.turn_seat + k) % s.n
        if not s.players[seat].passed:
            s.turn_seat = seat
            s.main_done = False
            s.frames.append(("TURN", seat))
            return
    s.frames.append(("PHASE3",))


# ----------------------------------------------------------------------------- Phase III


def start_phase3(s: State) -> None:
    s.phase = 3
    if s.dock:
        s.dock_discard.append(s.dock.pop(0))
    s.frames.append(("PHASE4",))
    s.frames.append(("REFILL",))


def refill(s: State) -> None:
    if s.end_triggered or len(s.dock) >= DOCK_SIZE[s.n]:
        return
    if not s.main_deck:
        if not s.dock_discard:
            return
        s.main_deck = s.dock_discard
        s.dock_discard = []
        s.rng.shuffle(s.main_deck)
        s.log.append(("main_deck_reshuffled",))
    card = s.main_deck.pop()
    kind = s.cards.main_cards[card][0]
    s.frames.append(("REFILL",))
    if kind in (ATTACK, DOUBLE_ATTACK):
        s.log.append(("attack_card", card))
        s.frames.append(("CARD_DONE", card))
        s.frames.append(("ATTACK", card))
        if kind == DOUBLE_ATTACK:
            s.frames.append(("ATTACK", card))
    else:
        s.dock.append(card)
        s.log.append(("dock", card))


# ----------------------------------------------------------------------------- Phase IV, V


def start_phase4(s: State) -> None:
    """Spec 8.1-8.2; the +1 health and end check follow in ``finish_phase4``."""
    s.phase = 4
    s.frames.append(("PHASE4_HEAL",))
    full = []
    for seat in s.hm_order():
        p = s.players[seat]
        for slot in p.slots:
            if slot.hero != NO_HERO and slot.hero_health == hero_def(s, slot).max:
                full.append((seat, slot))
    for seat, slot in full:
        s.players[seat].scored.append(slot.hero)
        s.log.append(("hero_scored", seat, slot.hero))
        slot.hero, slot.hero_health, slot.hero_locked = NO_HERO, 0, False
        if s.monster_deck:
            s.monster_discard.append(s.monster_deck.pop())
    for seat in reversed(s.hm_order()):
        p = s.players[seat]
        for i in reversed(range(3)):
            if p.slots[i].hero != NO_HERO:
                push_effects(s, seat, i, hero_def(s, p.slots[i]).effects_at("hero_rewards"), i)


def finish_phase4(s: State) -> None:
    for p in s.players:
        for slot in p.slots:
            if slot.hero != NO_HERO:
                slot.hero_health = min(hero_def(s, slot).max, slot.hero_health + 1)
    if not s.monster_deck:
        s.terminal = True
        s.phase = 6
        s.log.append(("game_over",))
    else:
        s.frames.append(("PHASE5",))


def clean_up(s: State) -> None:
    """Spec 9."""
    s.phase = 5
    for p in s.players:
        for slot in p.slots:
            p.discard.extend(slot.workers)
            p.discard.extend(slot.stranded)
            slot.workers = []
            slot.stranded = []
            slot.gm_units = 0
            slot.locked = False
            slot.hero_locked = False
        p.discard.extend(p.hand)
        p.hand = []
        p.flair = 0
    for pile in s.worker_piles:
        pile[2] = False
    s.sph_locked = False
    s.frames.append(("SEASON",))


# ----------------------------------------------------------------------------- scoring


def score_parts(s: State, seat: int) -> tuple[int, int, int]:
    """(hero VP from the scoring pile, attraction VP, resort heroes) of spec 10.1."""
    cards = s.cards
    p = s.players[seat]
    hero_vp = sum(cards.heroes[cards.main_cards[c][1]].vp for c in p.scored)
    att_vp = sum(cards.attractions[a].vp for sl in p.slots for a in sl.stack)
    resting = sum(1 for sl in p.slots if sl.hero != NO_HERO)
    return hero_vp, att_vp, resting
