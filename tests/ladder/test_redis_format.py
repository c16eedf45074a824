"""The Redis store's key layout and seat bytes: key prefixes that cannot break a key,
participant numbers by first seat, then the ranks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from services.ladder.redis_format import parse_result, result_text, seat_bytes
from services.ladder.redis_store import RedisStore


@pytest.mark.parametrize("prefix", ["", "has space", "tab\there", "x{y", "x}y"])
def test_a_key_prefix_with_a_space_or_a_brace_is_refused(prefix: str) -> None:
    # A brace would move the hash tag, so one operation's keys could span cluster slots.
    with pytest.raises(ValueError, match="invalid key prefix"):
        RedisStore("redis://127.0.0.1:6379/0", key_prefix=prefix)


def test_a_key_prefix_with_colons_and_dashes_is_accepted() -> None:
    store = RedisStore("redis://127.0.0.1:6379/0", key_prefix="arena-ci:2")
    assert store.key_prefix == "arena-ci:2"
    store.close()


def test_distinct_participants_are_numbered_in_seat_order() -> None:
    names, seats = seat_bytes(["b", "a", "c"], [2, 1, 3])
    assert names == ["b", "a", "c"]
    assert seats == bytes([1, 2, 3, 2, 1, 3])


def test_a_shared_identity_keeps_the_number_of_its_first_seat() -> None:
    names, seats = seat_bytes(["fill", "a", "fill", "b"], [4, 1, 2, 3])
    assert names == ["fill", "a", "b"]
    assert seats == bytes([1, 2, 1, 3, 4, 1, 2, 3])


@given(st.lists(st.sampled_from(["a", "b", "c", "builtin:random", "é"]), min_size=2,
                max_size=16))
def test_result_text_round_trips(participants: list[str]) -> None:
    ranks = [(i * 7) % len(participants) + 1 for i in range(len(participants))]
    parsed = parse_result(len(participants), result_text(participants, ranks))
    assert parsed == (tuple(participants), tuple(ranks))
