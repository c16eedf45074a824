"""The single gate for hidden information (§14.2).

:func:`build` is the only code that turns a state into what one seat may know. It reads
public fields, the seat's own hand (as a canonical sorted tuple of card types), the
seat's own private log and the seat's own pending simultaneous choice. It never reads
other hands, the decks' contents or order, the RNG, or other seats' pending choices.
For :data:`~engine.core.SPECTATOR` it reads public fields only: no hand, no private log.
Physical cards have no identity here: identical cards are indistinguishable.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.core.game import SPECTATOR
from engine.monster_my_neighbor.cards import CardSet
from engine.monster_my_neighbor.events import (
    ENDING_NAMES,
    ORIGIN_NAMES,
    RESULT_NAMES,
    FaceDownCard,
    PlayedCard,
    PrivateEvent,
    PublicEvent,
    RoundStarted,
    RoundSummary,
)
from engine.monster_my_neighbor.options import KIND_NAMES, NO_DECISION, MonsterOption

if TYPE_CHECKING:
    from engine.monster_my_neighbor.state import State


class EffectView(NamedTuple):
    """The card being resolved (all public): who played it, where its script stands, and
    the targets and counts chosen so far (its bound slots)."""

    actor: int
    card: int
    step: int
    slots: tuple[int, ...]
    first_hunter: bool


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one seat may know. Immutable and ==-comparable.

    Card types are integer ids into ``cards.names``. ``hand`` is this seat's hand as a
    sorted tuple of types. Logs hold typed event records (:mod:`events`);
    :func:`describe_event` and :func:`describe_private` render them as text.
    ``private_log_times[i]`` is the public log length when private entry ``i`` was
    recorded, so a seat can interleave both logs.
    """

    seat: int
    players: int
    cards: CardSet
    round: int
    rounds: int
    rotation: int
    active_seat: int
    wanted_holder: int
    vp: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    turns_taken: tuple[int, ...]
    play_areas: tuple[tuple[PlayedCard, ...], ...]
    face_down: tuple[tuple[FaceDownCard, ...], ...]
    friends: tuple[bool, ...]
    hunters_played: int
    villagers_played: int
    first_hunter_played: bool
    main_deck_size: int
    hunters_under_main_deck: int
    tracked_holders: tuple[tuple[int, int], ...]
    monsters_possible: tuple[int, ...]
    finished_rounds: tuple[RoundSummary, ...]
    effect: EffectView | None
    pending_kind: str
    pending_seats: tuple[int, ...]
    own_pending_choice: MonsterOption | None
    public_log: tuple[PublicEvent, ...]
    private_log: tuple[PrivateEvent, ...]
    private_log_times: tuple[int, ...]

    def holds(self, card: int) -> int:
        """How many cards of type ``card`` this seat holds."""
        return self.hand.count(card)


def build(s: State, seat: int) -> Observation:
    c = s.cards
    spectator = seat == SPECTATOR
    own: list[int] = []
    for t, k in enumerate(() if spectator else s.hands[seat]):
        if k:
            own.extend((t,) * k)
    hunter = c.hunter_type
    face_down = tuple([
        tuple([
            FaceDownCard(origin, card if seat in (owner, viewer) else -1)
            for card, origin, owner, viewer in pile
        ]) if pile else ()
        for pile in s.face_down
    ])
    pending_kind = KIND_NAMES[s.pend_kind] if s.pend_kind != NO_DECISION else ""
    return Observation(
        seat=seat,
        players=s.n,
        cards=c,
        round=s.round_no,
        rounds=s.rounds,
        rotation=s.rotation,
        active_seat=s.active,
        wanted_holder=s.wanted_holder,
        vp=tuple(s.vp),
        hand=tuple(own),
        hand_sizes=tuple(s.hand_sizes),
        turns_taken=tuple(s.turns_taken),
        play_areas=tuple([tuple(a) for a in s.play_areas]),
        face_down=face_down,
        friends=tuple(s.friends),
        hunters_played=s.counters[0],
        villagers_played=s.counters[1],
        first_hunter_played=s.first_hunter_played,
        main_deck_size=sum(s.main_deck) + sum(s.under_deck),
        hunters_under_main_deck=s.under_deck[hunter],
        tracked_holders=tuple(
            (t, q) for t, q in enumerate(s.tracked_holder) if q >= 0
        ) if max(s.tracked_holder) >= 0 else (),
        monsters_possible=tuple(t for t in c.monster_types if t not in s.removed),
        finished_rounds=tuple(s.finished),
        effect=EffectView(s.ctx_actor, s.ctx_card, s.ctx_step, tuple(s.ctx_slots),
                          s.ctx_first_hunter) if s.ctx_running else None,
        pending_kind=pending_kind,
        pending_seats=s.pend_participants,
        own_pending_choice=s.buffered.get(seat),
        public_log=tuple(s.public_events),
        private_log=() if spectator else tuple(s.private_logs[seat]),
        private_log_times=() if spectator else tuple(s.private_times[seat]),
    )


