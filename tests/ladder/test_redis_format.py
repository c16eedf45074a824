"""The Redis store's seat bytes: participant numbers by first seat, then the ranks."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from services.ladder.redis_format import parse_result, result_text, seat_bytes


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
