"""Icons in a zoo (spec 9) and the triggers that fire when icons are played (spec 9.3).

Every copy of an icon added to a zoo fires the matching ``on_icon`` triggers of the
sponsors in that zoo (``own``) and in every zoo (``any``), plus Explorer (262) for icon
types new to the zoo. The caller schedules the returned (owner, source, effect) triples
after the card's own effects (D-42 default order).
"""

from __future__ import annotations

from engine.ark_nova.cards import effects, sponsors
from engine.ark_nova.cards.catalog import CATEGORIES, CONTINENTS, N_ICONS
from engine.ark_nova.model.state import State
from engine.ark_nova.rules import dispatch, passives

Triple = tuple[int, int, "effects.Effect"]
EXPLORER = 262
_TYPE_ICONS = (*CATEGORIES, *CONTINENTS)


def add_icons(s: State, seat: int, vec: tuple[int, ...] | list[int]) -> list[Triple]:
    """Add an icon vector to ``seat``'s zoo; return the triggered effects."""
    p = s.players[seat]
    icons = p.icons
    had = ([icons[i] > 0 for i in _TYPE_ICONS] if passives.has_mod(p, "explorer")
           else None)
    fired: list[Triple] = []
    table = sponsors.on_icon_table()
    for i in range(N_ICONS):
        k = vec[i]
        if not k:
            continue
        icons[i] += k
        for q in range(s.n):
            own = q == seat
            for sid in s.players[q].sponsors:
                for icon, any_zoo, effs in table.get(sid, ()):
                    if icon == i and (any_zoo or own):
                        for _ in range(k):
                            fired.extend((q, sid, e) for e in effs)
    if had is not None:
        for j, i in enumerate(_TYPE_ICONS):
            bit = 1 << i
            if not had[j] and icons[i] and not p.explorer_seen & bit:
                p.explorer_seen |= bit
                fired.append((seat, EXPLORER, effects.Gain("appeal", 1)))
                fired.append((seat, EXPLORER, effects.Gain("money", 2)))
    return fired


def remove_icons(s: State, seat: int, vec: tuple[int, ...]) -> None:
    icons = s.players[seat].icons
    for i in range(N_ICONS):
        icons[i] -= vec[i]


def schedule_triples(s: State, triples: list[Triple]) -> None:
    """Push (owner, source, effect) so the first listed resolves first."""
    steps = s.steps
    for seat, src, e in reversed(triples):
        steps.append(dispatch.Do(seat, src, e))


def single_icon(icon: int, count: int = 1) -> list[int]:
    vec = [0] * N_ICONS
    vec[icon] = count
    return vec
