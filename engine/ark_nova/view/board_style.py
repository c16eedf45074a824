"""Colours and short labels for the Ark Nova board drawing (``board.py``, ``board_zoo.py``)."""

from __future__ import annotations

from engine.ark_nova.cards.catalog import (
    ANIMAL,
    CATEGORIES,
    CONTINENTS,
    FINAL,
    ICON_NAMES,
    PROJECT,
    SPONSOR,
    Card,
)
from engine.ark_nova.map.buildings import KIND, KIOSK, PAVILION, SPECIAL, STANDARD, TYPES

TIMES = "\u00d7"  # the multiplication sign
MINUS = "\u2212"  # the minus sign
INK, MUTED, LINE = "#222", "#666", "#c8ccc0"
SEAT_COLOURS = ("#2f6fb5", "#c0392b", "#2e8b57", "#b7860b")
SEAT_TINTS = ("#e3ecf7", "#f7e1de", "#dff0e6", "#f6eccd")
TERRAIN_PLAIN, TERRAIN_WATER, TERRAIN_ROCK = "#eef2dd", "#8cc3e6", "#b3a28a"
CARD_FILL = {ANIMAL: "#e4f1d6", SPONSOR: "#dce6f5", PROJECT: "#f8e2d4", FINAL: "#ececec"}
CATEGORY_COLOURS = ("#3d9bd6", "#4f9a4f", "#c0392b", "#9c5b2e", "#8a962a", "#5e4232",
                    "#e07aa5")
# Building fills: standard enclosure empty / occupied, then by kind.
EMPTY_FILL, OCCUPIED_FILL = "#d5eab9", "#5f9f4c"
KIND_FILL = {KIOSK: "#eba33d", PAVILION: "#9a7cc6", SPECIAL: "#3f9ea0", "unique": "#d0675e"}

PLACEMENT = {
    "x_token": "X", "money_2": "$2", "money_5": "$5", "money_10": "$10",
    "reputation_1": "+1R", "reputation_2": "+2R", "card_deck_or_range": "card",
    "clever": "clev", "hire_worker": "wkr", "partner_zoo": "PZ", "university": "uni",
    "sponsor_for_money": "sp$", "kiosk": "kio", "multiplier": f"{TIMES}2",
}
# What each placement bonus gives, for the legend and each cell's hover text (spec 7.6).
PLACEMENT_NAMES = {
    "x_token": "1 X-token", "money_2": "2 money", "money_5": "5 money",
    "money_10": "10 money", "reputation_1": "1 reputation", "reputation_2": "2 reputation",
    "card_deck_or_range": "1 card, from the deck or the display in reputation range",
    "clever": "after this action, move any action card to slot 1",
    "hire_worker": "hire a worker (an association worker)",
    "partner_zoo": "a partner zoo, free", "university": "a university, free",
    "sponsor_for_money": "play a sponsor card for money", "kiosk": "build a kiosk, free",
    "multiplier": f"a {TIMES}2 multiplier token on any action card",
}
LEFT_TRACK = {
    "snap_1": "snap 1", "free_enclosure_size_2": "free encl. 2", "money_5": "5 money",
    "money_12": "12 money", "x_token_3": "3 X", "hire_worker": "worker",
    "reputation_2": "2 reputation", "conservation_1": "1 CP", "sponsor_for_money": "sponsor $",
    "determination": "determination", "university": "university", "partner_zoo": "partner zoo",
    "free_special_enclosure": "free special", "clever_2": "clever 2", "pouch_2": "pouch 2",
}
BONUS_TILES = {
    "money_10": "10 money", "enclosure_3": "size-3 enclosure", "reputation_2": "2 reputation",
    "x_tokens_3": "3 X-tokens", "cards_3": "3 cards", "partner_zoo": "partner zoo",
    "university": "university", "multiplier": "multiplier", "sponsor_for_money": "sponsor for $",
}
ACTION_TITLES = ("Animals", "Association", "Build", "Cards", "Sponsors")
TASK_TITLES = ("reputation", "partner zoo", "university", "conservation project")
UNIVERSITY_SHORT = ("+rep/hand 5", "research/+2 rep", f"2{TIMES} research")
UNIQUE_SHORT = {
    10: "Meerkat", 11: "Penguin", 12: "Aquarium", 13: "Cable car", 14: "Baboon",
    15: "Rhesus", 16: "Owl hut", 17: "Turtle", 18: "P. bear", 19: "Hyena", 20: "Okapi",
    21: "School", 22: "Adv. play", 23: "Water play", 24: "Entrance",
}
SPECIAL_SHORT = {7: "Petting", 8: "Reptile", 9: "Aviary"}


def fit(text: str, size: int) -> str:
    """``text`` cut to ``size`` characters (an ellipsis marks the cut)."""
    return text if len(text) <= size else text[: size - 1] + "…"


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def building_short(code: int, state: int) -> str:
    """The label drawn on a building: size of a standard enclosure, K/P, or a name."""
    kind = KIND[code]
    if kind == STANDARD:
        return str(TYPES[code].size)
    if kind == KIOSK:
        return "K"
    if kind == PAVILION:
        return "P"
    if kind == SPECIAL:
        return f"{SPECIAL_SHORT[code]} {state}/{TYPES[code].capacity}"
    return UNIQUE_SHORT.get(code, TYPES[code].name)


def building_fill(code: int, state: int) -> str:
    kind = KIND[code]
    if kind == STANDARD:
        return OCCUPIED_FILL if state else EMPTY_FILL
    return KIND_FILL.get(kind, KIND_FILL["unique"])


def category_colour(card: Card) -> str:
    for i in CATEGORIES:
        if card.icons[i]:
            return CATEGORY_COLOURS[i]
    return MUTED


def icon_summary(card: Card) -> str:
    """Category and continent icons, e.g. ``predator x2 · africa``."""
    parts = []
    for i in (*CATEGORIES, *CONTINENTS):
        n = card.icons[i]
        if n:
            parts.append(ICON_NAMES[i] + (f" {TIMES}{n}" if n > 1 else ""))
    return " · ".join(parts)
