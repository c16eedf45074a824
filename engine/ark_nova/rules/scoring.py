"""Track arithmetic that scoring and income depend on (spec 13.1, 15.1).

``victory_points`` is the spec 15.1 function the final result uses; ``appeal_income`` is the
break income of spec 13.1. Both are pure functions of track values.
"""

from __future__ import annotations

APPEAL_MAX = 113
CP_MAX = 41
REPUTATION_MAX = 15


def victory_points(appeal: int, conservation: int) -> int:
    """VP = appeal - T(c), T(c) = 114 - 2 min(c, 10) - 3 max(c - 10, 0) (spec 15.1)."""
    c = conservation
    return appeal + 2 * min(c, 10) + 3 * max(c - 10, 0) - 114


def appeal_income(appeal: int) -> int:
    """Break income from appeal (spec 13.1 table)."""
    a = appeal
    if a <= 4:
        return 5 + a
    if a <= 16:
        return 10 + (a - 5) // 2
    if a <= 31:
        return 16 + (a - 17) // 3
    if a <= 55:
        return 21 + (a - 32) // 4
    if a <= 95:
        return 27 + (a - 56) // 5
    return 35 + (a - 96) // 6


def reputation_range(reputation: int) -> int:
    """How many display folders (from folder 1) a reputation reaches (spec 13.3, D-02)."""
    if reputation <= 1:
        return 1
    if reputation <= 3:
        return 2
    if reputation <= 6:
        return 3
    if reputation <= 9:
        return 4
    if reputation <= 12:
        return 5
    return 6
