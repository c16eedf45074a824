"""Everything a spectator's browser could be sent about a live match, collected while it
runs: the server-sent events, the live API bodies and the boards in the live page."""

from __future__ import annotations

import json
import re
import threading
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.core import SPECTATOR, GameState, Replay, get_game
from tests.web.arena import PacedBot, ServedArena
from tests.web.conftest import fetch

BOARD = re.compile(r'<div class="board" id="board">(.*?)</div>', re.S)
PRIVATE_KEYS = {"seed", "choices", "hand", "hands", "private_log", "own_pending_choice",
                "options", "replay"}


def keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys(item)


@dataclass
class SpectatorTraffic:
    match_id: str
    events: list[dict[str, Any]] = field(default_factory=list)
    bodies: list[Any] = field(default_factory=list)  # JSON of the live API, while live
    boards: list[str] = field(default_factory=list)  # every board sent, all channels


def watch_as_spectator(arena: ServedArena, bot: PacedBot) -> SpectatorTraffic:
    """Let the bot play the arena's first match while a spectator follows its event
    stream and keeps reading the live endpoints and page; checks that nothing sent
    carries a private key, and that the spectator saw the match while it was live."""
    match_id = arena.wait_live()
    seen = SpectatorTraffic(match_id)

    def follow() -> None:
        url = f"{arena.base}/api/matches/{match_id}/events"
        with urllib.request.urlopen(url, timeout=180) as stream:
            for raw in stream:
                line = raw.decode()
                if line.startswith("data: "):
                    seen.events.append(json.loads(line[6:]))

    spectator = threading.Thread(target=follow, daemon=True)
    spectator.start()
    bot.gate.set()
    page_boards: list[str] = []
    while arena.feed.match(match_id).status == "live":  # type: ignore[union-attr]
        for path in ("/api/matches/live", f"/api/matches/{match_id}"):
            reply = fetch(arena.base + path)
            if reply.status == 200:
                seen.bodies.append(reply.json())
        page = fetch(arena.base + f"/matches/{match_id}").text
        if 'data-status="live"' in page:
            page_boards += BOARD.findall(page)
    spectator.join(timeout=180)

    live_bodies = [b for b in seen.bodies if isinstance(b, list) or b.get("view") == "live"]
    assert live_bodies and page_boards, "the spectator saw the match while it was live"
    for body in live_bodies:
        assert not PRIVATE_KEYS & set(keys(body))
    frames = [e for e in seen.events if "board" in e]
    assert len(frames) >= 3 and seen.events[-1]["status"] == "completed"
    for frame in frames:
        assert not PRIVATE_KEYS & set(keys(frame))
    seen.boards = page_boards + [b["frame"]["board"] for b in live_bodies if isinstance(b, dict)]
    seen.boards += [f["board"] for f in frames]
    return seen


def drawings(replay: Replay) -> dict[str, list[GameState]]:
    """Each spectator drawing of the replayed match, with the true states it draws."""
    game = get_game(replay.game_id)
    view = game.board()
    state = game.new_state(replay.config, replay.seed)
    drawn: dict[str, list[GameState]] = {}
    for turn in range(len(replay.choices) + 1):
        drawing = view.render(state.observation(SPECTATOR), replay.labels)
        drawn.setdefault(drawing, []).append(state.clone())
        if turn < len(replay.choices):
            state.apply(*replay.choices[turn])
    return drawn
