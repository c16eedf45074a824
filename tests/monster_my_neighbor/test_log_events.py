"""§14.2: every public (EV_*) and private (PV_*) log event is written where its rule
happens, with exact fields, and hidden cards stay out of the public entries.

Each test drives real play into one rule situation and compares whole entries as every
seat's observation shows them (so the public log is the same for all and carries no
hidden card), and the private entries of the seats entitled to them. ``LOG_EVENT_TESTS``
names the test asserting each code; tests/spec_coverage/test_log_events.py fails when
events.py gains a code it lacks.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.monster_my_neighbor.events import (
    ENDING_BETRAYAL,
    HOW_DEAL,
    HOW_DOG_HANDOVER,
    HOW_FRIEND,
    HOW_STEAL,
    ORIGIN_DOG,
    ORIGIN_FORCED_HUNTER,
    RESULT_NO_EFFECT,
    Captured,
    CardPlayed,
    CardResult,
    CardsExchanged,
    CardToHand,
    DealCountChosen,
    DealtHand,
    DogDiscarded,
    Fog,
    ForcedHunterDiscard,
    Gave,
    Gossip,
    MonsterPlayed,
    OwnDiscard,
    Peeked,
    PrivateEvent,
    PublicEvent,
    Received,
    RoundEnded,
    RoundStarted,
    Stole,
    TargetChosen,
)
from engine.monster_my_neighbor.game_state import MonsterState
from tests.monster_my_neighbor.helpers import CARDS, choose, position, tid

# code name -> the test asserting it ("name" in this module, or "file.py::name").
LOG_EVENT_TESTS = {
    "EV_ROUND_START": "test_a_round_starts_publicly_and_each_seat_learns_only_its_own_hand",
    "EV_PLAY": "test_a_round_starts_publicly_and_each_seat_learns_only_its_own_hand",
    "EV_TARGET": "test_a_hunter_names_its_target_and_a_blocked_hunt_shows_no_effect",
    "EV_RESULT": "test_a_hunter_names_its_target_and_a_blocked_hunt_shows_no_effect",
    "EV_COUNT": "test_a_deal_shows_the_count_and_the_seats_but_no_card",
    "EV_DEAL": "test_a_deal_shows_the_count_and_the_seats_but_no_card",
    "EV_SKIP": "test_setup_and_turns.py::test_empty_hand_skips_the_turn_and_still_counts",
    "EV_FORCED_HUNTER_DISCARD": "test_a_forced_hunter_discard_names_the_seat_not_the_card",
    "EV_PASS": "test_setup_and_turns.py::test_lone_monster_before_turn_4_passes",
    "EV_DOG_DISCARD": "test_a_dog_discard_and_the_dog_handover_are_public_without_the_card",
    "EV_CARD_TO_HAND": "test_a_dog_discard_and_the_dog_handover_are_public_without_the_card",
    "EV_STEAL": "test_a_steal_names_the_seats_and_only_they_see_the_cards",
    "EV_RUMOR": "test_card_effects.py::test_rumor_empty_hands_give_nothing",
    "EV_GOSSIP": (
        "test_log_events.py::"
        "test_a_resolved_gossip_is_a_public_event_naming_who_passed"
    ),
    "EV_FOG": "test_log_events.py::test_a_resolved_fog_is_a_public_event_naming_who_pooled",
    "EV_PEEK": "test_an_outlaw_peek_names_the_seats_and_not_the_hand",
    "EV_CAPTURE": "test_a_capture_names_catcher_holder_monster_and_hunter",
    "EV_MONSTER_PLAYED": "test_a_monster_played_on_turn_four_is_public",
    "EV_ROUND_END": (
        "test_log_events.py::"
        "test_a_round_end_is_a_public_event_with_its_monster_ending_and_vp"
    ),
    "PV_DEALT": "test_a_round_starts_publicly_and_each_seat_learns_only_its_own_hand",
    "PV_RECEIVED": "test_observation.py::test_after_steal_actor_sees_the_card_target_sees_both",
    "PV_GAVE": "test_observation.py::test_after_steal_actor_sees_the_card_target_sees_both",
    "PV_SAW_HAND": "test_observation.py::test_after_outlaw_only_the_actor_sees_the_hand",
    "PV_OWN_DISCARD": "test_a_forced_hunter_discard_names_the_seat_not_the_card",
    "PV_FORCED": (
        "test_setup_and_turns.py::"
        "test_single_option_is_resolved_and_logged_privately_as_forced"
    ),
    "PV_SAW_DISCARD": (
        "test_card_file.py::"
        "test_dog_actor_sees_discard_flag_is_read_from_the_card_file"
    ),
}


def seen(s: MonsterState, code: type[PublicEvent]) -> list[PublicEvent]:
    """The public entries of ``code``, checked to be the same in every seat's view."""
    views = [[e for e in s.observation(q).public_log if type(e) is code] for q in range(s.s.n)]
    assert all(v == views[0] for v in views), views
    return views[0]


def private(s: MonsterState, seat: int, code: type[PrivateEvent]) -> list[PrivateEvent]:
    return [e for e in s.observation(seat).private_log if type(e) is code]


