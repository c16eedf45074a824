"""Readable text of public log events (for replays and logs) and of main-deck cards."""

from __future__ import annotations

from engine.epic_resort.cards import CardSet


def card_name(cards: CardSet, card: int) -> str:
    kind, k = cards.main_cards[card]
    if kind == 0:
        return cards.tourists[k].name
    if kind == 1:
        return cards.heroes[k].name
    return "Double Attack!" if kind == 3 else "Attack!"


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
        where = "to split" if ev[3] < 0 else f"to slot {ev[3]}"
        return f"seat {ev[1]} sends {w[ev[2]].name} {where}"
    if k == "split":
        return f"seat {ev[1]}'s {w[ev[2]].name} splits " + "/".join(map(str, ev[3]))
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
    if k == "main_deck_reshuffled":
        return "the dock discard pile is shuffled into a new main deck"
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
    if k == "monster_deck_empty":
        return "the monster deck is empty: the game ends after this season"
    if k == "game_over":
        return "--- game over ---"
    return " ".join(str(x) for x in ev)
