"""Scenarios for rule steps a deletion mutant showed untested (``mutate.py --kinds
delstmt``: one state-changing statement deleted at a time). Each names its rule."""

from __future__ import annotations

from collections.abc import Callable

from engine.monster_my_neighbor.events import ENDING_BETRAYAL, EV_FOG, EV_GOSSIP, EV_ROUND_END
from engine.monster_my_neighbor.game_state import MonsterState
from tests.monster_my_neighbor.helpers import choose, position, tid


def _events_seen(s: MonsterState, code: int, resolve: Callable[[], None]) -> list[list]:
    """Per seat, the public log's new events of ``code`` while ``resolve`` runs."""
    before = [len(s.observation(q).public_log) for q in range(s.s.n)]
    resolve()
    return [[e for e in s.observation(q).public_log[before[q]:] if e[0] == code]
            for q in range(s.s.n)]


def test_a_resolved_gossip_is_a_public_event_naming_who_passed() -> None:
    """§7.9 and §14.2: every seat's public log shows that the seats with cards each
    passed one left, and nothing of which cards."""
    s = position(4, {0: ["gossip", "fog", "hide"], 1: ["hunter", "rumor"], 3: ["werewolf"]})
    choose(s, 0, "gossip")

    def resolve() -> None:
        choose(s, 1, "rumor")
        choose(s, 0, "hide")

    assert _events_seen(s, EV_GOSSIP, resolve) == [[(EV_GOSSIP, (0, 1, 3))]] * 4


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

    assert _events_seen(s, EV_FOG, resolve) == [[(EV_FOG, (0, 1, 2))]] * 4


def test_a_round_end_is_a_public_event_with_its_monster_ending_and_vp() -> None:
    """§6, §8 and §14.2: when a round ends every seat's public log shows the round, how
    it ended, its Monster and the VP awarded (found by the fourth mutation campaign,
    statement deletion: the round-end entry could go missing unnoticed). Here the Friend
    at seat 0 catches the Werewolf: a betrayal."""
    s = position(4, {0: ["hunter", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor"]},
                 friends=[0])
    choose(s, 0, "hunter")
    seen = _events_seen(s, EV_ROUND_END, lambda: choose(s, 0, 2))
    end = (EV_ROUND_END, 1, ENDING_BETRAYAL, tid("werewolf"), (0, 1, 0, 1))
    assert seen == [[end]] * 4
    assert s.public_log().count("round 1 ends (betrayal, Werewolf); VP awarded: 0, 1, 0, 1") == 1
