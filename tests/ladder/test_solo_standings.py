"""Solo standings (one-seat matches, counted by score, never rated) on both stores."""

from __future__ import annotations

import struct
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis

from services.ladder.factory import open_store
from services.ladder.memory_store import MemoryStore
from services.ladder.records import AppliedSolo, SoloEntry
from services.ladder.redis_format import GameKeys
from services.ladder.store import LadderStore, MatchConflict
from tests.ladder.conftest import delete_prefix, unique_prefix

GAME = "ark-nova"


def test_solo_matches_count_games_mean_best_and_wins(store: LadderStore) -> None:
    assert store.apply_solo(GAME, "s1", "alice", 3)
    assert store.apply_solo(GAME, "s2", "alice", -10)
    assert store.apply_solo(GAME, "s3", "alice", 0)  # VP 0 is a win
    assert store.apply_solo(GAME, "s4", "bob", -2)
    assert store.solo_stats(GAME, "alice") == SoloEntry("alice", 3, -7.0, 3.0, 2)
    assert store.solo_stats(GAME, "alice").mean == pytest.approx(-7 / 3)
    assert store.solo_stats(GAME, "bob") == SoloEntry("bob", 1, -2.0, -2.0, 0)
    assert store.solo_stats(GAME, "carol") is None
    assert [e.name for e in store.solo_standings(GAME)] == ["bob", "alice"]  # mean -2 > -2.33
    assert store.solo_standings(GAME, limit=1) == [store.solo_stats(GAME, "bob")]
    assert store.solo_standings("monster-my-neighbor") == []


def test_the_best_score_of_only_negative_games_is_the_highest_one(store: LadderStore) -> None:
    store.apply_solo(GAME, "s1", "alice", -30)
    store.apply_solo(GAME, "s2", "alice", -4)
    store.apply_solo(GAME, "s3", "alice", -12)
    assert store.solo_stats(GAME, "alice") == SoloEntry("alice", 3, -46.0, -4.0, 0)


def test_solo_matches_are_not_rated(store: LadderStore) -> None:
    store.apply_solo(GAME, "s1", "alice", 5)
    assert store.bot_stats(GAME, "alice") is None
    assert store.ladder(GAME) == [] and store.applied_matches(GAME) == []
    assert store.rating_history(GAME, "alice") == []


def test_a_repeated_solo_match_counts_once(store: LadderStore) -> None:
    assert store.apply_solo(GAME, "s1", "alice", 7)
    assert not store.apply_solo(GAME, "s1", "alice", 7)
    assert not store.apply_solo(GAME, "s1", "alice", 7.0)
    assert store.solo_stats(GAME, "alice") == SoloEntry("alice", 1, 7.0, 7.0, 1)
    assert store.applied_solo(GAME, "s1") == AppliedSolo("s1", "alice", 7.0)
    assert store.applied_solo(GAME, "s2") is None


@pytest.mark.parametrize(("name", "score"), [("alice", 8), ("bob", 7), ("alice", -7)])
def test_a_repeated_solo_match_id_with_another_result_is_a_conflict(
    store: LadderStore, name: str, score: int
) -> None:
    store.apply_solo(GAME, "s1", "alice", 7)
    with pytest.raises(MatchConflict, match="'alice' with score 7"):
        store.apply_solo(GAME, "s1", name, score)
    assert store.solo_standings(GAME) == [SoloEntry("alice", 1, 7.0, 7.0, 1)]


def test_unicode_names_and_fractional_scores_round_trip(store: LadderStore) -> None:
    store.apply_solo(GAME, "s-ü", "名人", 0.1)
    store.apply_solo(GAME, "s-2", "名人", 0.2)
    assert store.solo_stats(GAME, "名人") == SoloEntry("名人", 2, 0.1 + 0.2, 0.2, 2)
    assert store.applied_solo(GAME, "s-ü") == AppliedSolo("s-ü", "名人", 0.1)


@pytest.mark.parametrize(
    ("name", "score"),
    [("alice", float("nan")), ("alice", float("inf")), ("alice", True), ("alice", "3"),
     ("", 3), ("  ", 3), ("a\0b", 3), ("x" * 129, 3)],
)
def test_invalid_solo_results_are_rejected(store: LadderStore, name: str, score: object) -> None:
    with pytest.raises(ValueError):
        store.apply_solo(GAME, "s1", name, score)  # type: ignore[arg-type]
    assert store.solo_standings(GAME) == []


@pytest.mark.parametrize("name", ["", "  ", "a\0b", None, 7, "x" * 129])
def test_a_bad_name_is_refused_alike_in_a_solo_and_a_rated_match(
    store: LadderStore, name: object
) -> None:
    with pytest.raises(ValueError) as solo:
        store.apply_solo(GAME, "s1", name, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError) as rated:
        store.apply_match(GAME, "m1", [name, "bob"], [1, 2])  # type: ignore[list-item]
    assert str(solo.value) == str(rated.value)
    assert repr(name) in str(solo.value) or "longer than 128" in str(solo.value)
    assert store.solo_standings(GAME) == [] and store.ladder(GAME) == []


def test_both_stores_keep_bit_identical_solo_standings(redis_url: str) -> None:
    scores = [0.1, -0.3, 1e-9, 123.456, -7.0, 0.7, 2.5e10, -0.0]
    memory = MemoryStore()
    prefix = unique_prefix()
    try:
        with open_store(redis_url, key_prefix=prefix) as redis_store:
            for i, score in enumerate(scores):
                for each in (memory, redis_store):
                    each.apply_solo(GAME, f"s{i}", f"bot{i % 3}", score)
            assert redis_store.solo_standings(GAME) == memory.solo_standings(GAME)
    finally:
        delete_prefix(redis_url, prefix)


def test_concurrent_repeats_of_one_solo_match_count_it_once(store: LadderStore) -> None:
    with ThreadPoolExecutor(8) as pool:
        counted = list(pool.map(lambda _: store.apply_solo(GAME, "s1", "alice", 4), range(16)))
    assert counted.count(True) == 1
    assert store.solo_stats(GAME, "alice") == SoloEntry("alice", 1, 4.0, 4.0, 1)


def test_one_bots_solo_standing_is_read_on_its_own(
    store: LadderStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i, (name, score) in enumerate((("alice", 3), ("bob", -1), ("alice", 5))):
        store.apply_solo(GAME, f"s{i}", name, score)
    standings = {entry.name: entry for entry in store.solo_standings(GAME)}

    def whole_standings(game: str) -> list[SoloEntry]:
        raise AssertionError("solo_stats read every bot's standing to find one")

    monkeypatch.setattr(store, "_solo_entries", whole_standings)
    for name in ("alice", "bob"):
        assert store.solo_stats(GAME, name) == standings[name]
    assert store.solo_stats(GAME, "carol") is None
    assert store.solo_stats("epic-resort", "alice") is None


def test_redis_reads_one_solo_row_with_hget(redis_url: str, key_prefix: str) -> None:
    with open_store(redis_url, key_prefix=key_prefix) as store:
        store.apply_solo(GAME, "s1", "alice", 4)
        store.apply_solo(GAME, "s2", "bob", 2)
        client = redis.Redis.from_url(redis_url)
        try:  # another bot's row that cannot be parsed: only reading all rows meets it
            client.hset(GameKeys.of(key_prefix, GAME).solo, "bob", b"not a row")
        finally:
            client.close()
        assert store.solo_stats(GAME, "alice") == SoloEntry("alice", 1, 4.0, 4.0, 1)
        with pytest.raises(struct.error):
            store.solo_standings(GAME)
