"""Attacks (spec 7): reveal, defender, attacked attractions, response window, hero
decisions, resolution, destruction, follow-ups and the end trigger (6.4).

Frames: ``("ATTACK", card)`` starts one attack; it pushes ``ATTACK_END``, ``HITS`` and
``WINDOW``. ``WINDOW`` asks ``("RESPOND", seat, epoch)`` clockwise from the defender;
``HITS`` runs ``("HERO", slot)`` then ``("HIT", slot)`` per attacked attraction.
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.epic_resort.actions import free_actions
from engine.epic_resort.effects import push_effects
from engine.epic_resort.resort import destroy_if_needed, hero_def, lose_gold, move_hero, supplied
from engine.epic_resort.state import NO_HERO, Attack, State

POSITION = {"left": 0, "center": 1, "right": 2}


def defender_for(s: State, target: str) -> int:
    """Spec 7.3, ties to the first tied player in Harbormaster order."""
    if target == "harbormaster":
        return s.hm
    best, best_v = -1, -1
    for seat in s.hm_order():
        p = s.players[seat]
        if target == "most_tourists":
            v = sum(sl.tourists for sl in p.slots if sl.stack)
        elif target == "most_heroes":
            v = sum(1 for sl in p.slots if sl.hero != NO_HERO)
        else:
            v = p.gold
        if v > best_v:
            best, best_v = seat, v
    return best


def attacked_slots(s: State, seat: int, card: int, two_heads: bool) -> list[int]:
    """Spec 7.4: attacked slots, left to right."""
    present = s.players[seat].present()
    n = len(present)
    if n == 0:
        return []
    if n == 1:
        return [present[0]]
    att = s.cards.attacks[s.cards.main_cards[card][1]]
    if two_heads:
        if n == 2:
            return present[:]
        outer = present[0] if att.two == "left" else present[2]
        return sorted([present[1], outer])
    if n == 2:
        return [present[0 if att.two == "left" else 1]]
    return [present[POSITION[att.three]]]


def start_attack(s: State, card: int) -> None:
    if s.end_triggered or not s.monster_deck:
        return
    m = s.monster_deck.pop()
    a = Attack(card, m)
    md = s.cards.monsters[s.cards.monster_copies[m][0]]
    a.defender = defender_for(s, md.target)
    a.targets = attacked_slots(s, a.defender, card, md.two_heads)
    a.window_start = a.defender
    s.attack = a
    s.log.append(("attack", m, a.defender, tuple(a.targets)))
    s.frames.append(("ATTACK_END",))
    s.frames.append(("HITS",))
    s.frames.append(("WINDOW",))


def window_step(s: State) -> None:
    a = s.attack
    assert a is not None
    if a.ended or a.window_k >= s.n:
        return
    seat = (a.window_start + a.window_k) % s.n
    s.frames.append(("WINDOW",))
    s.frames.append(("RESPOND", seat, a.epoch))


def respond_options(s: State, seat: int) -> list[Hashable]:
    return [*free_actions(s, seat, True), ("done",)]


def respond_is_stale(s: State, frame: tuple) -> bool:
    a = s.attack
    return a is None or a.ended or frame[2] != a.epoch


def hits_step(s: State) -> None:
    a = s.attack
    assert a is not None
    if a.ended or a.hit >= len(a.targets):
        return
    i = a.targets[a.hit]
    a.hit += 1
    s.frames.append(("HITS",))
    if not s.players[a.defender].slots[i].stack:
        return
    s.frames.append(("HIT", i))
    s.frames.append(("HERO", i))


def hero_options(s: State, i: int) -> list[Hashable]:
    """Spec 7.6 for the attacked slot ``i`` of the defender."""
    a = s.attack
    assert a is not None
    p = s.players[a.defender]
    slot = p.slots[i]
    if slot.hero != NO_HERO:
        if slot.hero_locked:
            return [("defend",)]
        dodges = [("dodge", j) for j in p.present() if p.slots[j].hero == NO_HERO]
        return [("defend",), *dodges]
    movers = [("move_in", j) for j in p.present() if j != i and p.slots[j].hero != NO_HERO
              and not p.slots[j].hero_locked]
    return [("none",), *movers]


def apply_hero_option(s: State, i: int, opt: tuple) -> None:
    a = s.attack
    assert a is not None
    p = s.players[a.defender]
    if opt[0] == "dodge":
        move_hero(p.slots[i], p.slots[opt[1]], True)
        s.log.append(("dodge", a.defender, i, opt[1]))
        s.frames.append(("HERO", i))  # 7.6.3: another unlocked hero may now move in
    elif opt[0] == "move_in":
        move_hero(p.slots[opt[1]], p.slots[i], True)
        s.log.append(("move_in", a.defender, opt[1], i))


def _strength(s: State) -> tuple[int, object]:
    a = s.attack
    assert a is not None
    md = s.cards.monsters[s.cards.monster_copies[a.monster][0]]
    return max(0, md.strength + a.strength_mod), md


def hit(s: State, i: int) -> None:
    """Spec 7.7 at slot ``i`` (before the hero is hurt)."""
    a = s.attack
    assert a is not None
    if a.ended:
        return
    seat = a.defender
    p = s.players[seat]
    slot = p.slots[i]
    if not slot.stack:
        return
    strength, md = _strength(s)
    a.hero_bonus = 0
    if slot.hero != NO_HERO:
        s.frames.append(("DEFEND", i))
        ab = s.cards.attractions[slot.top].ability
        if (ab is not None and ab.timing == "on_hero_defends_here" and not slot.locked
                and supplied(s, slot) >= ab.work):
            slot.locked = True
            push_effects(s, seat, i, ab.effects)
        return
    if slot.tourists:
        lost = min(slot.tourists, strength)
        slot.tourists -= lost
        s.log.append(("eaten", seat, i, lost))
        if md.scorch and slot.tourists == 0:
            slot.damage += 1
    else:
        slot.damage += 1 + md.extra_damage
        s.log.append(("damage", seat, i, 1 + md.extra_damage))
    if md.plunder:
        lose_gold(p, md.plunder)
    destroy_if_needed(s, seat, i)


def defend(s: State, i: int) -> None:
    """Spec 7.7.1 after any on_hero_defends_here bonus."""
    a = s.attack
    assert a is not None
    seat = a.defender
    slot = s.players[seat].slots[i]
    if slot.hero == NO_HERO:
        return
    strength, md = _strength(s)
    h = hero_def(s, slot)
    guard = h.strength + a.hero_bonus
    if s.params.defended_loss_uses == "hero_health":
        guard = slot.hero_health
    slot.hero_health -= 2 if md.drain else 1
    if slot.hero_health <= 0:
        s.dock_discard.append(slot.hero)
        s.log.append(("hero_defeated", seat, i, slot.hero))
        slot.hero, slot.hero_health, slot.hero_locked = NO_HERO, 0, False
    lost = min(slot.tourists, max(0, strength - guard))
    slot.tourists -= lost
    s.log.append(("defended", seat, i, lost))
    a.hero_bonus = 0


def end_attack(s: State) -> None:
    """Spec 7.11 + 7.9 + 6.4."""
    a = s.attack
    assert a is not None
    s.monster_discard.append(a.monster)
    md = s.cards.monsters[s.cards.monster_copies[a.monster][0]]
    s.attack = None
    if not s.monster_deck:
        s.end_triggered = True
        s.log.append(("monster_deck_empty",))
        return
    if md.extra_attack and not a.ended:
        s.frames.append(("ATTACK", a.card))
