"""Decision kinds (§14.1) and the base of the game's typed options.

Each option type is defined with the rules it belongs to and says when it is legal
(``legal``), what choosing it does (``act``, or ``resolve`` for the simultaneous kinds,
:class:`SimultaneousOption`, whose choices are buffered and resolved together;
``apply``, the flow driver's entry, answers the ask and calls them) and how it reads
(``label``):

- :mod:`turns`: ``PlayCard``;
- :mod:`effects`: ``ChooseTarget``, ``ChooseCount``, ``DogDiscard``, ``StealGive``,
  ``DealGive``, ``GossipPass``, ``FogContribute``.

Options are phrased in the deciding seat's own terms (card types of its own hand, seats,
counts) and listed in ascending order, so their order encodes nothing hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

from engine.core.option import Option
from engine.monster_my_neighbor.cards import CardSet


class _WithCards(Protocol):
    """What an option's description reads of the game state (options sit below
    :mod:`engine.monster_my_neighbor.state`, which imports them)."""

    @property
    def cards(self) -> CardSet: ...

# Decision kinds (§14.1), as ints in the hot path and names at the interface.
(
    PLAY_CARD,
    CHOOSE_TARGET,
    CHOOSE_DEAL_COUNT,
    DOG_DISCARD,
    STEAL_GIVE,
    DEAL_GIVE,
    GOSSIP_PASS,
    FOG_CONTRIBUTE,
) = range(8)
NO_DECISION = -1
KIND_NAMES = (
    "PLAY_CARD",
    "CHOOSE_TARGET",
    "CHOOSE_DEAL_COUNT",
    "DOG_DISCARD",
    "STEAL_GIVE",
    "DEAL_GIVE",
    "GOSSIP_PASS",
    "FOG_CONTRIBUTE",
)
SIMULTANEOUS_KINDS = frozenset({DEAL_GIVE, GOSSIP_PASS, FOG_CONTRIBUTE})


class MonsterOption(Option):
    """An option of this game: ``kind`` is its decision kind; ``label`` reads it with the
    card names of the match's card set (options never need more than that)."""

    __slots__ = ()

    kind: ClassVar[int] = NO_DECISION

    def label(self, cards: CardSet) -> str:
        raise NotImplementedError(f"{type(self).__name__}.label")

    def describe(self, state: _WithCards, seat: int) -> str:
        return self.label(state.cards)

    def apply(self, s: Any, seat: int) -> None:
        """The flow driver's entry on the game state ``s``: answer the ask on top of the
        stack. One seat's choice pops it and acts (a :class:`SimultaneousOption` is
        buffered instead)."""
        s.steps.pop()
        self.act(s, seat)

    def act(self, s: Any, seat: int) -> None:
        """What choosing this option does (one-seat kinds)."""
        raise NotImplementedError(f"{type(self).__name__}.act")


class SimultaneousOption(MonsterOption):
    """An option of a simultaneous kind (:data:`SIMULTANEOUS_KINDS`): each seat's choice
    is buffered, and the last one pops the ask and resolves every seat's choice
    together."""

    __slots__ = ()

    def apply(self, s: Any, seat: int) -> None:
        buffered = s.buffered
        buffered[seat] = self
        participants = s.steps[-1].participants
        if len(buffered) < len(participants):
            return
        s.steps.pop()
        s.buffered = {}
        type(self).resolve(s, participants, buffered)

    @classmethod
    def resolve(
        cls, s: Any, seats: tuple[int, ...], choices: Mapping[int, Any]
    ) -> None:
        """Carry out every seat's buffered choice together on the game state ``s`` (a
        :class:`~engine.monster_my_neighbor.state.State`; each kind names it so)."""
        raise NotImplementedError(f"{cls.__name__}.resolve")