def test_a_round_starts_publicly_and_each_seat_learns_only_its_own_hand() -> None:
    """§4 and §7.1: the round start and the opener's Wanted are public; each seat's
    private log holds its own dealt hand and nobody else's."""
    g = MonsterState.new(CARDS, 4, 11)
    opener = g.s.start_seat
    assert seen(g, RoundStarted) == [RoundStarted(1)]
    assert seen(g, CardPlayed) == [CardPlayed(opener, tid("wanted"), 1)]
    for q in range(4):
        [dealt] = private(g, q, DealtHand)
        assert isinstance(dealt, DealtHand) and dealt.round == 1
        wanted = (tid("wanted"),) * (q == opener)
        assert sorted(dealt.cards) == sorted(g.observation(q).hand + wanted)


def test_a_hunter_names_its_target_and_a_blocked_hunt_shows_no_effect() -> None:
    """§7.2 and §7.3: the target is public; a Hide in the target's hand blocks silently,
    so the result is the same "no effect" as an empty hunt (the Hide is not shown)."""
    s = position(4, {0: ["hunter", "villagers"], 1: ["fog", "rumor"], 2: ["werewolf", "hide"]})
    choose(s, 0, "hunter")
    choose(s, 0, 2)
    hunter = tid("hunter")
    assert seen(s, CardPlayed)[0] == CardPlayed(0, hunter, 2)  # on turn 2
    assert seen(s, TargetChosen) == [TargetChosen(0, hunter, 2)]
    assert seen(s, CardResult) == [CardResult(0, hunter, RESULT_NO_EFFECT)]


def test_a_deal_shows_the_count_and_the_seats_but_no_card() -> None:
    """§7.7: the target, the agreed count and the exchange are public; which cards moved
    is known only to the two parties."""
    s = position(4, {0: ["deal", "fog", "rumor"], 1: ["hide"], 2: ["werewolf", "villagers"]})
    choose(s, 0, "deal")
    choose(s, 0, 2)
    choose(s, 0, 1)
    choose(s, 2, ("werewolf",))
    choose(s, 0, ("rumor",))
    assert seen(s, TargetChosen) == [TargetChosen(0, tid("deal"), 2)]
    assert seen(s, DealCountChosen) == [DealCountChosen(0, 1)]
    assert seen(s, CardsExchanged) == [CardsExchanged(0, 2, 1)]
    assert private(s, 0, Received) == [Received(tid("werewolf"), 2, HOW_DEAL)]
    assert private(s, 2, Received) == [Received(tid("rumor"), 0, HOW_DEAL)]
    for q in (1, 3):
        assert private(s, q, Received) == private(s, q, Gave) == []


def test_a_forced_hunter_discard_names_the_seat_not_the_card() -> None:
    """§5.4 (FAQ 1): the public entry names the seat and turn; only the discarder's
    private log says it was a Hunter."""
    s = position(4, {1: ["hunter", "hunter", "hunter", "werewolf"], 2: ["hide", "fog"]},
                 rotation=1, active=1)
    assert seen(s, ForcedHunterDiscard) == [ForcedHunterDiscard(1, 1)]
    own = OwnDiscard(tid("hunter"), ORIGIN_FORCED_HUNTER)
    assert private(s, 1, OwnDiscard) == [own]
    assert all(private(s, q, OwnDiscard) == [] for q in (0, 2, 3))


def test_a_dog_discard_and_the_dog_handover_are_public_without_the_card() -> None:
    """§7.5: everyone sees that the target discarded face down and took the Dog; the
    discarded card is in the target's private log only."""
    s = position(4, {0: ["dog", "fog"], 1: ["rumor", "hide"], 2: ["werewolf"]})
    choose(s, 0, "dog")
    choose(s, 0, 1)
    choose(s, 1, "hide")
    dog = tid("dog")
    assert seen(s, DogDiscarded) == [DogDiscarded(1, 0)]
    assert seen(s, CardToHand) == [CardToHand(dog, 0, 1)]
    assert private(s, 1, OwnDiscard) == [OwnDiscard(tid("hide"), ORIGIN_DOG)]
    assert private(s, 1, Received) == [Received(dog, 0, HOW_DOG_HANDOVER)]
    assert all(s.observation(q).private_log == () for q in (0, 2, 3))


def test_a_steal_names_the_seats_and_only_they_see_the_cards() -> None:
    """§7.6: the public entry names the actor and the seat given a card back; the cards
    are only in the two seats' private logs."""
    s = position(4, {0: ["steal", "fog"], 1: ["hide", "hide"], 2: ["werewolf"]})
    choose(s, 0, "steal")
    choose(s, 0, 1)
    choose(s, 0, "fog")
    assert seen(s, Stole) == [Stole(0, 1)]
    assert private(s, 0, Received) == [Received(tid("hide"), 1, HOW_STEAL)]
    assert private(s, 1, Received) == [Received(tid("fog"), 0, HOW_STEAL)]
    assert all(s.observation(q).private_log == () for q in (2, 3))


