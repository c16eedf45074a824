"""The gateway's native memory: glibc allocator settings and a periodic trim.

A gateway runs for weeks. Its native memory (gRPC's C core, protobuf's upb arenas,
Python objects larger than 512 bytes) comes from glibc's malloc, which by default gives
every thread that allocates its own arena (up to 8 per core: the gRPC event engine's
threads, the ladder store's executor threads) and returns freed memory at the top of
a heap only. Many short-lived buffers freed by one thread and allocated by another
leave pages that stay resident though nothing uses them. Two settings bound that:

- :func:`limit_arenas` caps malloc's arenas (``M_ARENA_MAX``, the setting
  ``MALLOC_ARENA_MAX`` sets), so threads share a few heaps whose free chunks are reused
  instead of each thread growing its own. Called once at start-up, before gRPC starts
  its threads; an operator's ``MALLOC_ARENA_MAX`` in the environment wins.
- :func:`trim_periodically` calls ``malloc_trim(0)`` every ``interval`` seconds: every
  arena gives the free pages inside its heaps back to the kernel, not only the top.
  The resident memory released is counted in ``arena_allocator_released_bytes_total``.

Both bound what the allocator keeps; neither frees memory still in use (such as the
``grpc_op`` arrays grpc.aio leaks, grpc/grpc#43360). On a C library other than glibc
(musl, macOS) both do nothing. Measured in ``docs/gateway.md`` (section "Memory
under sustained play") with ``bench/soak.py``.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import logging
import os
from collections.abc import Callable
from functools import cache

log = logging.getLogger(__name__)

# glibc's mallopt parameter number of M_ARENA_MAX (malloc.h).
M_ARENA_MAX = -8
ARENAS = 2
TRIM_SECONDS = 60.0


@cache
def _glibc() -> ctypes.CDLL | None:
    """The process's C library if it is glibc (it has ``malloc_trim`` and ``mallopt``)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    if not all(hasattr(libc, name) for name in ("malloc_trim", "mallopt",
                                                 "gnu_get_libc_version")):
        return None
    libc.malloc_trim.argtypes = [ctypes.c_size_t]
    libc.malloc_trim.restype = ctypes.c_int
    libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    libc.mallopt.restype = ctypes.c_int
    return libc


def limit_arenas(arenas: int = ARENAS) -> bool:
    """Cap malloc's arenas at ``arenas`` unless ``MALLOC_ARENA_MAX`` is set; True if
    the cap was set here."""
    libc = _glibc()
    if libc is None or os.environ.get("MALLOC_ARENA_MAX"):
        return False
    return bool(libc.mallopt(M_ARENA_MAX, arenas))


def resident_bytes() -> int:
    """This process's resident set size (Linux ``/proc/self/statm``; 0 elsewhere)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def trim() -> int:
    """Give malloc's free pages back to the kernel; the resident bytes that released
    (0 without glibc)."""
    libc = _glibc()
    if libc is None:
        return 0
    before = resident_bytes()
    libc.malloc_trim(0)
    return max(0, before - resident_bytes())


async def trim_periodically(
    interval: float = TRIM_SECONDS, on_release: Callable[[int], None] = lambda n: None
) -> None:
    """:func:`trim` every ``interval`` seconds until cancelled, in the event loop's
    thread (0.1 ms when little is free, about 10 ms when it gives back 25 MB);
    ``on_release(bytes)`` after each trim."""
    if _glibc() is None:
        return
    while True:
        await asyncio.sleep(interval)
        released = trim()
        on_release(released)
        if released:
            log.debug("malloc_trim released %.1f MB", released / 2**20)
