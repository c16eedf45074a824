"""The reference encoder: the observation message built field by field with protobuf
objects, no caches (how the codec built it before it wrote bytes). Tests only: the
codec's bytes must parse to exactly this message."""

from __future__ import annotations

from arena.v1 import monster_my_neighbor_pb2 as pb

from engine.monster_my_neighbor.events import ENDING_NAMES, ORIGIN_NAMES, RESULT_NAMES
from engine.monster_my_neighbor.observation import Observation
from engine.monster_my_neighbor.wire import MonsterMyNeighborCodec
from engine.monster_my_neighbor.wire_log import NO_MARK, LogEncoder, LogMark


def reference_observation(obs: Observation, since: LogMark | None = None
                          ) -> pb.MonsterMyNeighborObservation:
    since = since or NO_MARK
    name = obs.cards.names
    msg = pb.MonsterMyNeighborObservation(
        players=obs.players, seat=obs.seat, round=obs.round, rotation=obs.rotation,
        active_seat=obs.active_seat, wanted_holder=obs.wanted_holder,
        hunters_played=obs.hunters_played, villagers_played=obs.villagers_played,
        first_hunter_played=obs.first_hunter_played, main_deck_size=obs.main_deck_size,
        hunters_under_main_deck=obs.hunters_under_main_deck,
        dog_known_holder=obs.tracked_holders[0][1] if obs.tracked_holders else -1,
        monsters_possible=[name[t] for t in obs.monsters_possible], rounds=obs.rounds,
        pending_kind=obs.pending_kind, pending_seats=list(obs.pending_seats),
        public_events_from=since.public, private_events_from=since.private,
    )
    for seat in range(obs.players):
        entry = msg.seats.add(
            seat=seat, vp=obs.vp[seat], hand_size=obs.hand_sizes[seat],
            friend=obs.friends[seat], turns_taken=obs.turns_taken[seat])
        for played in obs.play_areas[seat]:
            entry.play_area.add(card_type=name[played.card], rotation=played.rotation,
                                target=played.target, public_result=RESULT_NAMES[played.result])
        for card in obs.face_down[seat]:
            entry.face_down.add(
                origin=ORIGIN_NAMES[card.origin],
                known_type=name[card.known_type] if card.known_type >= 0 else "")
    for t in sorted(set(obs.hand)):
        msg.hand.add(card_type=name[t], count=obs.hand.count(t))
    for t, k in enumerate(obs.cards.counts):
        msg.composition.add(card_type=name[t], count=k)
    for r in obs.finished_rounds:
        msg.finished_rounds.add(
            round=r.round, monster=name[r.monster], ending=ENDING_NAMES[r.ending],
            monster_seat=r.monster_seat, catcher_seat=r.catcher_seat,
            vp_awarded=list(r.vp_awarded))
    log = LogEncoder(MonsterMyNeighborCodec().option)
    msg.public_events.extend(
        log._public(e, name) for e in obs.public_log[since.public:])
    msg.private_events.extend(
        log._private(e, obs, name, t) for e, t in zip(
            obs.private_log[since.private:], obs.private_log_times[since.private:], strict=True))
    if obs.own_pending_choice is not None:
        msg.own_pending_choice = obs.own_pending_choice.label(obs.cards)
    if obs.effect is not None:
        e = obs.effect
        msg.effect.CopyFrom(pb.MonsterMyNeighborEffect(
            actor_seat=e.actor, card_type=name[e.card], step=e.step, slots=e.slots,
            first_hunter=e.first_hunter))
    return msg
