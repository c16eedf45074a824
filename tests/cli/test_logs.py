"""``--log-level`` and ``--log-format``: timestamped lines, JSON objects for shippers."""

from __future__ import annotations

import json
import logging
import re

import pytest

from services.cli.logs import configure_logging

pytestmark = pytest.mark.usefixtures("restore_logging")


def test_text_lines_carry_a_utc_timestamp_level_and_logger(
    capsys: pytest.CaptureFixture[str],
) -> None:
    configure_logging("info", "text")
    logging.getLogger("services.gateway.match").info("match %s rated", "m1")
    logging.getLogger("x").debug("hidden at info")
    (line,) = capsys.readouterr().err.splitlines()
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z INFO    services\.gateway\.match: match m1 rated",
        line,
    )


def test_json_lines_are_objects_with_extra_fields(capsys: pytest.CaptureFixture[str]) -> None:
    configure_logging("debug", "json")
    logging.getLogger("services.gateway").warning("slow bot", extra={"bot": "alice", "ms": 12})
    try:
        raise ValueError("boom")
    except ValueError:
        logging.getLogger("services.gateway").exception("failed")
    first, second = (json.loads(line) for line in capsys.readouterr().err.splitlines()
                     if line.startswith("{"))
    assert first["level"] == "warning" and first["msg"] == "slow bot"
    assert first["logger"] == "services.gateway" and first["bot"] == "alice"
    assert first["ms"] == 12 and first["ts"].endswith("Z")
    assert second["level"] == "error" and "ValueError: boom" in second["exc"]


def test_the_level_filters(capsys: pytest.CaptureFixture[str]) -> None:
    configure_logging("error", "text")
    logging.getLogger("a").warning("dropped")
    logging.getLogger("a").error("kept")
    assert [line.split()[-1] for line in capsys.readouterr().err.splitlines()] == ["kept"]


def test_other_libraries_log_only_warnings_unless_debugging(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A fresh machine's first plot made matplotlib announce its font cache at INFO, in
    # the middle of a tournament's log.
    configure_logging("info", "text")
    logging.getLogger("matplotlib.font_manager").info("generated new fontManager")
    logging.getLogger("matplotlib.font_manager").warning("no such font")
    logging.getLogger("engine.monster_my_neighbor").info("an arena event")
    assert [line.split(": ", 1)[1] for line in capsys.readouterr().err.splitlines()] == [
        "no such font", "an arena event"]
    configure_logging("debug", "text")
    logging.getLogger("matplotlib.font_manager").debug("findfont")
    assert capsys.readouterr().err.endswith("matplotlib.font_manager: findfont\n")
