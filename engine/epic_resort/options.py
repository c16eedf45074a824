"""Decision kinds (spec 15) and readable labels for option values and public log events.

Option values are small tuples:

- ``("send", worker, slot)`` (slot -1: a Guildmaster, split next), ``("discard", worker)``,
  ``("ability", slot)``: free actions;
- ``("tourists", dock_pos)``, ``("sph",)``, ``("hero", dock_pos, slot)``,
  ``("upgrade", tier, index, slot)``, ``("train", trainer, pile)``, ``("pass",)``: main actions;
- ``("end_turn",)``, ``("done",)``, ``("split", allocation)``;
- ``("defend",)``, ``("dodge", slot)``, ``("move_in", from_slot)``, ``("none",)``: hero decisions;
- plain ints: a slot (tourist placement, heal, repair, unlock), a seat (Harbormaster) or a
  count (cash out); a tuple of slots: a hero arrangement; a pair of attraction ids: layout.
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.epic_resort.cards import CardSet
from engine.epic_resort.state import State

KINDS = {
    "LAYOUT": "STARTING_LAYOUT",
    "PHASE1": "SEND_WORKER",
    "GM_SPLIT": "GUILDMASTER_SPLIT",
    "TURN": "TURN_MENU",
    "HM_CHOICE": "CHOOSE_HARBORMASTER",
    "RESPOND": "ATTACK_RESPONSE",
    "HERO": "HERO_DECISION",
    "PLACE": "PLACE_TOURIST",
    "HEAL": "CHOOSE_HERO_TO_HEAL",
    "DAMAGE": "CHOOSE_ATTRACTION_TO_REPAIR",
    "UNLOCK": "CHOOSE_ATTRACTION_TO_UNLOCK",
    "CASH": "CASH_OUT_TOURISTS",
    "REPOSITION": "REPOSITION_HEROES",
}


def decision_kind(s: State, seat: int) -> str:
    k = s.frames[-1][0]
    if k == "PHASE1" and s.p1_gm[seat] >= 0:
        return "GUILDMASTER_SPLIT"
    return KINDS[k]


def card_name(cards: CardSet, card: int) -> str:
    kind, k = cards.main_cards[card]
    if kind == 0:
        return cards.tourists[k].name
    if kind == 1:
        return cards.heroes[k].name
    return "Double Attack!" if kind == 3 else "Attack!"


def _slot(i: int) -> str:
    return f"slot {i}"


def describe(s: State, seat: int, kind: str, opt: Hashable) -> str:
    cards = s.cards
    w = cards.workers
    if kind == "STARTING_LAYOUT":
        a, b = opt  # type: ignore[misc]
        return f"{cards.attractions[a].name} left, {cards.attractions[b].name} right"
    if kind == "CHOOSE_HARBORMASTER":
        if opt == s.hm:
            return f"seat {opt} keeps it (+1 gold token)"
        return f"seat {opt} becomes Harbormaster"
    if kind == "CASH_OUT_TOURISTS":
        return f"cash out {opt} tourists"
    if kind == "REPOSITION_HEROES":
        return "heroes to " + ", ".join(_slot(i) for i in opt)  # type: ignore[union-attr]
    if isinstance(opt, int):
        return _slot(opt)
    assert isinstance(opt, tuple)
    op = opt[0]
    if op == "send":
        where = "split over attractions" if opt[2] < 0 else _slot(opt[2])
        return f"send {w[opt[1]].name} to {where}"
    if op == "split":
        return "Guildmaster units " + "/".join(str(u) for u in opt[1])
    if op == "discard":
        return f"discard {w[opt[1]].name}"
    if op == "ability":
        top = s.players[seat].slots[opt[1]].top
        return f"use {cards.attractions[top].name} ability ({_slot(opt[1])})"
    if op == "tourists":
        return f"attract {card_name(cards, s.dock[opt[1]])} (dock {opt[1]})"
    if op == "sph":
        return "attract Season Pass Holders"
    if op == "hero":
        return f"attract {card_name(cards, s.dock[opt[1]])} to {_slot(opt[2])}"
    if op == "upgrade":
        a = s.draft_avail[opt[1]][opt[2]]
        return f"build {cards.attractions[a].name} in {_slot(opt[3])}"
    if op == "train":
        pile = s.worker_piles[opt[2]]
        return f"train {w[opt[1]].name} into {w[pile[0]].name}"
    if op == "dodge":
        return f"dodge to {_slot(opt[1])}"
    if op == "move_in":
        return f"move hero in from {_slot(opt[1])}"
    return op.replace("_", " ")


def describe_event(cards: CardSet, ev: tuple) -> str:
    k = ev[0]
    w = cards.workers
    a = cards.attractions
    if k == "season":
        return f"--- season {ev[1]} ---"
    if k == "phase1":
        sent = ", ".join(
            f"{w[x].name}->" + ("split " + "/".join(map(str, alloc)) if alloc else f"slot {i}")
            for x, i, alloc in ev[2]
        )
        return f"seat {ev[1]} sends: {sent or 'nobody'}"
    if k == "income":
        gains = "; ".join(
            f"slot {i}: -{lost} tourists, +{f} flair +{g} gold" for i, lost, f, g in ev[2]
        )
        return f"seat {ev[1]} Phase I: {gains}; wages {ev[3]}"
    if k == "send":
        return f"seat {ev[1]} sends {w[ev[2]].name}"
    if k == "discard":
        return f"seat {ev[1]} discards {w[ev[2]].name}"
    if k == "ability":
        return f"seat {ev[1]} uses {a[ev[3]].name}"
    if k == "attract_tourists":
        return f"seat {ev[1]} attracts {card_name(cards, ev[2])}"
    if k == "attract_sph":
        return f"seat {ev[1]} attracts Season Pass Holders"
    if k == "attract_hero":
        return f"seat {ev[1]} attracts {card_name(cards, ev[2])} to slot {ev[3]}"
    if k == "upgrade":
        return f"seat {ev[1]} builds {a[ev[2]].name} in slot {ev[3]}"
    if k == "train":
        return f"seat {ev[1]} trains {w[ev[2]].name} into {w[ev[3]].name}"
    if k == "pass":
        return f"seat {ev[1]} passes"
    if k == "harbormaster":
        return f"seat {ev[1]} holds the Harbormaster ({ev[2]} gold tokens on it)"
    if k == "dock":
        return f"dock gets {card_name(cards, ev[1])}"
    if k == "attack_card":
        return f"{card_name(cards, ev[1])} revealed"
    if k == "attack":
        m = cards.monsters[cards.monster_copies[ev[1]][0]]
        return f"{m.name} (strength {m.strength}) attacks seat {ev[2]} at slots {list(ev[3])}"
    if k == "redirect":
        return f"attack redirected to seat {ev[1]} slot {ev[2]}"
    if k == "attack_ended":
        return f"seat {ev[1]} ends the attack"
    if k == "dodge":
        return f"seat {ev[1]}'s hero dodges from slot {ev[2]} to slot {ev[3]}"
    if k == "move_in":
        return f"seat {ev[1]}'s hero moves from slot {ev[2]} to slot {ev[3]}"
    if k == "eaten":
        return f"seat {ev[1]} slot {ev[2]} loses {ev[3]} tourists"
    if k == "damage":
        return f"seat {ev[1]} slot {ev[2]} takes {ev[3]} damage"
    if k == "defended":
        return f"seat {ev[1]}'s hero defends slot {ev[2]}; {ev[3]} tourists lost"
    if k == "hero_defeated":
        return f"seat {ev[1]}'s {card_name(cards, ev[3])} is defeated"
    if k == "destroyed":
        return f"seat {ev[1]}'s {a[ev[3]].name} (slot {ev[2]}) is destroyed"
    if k == "hero_scored":
        return f"seat {ev[1]} scores {card_name(cards, ev[2])}"
    return " ".join(str(x) for x in ev)
