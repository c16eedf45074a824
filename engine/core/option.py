"""Typed options: the small immutable values a seat chooses between.

Every option type of a game is one class, and that class is the ONE place that says

- when the option is legal: a classmethod ``legal(state, seat, ...)`` that returns every
  legal instance in canonical order;
- what choosing it does: ``apply(state, seat)``;
- how it reads to a person: ``describe(state, seat)``.

Option classes are ``@dataclass(frozen=True, slots=True)`` subclasses of :class:`Option`
with a handful of integer (or tuple) fields phrased in the deciding seat's terms (a
dock position, a slot, a card type), never in terms of hidden information. Equal
options compare equal and hash alike, so search bots can key trees by them.

Listing options is the hot path of every engine, and a frozen dataclass costs about
0.25 µs to build. ``cls.of(*fields)`` returns one shared instance per value instead (a
dict lookup, ~0.1 µs), so a decision with twenty options builds nothing after the first
few games.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

T = TypeVar("T", bound="Option")


class Option:
    """Base class of typed options (subclasses are frozen slotted dataclasses)."""

    __slots__ = ()

    # One shared instance per value, per class (see ``of``).
    _interned: ClassVar[dict[tuple[Any, ...], Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._interned = {}

    @classmethod
    def of(cls: type[T], *fields: Any) -> T:
        """The shared instance with these field values (built on first use)."""
        option = cls._interned.get(fields)
        if option is None:
            option = cls._interned[fields] = cls(*fields)
        return option

    def apply(self, state: Any, seat: int) -> None:
        """Carry the choice out on ``state`` for ``seat``: the rules of this option."""
        raise NotImplementedError(f"{type(self).__name__}.apply")

    def describe(self, state: Any, seat: int) -> str:
        """A short label for people (logs, replays, the wire's ``Option.label``)."""
        return type(self).__name__
