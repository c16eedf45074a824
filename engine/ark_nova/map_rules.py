"""Map-specific rules (spec 21.4): the hooks the rules call so maps 1-8 can add their
special abilities in one place. Maps A and 0 have no special rule, so every hook returns
the neutral value for them; a later map adds a branch keyed by ``MapData.special`` tags.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.ark_nova.effects import Effect
    from engine.ark_nova.state import Building, Player, State


def on_cover(s: State, seat: int, mask: int) -> list[Effect]:
    """Effects of covering ``mask`` beyond placement bonuses (maps 8 H cells, 4/6 activation)."""
    return []


def on_occupy(s: State, seat: int, building: int) -> list[Effect]:
    """Effects of flipping a standard enclosure to occupied (map 1 tower)."""
    return []


def size_bonus(p: Player, b: Building) -> int:
    """Extra effective size of a standard enclosure (map 2 outdoor area)."""
    return 0


def ignored_animal_conditions(p: Player) -> int:
    """Animal conditions a player may ignore through the map (map 6)."""
    return 0


def sponsor_level_discount(p: Player) -> int:
    """How much lower every sponsor level counts (map 8)."""
    return 0


def income(s: State, seat: int) -> list[Effect]:
    """Break income of the map (maps 5 and 7)."""
    return []
