"""Public events for logs and replays (``GameState.public_log``): small tuples appended to
``State.log`` by the rules, read as text here. Only public facts are logged."""

from __future__ import annotations

from engine.ark_nova.cards.catalog import CardSet
from engine.ark_nova.map.buildings import TYPES
from engine.ark_nova.map.maps import cell_name


def describe(cards: CardSet, ev: tuple) -> str:
    kind = ev[0]
    if kind == "animal":
        return f"seat {ev[1]} plays {cards[ev[2]].name}"
    if kind == "sponsor":
        return f"seat {ev[1]} plays sponsor {cards[ev[2]].name}"
    if kind == "building":
        cells = " ".join(cell_name(c) for c in ev[3])
        return f"seat {ev[1]} places {TYPES[ev[2]].name} on {cells}"
    if kind == "project":
        return f"seat {ev[1]} supports {cards[ev[2]].name}, level {ev[3] + 1}"
    if kind == "release":
        return f"seat {ev[1]} releases {cards[ev[2]].name}"
    if kind == "break":
        return f"--- break (triggered by seat {ev[1]}) ---"
    if kind == "end":
        return f"--- the end is triggered: {ev[1]} more turn(s) ---"
    if kind == "final":
        return "final scoring cards: " + "; ".join(
            f"seat {i}: {list(points)} CP" for i, points in enumerate(ev[1]))
    return " ".join(str(x) for x in ev)
