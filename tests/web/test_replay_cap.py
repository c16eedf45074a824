"""The cap on replay re-simulations: past it a page not already re-simulated answers 503
with Retry-After; a match already re-simulated is served meanwhile; the slot comes back."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core import GameConfig, Replay, get_game, play_match
from engine.toolkit.bots import make_bot
from services.ladder.factory import open_store
from services.spectate.redis_feed import RedisFeed
from services.web import replays
from services.web.app import create_app
from services.web.queries import WebData
from services.web.replays import ReplayShelf
from services.web.server import WebServer
from tests.web.conftest import Reply, fetch


def _save(directory: Path, match_id: str, game: str, players: int, seed: int) -> None:
    config = GameConfig(players, dict(get_game(game).default_options))
    outcome = play_match(game, config, seed, [make_bot(game, "random") for _ in range(players)])
    Replay(game, config, seed, outcome.replay.choices, outcome.result,
           tuple(f"p{k}" for k in range(players))).save(directory / f"{match_id}.json")


@pytest.fixture
def capped(redis_url: str, tmp_path: Path) -> Iterator[tuple[str, WebData]]:
    prefix = f"test-cap-{secrets.token_hex(6)}"
    store = open_store(redis_url, key_prefix=prefix)
    feed = RedisFeed(redis_url, key_prefix=prefix)
    _save(tmp_path, "big", "ark-nova", 4, 1)  # long enough to re-simulate to overlap
    _save(tmp_path, "small", "monster-my-neighbor", 4, 2)
    _save(tmp_path, "other", "monster-my-neighbor", 4, 3)
    data = WebData(store, feed, tmp_path, max_builds=1)
    server = WebServer(create_app(data))
    yield f"http://127.0.0.1:{server.start()}", data
    server.stop()
    feed.close()
    store.close()


def test_past_the_cap_a_replay_page_answers_503_with_retry_after(
    capped: tuple[str, WebData], monkeypatch: pytest.MonkeyPatch,
) -> None:
    base, data = capped
    # The big replay's re-simulation is held until every request that must meet the
    # full cap has been answered (else a fast build could end before them).
    release = threading.Event()

    class HeldCursor(replays.ReplayCursor):
        def __init__(self, replay: Replay) -> None:
            if replay.seed == 1:  # "big"
                release.wait(60)
            super().__init__(replay)

    monkeypatch.setattr(replays, "ReplayCursor", HeldCursor)
    assert fetch(f"{base}/api/matches/small").status == 200  # re-simulated and kept
    first: list[Reply] = []
    building = threading.Thread(
        target=lambda: first.append(fetch(f"{base}/api/matches/big?after=3")))
    building.start()
    deadline = time.monotonic() + 60
    while data.shelf.building == 0 and building.is_alive():
        assert time.monotonic() < deadline
        time.sleep(0.001)
    busy = fetch(f"{base}/api/matches/other")
    page = fetch(f"{base}/matches/other", accept="text/html")
    kept = fetch(f"{base}/api/matches/small?after=5")
    release.set()
    building.join(60)
    assert busy.status == 503 and busy.headers["retry-after"] == "1"
    assert "re-simulated already" in busy.json()["error"]
    assert page.status == 503 and page.headers["retry-after"] == "1"
    assert "re-simulated already" in page.text
    assert kept.status == 200 and kept.json()["after"] == 5
    assert first[0].status == 200 and first[0].json()["after"] == 3
    assert data.shelf.building == 0
    assert fetch(f"{base}/api/matches/other").status == 200  # the slot came back


def test_a_broken_replay_gives_its_slot_back(tmp_path: Path) -> None:
    shelf = ReplayShelf(max_builds=1)
    config = GameConfig(3, dict(get_game("monster-my-neighbor").default_options))
    broken = Replay("monster-my-neighbor", config, 1, ((0, 999),), None, ("a", "b", "c"))
    for _ in range(2):
        with pytest.raises(Exception, match="does not re-simulate"):
            shelf.cursor("broken", broken)
    assert shelf.building == 0
    with pytest.raises(ValueError, match="at least one"):
        ReplayShelf(max_builds=0)
