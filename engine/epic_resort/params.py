"""Engine options (spec section 16). Defaults are the decisions of spec section 14.

Set through ``GameConfig.options``, e.g. ``{"journeyman_discount": 3}``.

- ``ruleset = "en"`` sets every option to its English-rulebook reading (spec 14, 16);
  an option also given with a value other than its default overrides the preset.
- ``first_game_workers = true`` uses the rulebook's suggested first-game skilled worker
  piles (from the card file) instead of drawing them at random.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from engine.core.errors import ConfigError

EN_TIEBREAK = ("hero_vp", "attraction_vp", "flair", "harbormaster_order")
IT_TIEBREAK = ("rested_hero_count", "attraction_count", "harbormaster_order")

_CHOICES: dict[str, tuple[Any, ...]] = {
    "journeyman_discount": (3, 4),
    "unstaffed_penalty": ("tourists", "flair"),
    "defended_loss_uses": ("hero_strength", "hero_health"),
    "overflow": ("clamp", "forfeit"),
    "harbormaster_on_first_pass": ("choose_any_player", "first_passer_takes_it"),
    "final_tiebreak": (EN_TIEBREAK, IT_TIEBREAK),
    "double_attack_cards": (True, False),
    "free_actions_during_attack": ("all", "marked_only"),
    "phase_i_mode": ("simultaneous", "in_turn_order"),
    "x_monsters": (False, True),
    "monster_deck_face_up": (False, True),
    "ruleset": ("default", "en"),
    "first_game_workers": (False, True),
}

# The English rulebook's reading of each option (spec 14 and 16): flair for missing work
# removed before the payout (14.1, "Be sure to remove Flair for missing Unit of Work
# symbols at each Attraction before gaining Flair or Gold"), tourists lost by the
# monster's strength in excess of the defending hero's health (14.6), "none of that
# resource is gained" beyond 14 (14.8), and no Double Attack! cards (14.4: IT only).
PRESETS: dict[str, dict[str, Any]] = {
    "default": {},
    "en": {
        "journeyman_discount": 4,
        "unstaffed_penalty": "flair",
        "defended_loss_uses": "hero_health",
        "overflow": "forfeit",
        "harbormaster_on_first_pass": "choose_any_player",
        "final_tiebreak": EN_TIEBREAK,
        "double_attack_cards": False,
        "free_actions_during_attack": "all",
        "phase_i_mode": "simultaneous",
        "x_monsters": False,
        "monster_deck_face_up": False,
    },
}


@dataclass(frozen=True, slots=True)
class Params:
    journeyman_discount: int = 4
    unstaffed_penalty: str = "tourists"
    defended_loss_uses: str = "hero_strength"
    overflow: str = "clamp"
    harbormaster_on_first_pass: str = "choose_any_player"
    final_tiebreak: tuple[str, ...] = EN_TIEBREAK
    double_attack_cards: bool = True
    free_actions_during_attack: str = "all"
    phase_i_mode: str = "simultaneous"
    x_monsters: bool = False
    monster_deck_face_up: bool = False
    ruleset: str = "default"
    first_game_workers: bool = False


DEFAULT_OPTIONS: dict[str, Any] = {
    f.name: (list(f.default) if isinstance(f.default, tuple) else f.default) for f in fields(Params)
}


def make_params(options: Mapping[str, Any]) -> Params:
    """Validate ``options`` and return the Params. Unknown names or values raise ConfigError."""
    values: dict[str, Any] = {}
    for name, value in options.items():
        if name not in _CHOICES:
            raise ConfigError(f"unknown epic-resort option {name!r}; known: {', '.join(_CHOICES)}")
        if isinstance(value, list):
            value = tuple(value)
        allowed = _CHOICES[name]
        ok = any(value == a and type(value) is type(a) for a in allowed)
        if not ok:
            raise ConfigError(f"option {name!r} must be one of {list(allowed)!r}, got {value!r}")
        values[name] = value
    defaults = Params()
    preset = PRESETS[values.get("ruleset", "default")]
    for name, value in preset.items():
        if values.get(name, getattr(defaults, name)) == getattr(defaults, name):
            values[name] = value
    return Params(**values)
