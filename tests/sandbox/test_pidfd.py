"""Process file descriptors work through the raw system calls too, as on the CPython 3.12
build CI tests with, whose ``os`` module lacks ``pidfd_open``."""

from __future__ import annotations

import os
import signal
import subprocess

import pytest

from services.sandbox import pidfd


@pytest.mark.parametrize("stdlib", [True, False], ids=["stdlib", "syscall"])
def test_a_pidfd_signals_the_process_it_was_opened_for(
    stdlib: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not stdlib:
        monkeypatch.delattr(os, "pidfd_open", raising=False)
        monkeypatch.delattr(signal, "pidfd_send_signal", raising=False)
    child = subprocess.Popen(["sleep", "60"])
    try:
        fd = pidfd.pidfd_open(child.pid)
        try:
            pidfd.pidfd_send_signal(fd, signal.SIGKILL)
            assert child.wait(10) == -signal.SIGKILL
        finally:
            os.close(fd)
    finally:
        child.kill()
        child.wait()


def test_opening_a_pid_that_does_not_exist_is_an_os_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "pidfd_open", raising=False)
    with pytest.raises(OSError):
        pidfd.pidfd_open(2**22 + 12345)  # above pid_max's largest allowed value
