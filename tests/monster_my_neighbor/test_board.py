"""The Monster My Neighbor board's centre box: every line fits inside it, and it stays
clear of the seats, at every table size and through whole games."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine.core import SPECTATOR, get_game
from engine.monster_my_neighbor.board import CENTRE_PAD
from engine.toolkit.svg import text_width
from tests.spectate.helpers import recorded_match

SVG = "{http://www.w3.org/2000/svg}"
GAME = "monster-my-neighbor"


def box(rect: ET.Element) -> tuple[float, float, float, float]:
    x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
    return x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0))


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("players", [3, 5, 6, 7, 8])
def test_the_centre_box_holds_its_text_and_clears_the_seats(players: int) -> None:
    replay = recorded_match(GAME, players, seed=players, labels=())
    game = get_game(GAME)
    state = game.new_state(replay.config, replay.seed)
    labels = [f"seat {s}" for s in range(players)]
    checked = 0
    steps = [*replay.choices, None]
    for k, choice in enumerate(steps):
        if k % 7 == 0 or choice is None:
            root = ET.fromstring(game.board().render(state.observation(SPECTATOR), labels))
            (centre,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "centre"]
            rect = centre.find(f"{SVG}rect")
            assert rect is not None
            left, top, right, bottom = box(rect)
            for text in centre.iter(f"{SVG}text"):
                width = text_width(text.text or "", float(text.get("font-size", 16)))
                assert width <= right - left - 2 * CENTRE_PAD, text.text
                assert top < float(text.get("y", 0)) < bottom, text.text
            seats = [box(r) for g in root.iter(f"{SVG}g") if g.get("class") == "seat"
                     for r in g.findall(f"{SVG}rect")[:1]]
            assert len(seats) == players
            assert not any(overlaps((left, top, right, bottom), s) for s in seats)
            checked += 1
        if choice is not None:
            state.apply(*choice)
    assert checked > 5
