"""Typed log events: one small record class per event kind, read by field name and
mapped to text and to the wire by its *type*, as options are.

A game's log is a list of event records. Each kind is a slotted, hashable dataclass
(``unsafe_hash=True``; not frozen, whose field-by-field ``object.__setattr__`` makes
building a record about 3x slower; a record is never changed once logged) subclassing
:class:`Event`, whose fields are the event's facts (seats, card ids, counts; never a
name or text) and whose ``describe`` is its one reading for people::

    @dataclass(slots=True, unsafe_hash=True)
    class CardPlayed(Event):
        seat: int
        card: int
        rotation: int

        def describe(self, cards: CardSet) -> str:
            return f"seat {self.seat} plays {cards.names[self.card]}"

    s.log.append(CardPlayed(seat, card, s.rotation))

A consumer reads ``event.seat``, never ``event[1]``; it dispatches on the type, with
one table per mapping (:class:`EventTable`): ``{CardPlayed: encode_card_played, ...}``
for the wire. Equal records of one kind compare and hash equal, records of two kinds
never do, so a codec may cache an encoding by the event itself.

A record is one object, as the positional tuple it replaces was: events are made on the
rules' hot path (rollouts included), so a kind holds only ints and tuples of ints and
does no work when built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

R = TypeVar("R")


class Event:
    """Base class of typed log events (subclasses are slotted, hashable dataclasses)."""

    __slots__ = ()

    def describe(self, cards: Any) -> str:
        """The event as a line of text, with the names of the match's card set."""
        raise NotImplementedError(f"{type(self).__name__}.describe")


def event_kinds(base: type[Event]) -> tuple[type[Event], ...]:
    """Every concrete record class under ``base`` (``base`` itself when it is one), in
    definition order: what an :class:`EventTable` over ``base`` must cover."""
    # ``@dataclass(slots=True)`` replaces the class it decorates with a new one; the
    # replaced class may linger among the subclasses, so the last made of a name wins.
    found: dict[tuple[str, str], type[Event]] = {}

    def walk(cls: type[Event]) -> None:
        if "__dataclass_fields__" in cls.__dict__:
            found[cls.__module__, cls.__qualname__] = cls
        for sub in cls.__subclasses__():
            walk(sub)

    walk(base)
    return tuple(found.values())


class EventTable(Generic[R]):
    """One mapping of event kinds, by type: ``table(event, *context)`` calls the entry of
    ``type(event)``. ``covers`` (a base class) makes a missing kind fail when the table
    is built, naming it, rather than when that event first occurs."""

    __slots__ = ("_entries", "name")

    def __init__(self, name: str, entries: Mapping[type, Callable[..., R]],
                 covers: type[Event] | None = None) -> None:
        self.name = name
        self._entries = dict(entries)
        if covers is not None:
            missing = [k.__name__ for k in event_kinds(covers) if k not in self._entries]
            if missing:
                raise TypeError(f"{name} has no entry for {', '.join(missing)}")

    def __call__(self, event: Any, *context: Any) -> R:
        entry = self._entries.get(type(event))
        if entry is None:
            raise TypeError(f"{self.name} has no entry for {type(event).__name__}: {event!r}")
        return entry(event, *context)

    def kinds(self) -> Iterable[type]:
        return self._entries.keys()
