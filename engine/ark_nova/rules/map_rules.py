"""The special rules of maps 1-8 (spec 21.3, 21.4): the hooks the rules call. Each reads
``MapData.rule`` and the cells of the map's feature (``MapData.feature``); maps without a
rule (A, 0, 3) get the neutral value.

- Map 1 / 1a, Observation Tower: +2 appeal when a standard enclosure next to the tower is
  flipped to occupied (``on_occupy``), while the tower cell is not covered.
- Map 2, Outdoor Areas: a standard enclosure next to the outdoor area counts 2 sizes
  larger (``size_bonus``), while the outdoor area is not covered.
- Map 4, Commercial Harbor: once the activation cell is covered, once per own turn,
  discard a hand card for 3 money (``harbour_open``; the decisions are in ``harbour.py``).
- Map 5, Park Restaurant: break income +1 money per covered cell next to the restaurant.
- Map 6, Research Institute: once the activation cell is covered, an animal may be
  played with 1 condition missing (``ignored_animal_conditions``).
- Map 7, Ice Cream Parlors: once the three kiosk cells are covered, break income +1 money
  per kiosk.
- Map 8, Hollywood Hills: covering an H cell reveals cards until a sponsor, which goes to
  hand (``on_cover``); with all three covered, sponsors count 1 level lower.

The features are not buildings; a feature cell covered through sponsor 219 ends the
tower and outdoor-area rules (spec 21.3, 21.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ark_nova.cards.effects import Effect, Gain, RevealUntil
from engine.ark_nova.map.buildings import STANDARD, TYPES
from engine.ark_nova.map.hexgrid import NEIGHBOUR_MASK, cells_of, neighbourhood
from engine.ark_nova.map.maps import (
    HARBOUR,
    HOLLYWOOD,
    ICE_CREAM,
    INSTITUTE,
    OUTDOOR,
    RESTAURANT,
    TOWER,
)

if TYPE_CHECKING:
    from engine.ark_nova.model.state import Building, Player, State

OUTDOOR_BONUS = 2
TOWER_APPEAL = 2
HARBOUR_MONEY = 3


def _all_covered(p: Player) -> bool:
    return p.map.feature & ~p.covered == 0


def _next_to_free_feature(p: Player, b: Building) -> bool:
    """The building touches the map's feature cell and that cell is not covered."""
    feature = p.map.feature
    return not feature & p.covered and bool(neighbourhood(feature) & b.mask)


def on_cover(s: State, seat: int, mask: int) -> list[Effect]:
    """Effects of newly covering ``mask``: Map 8 reveals until a sponsor per H cell."""
    p = s.players[seat]
    if p.map.rule != HOLLYWOOD:
        return []
    return [RevealUntil("sponsor") for _ in cells_of(mask & p.map.feature)]


def on_occupy(s: State, seat: int, building: int) -> list[Effect]:
    """Effects of flipping standard enclosure ``building`` to occupied (Map 1 tower)."""
    p = s.players[seat]
    if p.map.rule != TOWER or not _next_to_free_feature(p, p.bld[building]):
        return []
    return [Gain("appeal", TOWER_APPEAL)]


def size_bonus(p: Player, b: Building) -> int:
    """Extra effective size of a standard enclosure (Map 2 outdoor area)."""
    if p.map.rule != OUTDOOR or TYPES[b.code].kind != STANDARD:
        return 0
    return OUTDOOR_BONUS if _next_to_free_feature(p, b) else 0


def enclosure_size(p: Player, idx: int) -> int:
    """The size a standard enclosure counts as (its cells, plus Map 2's bonus)."""
    b = p.bld[idx]
    return TYPES[b.code].size + size_bonus(p, b)


def harbour_open(p: Player) -> bool:
    """Map 4: the harbour is connected (its cell covered) and not used this turn."""
    return p.map.rule == HARBOUR and not p.harbour_used and _all_covered(p)


def ignored_animal_conditions(p: Player) -> int:
    """Animal conditions a player may ignore through the map (Map 6 institute)."""
    return int(p.map.rule == INSTITUTE and _all_covered(p))


def sponsor_level_discount(p: Player) -> int:
    """How much lower every sponsor level counts (Map 8, all H cells covered)."""
    return int(p.map.rule == HOLLYWOOD and _all_covered(p))


def income_money(p: Player) -> int:
    """Break income of the map (Map 5 restaurant, Map 7 ice cream parlors)."""
    rule = p.map.rule
    if rule == RESTAURANT:
        (cell,) = cells_of(p.map.feature)
        return (NEIGHBOUR_MASK[cell] & p.covered).bit_count()
    if rule == ICE_CREAM and _all_covered(p):
        return len(p.kiosk_cells)
    return 0


def income(s: State, seat: int) -> list[Effect]:
    """Break income effects of the map (step 5c)."""
    n = income_money(s.players[seat])
    if not n:
        return []
    return [Gain("money", n)]
