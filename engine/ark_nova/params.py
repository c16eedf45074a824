"""Engine options of Ark Nova (``--option key=value``).

- ``map``: the zoo map every player uses, ``A`` (first game, start buildings) or ``0``
  (spec 3.2 A). Maps 1-8 and per-player map choice arrive with their special rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.ark_nova.maps import PLAYABLE_MAPS
from engine.core.errors import ConfigError

DEFAULT_OPTIONS: dict[str, Any] = {"map": "A"}


@dataclass(frozen=True, slots=True)
class Params:
    map_id: str = "A"


def make_params(options: Mapping[str, Any]) -> Params:
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise ConfigError(f"ark-nova: unknown option {unknown[0]!r}; options: "
                          f"{', '.join(sorted(DEFAULT_OPTIONS))}")
    map_id = str(options.get("map", DEFAULT_OPTIONS["map"]))
    if map_id.lower() == "a":
        map_id = "A"
    if map_id not in PLAYABLE_MAPS:
        raise ConfigError(f"ark-nova: option map={map_id!r} is not playable; "
                          f"choose one of {', '.join(PLAYABLE_MAPS)}")
    return Params(map_id=map_id)
