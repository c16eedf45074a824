"""Each queue has a ladder of its own, keyed by the queue id, and gateways record their
queues so readers can list them: both stores, and ``arena ladder --queue/--queues``."""

from __future__ import annotations

import json

import pytest

from services.ladder.factory import open_store
from services.ladder.store import LadderStore
from tests.ladder.test_cli import run

GAME = "monster-my-neighbor"


def test_queue_ladders_are_apart_from_each_other_and_from_the_games(
    store: LadderStore,
) -> None:
    store.apply_match(f"{GAME}-3p", "m1", ["a", "b", "c"], [1, 2, 3])
    store.apply_match(f"{GAME}-8p", "m1", ["a", "z", "y", "x", "w", "v", "u", "t"],
                      [8, 1, 2, 3, 4, 5, 6, 7])
    three, eight = store.ladder(f"{GAME}-3p"), store.ladder(f"{GAME}-8p")
    assert [e.name for e in three] == ["a", "b", "c"]
    assert eight[-1].name == "a" and len(eight) == 8
    assert store.ladder(GAME) == []  # the shorthand's ladder, keyed by the bare game id


def test_registered_queues_are_listed_with_their_description(store: LadderStore) -> None:
    assert store.queues() == {}
    store.register_queue("epic-resort-2p", {"game": "epic-resort", "players": 2,
                                            "options": {}})
    store.register_queue(f"{GAME}-4p", {"game": GAME, "players": 4, "options": {}})
    store.register_queue("epic-resort-2p", {"game": "epic-resort", "players": 2,
                                            "options": {"ruleset": "en"}})
    assert store.queues() == {
        "epic-resort-2p": {"game": "epic-resort", "players": 2,
                           "options": {"ruleset": "en"}},
        f"{GAME}-4p": {"game": GAME, "players": 4, "options": {}},
    }
    with pytest.raises(ValueError, match="invalid game id"):
        store.register_queue("Not A Queue", {"game": GAME})


def test_arena_ladder_reads_a_queue_and_lists_the_queues(
    redis_url: str, key_prefix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_store(redis_url, key_prefix=key_prefix) as store:
        store.register_queue(f"{GAME}-4p", {"game": GAME, "players": 4, "options": {}})
        store.apply_match(f"{GAME}-4p", "m1", ["a", "b", "c", "d"], [1, 2, 3, 4])
    where = ["--redis", redis_url, "--key-prefix", key_prefix]
    assert run(["ladder", "--queue", f"{GAME}-4p", "--json", *where]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["name"] for row in rows] == ["a", "b", "c", "d"]
    assert run(["ladder", "--game", GAME, "--json", *where]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert run(["ladder", "--queues", "--json", *where]) == 0
    assert json.loads(capsys.readouterr().out) == {
        f"{GAME}-4p": {"game": GAME, "players": 4, "options": {}}}
    assert run(["ladder", "--queues", *where]) == 0
    assert f"{GAME}-4p" in capsys.readouterr().out
    assert run(["ladder", "--queue", "Bad Id", *where]) == 2
    assert "is not a queue id" in capsys.readouterr().err
