"""Process file descriptors (pidfd_open, pidfd_send_signal) on every Python we support.

The standard library wraps both calls only when the interpreter was built against headers
that declare them; the python-build-standalone CPython 3.12 that CI tests on was not, so
there ``os.pidfd_open`` does not exist even though the kernel has the calls. This module
uses the standard library where it can and the raw Linux system calls otherwise.
"""

from __future__ import annotations

import ctypes
import os
import signal

# The generic Linux system call numbers, the same on x86-64 and arm64.
_SYS_PIDFD_SEND_SIGNAL = 424
_SYS_PIDFD_OPEN = 434

_libc = ctypes.CDLL(None, use_errno=True)


def _check(result: int) -> int:
    if result < 0:
        errno = ctypes.get_errno()
        raise OSError(errno, os.strerror(errno))
    return result


def pidfd_open(pid: int) -> int:
    """A file descriptor that refers to process ``pid`` (and never to a later reuse of it)."""
    if hasattr(os, "pidfd_open"):
        return os.pidfd_open(pid)
    return _check(_libc.syscall(_SYS_PIDFD_OPEN, ctypes.c_int(pid), ctypes.c_uint(0)))


def pidfd_send_signal(pidfd: int, signum: int) -> None:
    """Send ``signum`` to the process ``pidfd`` refers to."""
    if hasattr(signal, "pidfd_send_signal"):
        signal.pidfd_send_signal(pidfd, signum)
        return
    _check(_libc.syscall(_SYS_PIDFD_SEND_SIGNAL, ctypes.c_int(pidfd), ctypes.c_int(signum),
                         None, ctypes.c_uint(0)))
