"""Encoded parts of an observation message that seldom change, reused as bytes.

Between two requests of a seat most of its observation is unchanged: the card
composition never changes in a match, the finished rounds once a round, and a seat's
public entry (points, hand size, play area, face-down cards) only when that seat acts.
:class:`ObservationParts` keeps the last encoding of each and re-encodes a part only when
its content differs, so a request costs the parts that changed. The bytes are fields of
``MonsterMyNeighborObservation`` (protobuf lets a message be merged from concatenated
fields). One instance serves one match (a codec per match host), so it stays small.
"""

from __future__ import annotations

from typing import Any

from arena.v1 import monster_my_neighbor_pb2 as pb

from engine.monster_my_neighbor.events import ENDING_NAMES, ORIGIN_NAMES, RESULT_NAMES
from engine.monster_my_neighbor.observation import Observation

_Message = pb.MonsterMyNeighborObservation


class ObservationParts:
    """The last encoding of each seat entry, of the composition and of the finished
    rounds, with the content it encodes."""

    def __init__(self) -> None:
        self._seats: dict[int, tuple[Any, bytes]] = {}
        self._composition: tuple[Any, bytes] = (None, b"")
        self._rounds: tuple[Any, bytes] = (None, b"")

    def encode(self, obs: Observation) -> bytes:
        """``seats``, ``composition`` and ``finished_rounds`` of ``obs``, as fields."""
        parts = [self._seat(obs, seat) for seat in range(obs.players)]
        parts.append(self._composition_of(obs))
        parts.append(self._rounds_of(obs))
        return b"".join(parts)

    def _seat(self, obs: Observation, seat: int) -> bytes:
        key = (obs.cards, obs.vp[seat], obs.hand_sizes[seat], obs.friends[seat],
               obs.turns_taken[seat], obs.play_areas[seat], obs.face_down[seat])
        cached = self._seats.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        name = obs.cards.names
        entry = pb.MonsterMyNeighborSeat(
            seat=seat, vp=obs.vp[seat], hand_size=obs.hand_sizes[seat],
            friend=obs.friends[seat], turns_taken=obs.turns_taken[seat],
        )
        for played in obs.play_areas[seat]:
            entry.play_area.add(
                card_type=name[played.card], rotation=played.rotation, target=played.target,
                public_result=RESULT_NAMES[played.result],
            )
        for card in obs.face_down[seat]:
            entry.face_down.add(
                origin=ORIGIN_NAMES[card.origin],
                known_type=name[card.known_type] if card.known_type >= 0 else "",
            )
        encoded = _Message(seats=[entry]).SerializeToString()
        self._seats[seat] = (key, encoded)
        return encoded

    def _composition_of(self, obs: Observation) -> bytes:
        cards = obs.cards
        if self._composition[0] is not cards:
            message = _Message()
            for t, k in enumerate(cards.counts):
                message.composition.add(card_type=cards.names[t], count=k)
            self._composition = (cards, message.SerializeToString())
        return self._composition[1]

    def _rounds_of(self, obs: Observation) -> bytes:
        key = (obs.cards, obs.finished_rounds)
        if self._rounds[0] != key:
            name = obs.cards.names
            message = _Message()
            for r in obs.finished_rounds:
                message.finished_rounds.add(
                    round=r.round, monster=name[r.monster], ending=ENDING_NAMES[r.ending],
                    monster_seat=r.monster_seat, catcher_seat=r.catcher_seat,
                    vp_awarded=list(r.vp_awarded),
                )
            self._rounds = (key, message.SerializeToString())
        return self._rounds[1]
