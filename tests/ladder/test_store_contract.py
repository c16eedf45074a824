"""The store contract, run against both the memory and the Redis store."""

from __future__ import annotations

import hashlib
import time
from typing import Any

import pytest
import redis
from redis.crc import key_slot

from services.ladder.elo import INITIAL_RATING, match_deltas, round_rating
from services.ladder.factory import open_store
from services.ladder.memory_store import MemoryStore
from services.ladder.records import LadderEntry
from services.ladder.redis_store import RedisStore
from services.ladder.store import RECENT_MATCHES, BotAlreadyRegistered, LadderStore, MatchConflict

GAME = "monster-my-neighbor"


def stored_text(store: LadderStore) -> str:
    """Everything the store holds about bots, as one string."""
    if isinstance(store, RedisStore):
        client = redis.Redis.from_url(store.url)
        try:
            parts = []
            for key in client.scan_iter(match=f"{{{store.key_prefix}:*"):
                parts.append(key.decode())
                if client.type(key) == b"hash":
                    for field, value in client.hgetall(key).items():
                        parts += [field.decode(), value.decode()]
            return "\n".join(parts)
        finally:
            client.close()
    assert isinstance(store, MemoryStore)
    return repr(vars(store))


def test_open_store_picks_the_implementation(redis_url: str) -> None:
    assert isinstance(open_store(None), MemoryStore)
    with open_store(redis_url, key_prefix="test-open") as store:
        assert isinstance(store, RedisStore)
    with pytest.raises(ValueError):
        open_store("http://example.invalid/")


def test_registered_token_authenticates_its_bot(store: LadderStore) -> None:
    alice = store.register_bot("alice")
    bob = store.register_bot("bob")
    assert alice != bob
    assert store.authenticate(alice) == "alice"
    assert store.authenticate(bob) == "bob"
    assert store.authenticate(alice + "x") is None
    assert store.authenticate("") is None
    assert store.registered_bots() == ["alice", "bob"]


def test_tokens_are_stored_only_as_sha256_digests(store: LadderStore) -> None:
    token = store.register_bot("alice")
    text = stored_text(store)
    assert token not in text
    assert hashlib.sha256(token.encode()).hexdigest() in text


def test_registering_an_existing_name_fails_unless_rotating(store: LadderStore) -> None:
    old = store.register_bot("alice")
    with pytest.raises(BotAlreadyRegistered):
        store.register_bot("alice")
    assert store.authenticate(old) == "alice"
    new = store.register_bot("alice", rotate=True)
    assert store.authenticate(new) == "alice"
    assert store.authenticate(old) is None
    assert store.registered_bots() == ["alice"]


@pytest.mark.parametrize("name", ["", "builtin:random", "has space", "-dash", "x" * 65])
def test_invalid_bot_names_are_rejected(store: LadderStore, name: str) -> None:
    with pytest.raises(ValueError):
        store.register_bot(name)


def test_apply_match_returns_elo_deltas_and_updates_ratings(store: LadderStore) -> None:
    deltas = store.apply_match(GAME, "m1", ["a", "b", "c"], [1, 2, 3])
    assert deltas == match_deltas(["a", "b", "c"], [1, 2, 3], {})
    for name, delta in deltas.items():
        entry = store.bot_stats(GAME, name)
        assert entry is not None
        assert entry.rating == INITIAL_RATING + delta
    second = store.apply_match(GAME, "m2", ["a", "c"], [2, 1])
    current = {"a": INITIAL_RATING + deltas["a"], "c": INITIAL_RATING + deltas["c"]}
    assert second == match_deltas(["a", "c"], [2, 1], current)


def test_applying_a_match_twice_changes_nothing(store: LadderStore) -> None:
    first = store.apply_match(GAME, "m1", ["a", "b"], [1, 2])
    before = store.ladder(GAME)
    again = store.apply_match(GAME, "m1", ["a", "b"], [1, 2])
    assert again == first
    assert store.ladder(GAME) == before
    assert [m.match_id for m in store.applied_matches(GAME)] == ["m1"]


def test_a_repeated_match_id_with_another_result_is_a_conflict(store: LadderStore) -> None:
    store.apply_match(GAME, "m1", ["a", "b"], [1, 2])
    before = store.ladder(GAME)
    with pytest.raises(MatchConflict):
        store.apply_match(GAME, "m1", ["a", "b"], [2, 1])
    assert store.ladder(GAME) == before


