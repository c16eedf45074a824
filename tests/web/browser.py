"""Headless Debian Chromium driven through its chromedriver (Selenium), never a browser
downloaded by a tool. Screenshots go to ``out/screenshots`` (or $ARENA_SCREENSHOTS)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# The flags that work on a closed network: no background connections at start.
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1360,1000")


def screenshot_dir() -> Path:
    default = Path(__file__).resolve().parents[2] / "out" / "screenshots"
    path = Path(os.environ.get("ARENA_SCREENSHOTS", default))
    path.mkdir(parents=True, exist_ok=True)
    return path


def chromium():  # type: ignore[no-untyped-def]
    """A Selenium Chrome driver on Debian's chromium; skipped only outside CI."""
    if not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)):
        if os.environ.get("CI"):
            pytest.fail("chromium and chromium-driver must be installed in CI (.ci/run)")
        pytest.skip("Debian's chromium and chromium-driver are not installed")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="arena-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.profile_dir = profile  # type: ignore[attr-defined]
    return driver


def save_page(driver, name: str) -> Path:  # type: ignore[no-untyped-def]
    """A screenshot of the whole page, below the window too (tall boards), as ``name``."""
    import base64

    size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], 8000),
                 "scale": 1},
    })
    path = screenshot_dir() / name
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


# What Chromium answers when an element found on a page is used after that page was
# replaced: a stale reference, or (a race inside chromedriver) an "unhandled inspector
# error" naming a node of the old document. Either means "look again on the new page".
OLD_DOCUMENT = ("does not belong to the document", "No node with given id",
                "Cannot find context with specified id", "Execution context was destroyed")


def on_current_page(condition):  # type: ignore[no-untyped-def]
    """``condition`` for a WebDriverWait, counted as not yet true while it touches an
    element of a page being replaced; ``condition`` must find its elements itself."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    def check(driver):  # type: ignore[no-untyped-def]
        try:
            return condition(driver)
        except StaleElementReferenceException:
            return False
        except WebDriverException as exc:
            if any(sign in (exc.msg or "") for sign in OLD_DOCUMENT):
                return False
            raise

    return check


def wait_for(driver, condition, timeout: float = 30):  # type: ignore[no-untyped-def]
    """The first true value of ``condition(driver)``, re-run until it holds."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(on_current_page(condition))


def follow(driver, css: str, ready=None, timeout: float = 30):  # type: ignore[no-untyped-def]
    """Click the link or button ``css`` and wait for the page it opens to have
    loaded (and ``ready(driver)`` to hold on it). The old page is marked in JavaScript
    first, so no element of it is ever used once the new one may be replacing it."""
    from selenium.webdriver.common.by import By

    driver.execute_script("window.arenaOldPage = true;")
    driver.find_element(By.CSS_SELECTOR, css).click()
    wait_for(driver, lambda d: d.execute_script(
        "return !window.arenaOldPage && document.readyState === 'complete';"), timeout)
    if ready is not None:
        wait_for(driver, ready, timeout)


def text_of(driver, css: str) -> str:  # type: ignore[no-untyped-def]
    """The text of the first element matching ``css``, found afresh."""
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, css).text
