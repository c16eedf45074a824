"""Scenarios for rule steps a deletion mutant showed untested (``mutate.py --kinds
delstmt``: one state-changing statement deleted at a time). Each names its rule."""

from __future__ import annotations

from engine.monster_my_neighbor.events import EV_GOSSIP
from tests.monster_my_neighbor.helpers import choose, position


def test_a_resolved_gossip_is_a_public_event_naming_who_passed() -> None:
    """§7.9 and §14.2: every seat's public log shows that the seats with cards each
    passed one left, and nothing of which cards."""
    s = position(4, {0: ["gossip", "fog", "hide"], 1: ["hunter", "rumor"], 3: ["werewolf"]})
    choose(s, 0, "gossip")
    before = [len(s.observation(q).public_log) for q in range(4)]
    choose(s, 1, "rumor")
    choose(s, 0, "hide")
    for q in range(4):
        new = s.observation(q).public_log[before[q]:]
        assert [e for e in new if e[0] == EV_GOSSIP] == [(EV_GOSSIP, (0, 1, 3))]
