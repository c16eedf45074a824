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
from engine.monster_my_neighbor.events import ENDING_NAMES, ORIGIN_NAMES, RESULT_NAMES
from engine.monster_my_neighbor.observation import (
    Observation,
    describe_event,
    describe_private,
)
from engine.monster_my_neighbor.turns import PlayCard


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

    def observation(self, obs: Observation) -> pb.MonsterMyNeighborObservation:
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
            public_log=[describe_event(c, e) for e in obs.public_log],
            private_log=[describe_private(c, e) for e in obs.private_log],
            rounds=obs.rounds,
            pending_kind=obs.pending_kind,
            pending_seats=list(obs.pending_seats),
        )
        for seat in range(obs.players):
            entry = msg.seats.add(
                seat=seat,
                vp=obs.vp[seat],
                hand_size=obs.hand_sizes[seat],
                friend=obs.friends[seat],
                turns_taken=obs.turns_taken[seat],
            )
            for played in obs.play_areas[seat]:
                entry.play_area.add(
                    card_type=name[played.card],
                    rotation=played.rotation,
                    target=played.target,
                    public_result=RESULT_NAMES[played.result],
                )
            for card in obs.face_down[seat]:
                entry.face_down.add(
                    origin=ORIGIN_NAMES[card.origin],
                    known_type=name[card.known_type] if card.known_type >= 0 else "",
                )
        for t in sorted(set(obs.hand)):
            msg.hand.add(card_type=name[t], count=obs.hand.count(t))
        for t, k in enumerate(c.counts):
            msg.composition.add(card_type=name[t], count=k)
        for r in obs.finished_rounds:
            msg.finished_rounds.add(
                round=r.round,
                monster=name[r.monster],
                ending=ENDING_NAMES[r.ending],
                monster_seat=r.monster_seat,
                catcher_seat=r.catcher_seat,
                vp_awarded=list(r.vp_awarded),
            )
        if obs.own_pending_choice is not None:
            msg.own_pending_choice = obs.own_pending_choice.label(c)
        return msg
