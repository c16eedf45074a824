"""The site in a real browser (headless Chromium): a newcomer's path through it.

One served arena for the module: a bot plays a match through the real gateway while the
browser watches it live, then the ladder, the bot page and the replay are checked.
Every page visited is saved as a screenshot (``out/screenshots``).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core import Replay
from tests.spectate.helpers import recorded_match
from tests.web.arena import GAME, PacedBot, ServedArena
from tests.web.browser import chromium, save_page, screenshot_dir

WAIT = 30


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
    """Watch a match live: the page before and after the bot's first move."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    bot = PacedBot(delay=0.05, seed=3)
    arena.connect("alice", bot)
    match_id = arena.wait_live()
    browser.get(f"{arena.base}/matches/{match_id}")
    live = browser.find_element(By.ID, "live")
    WebDriverWait(browser, WAIT).until(lambda _: live.get_attribute("data-connected") == "1")
    frame = int(browser.find_element(By.ID, "frame-number").get_attribute("data-frame"))
    lines = len(browser.find_elements(By.CSS_SELECTOR, "#log li"))
    bot.gate.set()  # the bot may now move

    def moved(_: Any) -> bool:
        now = int(browser.find_element(By.ID, "frame-number").get_attribute("data-frame"))
        return now > frame and len(browser.find_elements(By.CSS_SELECTOR, "#log li")) > lines

    WebDriverWait(browser, WAIT).until(moved)
    browser.save_screenshot(str(screenshot_dir() / "live.png"))
    status = browser.find_element(By.ID, "status")
    assert "public information only" in status.text or status.get_attribute("data-status")
    WebDriverWait(browser, 120).until(lambda _: browser.find_elements(By.ID, "watch-replay"))
    browser.save_screenshot(str(screenshot_dir() / "live-ended.png"))
    return {"match_id": match_id, "replay": arena.wait_replay(match_id), "frame": frame}


def test_live_view_shows_a_move_as_it_is_made(watched: dict[str, Any]) -> None:
    assert watched["frame"] >= 1
    assert (screenshot_dir() / "live.png").stat().st_size > 10_000


