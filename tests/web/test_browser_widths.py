"""Every page in headless Chromium at a desktop width (1400 px) and a phone's (390 px):
nothing makes the page itself scroll sideways (wide tables scroll inside their own box;
on a phone a board keeps a legible width and pans inside its box), and a screenshot of
each is kept (``out/screenshots`` or $ARENA_SCREENSHOTS, ``width-PAGE-WIDTH.png``),
listed in the test output."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.spectate.helpers import publish, recorded_match
from tests.web.browser import chromium, save_page, wait_for
from tests.web.conftest import Site

WIDTHS = (1400, 390)
LABELS = ("alice", "bob", "builtin:random", "a-bot-with-a-rather-long-name")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chromium()
    yield driver
    driver.quit()
    shutil.rmtree(driver.profile_dir, ignore_errors=True)


def pages(site: Site) -> dict[str, str]:
    """A small arena's worth of data, and the page of each kind to look at."""
    mmn = recorded_match("monster-my-neighbor", 4, seed=21, labels=LABELS)
    publish(site.feed, "mmn-done", mmn)
    assert mmn.result is not None
    site.store.apply_match(mmn.game_id, "mmn-done", mmn.labels, mmn.result.ranks)
    for k in range(30):  # enough bots for a second ladder page
        site.store.apply_match(mmn.game_id, f"fill-{k}", [f"bot{k:02d}", "alice"], [1, 2])
    live = recorded_match("ark-nova", 2, seed=3, labels=("alice", "bob"))
    publish(site.feed, "an-live", live, upto=200)
    ark = recorded_match("ark-nova", 4, seed=7, labels=LABELS)
    ark.save(site.replays / "an-done.json")
    solo = recorded_match("ark-nova", 1, seed=8, labels=("alice",))
    solo.save(site.replays / "an-solo.json")
    er = recorded_match("epic-resort", 3, seed=4, labels=LABELS[:3])
    er.save(site.replays / "er-done.json")
    site.feed.flush()
    return {
        "home": "/", "ladder": "/ladders/monster-my-neighbor", "bot": "/bots/alice",
        "mmn-replay": "/matches/mmn-done?after=30",
        "ark-nova-live": "/matches/an-live",
        "ark-nova-replay": f"/matches/an-done?after={len(ark.choices) * 2 // 3}",
        "ark-nova-solo": "/matches/an-solo?after=40",
        "epic-resort-replay": "/matches/er-done?after=40",
    }


def test_every_page_fits_a_phone_and_a_desktop_window(
    site: Site, browser: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    saved, wide = [], []
    for name, path in pages(site).items():
        for width in WIDTHS:
            browser.set_window_size(width, 900)
            browser.get(site.base + path)
            wait_for(browser, lambda d: d.execute_script(
                "return document.readyState === 'complete';"))
            inner = browser.execute_script("return window.innerWidth;")
            assert abs(inner - width) <= 20, (width, inner)
            sideways = browser.execute_script(
                "return document.documentElement.scrollWidth - window.innerWidth;")
            if sideways > 0:
                wide.append(f"{name} at {width} px scrolls {sideways} px sideways")
            board = browser.execute_script(
                "const svg = document.querySelector('#board svg');"
                "return svg ? svg.getBoundingClientRect().width : null;")
            if board is not None and board < min(width - 60, 700):
                wide.append(f"{name} at {width} px draws its board {board:.0f} px wide")
            if name == "ark-nova-replay" and width == 1400:  # hexes big enough to read
                hexes = browser.execute_script(
                    "return [...document.querySelectorAll('#board .zoo-map path.cell')]"
                    ".map(p => p.getBoundingClientRect().width);")
                assert hexes and min(hexes) >= 40, min(hexes or [0])
            saved.append(save_page(browser, f"width-{name}-{width}.png"))
    with capsys.disabled():
        print("\nscreenshots:\n" + "\n".join(f"  {path}" for path in saved))
    assert not wide
    assert all(path.stat().st_size > 5_000 for path in saved)
