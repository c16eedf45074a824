"""The site in a real browser (headless Chromium): a newcomer's path through it.

For each game a bot plays a match through the real gateway while the browser watches it
live, then the ladder, the bot page and the replay are checked (:mod:`tests.web.pages`);
Monster My Neighbor's match is shared by the first tests of the module. Every page
visited is saved as a screenshot (``out/screenshots``).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core import SPECTATOR, get_game
from tests.spectate.helpers import recorded_match
from tests.web.arena import GAME, PacedBot, ServedArena
from tests.web.browser import chromium, follow, save_page, screenshot_dir
from tests.web.pages import check_ladder_and_bot_page, count, step_replay, watch_live


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chromium()
    yield driver
    driver.quit()
    shutil.rmtree(driver.profile_dir, ignore_errors=True)


@pytest.fixture(scope="module")
def arena(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedArena]:
    served = ServedArena(redis_url, tmp_path_factory.mktemp("arena"))
    yield served
    served.close()


@pytest.fixture(scope="module")
def watched(arena: ServedArena, browser: Any) -> dict[str, Any]:
    """Watch a match live: the page before and after the bot's first move, then its end."""
    bot = PacedBot(delay=0.05, seed=3)
    arena.connect("alice", bot)
    return watch_live(browser, arena, bot, "live.png")


def test_live_view_shows_a_move_as_it_is_made(watched: dict[str, Any]) -> None:
    assert watched["frame"] >= 1
    assert (screenshot_dir() / "live.png").stat().st_size > 10_000


def test_ladder_after_a_served_match_shows_the_bots_row(
    arena: ServedArena, browser: Any, watched: dict[str, Any]
) -> None:
    check_ladder_and_bot_page(browser, arena.base, arena.store, GAME, "alice",
                              watched["match_id"], "mmn")


def test_replay_stepped_to_its_last_decision_shows_the_final_scores(
    arena: ServedArena, browser: Any, watched: dict[str, Any]
) -> None:
    step_replay(browser, arena.base, watched["match_id"], watched["replay"], "mmn")


@pytest.mark.parametrize(("game", "players"), [("epic-resort", 3), ("ark-nova", 2)])
def test_each_game_live_then_on_the_ladder_the_bot_page_and_in_its_replay(
    redis_url: str, tmp_path_factory: pytest.TempPathFactory, browser: Any, game: str,
    players: int,
) -> None:
    """A remote bot plays the game through a real gateway: the browser watches its board
    live (public view only), finds the bot on the game's ladder and its page, and steps
    the replay to its final scores, hidden information shown after the match."""
    served = ServedArena(redis_url, tmp_path_factory.mktemp(game), players=players, game=game)
    try:
        bot = PacedBot(seed=5)
        served.connect("alice", bot)
        seen = watch_live(browser, served, bot, f"{game}-live.png")
        replay = seen["replay"]
        assert replay.game_id == game and replay.result is not None and bot.decisions > 20
        check_ladder_and_bot_page(browser, served.base, served.store, game, "alice",
                                  seen["match_id"], game)
        step_replay(browser, served.base, seen["match_id"], replay, game)
    finally:
        served.close()


def test_ark_nova_board_in_a_replay(arena: ServedArena, browser: Any) -> None:
    """A four-player replay: each zoo with its buildings and tracks, the display."""
    from selenium.webdriver.common.by import By

    labels = ("alice", "bob", "carol", "dave")
    replay = recorded_match("ark-nova", 4, seed=7, labels=labels)
    arena.replays.mkdir(parents=True, exist_ok=True)
    replay.save(arena.replays / "an-demo.json")
    turn = len(replay.choices) * 2 // 3
    browser.get(f"{arena.base}/matches/an-demo?after={turn}")
    zoos = browser.find_elements(By.CSS_SELECTOR, "#board svg g.zoo")
    assert len(zoos) == 4
    for zoo, label in zip(zoos, labels, strict=True):
        assert label in zoo.find_element(By.CSS_SELECTOR, ".seat-label").text
        assert zoo.find_elements(By.CSS_SELECTOR, "g.zoo-map g.building")
        assert zoo.find_element(By.CSS_SELECTOR, ".track-appeal").text.isdigit()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board svg g.folder")) == 6
    assert not browser.find_elements(By.CSS_SELECTOR, "#board svg .hand-card")
    assert save_page(browser, "ark-nova-4p-replay.png").stat().st_size > 50_000
    follow(browser, "#toggle-hidden", lambda d: count(d, "#board svg .hand-card") > 0)
    save_page(browser, "ark-nova-4p-replay-hidden.png")


def test_a_solo_ark_nova_replay_shows_the_turn_clock(arena: ServedArena, browser: Any) -> None:
    """Spec 17's solo game: the board shows the turn clock instead of the break track,
    and stepping the replay moves a clock token."""
    from selenium.webdriver.common.by import By

    replay = recorded_match("ark-nova", 1, seed=8, labels=("alone",))
    arena.replays.mkdir(parents=True, exist_ok=True)
    replay.save(arena.replays / "an-solo.json")
    state = get_game("ark-nova").new_state(replay.config, replay.seed)
    applied = 0
    while state.observation(SPECTATOR).turn < 3:  # the replay at the start of game turn 3
        state.apply(*replay.choices[applied])
        applied += 1
    browser.get(f"{arena.base}/matches/an-solo?after={applied}")
    clock = browser.find_element(By.CSS_SELECTOR, "#board svg g.solo-clock")
    assert len(clock.find_elements(By.CSS_SELECTOR, "circle.clock-token")) == 7
    assert len(clock.find_elements(By.CSS_SELECTOR, "circle.moved")) == 2
    assert clock.find_element(By.CSS_SELECTOR, "text.clock").text.startswith(
        "round 1/6 · turn 3 of 7 · 25 turns left")
    assert "won with VP ≥ 0" in browser.find_element(By.CSS_SELECTOR, "#board .solo-rules").text
    assert not browser.find_elements(By.CSS_SELECTOR, "#board svg .break-token")
    save_page(browser, "ark-nova-solo-replay.png")
