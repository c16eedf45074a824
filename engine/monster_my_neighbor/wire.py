"""Protobuf conversion at the gateway edge: observation and options to wire messages.

Built only from an :class:`~engine.monster_my_neighbor.observation.Observation`, so it
can carry nothing the observation gate did not allow. ``OPTIONS`` is the one table from
option types to messages; card names come from the match's card set (a user file may
rename cards). Never used on the built-in path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from arena.v1 import monster_my_neighbor_pb2 as pb

from engine.monster_my_neighbor.cards import CardSet
from engine.monster_my_neighbor.effects import (
    ChooseCount,
    ChooseTarget,
    DealGive,
    DogDiscard,
    FogContribute,
    GossipPass,
    StealGive,
)
from engine.monster_my_neighbor.observation import Observation
from engine.monster_my_neighbor.turns import PlayCard
from engine.monster_my_neighbor.wire_log import NO_MARK, LogEncoder, LogMark
from engine.monster_my_neighbor.wire_parts import OBS, ObservationParts, tables
from engine.toolkit.wire import OptionEncoder, OptionTableCodec
from engine.toolkit.wire_bytes import delimited, numbers, packed, strings, text

_EFFECT = pb.MonsterMyNeighborObservation.DESCRIPTOR.fields_by_name["effect"].number
# The observation's integer fields, in the order ``observation_bytes`` passes them.
_SCALARS = tuple(OBS[name] for name in (
    "players", "seat", "round", "rotation", "active_seat", "wanted_holder", "hunters_played",
    "villagers_played", "first_hunter_played", "main_deck_size", "hunters_under_main_deck",
    "dog_known_holder", "rounds", "public_events_from", "private_events_from"))


def _card_type(obs: Observation, o: PlayCard | DogDiscard | StealGive | GossipPass
               | FogContribute) -> pb.MonsterMyNeighborOption:
    return pb.MonsterMyNeighborOption(card_type=obs.cards.names[o.card])


def _target(obs: Observation, o: ChooseTarget) -> pb.MonsterMyNeighborOption:
    return pb.MonsterMyNeighborOption(target_seat=o.seat)


def _count(obs: Observation, o: ChooseCount) -> pb.MonsterMyNeighborOption:
    return pb.MonsterMyNeighborOption(count=o.count)


def _cards(obs: Observation, o: DealGive) -> pb.MonsterMyNeighborOption:
    names = obs.cards.names
    return pb.MonsterMyNeighborOption(
        cards=pb.MonsterMyNeighborCardSet(card_types=[names[t] for t in o.cards]))


class MonsterMyNeighborCodec(OptionTableCodec):
    """WireCodec for ``arena.v1.MonsterMyNeighborObservation`` / ``...Option``."""

    field = "monster_my_neighbor"
    # Engine values: the card set comes from MatchStart's config; the logs come in pieces.
    VALUE_CONTEXT = ("cards",)
    VALUE_LOGS = ("public_log", "private_log", "private_log_times")
    # Every option type of the game and its message: the one table of the wire format.
    OPTIONS: ClassVar[Mapping[type, OptionEncoder]] = {
        PlayCard: _card_type,
        ChooseTarget: _target,
        ChooseCount: _count,
        DogDiscard: _card_type,
        StealGive: _card_type,
        DealGive: _cards,
        GossipPass: _card_type,
        FogContribute: _card_type,
    }

    def __init__(self) -> None:
        self._log = LogEncoder(self.option)
        self._parts = ObservationParts()
        self._last_effect: tuple[object, bytes] = (None, b"")

    def option_context(self, obs: Observation) -> CardSet:
        """Options and their labels read the card set's names only."""
        return obs.cards

    def log_mark(self, obs: Observation) -> LogMark:
        """Where ``obs``'s logs end: pass it as ``since`` for the seat's next message."""
        return LogMark(len(obs.public_log), len(obs.private_log))

    def observation(
        self, obs: Observation, since: LogMark | None = None
    ) -> pb.MonsterMyNeighborObservation:
        """The seat's observation; its logs only after ``since`` (see :mod:`wire_log`)."""
        return pb.MonsterMyNeighborObservation.FromString(self.observation_bytes(obs, since))

    def observation_bytes(self, obs: Observation, since: LogMark | None = None) -> bytes:
        """The serialized observation message, written field by field from cached parts."""
        t = tables(obs.cards)
        since = since or NO_MARK
        # Only cards that move themselves into a hand (the Dog) are ever tracked.
        dog = obs.tracked_holders[0][1] if obs.tracked_holders else -1
        own = obs.own_pending_choice
        monsters = t.monsters.get(obs.monsters_possible)
        if monsters is None:
            monsters = t.monsters[obs.monsters_possible] = strings(
                OBS["monsters_possible"], (obs.cards.names[m] for m in obs.monsters_possible))
        return b"".join((
            numbers(_SCALARS, (
                obs.players, obs.seat, obs.round, obs.rotation, obs.active_seat,
                obs.wanted_holder, obs.hunters_played, obs.villagers_played,
                obs.first_hunter_played, obs.main_deck_size, obs.hunters_under_main_deck,
                dog, obs.rounds, since.public, since.private)),
            monsters,
            t.text(OBS["pending_kind"], obs.pending_kind),
            packed(OBS["pending_seats"], obs.pending_seats),
            self._parts.encode(obs, t),  # seats, composition, finished rounds
            t.hand(obs.hand),
            self._log.encode(obs, since),
            text(OBS["own_pending_choice"], own.label(obs.cards)) if own is not None else b"",
            self._effect(obs) if obs.effect is not None else b"",
        ))

    def _effect(self, obs: Observation) -> bytes:
        """The ``effect`` field of the card in resolution (kept while it is unchanged)."""
        effect = obs.effect
        assert effect is not None
        key = (obs.cards, effect)
        if self._last_effect[0] != key:
            message = pb.MonsterMyNeighborEffect(
                actor_seat=effect.actor, card_type=obs.cards.names[effect.card],
                step=effect.step, slots=effect.slots, first_hunter=effect.first_hunter)
            self._last_effect = (key, delimited(_EFFECT, message.SerializeToString()))
        return self._last_effect[1]
