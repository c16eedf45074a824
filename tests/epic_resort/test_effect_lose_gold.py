"""Spec 13 ``lose_gold {n}``: lose up to ``n`` gold (never below 0), in card order.

No packaged card uses the op, but a card file may (``GameConfig.cards``), so the
primitive is tested on its own."""

from __future__ import annotations

import pytest

from engine.epic_resort.card_defs import Effect
from engine.epic_resort.effects import push_effects
from engine.toolkit import flow
from tests.epic_resort.helpers import bare


@pytest.mark.parametrize(("gold", "n", "left"), [(5, 3, 2), (3, 3, 0), (2, 3, 0), (0, 4, 0)])
def test_lose_gold_takes_up_to_n(gold: int, n: int, left: int) -> None:
    s = bare()
    p = s.players[0]
    p.gold, flair = gold, p.flair
    push_effects(s, 0, -1, (Effect("lose_gold", n=n),))
    flow.advance(s)
    assert (p.gold, p.flair) == (left, flair)


def test_lose_gold_resolves_in_card_order() -> None:
    s = bare()
    p = s.players[0]
    p.gold = 1
    # gain 2 then lose 3: 1 + 2 - 3 = 0; the other order would floor at 0 first (2).
    push_effects(s, 0, -1, (Effect("gain_gold", n=2), Effect("lose_gold", n=3)))
    flow.advance(s)
    assert p.gold == 0