def test_an_outlaw_peek_names_the_seats_and_not_the_hand() -> None:
    """§7.11: who looked at whose hand is public; the hand is not in the public entry."""
    s = position(4, {0: ["outlaw", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor"]})
    choose(s, 0, "outlaw")
    choose(s, 0, 2)
    assert seen(s, Peeked) == [Peeked(0, 2)]


def test_a_capture_names_catcher_holder_monster_and_hunter() -> None:
    """§6 (b): a capture reveals the Monster and ends the round."""
    s = position(4, {0: ["hunter", "villagers"], 2: ["werewolf", "rumor"]})
    choose(s, 0, "hunter")
    choose(s, 0, 2)
    hunter = tid("hunter")
    assert seen(s, Captured) == [Captured(0, 2, tid("werewolf"), hunter)]


def test_a_monster_played_on_turn_four_is_public() -> None:
    """§6 (a) and §7.13: the Monster played face up ends the round in its player's
    favour; the entry names the seat and the Monster."""
    s = position(4, {0: ["vampire"], 2: ["rumor"]}, rotation=4)
    assert seen(s, MonsterPlayed) == [MonsterPlayed(0, tid("vampire"))]


def test_a_dog_catching_a_lone_monster_tells_only_its_holder_of_the_discard() -> None:
    """§7.5 and §6 (b): the Monster as the target's last card is discarded and caught;
    the capture is public, the discard is in the holder's private log only."""
    s = position(4, {0: ["dog", "fog"], 1: ["rumor", "hide"], 2: ["werewolf"]})
    choose(s, 0, "dog")
    choose(s, 0, 2)
    wolf = tid("werewolf")
    assert seen(s, Captured) == [Captured(0, 2, wolf, tid("dog"))]
    assert private(s, 2, OwnDiscard) == [OwnDiscard(wolf, ORIGIN_DOG)]
    assert all(private(s, q, OwnDiscard) == [] for q in (0, 1, 3))


def test_the_friend_target_privately_logs_its_hunter_given_to_the_table() -> None:
    """7.4 and 14.2: the target of a Friend knows it gave a Hunter away, to no seat (-1, the
    table: under the main deck); found by the mutation campaign, which could change that
    recipient without any test noticing."""
    s = position(4, {0: ["friend", "fog"], 1: ["hunter", "rumor"], 2: ["werewolf"]})
    choose(s, 0, "friend")
    choose(s, 0, 1)
    gave = [e for e in s.observation(1).private_log if isinstance(e, Gave)]
    assert gave == [Gave(tid("hunter"), -1, HOW_FRIEND)]


def _events_seen(
    s: MonsterState, code: type[PublicEvent], resolve: Callable[[], None]
) -> list[list]:
    """Per seat, the public log's new events of ``code`` while ``resolve`` runs."""
    before = [len(s.observation(q).public_log) for q in range(s.s.n)]
    resolve()
    return [[e for e in s.observation(q).public_log[before[q]:] if type(e) is code]
            for q in range(s.s.n)]


def test_a_resolved_gossip_is_a_public_event_naming_who_passed() -> None:
    """§7.9 and §14.2: every seat's public log shows that the seats with cards each
    passed one left, and nothing of which cards."""
    s = position(4, {0: ["gossip", "fog", "hide"], 1: ["hunter", "rumor"], 3: ["werewolf"]})
    choose(s, 0, "gossip")

    def resolve() -> None:
        choose(s, 1, "rumor")
        choose(s, 0, "hide")

    assert _events_seen(s, Gossip, resolve) == [[Gossip((0, 1, 3))]] * 4


def test_a_resolved_fog_is_a_public_event_naming_who_pooled() -> None:
    """§7.10 and §14.2: every seat's public log shows which seats pooled a card and were
    dealt one back, and nothing of which cards."""
    s = position(
        4, {0: ["fog", "hide", "villagers"], 1: ["rumor", "hide"], 2: ["werewolf", "hunter"]},
        rotation=1,
    )
    choose(s, 0, "fog")

    def resolve() -> None:
        choose(s, 0, "villagers")
        choose(s, 1, "rumor")
        choose(s, 2, "hunter")

    assert _events_seen(s, Fog, resolve) == [[Fog((0, 1, 2))]] * 4


def test_a_round_end_is_a_public_event_with_its_monster_ending_and_vp() -> None:
    """§6, §8 and §14.2: when a round ends every seat's public log shows the round, how
    it ended, its Monster and the VP awarded (found by the fourth mutation campaign,
    statement deletion: the round-end entry could go missing unnoticed). Here the Friend
    at seat 0 catches the Werewolf: a betrayal."""
    s = position(4, {0: ["hunter", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor"]},
                 friends=[0])
    choose(s, 0, "hunter")
    seen = _events_seen(s, RoundEnded, lambda: choose(s, 0, 2))
    end = RoundEnded(1, ENDING_BETRAYAL, tid("werewolf"), (0, 1, 0, 1))
    assert seen == [[end]] * 4
    assert s.public_log().count("round 1 ends (betrayal, Werewolf); VP awarded: 0, 1, 0, 1") == 1
