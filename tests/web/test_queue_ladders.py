"""The web site shows each queue's ladder beside each game's: the home page, the ladder
pages and the bot page, from the queues gateways registered in the store."""

from __future__ import annotations

import pytest

from services.ladder.memory_store import MemoryStore
from services.spectate.memory_feed import MemoryFeed
from services.web.queries import NotFound, WebData

GAME = "monster-my-neighbor"


def test_each_registered_queue_has_its_own_ladder_on_every_page() -> None:
    store = MemoryStore()
    store.register_queue(f"{GAME}-4p", {"game": GAME, "players": 4, "options": {}})
    store.register_queue("epic-resort-2p-0a1b2c3d", {"game": "epic-resort", "players": 2,
                                                     "options": {"ruleset": "en"}})
    store.register_queue("chess-2p", {"game": "chess", "players": 2})  # not installed here
    store.apply_match(f"{GAME}-4p", "m1", ["alice", "bob", "carol", "dave"], [1, 2, 3, 4])
    store.apply_match(GAME, "m2", ["alice", "zed", "yan"], [3, 1, 2])
    data = WebData(store, MemoryFeed())
    titles = data.titles()
    assert titles[f"{GAME}-4p"] == "Monster My Neighbor, 4 players"
    assert titles["epic-resort-2p-0a1b2c3d"] == "Epic Resort, 2 players (epic-resort-2p-0a1b2c3d)"
    assert "chess-2p" not in titles
    home = data.home()
    assert [r["bot"] for r in home["ladders"][f"{GAME}-4p"]] == ["alice", "bob", "carol", "dave"]
    assert [r["bot"] for r in home["ladders"][GAME]] == ["zed", "yan", "alice"]
    page = data.ladder_page(f"{GAME}-4p", None)
    assert page["game_name"] == "Monster My Neighbor, 4 players" and page["total"] == 4
    ladders = {entry["game"]: entry for entry in data.bot("alice")["ladders"]}
    assert ladders[f"{GAME}-4p"]["rank"] == 1 and ladders[GAME]["rank"] == 3
    with pytest.raises(NotFound):
        data.ladder_page("chess-2p", None)
