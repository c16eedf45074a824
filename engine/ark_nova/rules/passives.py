"""The passive sponsor rules (spec 18 ``modifier(<rule>)``, spec 20.2): one table from
each rule a sponsor changes to the sponsors that change it.

The rules ask ``has_mod(player, rule)`` where the modified rule lives (animal cost,
terrain, project tasks, interactive targets ...); nothing here acts by itself. The
sponsors' own effects (immediate, income, end, icon triggers) are in ``sponsors.py``.
"""

from __future__ import annotations

from engine.ark_nova.model.state import Player

# Passive rule -> the sponsors that grant it.
MODIFIERS: dict[str, tuple[int, ...]] = {
    "project_task_value_4": (203,),
    "base_project_icon_tokens": (215, 218),
    "engineer_copy": (217,),
    "any_terrain": (219,),
    "archaeologist": (221,),
    "release_projects_repeat": (224,),
    "immune_interactive": (225,),
    "waza_class": (227,),
    "waza_small_program": (228,),
    "small_animals_cost_3_less": (229,),
    "large_animals_cost_4_less": (230,),
    "large_animal_ignore_condition": (263,),
    "explorer": (262,),
    "cover_next_to_water_pays": (241,),
    "cover_next_to_rock_pays": (242,),
}


def has_mod(p: Player, rule: str) -> bool:
    """``p`` has a sponsor in the zoo that grants the passive ``rule``."""
    return any(sid in p.sponsors for sid in MODIFIERS[rule])
