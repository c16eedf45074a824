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

from engine.core.wire import OptionEncoder, OptionTableCodec
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
from engine.monster_my_neighbor.wire_parts import ObservationParts


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

    def log_mark(self, obs: Observation) -> LogMark:
        """Where ``obs``'s logs end: pass it as ``since`` for the seat's next message."""
        return LogMark(len(obs.public_log), len(obs.private_log))

    def observation(
        self, obs: Observation, since: LogMark | None = None
    ) -> pb.MonsterMyNeighborObservation:
        """The seat's observation; its logs only after ``since`` (see :mod:`wire_log`)."""
        c = obs.cards
        name = c.names
        # Only cards that move themselves into a hand (the Dog) are ever tracked.
        dog = obs.tracked_holders[0][1] if obs.tracked_holders else -1
        msg = pb.MonsterMyNeighborObservation(
            players=obs.players,
            seat=obs.seat,
            round=obs.round,
            rotation=obs.rotation,
            active_seat=obs.active_seat,
            wanted_holder=obs.wanted_holder,
            hunters_played=obs.hunters_played,
            villagers_played=obs.villagers_played,
            first_hunter_played=obs.first_hunter_played,
            main_deck_size=obs.main_deck_size,
            hunters_under_main_deck=obs.hunters_under_main_deck,
            dog_known_holder=dog,
            monsters_possible=[name[t] for t in obs.monsters_possible],
            rounds=obs.rounds,
            pending_kind=obs.pending_kind,
            pending_seats=list(obs.pending_seats),
        )
        msg.MergeFromString(self._parts.encode(obs))  # seats, composition, rounds
        for t in sorted(set(obs.hand)):
            msg.hand.add(card_type=name[t], count=obs.hand.count(t))
        self._log.fill(msg, obs, since or NO_MARK)
        if obs.own_pending_choice is not None:
            msg.own_pending_choice = obs.own_pending_choice.label(c)
        return msg
