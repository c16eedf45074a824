"""The processes of one sandbox, read from /proc: who they are, their CPU time and their
resident memory. (No /proc/PID/task/TID/children here: the kernel may be built without
it, so members are found by pid namespace, by session or from a cgroup.)"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


@dataclass(frozen=True)
class Usage:
    """What a set of processes used: CPU seconds (user + system, reaped children
    included) and resident memory in bytes (the sum of their RSS)."""

    cpu_seconds: float
    rss_bytes: int
    processes: int
    tasks: int  # processes and their threads


def _pids() -> Iterable[int]:
    for name in os.listdir("/proc"):
        if name.isdigit():
            yield int(name)


def namespace_members(namespace: int) -> list[int]:
    """Host pids of every process in the pid namespace ``namespace``."""
    members = []
    for pid in _pids():
        try:
            if os.stat(f"/proc/{pid}/ns/pid").st_ino == namespace:
                members.append(pid)
        except OSError:
            continue
    return members


def session_members(session: int) -> list[int]:
    """Host pids of every process in session ``session`` (the unsandboxed mode)."""
    members = []
    for pid in _pids():
        fields = _stat_fields(pid)
        if fields is not None and int(fields[3]) == session:
            members.append(pid)
    return members


def _stat_fields(pid: int) -> list[str] | None:
    """/proc/PID/stat from its third field (state) on; None if the process is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            text = stat.read().decode("ascii", "replace")
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()


def usage(pids: Iterable[int]) -> Usage:
    """The summed usage of ``pids``; processes that ended meanwhile are skipped.

    A process's cutime/cstime hold the CPU time of the children it reaped, so the sum over
    live processes keeps the time of processes that have ended (an orphan is reaped by the
    sandbox's pid 1, which is a member). RSS counts pages shared between forked processes
    once per process: an upper bound."""
    ticks = rss_pages = count = threads = 0
    for pid in pids:
        fields = _stat_fields(pid)
        if fields is None:
            continue
        # fields[11..14]: utime, stime, cutime, cstime; [17]: threads; [21]: rss (pages)
        ticks += sum(int(value) for value in fields[11:15])
        rss_pages += max(int(fields[21]), 0)
        threads += int(fields[17])
        count += 1
    return Usage(ticks / CLOCK_TICKS, rss_pages * PAGE_SIZE, count, threads)