def test_any_unicode_name_and_repeat_round_trips(store: LadderStore) -> None:
    names = ["émile", "名人", "builtin:random", "a b\tc", "émile"]
    ranks = [1, 2, 2, 4, 5]
    deltas = store.apply_match(GAME, "m-ü", names, ranks)
    record = store.applied_match(GAME, "m-ü")
    assert record is not None
    assert (record.participants, record.ranks) == (tuple(names), tuple(ranks))
    assert record.deltas == deltas and list(deltas) == ["émile", "名人", "builtin:random", "a b\tc"]
    assert store.apply_match(GAME, "m-ü", names, ranks) == deltas
    with pytest.raises(MatchConflict, match="名人"):
        store.apply_match(GAME, "m-ü", names[::-1], ranks)
    assert {e.name for e in store.ladder(GAME)} == set(names)
    assert [p.match_id for p in store.rating_history(GAME, "名人")] == ["m-ü"]


def test_match_ids_are_scoped_by_game(store: LadderStore) -> None:
    store.apply_match(GAME, "m1", ["a", "b"], [1, 2])
    store.apply_match("epic-resort", "m1", ["a", "b"], [2, 1])
    assert store.bot_stats(GAME, "a").rating > INITIAL_RATING  # type: ignore[union-attr]
    assert store.bot_stats("epic-resort", "a").rating < INITIAL_RATING  # type: ignore[union-attr]


def test_ladder_is_ordered_best_first_with_stats(store: LadderStore) -> None:
    matches = [
        (["a", "b", "c", "d"], [1, 1, 3, 4]),
        (["a", "b", "c"], [1, 2, 3]),
        (["a", "c"], [1, 2]),
    ]
    expected: dict[str, float] = {}
    for i, (names, ranks) in enumerate(matches):
        store.apply_match(GAME, f"m{i}", names, ranks)
        for name, delta in match_deltas(names, ranks, expected).items():
            expected[name] = round_rating(expected.get(name, INITIAL_RATING) + delta)
    ladder = store.ladder(GAME)
    assert [(e.name, e.rating) for e in ladder] == sorted(
        expected.items(), key=lambda item: -item[1]
    )
    assert [e.name for e in ladder][:2] == ["a", "b"]
    a = store.bot_stats(GAME, "a")
    assert a is not None
    assert (a.games, a.wins, a.mean_rank) == (3, 2.5, 1.0)
    b = store.bot_stats(GAME, "b")
    assert b is not None
    assert (b.games, b.wins, b.mean_rank) == (2, 0.5, 1.5)
    c = store.bot_stats(GAME, "c")
    assert c is not None
    assert (c.games, c.wins) == (3, 0.0)
    assert c.mean_rank == pytest.approx(8 / 3)
    assert store.ladder(GAME, limit=2) == ladder[:2]
    assert store.bot_stats(GAME, "nobody") is None
    assert store.ladder("epic-resort") == []


def test_equal_ratings_are_ordered_by_name(store: LadderStore) -> None:
    store.apply_match(GAME, "m1", ["zed", "amy", "kim"], [2, 2, 2])
    assert [e.name for e in store.ladder(GAME)] == ["amy", "kim", "zed"]


def test_a_bot_filling_several_seats_counts_one_game(store: LadderStore) -> None:
    deltas = store.apply_match(GAME, "m1", ["builtin:random", "x", "builtin:random"], [1, 2, 3])
    assert deltas == {"builtin:random": 0.0, "x": 0.0}
    entry = store.bot_stats(GAME, "builtin:random")
    assert entry is not None
    assert (entry.games, entry.wins, entry.mean_rank) == (1, 1.0, 2.0)


def test_applied_matches_keep_application_order_and_deltas(store: LadderStore) -> None:
    for i in range(5):
        store.apply_match(GAME, f"m{i}", ["a", "b"], [1 + i % 2, 2 - i % 2])
    records = store.applied_matches(GAME)
    assert [(r.match_id, r.seq) for r in records] == [(f"m{i}", i + 1) for i in range(5)]
    record = store.applied_match(GAME, "m3")
    assert record is not None
    assert record.participants == ("a", "b")
    assert record.ranks == (2, 1)
    assert store.applied_match(GAME, "missing") is None


@pytest.mark.parametrize(
    ("game", "match_id", "names", "ranks"),
    [("Bad Game", "m", ["a", "b"], [1, 2]), (GAME, "", ["a", "b"], [1, 2]),
     (GAME, "m", ["a"], [1]), (GAME, "m", ["a", "b"], [1, 0])],
)
def test_malformed_matches_are_rejected_without_effect(
    store: LadderStore, game: str, match_id: str, names: list[str], ranks: list[int]
) -> None:
    with pytest.raises(ValueError):
        store.apply_match(game, match_id, names, ranks)
    assert store.ladder(GAME) == []


