"""The gateway's allocator settings: malloc_trim gives freed native pages back, an
operator's MALLOC_ARENA_MAX wins, and a gateway trims on its interval (counted)."""

from __future__ import annotations

import ctypes
import time

import pytest

from services.gateway import allocator

pytestmark = pytest.mark.skipif(allocator._glibc() is None, reason="needs glibc")

CHUNK = 4096
CHUNKS = 12_000  # about 48 MB of small (heap, not mmap) blocks


def test_trim_gives_back_pages_freed_below_a_block_still_in_use() -> None:
    """Freed memory below a live block is not at the top of the heap: free() keeps it
    resident; malloc_trim returns its pages."""
    libc = ctypes.CDLL("libc.so.6")
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    blocks = [libc.malloc(CHUNK) for _ in range(CHUNKS)]
    for block in blocks:
        ctypes.memset(block, 1, CHUNK)  # make every page resident
    pin = libc.malloc(CHUNK)  # above them: the heap's top stays in use
    try:
        for block in blocks:
            libc.free(block)
        released = allocator.trim()
    finally:
        libc.free(pin)
    assert released > CHUNK * CHUNKS // 2, f"released {released} bytes"


def test_an_operators_malloc_arena_max_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    assert allocator.limit_arenas(2) is False
    monkeypatch.delenv("MALLOC_ARENA_MAX")
    assert allocator.limit_arenas(2) is True


def test_a_gateway_trims_on_its_interval_and_counts_it(start_gateway) -> None:
    running = start_gateway(memory_trim_seconds=0.1)
    deadline = time.monotonic() + 10
    while running.metric("arena_allocator_trims_total") < 3:
        assert time.monotonic() < deadline, "no periodic trim within 10 s"
        time.sleep(0.05)
    assert running.metric("arena_allocator_released_bytes_total") >= 0


def test_a_gateway_with_trim_off_never_trims(start_gateway) -> None:
    running = start_gateway(memory_trim_seconds=0)
    time.sleep(0.5)
    assert running.metric("arena_allocator_trims_total") == 0
