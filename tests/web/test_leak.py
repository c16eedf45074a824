"""During a live Monster My Neighbor match, nothing the spectator endpoints send holds
any seat's role (who has the Monster) or hand.

A real gateway plays the match against a remote bot; a spectator meanwhile reads every
spectator endpoint. Afterwards the replay gives the true state at every moment: each
board sent must be the public drawing of one of those states, and that drawing must be
the same for a state where the Monster or any card sits in another hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core import SPECTATOR, get_game
from engine.monster_my_neighbor.game_state import MonsterState
from tests.monster_my_neighbor.test_properties import hidden_variants
from tests.web.arena import GAME, PacedBot, ServedArena
from tests.web.spectator import drawings, watch_as_spectator


@pytest.fixture
def arena(redis_url: str, tmp_path: Path) -> Iterator[ServedArena]:
    served = ServedArena(redis_url, tmp_path)
    yield served
    served.close()


def role_variant(s: MonsterState, rng: random.Random) -> MonsterState | None:
    """``s`` with the Monster swapped into another hand (for a card of that hand)."""
    c = s.s.cards
    hands = s.s.hands
    holders = [q for q in range(s.s.n) if any(hands[q][t] for t in c.monster_types)]
    if not holders:
        return None
    holder = holders[0]
    others = [q for q in range(s.s.n) if q != holder and s.s.hand_sizes[q]]
    if not others:
        return None
    other = rng.choice(others)
    v = s.clone()
    monster = next(t for t in c.monster_types if v.s.hands[holder][t])
    card = rng.choice([t for t, k in enumerate(v.s.hands[other]) if k])
    v.s.hands[holder][monster] -= 1
    v.s.hands[other][card] -= 1
    v.s.hands[holder][card] += 1
    v.s.hands[other][monster] += 1
    return v


def test_spectator_endpoints_never_send_a_role_or_a_hand(arena: ServedArena) -> None:
    bot = PacedBot(delay=0.02, seed=5)
    arena.connect("watched", bot)
    seen = watch_as_spectator(arena, bot)
    replay = arena.wait_replay(seen.match_id)

    # Every board sent is the public drawing of a true state, and that drawing is the
    # same wherever the Monster or any other card hides.
    view = get_game(GAME).board()
    drawn = drawings(replay)
    rng = random.Random(1)
    roles = 0
    for board in set(seen.boards):
        assert board in drawn, "a board that no true state draws was sent"
        for truth in drawn[board]:
            assert isinstance(truth, MonsterState)
            variants = hidden_variants(truth, SPECTATOR, rng)
            moved = role_variant(truth, rng)
            if moved is not None:
                variants.append(moved)
                roles += 1
            for variant in variants:
                assert view.render(variant.observation(SPECTATOR), replay.labels) == board
    assert roles > 0
