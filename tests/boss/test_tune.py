"""bench.tune's parts that need no games: parameter ranges and candidate specs."""

from __future__ import annotations

import pytest

from bench.tune import Param, candidate_spec


def test_a_param_maps_the_unit_interval_onto_its_range() -> None:
    width = Param.parse("width=2:8:int")
    c = Param.parse("c=0.2:2.0")
    assert (width.value(0.0), width.value(0.5), width.value(1.0)) == (2, 5, 8)
    assert c.value(0.5) == pytest.approx(1.1)
    assert c.value(-3.0) == c.low and c.value(7.0) == c.high  # clipped


def test_a_candidate_is_a_bot_spec() -> None:
    params = [Param.parse("c=0:1"), Param.parse("width=2:6:int")]
    assert candidate_spec("boss", params, [0.25, 1.0]) == "boss:c=0.25,width=6"
    assert candidate_spec("boss:iterations=12", params, [0.0, 0.0]) == (
        "boss:iterations=12,c=0.0,width=2")


@pytest.mark.parametrize("text", ["c", "c=1", "c=2:1", "c=a:b", "c=0:1:float"])
def test_a_malformed_param_is_refused(text: str) -> None:
    with pytest.raises(SystemExit, match="--param"):
        Param.parse(text)
