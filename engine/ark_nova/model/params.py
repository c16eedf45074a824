"""Engine options of Ark Nova (``--option key=value``).

- ``map``: the zoo map every player uses: ``A`` (first game, start buildings), ``0``,
  the advanced maps ``1`` .. ``8`` or ``1a`` (the alternative layout of map 1), or
  ``random``: every seat draws a different advanced map (1-8) from the match seed, as
  the box does (spec 3.2 A).
- ``solo_difficulty``: the solo game's starting appeal (spec 17): ``normal`` 20, ``hard``
  10, ``expert`` 0. Read only with one player.
- ``university_limit``: how many universities a player may take (spec 12.3, D-43):
  ``by_side`` (the default, the Italian summary's "side II allows more universities":
  at most 2 with the Association card on side I, 3 with side II) or ``rulebook`` (the
  published rulebook: at most 3, all three kinds, on either side). Partner zoos stay
  2 / 4 either way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.ark_nova.map.maps import ALL_MAPS
from engine.core.errors import ConfigError

RANDOM_MAP = "random"
MAP_CHOICES = (*ALL_MAPS, RANDOM_MAP)
SOLO_START_APPEAL = {"normal": 20, "hard": 10, "expert": 0}
# Universities a player may have with the Association card on side I and on side II.
UNIVERSITY_LIMITS = {"by_side": (2, 3), "rulebook": (3, 3)}
DEFAULT_OPTIONS: dict[str, Any] = {"map": "A", "solo_difficulty": "normal",
                                   "university_limit": "by_side"}


@dataclass(frozen=True, slots=True)
class Params:
    map_id: str = "A"
    solo_difficulty: str = "normal"
    university_limit: str = "by_side"

    @property
    def universities_allowed(self) -> tuple[int, int]:
        """Universities a player may have with Association side I and side II (D-43)."""
        return UNIVERSITY_LIMITS[self.university_limit]

    @property
    def solo_appeal(self) -> int:
        """The solo game's starting appeal (spec 17)."""
        return SOLO_START_APPEAL[self.solo_difficulty]


def make_params(options: Mapping[str, Any]) -> Params:
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise ConfigError(f"ark-nova: unknown option {unknown[0]!r}; options: "
                          f"{', '.join(sorted(DEFAULT_OPTIONS))}")
    map_id = str(options.get("map", DEFAULT_OPTIONS["map"]))
    by_lower = {m.lower(): m for m in MAP_CHOICES}
    if map_id.lower() not in by_lower:
        raise ConfigError(f"ark-nova: option map={map_id!r} is not a map; "
                          f"choose one of {', '.join(MAP_CHOICES)}")
    difficulty = str(options.get("solo_difficulty", DEFAULT_OPTIONS["solo_difficulty"]))
    if difficulty not in SOLO_START_APPEAL:
        raise ConfigError(f"ark-nova: option solo_difficulty={difficulty!r} is not a "
                          f"difficulty; choose one of {', '.join(SOLO_START_APPEAL)}")
    limit = str(options.get("university_limit", DEFAULT_OPTIONS["university_limit"]))
    if limit not in UNIVERSITY_LIMITS:
        raise ConfigError(f"ark-nova: option university_limit={limit!r} is not a reading; "
                          f"choose one of {', '.join(UNIVERSITY_LIMITS)}")
    return Params(map_id=by_lower[map_id.lower()], solo_difficulty=difficulty,
                  university_limit=limit)
