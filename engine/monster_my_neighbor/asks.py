"""The game's decisions as steps of the shared driver (:mod:`engine.toolkit.flow`).

The stack holds :data:`~engine.monster_my_neighbor.effects.PROCEED` at its bottom: it
runs the effect being resolved or starts the next turn until the game is over. A rule
that needs a choice pushes an ask on top: :class:`AskSeat` for one seat,
:class:`AskAll` for the simultaneous kinds, each holding the options it offers (they
are computed once, where the rule decides whether the step happens at all). A seat's
only option is applied for it, noted in its private log (``ForcedChoice``).

Choosing pops the ask (:meth:`MonsterOption.apply
<engine.monster_my_neighbor.options.MonsterOption.apply>`); a simultaneous choice is
buffered until every seat asked has chosen, then the option class resolves them all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import filterfalse
from typing import TYPE_CHECKING, ClassVar

from engine.monster_my_neighbor.interned import forced_choice
from engine.monster_my_neighbor.moves import note
from engine.monster_my_neighbor.options import KIND_NAMES, MonsterOption
from engine.toolkit.flow import Ask, Offer

if TYPE_CHECKING:
    from engine.monster_my_neighbor.state import State


class MonsterAsk(Ask):
    """A decision of this game: ``code`` is its kind, ``participants`` the seats asked."""

    __slots__ = ()

    code: int
    participants: tuple[int, ...]

    def kind_for(self, s: State, seat: int) -> str:
        return KIND_NAMES[self.code]

    def forced(self, s: State, seat: int, option: MonsterOption) -> None:  # type: ignore[override]
        note(s, seat, forced_choice(self.code, option))

    def options_of(self, seat: int) -> Sequence[MonsterOption]:
        raise NotImplementedError


# Asks are built once per decision: not frozen, as frozen dataclasses build ~3x slower
# (see engine.toolkit.events); an ask is never changed once pushed.
@dataclass(slots=True, unsafe_hash=True)
class AskSeat(MonsterAsk, Offer):
    """One seat chooses (the driver reads ``seat`` and ``offered`` directly)."""

    code: int
    seat: int
    offered: tuple[MonsterOption, ...]

    @property
    def participants(self) -> tuple[int, ...]:  # type: ignore[override]
        return (self.seat,)

    def options_of(self, seat: int) -> Sequence[MonsterOption]:
        return self.offered


@dataclass(slots=True, unsafe_hash=True)
class AskAll(MonsterAsk):
    """Several seats choose at once (Deal, Gossip, Fog); each choice is buffered in
    ``State.buffered`` until all have chosen."""

    code: int
    participants: tuple[int, ...]
    offered: Mapping[int, tuple[MonsterOption, ...]]
    simultaneous: ClassVar[bool] = True

    def seats(self, s: State) -> tuple[int, ...]:
        buffered = s.buffered
        if not buffered:
            return self.participants
        return tuple(filterfalse(buffered.__contains__, self.participants))

    def options(self, s: State, seat: int) -> Sequence[MonsterOption]:
        return self.offered[seat]

    def options_of(self, seat: int) -> Sequence[MonsterOption]:
        return self.offered[seat]
