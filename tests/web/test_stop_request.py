"""The web child's stop request: set by a signal handler or by its parent watcher, and
never through a lock the interrupted main thread may hold."""

from __future__ import annotations

import signal
import threading
import time

from services.web.process import StopRequest


def test_a_signal_during_the_wait_ends_it() -> None:
    stop = StopRequest()
    previous = signal.signal(signal.SIGALRM, lambda *_: stop.set())  # as arena web does
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        began = time.monotonic()
        stop.wait(poll=0.1)
        assert time.monotonic() - began < 5.0
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert stop.requested


def test_a_watcher_thread_ends_the_wait() -> None:
    stop = StopRequest()
    threading.Timer(0.05, stop.set).start()
    stop.wait(poll=0.01)
    assert stop.requested
