"""The protobuf codec: observation and option messages built from the observation only."""

from __future__ import annotations

from arena.v1 import monster_my_neighbor_pb2 as pb

from engine.core import get_game
from engine.monster_my_neighbor.effects import (
    ChooseCount,
    ChooseTarget,
    DealGive,
    DogDiscard,
    FogContribute,
    GossipPass,
    StealGive,
)
from engine.monster_my_neighbor.turns import PlayCard
from tests.monster_my_neighbor.helpers import choose, position

GAME = get_game("monster-my-neighbor")


def test_codec_is_registered_lazily_under_its_field() -> None:
    codec = GAME.wire()
    assert codec.field == "monster_my_neighbor"


def test_observation_message_carries_the_seats_view() -> None:
    codec = GAME.wire()
    s = position(4, {0: ["dog", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor", "hide"]},
                 friends=[3])
    choose(s, 0, "dog")
    choose(s, 0, 2)
    msg = codec.observation(s.observation(2))
    assert isinstance(msg, pb.MonsterMyNeighborObservation)
    assert (msg.players, msg.seat, msg.round, msg.rotation) == (4, 2, 1, 2)
    assert msg.pending_kind == "DOG_DISCARD" and list(msg.pending_seats) == [2]
    assert [(c.card_type, c.count) for c in msg.hand] == [
        ("hide", 1), ("rumor", 1), ("werewolf", 1)]
    assert [seat.hand_size for seat in msg.seats] == [1, 2, 3, 0]
    assert msg.seats[3].friend and not msg.seats[0].friend
    assert msg.seats[0].play_area[-1].card_type == "dog"
    assert msg.seats[0].play_area[-1].target == 2
    assert sum(c.count for c in msg.composition) == 38
    assert list(msg.monsters_possible) == ["vampire", "mandragora", "werewolf", "kumiho",
                                           "mermaid"]
    target = pb.MonsterMyNeighborTargetChosen(seat=0, card_type="dog", target_seat=2)
    assert pb.MonsterMyNeighborPublicEvent(target_chosen=target) in msg.public_events
    assert msg.public_events_from == 0 and msg.private_events_from == 0
    choose(s, 2, "rumor")
    other = codec.observation(s.observation(1))
    assert other.seats[0].face_down[0].origin == "dog_discard"
    assert other.seats[0].face_down[0].known_type == ""
    assert other.dog_known_holder == 2
    mine = codec.observation(s.observation(2))
    assert mine.seats[0].face_down[0].known_type == "rumor"
    discard = pb.MonsterMyNeighborOwnDiscard(card_type="rumor", origin="dog_discard")
    assert [e.own_discard for e in mine.private_events if e.HasField("own_discard")] == [discard]
    assert not any(e.HasField("own_discard") for e in other.private_events)


def test_the_log_after_a_mark_holds_only_the_newer_entries() -> None:
    codec = GAME.wire()
    s = position(4, {0: ["dog", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor", "hide"]})
    choose(s, 0, "dog")
    before = s.observation(2)
    mark = codec.log_mark(before)
    choose(s, 0, 2)
    choose(s, 2, "rumor")
    after = s.observation(2)
    whole = codec.observation(after)
    tail = codec.observation(after, mark)
    assert tail.public_events_from == len(before.public_log) > 0
    assert list(tail.public_events) == list(whole.public_events)[tail.public_events_from:]
    assert list(tail.private_events) == list(whole.private_events)[tail.private_events_from:]
    assert tail.private_events_from == 0
    assert [e.WhichOneof("event") for e in tail.private_events] == ["own_discard", "received"]
    target = pb.MonsterMyNeighborTargetChosen(seat=0, card_type="dog", target_seat=2)
    assert tail.public_events[0] == pb.MonsterMyNeighborPublicEvent(target_chosen=target)
    assert codec.observation(after, codec.log_mark(after)).public_events == []


def test_every_log_event_code_has_an_encoder() -> None:
    from engine.monster_my_neighbor.events import PrivateEvent, PublicEvent
    from engine.monster_my_neighbor.wire_log import _private_table, _public_table
    from engine.toolkit.events import event_kinds

    assert set(_public_table().kinds()) == set(event_kinds(PublicEvent))
    assert set(_private_table(GAME.wire().option).kinds()) == set(event_kinds(PrivateEvent))
    assert len(event_kinds(PublicEvent)) == 19 and len(event_kinds(PrivateEvent)) == 7


def test_a_forced_choice_reaches_the_private_log_as_an_option_message() -> None:
    codec = GAME.wire()
    s = position(4, {0: ["dog", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor"]})
    choose(s, 0, "dog")
    choose(s, 0, 2)  # seat 2 must discard the Rumor (never the Monster while it has another)
    forced = [e.forced_choice for e in codec.observation(s.observation(2)).private_events
              if e.HasField("forced_choice")]
    assert [(f.kind, f.option.card_type) for f in forced] == [("DOG_DISCARD", "rumor")]


def test_pending_simultaneous_choice_only_in_own_message() -> None:
    codec = GAME.wire()
    s = position(4, {0: ["gossip", "fog", "hide"], 1: ["hunter", "rumor"], 3: ["werewolf", "hide"]})
    choose(s, 0, "gossip")
    choose(s, 1, "rumor")
    assert codec.observation(s.observation(1)).own_pending_choice == "Rumor"
    assert codec.observation(s.observation(0)).own_pending_choice == ""
    assert list(codec.observation(s.observation(0)).pending_seats) == [0, 1, 3]


def test_option_messages_for_every_kind() -> None:
    codec = GAME.wire()
    hands = {0: ["gossip", "hide"], 1: ["hunter"], 2: ["rumor"], 3: ["fog"]}
    obs = position(4, hands).observation(0)
    hunter, hide = 1, 2
    assert codec.option(obs, "PLAY_CARD", PlayCard(hunter)).card_type == "hunter"
    assert codec.option(obs, "DOG_DISCARD", DogDiscard(hide)).card_type == "hide"
    assert codec.option(obs, "STEAL_GIVE", StealGive(hide)).WhichOneof("choice") == "card_type"
    assert codec.option(obs, "GOSSIP_PASS", GossipPass(hide)).card_type == "hide"
    assert codec.option(obs, "FOG_CONTRIBUTE", FogContribute(hide)).card_type == "hide"
    assert codec.option(obs, "CHOOSE_TARGET", ChooseTarget(3)).target_seat == 3
    assert codec.option(obs, "CHOOSE_DEAL_COUNT", ChooseCount(2)).count == 2
    pair = codec.option(obs, "DEAL_GIVE", DealGive((hunter, hide)))
    assert list(pair.cards.card_types) == ["hunter", "hide"]


def test_a_codec_reusing_encoded_parts_gives_the_same_messages_as_a_fresh_one() -> None:
    from engine.core import GameConfig, GameRng

    reused = GAME.wire()
    for seed in range(3):
        state = GAME.new_state(GameConfig(5, dict(GAME.default_options)), seed)
        rng = GameRng(seed)
        while not state.is_terminal():
            seat = state.pending_seats()[0]
            for watcher in (0, 3):
                seen = state.observation(watcher)
                assert reused.observation(seen) == GAME.wire().observation(seen)
            state.apply(seat, rng.randrange(len(state.decision(seat).options)))


def test_written_bytes_parse_to_the_reference_message_in_every_state() -> None:
    """Many random matches of every table size: each seat's message, with its log since
    its previous one, from one reused codec per match (its caches warm), equals the
    message built with protobuf objects and no caches."""
    import random

    from engine.core import GameConfig
    from tests.monster_my_neighbor.wire_reference import reference_observation

    rng = random.Random(17)
    checked = 0
    for match in range(24):
        players = 3 + match % 6
        state = GAME.new_state(GameConfig(players, dict(GAME.default_options)), 900 + match)
        codec = GAME.wire()
        marks: list = [None] * players
        while not state.is_terminal():
            for seat in range(players):
                if seat in state.pending_seats() or rng.random() < 0.2:
                    seen = state.observation(seat)
                    got = pb.MonsterMyNeighborObservation.FromString(
                        codec.observation_bytes(seen, marks[seat]))
                    assert got == reference_observation(seen, marks[seat])
                    marks[seat] = codec.log_mark(seen)
                    checked += 1
            seat = rng.choice(state.pending_seats())
            state.apply(seat, rng.randrange(len(state.decision(seat).options)))
    assert checked > 2_000


def test_the_bytes_sent_do_not_change_when_only_hidden_information_changes() -> None:
    """The hidden-information property on the wire: a seat's message bytes (from a codec
    whose caches were warmed on the real state) are the same for every variant of the
    state that differs only in what the seat may not see."""
    import random

    from tests.monster_my_neighbor.test_properties import hidden_variants, random_states

    rng = random.Random(23)
    checked = 0
    for _seed, s in random_states(10, seed0=3_000):
        if s.is_terminal() or rng.random() > 0.1:
            continue
        for seat in range(s.s.n):
            codec = GAME.wire()
            sent = codec.observation_bytes(s.observation(seat))
            for v in hidden_variants(s, seat, rng):
                assert codec.observation_bytes(v.observation(seat)) == sent
                assert GAME.wire().observation_bytes(v.observation(seat)) == sent
                checked += 1
    assert checked > 200
