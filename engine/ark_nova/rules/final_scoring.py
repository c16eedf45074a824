"""The 11 final scoring cards (spec 16): each is a metric read against the card's
thresholds and rewards in the card data (004 and 009 score their metric directly)."""

from __future__ import annotations

from engine.ark_nova.model.state import State
from engine.ark_nova.rules.metrics import metric

MAX_CP = 4
# Card id -> metric name (spec 16).
METRIC_OF = {
    1: "large_animals",
    2: "small_animals",
    3: "icons:science",
    4: "architectural",
    5: "projects_supported",
    6: "empty_building_cells",
    7: "reputation",
    8: "sponsors",
    9: "diverse_species",
    10: "icons:rock",
    11: "icons:water",
}
DIRECT = frozenset({4, 9})  # scored as their metric (1 CP per criterion / category)


def card_points(s: State, seat: int, card_id: int) -> int:
    """CP a final scoring card gives ``seat`` now (at most 4)."""
    m = metric(s, seat, METRIC_OF[card_id])
    if card_id in DIRECT:
        return min(MAX_CP, m)
    card = s.cards[card_id]
    best = 0
    for threshold, (cp, _) in zip(card.thresholds, card.rewards, strict=True):
        if m >= threshold:
            best = cp
    return min(MAX_CP, best)
