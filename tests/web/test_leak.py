"""During a live Monster My Neighbor match, nothing the spectator endpoints send holds
any seat's role (who has the Monster) or hand.

A real gateway plays the match against a remote bot; a spectator meanwhile reads every
spectator endpoint. Afterwards the replay gives the true state at every moment: each
board sent must be the public drawing of one of those states, and that drawing must be
the same for a state where the Monster or any card sits in another hand.
"""

from __future__ import annotations

import json
import random
import re
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core import SPECTATOR, get_game
from engine.monster_my_neighbor.game_state import MonsterState
from tests.monster_my_neighbor.test_properties import hidden_variants
from tests.web.arena import GAME, PacedBot, ServedArena
from tests.web.conftest import fetch

BOARD = re.compile(r'<div class="board" id="board">(.*?)</div>', re.S)
PRIVATE_KEYS = {"seed", "choices", "hand", "hands", "private_log", "own_pending_choice",
                "options", "replay"}


@pytest.fixture
def arena(redis_url: str, tmp_path: Path) -> Iterator[ServedArena]:
    served = ServedArena(redis_url, tmp_path)
    yield served
    served.close()


def keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys(item)


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
    match_id = arena.wait_live()
    events: list[dict[str, Any]] = []

    def follow() -> None:
        url = f"{arena.base}/api/matches/{match_id}/events"
        with urllib.request.urlopen(url, timeout=120) as stream:
            for raw in stream:
                line = raw.decode()
                if line.startswith("data: "):
                    events.append(json.loads(line[6:]))

    spectator = threading.Thread(target=follow, daemon=True)
    spectator.start()
    bot.gate.set()
    boards: list[str] = []
    bodies: list[Any] = []
    while arena.feed.match(match_id).status == "live":  # type: ignore[union-attr]
        for path in ("/api/matches/live", f"/api/matches/{match_id}"):
            reply = fetch(arena.base + path)
            if reply.status == 200:
                bodies.append(reply.json())
        page = fetch(arena.base + f"/matches/{match_id}").text
        if 'data-status="live"' in page:
            boards += BOARD.findall(page)
    spectator.join(timeout=120)
    replay = arena.wait_replay(match_id)

    live_bodies = [b for b in bodies if isinstance(b, list) or b.get("view") == "live"]
    assert live_bodies and boards, "the spectator saw the match while it was live"
    for body in live_bodies:
        assert not PRIVATE_KEYS & set(keys(body))
        if isinstance(body, dict):
            boards.append(body["frame"]["board"])
    frames = [e for e in events if "board" in e]
    assert len(frames) >= 3 and events[-1]["status"] == "completed"
    for frame in frames:
        assert not PRIVATE_KEYS & set(keys(frame))
    boards += [f["board"] for f in frames]

    # Every board sent is the public drawing of a true state, and that drawing is the
    # same wherever the Monster or any other card hides.
    game = get_game(GAME)
    view = game.board()
    state = game.new_state(replay.config, replay.seed)
    rng = random.Random(1)
    drawn: dict[str, list[MonsterState]] = {}
    for turn in range(len(replay.choices) + 1):
        drawing = view.render(state.observation(SPECTATOR), replay.labels)
        drawn.setdefault(drawing, []).append(state.clone())
        if turn < len(replay.choices):
            state.apply(*replay.choices[turn])
    roles = 0
    for board in set(boards):
        assert board in drawn, "a board that no true state draws was sent"
        for truth in drawn[board]:
            variants = hidden_variants(truth, SPECTATOR, rng)
            moved = role_variant(truth, rng)
            if moved is not None:
                variants.append(moved)
                roles += 1
            for variant in variants:
                assert view.render(variant.observation(SPECTATOR), replay.labels) == board
    assert roles > 0
