"""The sandbox options the hosting commands share: --sandbox, --bot-memory,
--build-timeout, and the default mode."""

from __future__ import annotations

import argparse
import logging
import shutil

import pytest

from services.sandbox import (
    GIB,
    Limits,
    add_sandbox_arguments,
    bwrap_available,
    format_size,
    limits_from_args,
    parse_size,
    resolve_mode,
)
from services.sandbox import mode as mode_module


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(prog="arena tournament")
    add_sandbox_arguments(made)
    return made


def test_defaults_and_values() -> None:
    args = parser().parse_args([])
    assert (args.sandbox, args.bot_memory, args.build_timeout) == (None, GIB, 600.0)
    args = parser().parse_args(["--sandbox", "none", "--bot-memory", "512MiB",
                                "--build-timeout", "30"])
    assert (args.sandbox, args.build_timeout) == ("none", 30.0)
    assert limits_from_args(args) == Limits(memory_bytes=512 << 20)


@pytest.mark.parametrize("argv", [["--sandbox", "docker"], ["--bot-memory", "lots"],
                                  ["--bot-memory", "0"], ["--build-timeout", "-1"]])
def test_bad_values_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parser().parse_args(argv)
    assert argv[0] in capsys.readouterr().err


def test_sizes() -> None:
    assert [parse_size(text) for text in ("1GiB", "1g", "512M", "64 MiB", "1000")] == \
        [GIB, GIB, 512 << 20, 64 << 20, 1000]
    assert [format_size(size) for size in (GIB, 64 << 20, 1000)] == ["1 GiB", "64 MiB",
                                                                       "1000 B"]
    with pytest.raises(ValueError, match="not a size"):
        parse_size("1 gallon")


def test_default_mode_is_bwrap_where_available_else_none_with_a_warning(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    if shutil.which("bwrap") and bwrap_available():
        assert resolve_mode(None) == "bwrap"
    monkeypatch.setattr(mode_module, "bwrap_available", lambda: False)
    with caplog.at_level(logging.WARNING, logger="arena.sandbox"):
        assert resolve_mode(None) == "none"
    assert len(caplog.records) == 1 and "WITHOUT a sandbox" in caplog.records[0].message
    with pytest.raises(ValueError, match="--sandbox bwrap: bubblewrap is not installed"):
        resolve_mode("bwrap")
    assert resolve_mode("none") == "none"
