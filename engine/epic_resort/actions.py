"""Phase II main actions (spec 5.3) and free actions (spec 5.4), also used in attack
response windows (spec 7.5): legality (option lists) and execution."""

from __future__ import annotations

from collections.abc import Hashable

from engine.epic_resort.cards import HERO, TOURIST
from engine.epic_resort.effects import push_effects
from engine.epic_resort.resort import gain, place_worker, supplied, worker_splits
from engine.epic_resort.state import NO_HERO, State

SPH_COST = 4


# ----------------------------------------------------------------------------- free actions


def free_actions(s: State, seat: int, in_attack: bool) -> list[Hashable]:
    """Send / discard / ability options for ``seat`` (spec 5.4)."""
    p = s.players[seat]
    workers = s.cards.workers
    atts = s.cards.attractions
    marked_only = in_attack and s.params.free_actions_during_attack == "marked_only"
    out: list[Hashable] = []
    present = p.present()
    kinds = sorted(set(p.hand))
    if present and not marked_only:
        for w in kinds:
            d = workers[w]
            if d.staffing_gold and p.gold < d.staffing_gold:
                continue
            if d.split_total:
                out.append(("send", w, -1))
            else:
                out.extend(("send", w, i) for i in present)
    for w in kinds:
        dis = workers[w].discard
        if dis is None or (dis.only_during_attack and not in_attack):
            continue
        if marked_only and not dis.during_attack:
            continue
        out.append(("discard", w))
    for i in present:
        slot = p.slots[i]
        ab = atts[slot.top].ability
        if ab is None or ab.timing != "activated" or slot.locked:
            continue
        if ab.only_during_attack and not in_attack:
            continue
        if marked_only and not ab.during_attack:
            continue
        if supplied(s, slot) >= ab.work:
            out.append(("ability", i))
    return out


def do_free_action(s: State, seat: int, opt: tuple) -> None:
    p = s.players[seat]
    kind = opt[0]
    workers = s.cards.workers
    if kind == "send":
        w = opt[1]
        p.hand.remove(w)
        d = workers[w]
        if d.staffing_gold:
            p.gold -= d.staffing_gold
        s.log.append(("send", seat, w, opt[2]))
        if d.split_total:
            s.frames.append(("GM_SPLIT", seat, w))
        else:
            place_worker(s, p, w, opt[2], ())
    elif kind == "discard":
        w = opt[1]
        p.hand.remove(w)
        dis = workers[w].discard
        assert dis is not None
        (p.removed if dis.remove_from_game else p.discard).append(w)
        s.log.append(("discard", seat, w))
        push_effects(s, seat, -1, dis.effects)
    elif kind == "ability":
        i = opt[1]
        ab = s.cards.attractions[p.slots[i].top].ability
        assert ab is not None
        s.log.append(("ability", seat, i, p.slots[i].top))
        s.frames.append(("LOCK", seat, i))
        push_effects(s, seat, i, ab.effects)


def split_options(s: State, seat: int, w: int) -> list[Hashable]:
    d = s.cards.workers[w]
    n = len(s.players[seat].present())
    return [("split", a) for a in worker_splits(d.split_total, d.split_max, n)]


# ----------------------------------------------------------------------------- main actions


