"""The browser tests' waits: an element of a page being replaced means "not yet", so
the condition is tried again on the new page; any other browser error still fails."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from selenium.common.exceptions import (
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)

from tests.web.browser import wait_for

# What chromedriver sends when a node found on the old page is used after a navigation.
INSPECTOR = ('unknown error: unhandled inspector error: {"code":-32000,'
             '"message":"Node with given id does not belong to the document"}')


def failing_first(*errors: Exception) -> Callable[[Any], str]:
    """A condition that raises ``errors`` on its first calls, then holds."""
    pending = list(errors)

    def condition(_: Any) -> str:
        if pending:
            raise pending.pop(0)
        return "found"

    return condition


def test_an_element_of_the_replaced_page_is_looked_for_again() -> None:
    condition = failing_first(StaleElementReferenceException("stale element reference"),
                              WebDriverException(INSPECTOR))
    assert wait_for(object(), condition, timeout=5) == "found"


def test_other_browser_errors_fail_at_once() -> None:
    with pytest.raises(WebDriverException, match="chrome not reachable"):
        wait_for(object(), failing_first(WebDriverException("chrome not reachable")), timeout=5)


def test_a_condition_that_never_holds_times_out() -> None:
    with pytest.raises(TimeoutException):
        wait_for(object(), lambda _: False, timeout=0.3)