@pytest.mark.parametrize(
    ("game", "match_id", "names", "ranks"),
    [("Bad Game", "m", ["a", "b"], [1, 2]), (GAME, "", ["a", "b"], [1, 2]),
     (GAME, "m" * 201, ["a", "b"], [1, 2]), (GAME, 7, ["a", "b"], [1, 2]),
     (GAME, "m", ["a"], [1]), (GAME, "m", ["a", "b"], [1]), (GAME, "m", ["a", "b", "a"], [1, 2]),
     (GAME, "m", ["a", "b"], [1, 0]),
     (GAME, "m", ["a", "b"], [1, 3]), (GAME, "m", ["a", "b"], [True, 2]),
     (GAME, "m", ["a", "b"], [1.0, 2]), (GAME, "m", ["a", "b", ["c"]], [1, 2, 3]),
     (GAME, "m", ["a", "b"] * 9, list(range(1, 19)))],
)
def test_names_rated_before_still_get_every_other_check(
    store: LadderStore, game: object, match_id: object, names: list[str], ranks: list[int]
) -> None:
    """Known names take a shorter validation path; nothing else may slip through it."""
    store.apply_match(GAME, "known", ["a", "b"], [1, 2])
    before = store.ladder(GAME)
    with pytest.raises(ValueError):
        store.apply_match(game, match_id, names, ranks)  # type: ignore[arg-type]
    assert store.ladder(GAME) == before
    assert [m.match_id for m in store.applied_matches(GAME)] == ["known"]


def test_a_rejected_name_stays_rejected(store: LadderStore) -> None:
    long_name = "x" * 129
    for attempt in range(2):
        with pytest.raises(ValueError):
            store.apply_match(GAME, f"m{attempt}", ["a", long_name], [1, 2])
    assert store.ladder(GAME) == []


def test_rating_history_lists_each_match_oldest_first(store: LadderStore) -> None:
    before = time.time()
    store.apply_match(GAME, "m1", ["a", "b"], [1, 2])
    store.apply_match(GAME, "m2", ["a", "c", "builtin:random"], [3, 1, 2])
    store.apply_match(GAME, "m3", ["b", "c"], [1, 2])
    history = store.rating_history(GAME, "a")
    assert [point.match_id for point in history] == ["m1", "m2"]
    assert history[-1].rating == store.bot_stats(GAME, "a").rating  # type: ignore[union-attr]
    assert history[0].rating == INITIAL_RATING + 16.0
    assert all(before - 1 <= point.at <= time.time() + 1 for point in history)
    assert history[0].to_json() == {"match_id": "m1", "rating": 1516.0, "at": history[0].at}
    assert [p.match_id for p in store.rating_history(GAME, "a", limit=1)] == ["m2"]
    assert store.rating_history(GAME, "nobody") == []
    assert store.rating_history("epic-resort", "a") == []


def test_last_rated_reads_each_bots_newest_point_at_once(store: LadderStore) -> None:
    store.apply_match(GAME, "m1", ["a", "b"], [1, 2])
    store.apply_match(GAME, "m2", ["a", "c"], [2, 1])
    found = store.last_rated(GAME, ["a", "b", "c", "nobody"])
    assert set(found) == {"a", "b", "c"}
    for name in "abc":
        assert found[name] == store.rating_history(GAME, name, 1)[-1]
    assert found["a"].match_id == "m2" and found["b"].match_id == "m1"
    assert store.last_rated(GAME, []) == {} and store.last_rated("epic-resort", ["a"]) == {}


def test_the_ladder_version_moves_with_every_applied_match_only(store: LadderStore) -> None:
    assert store.ladder_version(GAME) == 0
    store.apply_match(GAME, "m1", ["a", "b"], [1, 2])
    assert store.ladder_version(GAME) == 1
    store.apply_match(GAME, "m1", ["a", "b"], [1, 2])  # a repeat changes nothing
    store.apply_solo(GAME, "s1", "a", 3.0)
    store.apply_match("epic-resort", "e1", ["a", "b"], [1, 2])
    assert store.ladder_version(GAME) == 1
    store.apply_match(GAME, "m2", ["a", "b"], [2, 1])
    assert store.ladder_version(GAME) == 2


def test_ladder_changes_name_every_participant_since_a_version(store: LadderStore) -> None:
    def moved(since: int) -> tuple[int, dict[str, LadderEntry]] | None:
        changes = store.ladder_changes(GAME, since)
        return None if changes is None else (changes.version, changes.entries)

    def now(*names: str) -> dict[str, LadderEntry]:
        return {name: store.bot_stats(GAME, name) for name in names}  # type: ignore[misc]

    assert moved(0) == (0, {})
    store.apply_match(GAME, "m1", ["a", "b", "a"], [1, 2, 3])
    assert moved(0) == (1, now("a", "b")) and moved(1) == (1, {})
    store.apply_match(GAME, "m1", ["a", "b", "a"], [1, 2, 3])  # a repeat moves nothing
    store.apply_match("epic-resort", "e1", ["c", "d"], [1, 2])  # nor another game
    assert moved(1) == (1, {})
    store.apply_match(GAME, "m2", ["b", "c"], [2, 1])
    assert moved(1) == (2, now("b", "c")) and moved(0) == (2, now("a", "b", "c"))
    assert moved(3) is None  # ahead of the ladder
    with pytest.raises(ValueError):
        store.ladder_changes(GAME, -1)