def main_actions(s: State, seat: int) -> list[Hashable]:
    p = s.players[seat]
    cards = s.cards
    out: list[Hashable] = []
    present = p.present()
    for pos, card in enumerate(s.dock):
        kind, k = cards.main_cards[card]
        if kind == TOURIST and cards.tourists[k].cost <= p.flair:
            out.append(("tourists", pos))
    if cards.season_pass is not None and s.n == 4 and not s.sph_locked and p.flair >= SPH_COST:
        out.append(("sph",))
    free_hero_slots = [i for i in present if p.slots[i].hero == NO_HERO]
    if free_hero_slots:
        for pos, card in enumerate(s.dock):
            kind, k = cards.main_cards[card]
            if kind == HERO and cards.heroes[k].cost <= p.flair:
                out.extend(("hero", pos, i) for i in free_hero_slots)
    for tier in range(3):
        for idx, a in enumerate(s.draft_avail[tier]):
            d = cards.attractions[a]
            if d.cost > p.gold:
                continue
            for i in range(3):
                if _upgrade_ok(s, seat, a, i):
                    out.append(("upgrade", tier, idx, i))
    trainers = sorted({w for w in p.hand if cards.workers[w].train_discount >= 0})
    for t in trainers:
        discount = _discount(s, t)
        for pile_i, (w, count, locked) in enumerate(s.worker_piles):
            if count and not locked and max(0, cards.workers[w].cost - discount) <= p.gold:
                out.append(("train", t, pile_i))
    out.append(("pass",))
    return out


def _discount(s: State, trainer: int) -> int:
    d = s.cards.workers[trainer].train_discount
    return s.params.journeyman_discount if d > 0 else d


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


def do_main_action(s: State, seat: int, opt: tuple) -> None:
    p = s.players[seat]
    cards = s.cards
    kind = opt[0]
    if kind == "tourists":
        card = s.dock.pop(opt[1])
        t = cards.tourists[cards.main_cards[card][1]]
        p.flair -= t.cost
        s.dock_discard.append(card)
        s.log.append(("attract_tourists", seat, card))
        s.frames.append(("PLACE", seat, t.tourists, ""))
        if t.bonus_n:
            s.frames.append(("PLACE", seat, t.bonus_n, t.bonus_type))
    elif kind == "sph":
        assert cards.season_pass is not None
        p.flair -= cards.season_pass.cost
        s.sph_locked = True
        s.log.append(("attract_sph", seat))
        s.frames.append(("PLACE", seat, cards.season_pass.tourists, ""))
    elif kind == "hero":
        card = s.dock.pop(opt[1])
        h = cards.heroes[cards.main_cards[card][1]]
        p.flair -= h.cost
        slot = p.slots[opt[2]]
        slot.hero, slot.hero_health, slot.hero_locked = card, h.start, False
        s.log.append(("attract_hero", seat, card, opt[2]))
        push_effects(s, seat, opt[2], h.effects_at("on_attract"), opt[2])
    elif kind == "upgrade":
        tier, idx, i = opt[1], opt[2], opt[3]
        a = s.draft_avail[tier].pop(idx)
        p.gold -= cards.attractions[a].cost
        slot = p.slots[i]
        slot.stack.append(a)
        slot.tourists = slot.damage = 0
        slot.locked = False
        if s.draft_piles[tier]:
            s.draft_avail[tier].append(s.draft_piles[tier].pop())
        s.log.append(("upgrade", seat, a, i))
    elif kind == "train":
        trainer, pile_i = opt[1], opt[2]
        pile = s.worker_piles[pile_i]
        price = max(0, cards.workers[pile[0]].cost - _discount(s, trainer))
        p.gold -= price
        p.hand.remove(trainer)
        p.removed.append(trainer)
        pile[1] -= 1
        pile[2] = True
        p.hand.append(pile[0])
        p.trained += 1
        s.log.append(("train", seat, trainer, pile[0]))
    elif kind == "pass":
        p.passed = True
        s.log.append(("pass", seat))
        if not s.first_pass_done:
            s.first_pass_done = True
            if s.params.harbormaster_on_first_pass == "first_passer_takes_it":
                take_harbormaster(s, seat)
            else:
                s.frames.append(("HM_CHOICE", seat))


def take_harbormaster(s: State, chosen: int) -> None:
    """Spec 5.3.6: re-selecting the Harbormaster adds a token; otherwise the card moves."""
    if chosen == s.hm:
        s.hm_tokens += 1
    else:
        s.hm = chosen
        gain(s, s.players[chosen], 0, s.hm_tokens)
        s.hm_tokens = 0
    s.log.append(("harbormaster", chosen, s.hm_tokens))