def round_start(log: Sequence[PublicEvent]) -> int:
    """Index of the last ``RoundStarted`` in a public log (0 if none): where the current
    round's events begin."""
    for i in range(len(log) - 1, -1, -1):
        if type(log[i]) is RoundStarted:
            return i
    return 0


def private_since(obs: Observation, start: int) -> list[tuple[int, PrivateEvent]]:
    """The seat's private entries recorded after public index ``start``, with their
    times (the times never decrease, so this is a bisection, not a scan)."""
    times = obs.private_log_times
    first = bisect_right(times, start)
    return list(zip(times[first:], obs.private_log[first:], strict=True))


# ================================================================ readable text
def describe_event(cards: CardSet, e: PublicEvent) -> str:
    """One public log event as text."""
    return e.describe(cards)


def describe_private(cards: CardSet, e: PrivateEvent) -> str:
    """One private log event as text."""
    return e.describe(cards)


def to_json(obs: Observation) -> dict[str, Any]:
    """Plain JSON data (names instead of ids) for logs and --json output."""
    c = obs.cards
    name = c.names
    return {
        "seat": obs.seat,
        "players": obs.players,
        "round": obs.round,
        "rounds": obs.rounds,
        "rotation": obs.rotation,
        "active_seat": obs.active_seat,
        "wanted_holder": obs.wanted_holder,
        "vp": list(obs.vp),
        "hand": [name[t] for t in obs.hand],
        "hand_sizes": list(obs.hand_sizes),
        "play_areas": [
            [
                {"card": name[p.card], "rotation": p.rotation, "target": p.target,
                 "result": RESULT_NAMES[p.result]}
                for p in area
            ]
            for area in obs.play_areas
        ],
        "face_down": [
            [
                {"origin": ORIGIN_NAMES[f.origin],
                 "known_type": name[f.known_type] if f.known_type >= 0 else None}
                for f in pile
            ]
            for pile in obs.face_down
        ],
        "friends": [q for q, f in enumerate(obs.friends) if f],
        "hunters_played": obs.hunters_played,
        "villagers_played": obs.villagers_played,
        "first_hunter_played": obs.first_hunter_played,
        "main_deck_size": obs.main_deck_size,
        "hunters_under_main_deck": obs.hunters_under_main_deck,
        "tracked_holders": {name[t]: q for t, q in obs.tracked_holders},
        "monsters_possible": [name[t] for t in obs.monsters_possible],
        "finished_rounds": [
            {"round": r.round, "monster": name[r.monster], "ending": ENDING_NAMES[r.ending],
             "monster_seat": r.monster_seat, "catcher_seat": r.catcher_seat,
             "vp_awarded": list(r.vp_awarded)}
            for r in obs.finished_rounds
        ],
        "effect": {
            "actor": obs.effect.actor, "card": name[obs.effect.card], "step": obs.effect.step,
            "slots": list(obs.effect.slots), "first_hunter": obs.effect.first_hunter,
        } if obs.effect is not None else None,
        "pending_kind": obs.pending_kind,
        "pending_seats": list(obs.pending_seats),
        "own_pending_choice": (
            obs.own_pending_choice.label(c) if obs.own_pending_choice is not None else None
        ),
        "public_log": [describe_event(c, e) for e in obs.public_log],
        "private_log": [describe_private(c, e) for e in obs.private_log],
    }
