"""The step-stack driver (``engine.toolkit.flow``): who owes a decision, and with which
options, on a simultaneous step whose seats change under it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine.core.errors import NotYourTurn
from engine.core.option import Option
from engine.core.result import competition_ranks
from engine.toolkit import flow


class Table:
    """Three seats decide at once; a seat may bench another seat, which then owes nothing."""

    def __init__(self) -> None:
        self.in_play = {0, 1, 2}
        self.done: list[int] = []
        self.listed: list[int] = []  # seats whose options were listed, in order
        self.steps: list[flow.Step] = [VOTE]
        self.asked: dict[int, Sequence[Option]] = {}
        self.asked_step: flow.Step | None = None


@dataclass(frozen=True, slots=True)
class Bench(Option):
    """Take ``target`` out of the vote (-1: only finish one's own vote)."""

    target: int

    def apply(self, table: Table, seat: int) -> None:
        table.in_play.discard(seat)
        table.done.append(seat)
        if self.target >= 0:
            table.in_play.discard(self.target)
        if not table.in_play:
            table.steps.pop()


@dataclass(frozen=True, slots=True)
class Vote(flow.Ask):
    kind: ClassVar[str] = "VOTE"
    simultaneous: ClassVar[bool] = True

    def seats(self, table: Table) -> tuple[int, ...]:
        return tuple(sorted(table.in_play))

    def options(self, table: Table, seat: int) -> list[Bench]:
        table.listed.append(seat)
        return [Bench.of(-1), *(Bench.of(other) for other in sorted(table.in_play - {seat}))]


VOTE = Vote()


def test_a_seat_taken_out_of_a_simultaneous_step_by_another_owes_nothing() -> None:
    table = Table()
    flow.advance(table)
    assert sorted(table.asked) == [0, 1, 2]
    flow.choose(table, 0, 1)  # seat 0 benches seat 1 (its options: finish, 1, 2)
    assert sorted(table.asked) == [2]
    with pytest.raises(NotYourTurn):
        flow.choose(table, 1, 0)
    flow.choose(table, 2, 0)
    assert table.done == [0, 2] and not table.steps and not table.asked


def test_a_simultaneous_step_lists_each_seats_options_once_per_decision() -> None:
    table = Table()
    flow.advance(table)
    flow.choose(table, 1, 0)  # seat 1 finishes; seats 0 and 2 keep their cached lists
    assert table.listed == [0, 1, 2]


def test_competition_ranks_share_a_rank_on_ties_and_skip_the_places_they_take() -> None:
    assert competition_ranks([5, 7, 7, 1]) == (3, 1, 1, 4)
    assert competition_ranks([(2, 1), (2, 0), (2, 1)]) == (1, 3, 1)
    assert competition_ranks([4, 4, 4]) == (1, 1, 1)