def test_ladder_changes_cover_the_newest_recent_matches_only(store: LadderStore) -> None:
    """A store remembers the participants of at least RECENT_MATCHES matches; further
    behind than a quarter more, it cannot tell."""
    total = RECENT_MATCHES + RECENT_MATCHES // 4 + 1
    for i in range(total):
        store.apply_match(GAME, f"m{i}", [f"b{i % 1500}", f"b{(i + 1) % 1500}"], [1, 2])
    assert store.ladder_changes(GAME, 0) is None
    changes = store.ladder_changes(GAME, total - RECENT_MATCHES)
    assert changes is not None and changes.version == total
    assert set(changes.entries) == {f"b{i}" for i in range(total - RECENT_MATCHES, total + 1)}


def test_rating_history_keeps_only_the_newest_points(store_url: tuple[str | None, str]) -> None:
    url, prefix = store_url
    with open_store(url, key_prefix=prefix, history=3) as store:
        for i in range(5):
            store.apply_match(GAME, f"m{i}", ["a", "b"], [1 + i % 2, 2 - i % 2])
        assert [p.match_id for p in store.rating_history(GAME, "a")] == ["m2", "m3", "m4"]
        assert store.rating_history(GAME, "b", limit=10)[-1].rating == (
            store.bot_stats(GAME, "b").rating  # type: ignore[union-attr]
        )
        with pytest.raises(ValueError):
            store.rating_history(GAME, "a", limit=0)
    with pytest.raises(ValueError):
        open_store(url, key_prefix=prefix, history=0)


def test_every_key_of_one_operation_shares_a_redis_cluster_slot(
    redis_url: str, key_prefix: str
) -> None:
    """Hash tags put a game's ladder in one slot, and the bot registry in one slot, so
    each script touches one slot (what Redis Cluster requires)."""
    with open_store(redis_url, key_prefix=key_prefix) as store:
        store.register_bot("alice")
        store.apply_match(GAME, "m1", ["alice", "builtin:random", "bob"], [1, 2, 3])
        store.apply_match("epic-resort", "m1", ["alice", "bob"], [1, 2])
    client = redis.Redis.from_url(redis_url)
    try:
        keys = [key.decode() for key in client.scan_iter(match=f"{{{key_prefix}:*")]
    finally:
        client.close()
    groups: dict[str, set[int]] = {}
    for key in keys:
        tag = key[1 : key.index("}")]
        groups.setdefault(tag, set()).add(key_slot(key.encode()))
    assert set(groups) == {
        f"{key_prefix}:bots", f"{key_prefix}:ladder:{GAME}", f"{key_prefix}:ladder:epic-resort"
    }
    assert all(len(slots) == 1 for slots in groups.values())
    # the registry (2); per game: rows, records, the recent matches, one history per bot
    assert len(keys) == 2 + (3 + 3) + (3 + 2)


READS = [
    lambda s, g: s.applied_match(g, "m"), lambda s, g: s.applied_matches(g),
    lambda s, g: s.ladder(g), lambda s, g: s.bot_stats(g, "a"),
    lambda s, g: s.rating_history(g, "a"), lambda s, g: s.applied_solo(g, "m"),
    lambda s, g: s.solo_standings(g), lambda s, g: s.solo_stats(g, "a"),
    lambda s, g: s.last_rated(g, ["a"]), lambda s, g: s.ladder_version(g),
    lambda s, g: s.ladder_changes(g, 0),
]


@pytest.mark.parametrize("read", READS)
@pytest.mark.parametrize("game", ["Bad Game", "x}:bots", ""])
def test_every_read_refuses_a_game_id_that_could_name_other_keys(
    store: LadderStore, read: Any, game: str
) -> None:
    with pytest.raises(ValueError, match="invalid game id"):
        read(store, game)


def test_a_history_of_one_point_keeps_the_newest(store_url: tuple[str | None, str]) -> None:
    url, prefix = store_url
    with open_store(url, key_prefix=prefix, history=1) as store:
        for i in range(3):
            store.apply_match(GAME, f"one{i}", ["a", "b"], [1, 2])
        assert [p.match_id for p in store.rating_history(GAME, "a")] == ["one2"]