def test_ladder_after_a_served_match_shows_the_bots_row(
    arena: ServedArena, browser: Any, watched: dict[str, Any]
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    entry = arena.store.bot_stats(GAME, "alice")
    assert entry is not None and entry.games == 1
    browser.get(arena.base + "/")
    row = browser.find_element(
        By.CSS_SELECTOR, f'table[data-game="{GAME}"] tr[data-bot="alice"]')
    assert row.find_element(By.CSS_SELECTOR, "td.rating").text == f"{entry.rating:.1f}"
    assert row.find_element(By.CSS_SELECTOR, "td.games").text == "1"
    assert row.find_element(By.CSS_SELECTOR, "td.wins").text == f"{entry.wins:g}"
    browser.save_screenshot(str(screenshot_dir() / "ladder.png"))
    row.find_element(By.LINK_TEXT, "alice").click()
    WebDriverWait(browser, WAIT).until(
        lambda _: browser.find_elements(By.CSS_SELECTOR, "h1.bot-name"))
    assert browser.find_element(By.CSS_SELECTOR, "h1.bot-name").text == "alice"
    assert browser.find_elements(By.CSS_SELECTOR, "figure.chart svg .rating-line")
    assert watched["match_id"] in browser.find_element(By.CSS_SELECTOR, "table.recent").text
    browser.save_screenshot(str(screenshot_dir() / "bot.png"))


def test_replay_stepped_to_its_last_decision_shows_the_final_scores(
    arena: ServedArena, browser: Any, watched: dict[str, Any]
) -> None:
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    replay: Replay = watched["replay"]
    assert replay.result is not None
    def click_to_turn(link: str, turn: int) -> None:
        browser.find_element(By.ID, link).click()
        WebDriverWait(browser, WAIT, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda _: browser.find_element(By.ID, "turn").text == str(turn))

    browser.get(f"{arena.base}/matches/{watched['match_id']}?turn=0")
    click_to_turn("next", 1)
    click_to_turn("prev", 0)
    last = len(replay.choices) - 1
    click_to_turn("last-decision", last)
    seat, chosen = replay.choices[last]
    decision = browser.find_element(By.ID, "decision")
    assert f"seat {seat}" in decision.find_element(By.TAG_NAME, "h2").text
    options = decision.find_elements(By.CSS_SELECTOR, "ol.options li")
    assert len(options) >= 2 and "chosen" in options[chosen].get_attribute("class")
    rows = browser.find_elements(By.CSS_SELECTOR, "#result table.scores tbody tr")
    shown = [(r.find_element(By.CSS_SELECTOR, ".score").text,
              r.find_element(By.CSS_SELECTOR, ".rank").text) for r in rows]
    assert shown == [(f"{s:g}", str(k)) for s, k in zip(replay.result.scores,
                                                        replay.result.ranks, strict=True)]
    browser.save_screenshot(str(screenshot_dir() / "replay.png"))
    browser.find_element(By.ID, "toggle-hidden").click()
    WebDriverWait(browser, WAIT).until(
        lambda _: browser.find_elements(By.CSS_SELECTOR, "#board svg .hand-card"))
    assert browser.find_element(By.ID, "turn").text == str(last)
    browser.save_screenshot(str(screenshot_dir() / "replay-hidden.png"))
    jump = browser.find_element(By.ID, "jump-turn")
    jump.clear()
    jump.send_keys("5")
    click_to_turn("jump", 5)
    assert browser.find_elements(By.CSS_SELECTOR, "#board svg .hand-card")  # still shown


def test_epic_resort_board_in_a_replay(arena: ServedArena, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    replay = recorded_match("epic-resort", 3, seed=2, labels=("alice", "bob", "carol"))
    replay.save(Path(arena.replays) / "er-demo.json")
    browser.get(f"{arena.base}/matches/er-demo?turn={len(replay.choices) // 2}")
    resorts = browser.find_elements(By.CSS_SELECTOR, "#board svg g.resort")
    assert len(resorts) == 3
    assert "Season" in browser.find_element(By.CSS_SELECTOR, "#board svg").text
    browser.save_screenshot(str(screenshot_dir() / "epic-resort-replay.png"))


def test_ark_nova_board_in_a_replay(arena: ServedArena, browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    labels = ("alice", "bob", "carol", "dave")
    replay = recorded_match("ark-nova", 4, seed=7, labels=labels)
    arena.replays.mkdir(parents=True, exist_ok=True)
    replay.save(arena.replays / "an-demo.json")
    turn = len(replay.choices) * 2 // 3
    browser.get(f"{arena.base}/matches/an-demo?turn={turn}")
    zoos = browser.find_elements(By.CSS_SELECTOR, "#board svg g.zoo")
    assert len(zoos) == 4
    for zoo, label in zip(zoos, labels, strict=True):
        assert label in zoo.find_element(By.CSS_SELECTOR, ".seat-label").text
        assert zoo.find_elements(By.CSS_SELECTOR, "g.zoo-map g.building")
        assert zoo.find_element(By.CSS_SELECTOR, ".track-appeal").text.isdigit()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board svg g.folder")) == 6
    assert not browser.find_elements(By.CSS_SELECTOR, "#board svg .hand-card")
    assert save_page(browser, "ark-nova-replay.png").stat().st_size > 50_000
    browser.find_element(By.ID, "toggle-hidden").click()
    WebDriverWait(browser, WAIT).until(
        lambda _: browser.find_elements(By.CSS_SELECTOR, "#board svg .hand-card"))
    save_page(browser, "ark-nova-replay-hidden.png")


def test_ark_nova_live_through_the_gateway(
    redis_url: str, tmp_path_factory: pytest.TempPathFactory, browser: Any
) -> None:
    """A remote bot plays Ark Nova through a real gateway; the browser watches its zoos."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    served = ServedArena(redis_url, tmp_path_factory.mktemp("an-arena"), players=2,
                         game="ark-nova")
    try:
        bot = PacedBot(seed=5)
        served.connect("alice", bot)
        match_id = served.wait_live()
        browser.get(f"{served.base}/matches/{match_id}")
        live = browser.find_element(By.ID, "live")
        WebDriverWait(browser, WAIT).until(lambda _: live.get_attribute("data-connected") == "1")
        frame = int(browser.find_element(By.ID, "frame-number").get_attribute("data-frame"))
        assert len(browser.find_elements(By.CSS_SELECTOR, "#board svg g.zoo")) == 2
        bot.gate.set()
        WebDriverWait(browser, WAIT).until(lambda _: int(browser.find_element(
            By.ID, "frame-number").get_attribute("data-frame")) > frame)
        assert not browser.find_elements(By.CSS_SELECTOR, "#board svg .hand-card")
        save_page(browser, "ark-nova-live.png")
        WebDriverWait(browser, 180).until(lambda _: browser.find_elements(By.ID, "watch-replay"))
        replay = served.wait_replay(match_id)
        assert replay.game_id == "ark-nova" and replay.result is not None
        assert bot.decisions > 50
        assert len(browser.find_elements(By.CSS_SELECTOR, "#board svg g.zoo")) == 2
    finally:
        served.close()
