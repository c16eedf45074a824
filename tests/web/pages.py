"""A spectator's steps through the site in the browser, shared by the browser tests of
every game: watch a match live, find the bot on its ladder and its page, step the replay.

Every wait re-finds its elements on the current page (:func:`tests.web.browser.wait_for`)
and every click that opens a page waits for that page (:func:`tests.web.browser.follow`),
so a page being replaced never fails a step.
"""

from __future__ import annotations

from typing import Any

from engine.core import Replay
from services.ladder.store import LadderStore
from tests.web.arena import PacedBot, ServedArena
from tests.web.browser import follow, save_page, text_of, wait_for

# Each game's board: the group drawn once per seat, and what only the hidden view shows.
SEAT_GROUP = {"monster-my-neighbor": "g.seat", "epic-resort": "g.resort", "ark-nova": "g.zoo"}
HIDDEN_MARK = {"monster-my-neighbor": ".hand-card", "epic-resort": ".hand",
               "ark-nova": ".hand-card"}


def count(driver: Any, css: str) -> int:
    from selenium.webdriver.common.by import By

    return len(driver.find_elements(By.CSS_SELECTOR, css))


def newest_log_line_shown(driver: Any) -> bool:
    """Whether the public log's last line is inside the log's visible box."""
    return bool(driver.execute_script(
        "const log = document.getElementById('log'); const last = log.lastElementChild;"
        "if (!last) return true;"
        "const box = log.getBoundingClientRect(), line = last.getBoundingClientRect();"
        "return line.top >= box.top - 1 && line.bottom <= box.bottom + 1;"))


def watch_live(driver: Any, arena: ServedArena, bot: PacedBot, shot: str) -> dict[str, Any]:
    """Open the live view of the arena's first match (the bot held before its first
    move), let the bot move, and see a new frame and new log lines arrive; then wait
    for the match to end. Returns the match id, the first frame number and the replay."""
    from selenium.webdriver.common.by import By

    match_id = arena.wait_live()
    driver.get(f"{arena.base}/matches/{match_id}")
    wait_for(driver, lambda d: d.find_element(By.ID, "live").get_attribute("data-connected"))
    frame = int(driver.find_element(By.ID, "frame-number").get_attribute("data-frame"))
    lines = count(driver, "#log li")
    seats = f"#board svg {SEAT_GROUP[arena.game]}"
    assert count(driver, seats) == arena.players
    assert "public information only" in text_of(driver, "#status")
    bot.gate.set()  # the bot may now move
    wait_for(driver, lambda d: int(d.find_element(By.ID, "frame-number").get_attribute(
        "data-frame")) > frame and count(d, "#log li") > lines)
    assert count(driver, f"#board svg {HIDDEN_MARK[arena.game]}") == 0
    save_page(driver, shot)
    wait_for(driver, lambda d: d.find_elements(By.ID, "watch-replay"), timeout=180)
    assert count(driver, seats) == arena.players
    assert newest_log_line_shown(driver)
    return {"match_id": match_id, "frame": frame, "replay": arena.wait_replay(match_id)}


def check_ladder_and_bot_page(
    driver: Any, base: str, store: LadderStore, game: str, bot: str, match_id: str,
    shots: str,
) -> None:
    """The bot's row on the game's ladder agrees with the store; its link opens the bot
    page, with that game's rating chart and the match among the recent ones."""
    from selenium.webdriver.common.by import By

    entry = store.bot_stats(game, bot)
    assert entry is not None and entry.games == 1
    driver.get(base + "/")
    row = f'table[data-game="{game}"] tr[data-bot="{bot}"]'
    assert text_of(driver, f"{row} td.rating") == f"{entry.rating:.1f}"
    assert text_of(driver, f"{row} td.games") == "1"
    assert text_of(driver, f"{row} td.wins") == f"{entry.wins:g}"
    save_page(driver, f"{shots}-ladder.png")
    follow(driver, f"{row} a", lambda d: d.find_elements(By.CSS_SELECTOR, "h1.bot-name"))
    assert text_of(driver, "h1.bot-name") == bot
    section = f'section.bot-ladder[data-game="{game}"]'
    assert text_of(driver, f"{section} .rating") == f"{entry.rating:.1f}"
    assert count(driver, f"{section} figure.chart svg .rating-line") == 1
    assert match_id in text_of(driver, f"{section} table.recent")
    save_page(driver, f"{shots}-bot.png")


def step_replay(driver: Any, base: str, match_id: str, replay: Replay, shots: str) -> None:
    """Step the replay forward and back, to its last decision (the decision and the
    final scores shown), show the hidden information, and jump to a decision keeping it."""
    from selenium.webdriver.common.by import By

    assert replay.result is not None

    def after(d: Any) -> str:
        return str(d.find_element(By.ID, "step").get_attribute("data-after"))

    def to_step(link: str, step: int) -> None:
        follow(driver, link, lambda d: after(d) == str(step))

    driver.get(f"{base}/matches/{match_id}?after=0")
    assert after(driver) == "0" and text_of(driver, "#step").startswith("decision 1 of ")
    to_step("#next", 1)
    to_step("#prev", 0)
    last = len(replay.choices) - 1
    to_step("#last-decision", last)
    assert count(driver, "#log li") > 30 and newest_log_line_shown(driver)
    seat, chosen = replay.choices[last]
    assert f"seat {seat}" in text_of(driver, "#decision h2")
    options = driver.find_elements(By.CSS_SELECTOR, "#decision ol.options li")
    assert len(options) >= 2 and "chosen" in options[chosen].get_attribute("class")
    rows = driver.find_elements(By.CSS_SELECTOR, "#result table.scores tbody tr")
    shown = [(r.find_element(By.CSS_SELECTOR, ".score").text,
              r.find_element(By.CSS_SELECTOR, ".rank").text) for r in rows]
    assert shown == [(f"{s:g}", str(k)) for s, k in zip(replay.result.scores,
                                                        replay.result.ranks, strict=True)]
    hidden = f"#board svg {HIDDEN_MARK[replay.game_id]}"
    assert count(driver, f"#board svg {SEAT_GROUP[replay.game_id]}") == replay.config.players
    assert count(driver, hidden) == 0
    save_page(driver, f"{shots}-replay.png")
    follow(driver, "#toggle-hidden", lambda d: count(d, hidden) > 0)
    assert after(driver) == str(last)
    save_page(driver, f"{shots}-replay-hidden.png")
    jump = driver.find_element(By.ID, "jump-decision")
    jump.clear()
    jump.send_keys("6")
    to_step("#jump", 5)  # decision 6 is shown after 5 decisions
    assert count(driver, hidden) > 0  # the hidden information stays shown
