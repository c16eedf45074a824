"""The resource limits of one sandboxed bot or build, and the sizes the CLI accepts."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

KIB = 1024
MIB = 1024 * KIB
GIB = 1024 * MIB

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMGT]?)(?:I?B)?\s*$", re.IGNORECASE)
_UNITS = {"": 1, "K": KIB, "M": MIB, "G": GIB, "T": 1024 * GIB}


def parse_size(text: str) -> int:
    """Bytes from "1GiB", "512M", "2g" or a plain number of bytes; ValueError otherwise."""
    match = _SIZE.match(text)
    if not match:
        raise ValueError(f"not a size: {text!r} (examples: 1GiB, 512MiB, 1073741824)")
    number, unit = match.groups()
    size = int(float(number) * _UNITS[unit.upper()])
    if size <= 0:
        raise ValueError(f"a size must be positive: {text!r}")
    return size


def format_size(size: int) -> str:
    """The shortest exact binary form: 1 GiB, 64 MiB, 1000 B."""
    for unit, factor in (("GiB", GIB), ("MiB", MIB), ("KiB", KIB)):
        if size % factor == 0:
            return f"{size // factor} {unit}"
    return f"{size} B"


@dataclass(frozen=True)
class Limits:
    """What one sandbox may use. Every figure is enforced by ``services.sandbox.process``.

    memory_bytes: resident memory of the whole process tree (the sum of its processes'
        RSS), killed when over.
    max_tasks: processes and threads together (a pids cgroup counts threads too); over
        it a fork fails and the sandbox is killed.
    open_files: RLIMIT_NOFILE of every process.
    file_size_bytes: RLIMIT_FSIZE: the largest file a process may write.
    tmp_bytes: the size of the private tmpfs mounted on /tmp.
    stderr_log_bytes: what is kept of stdout and stderr together; the rest is dropped.
    """

    memory_bytes: int = 1 * GIB
    max_tasks: int = 256
    open_files: int = 1024
    file_size_bytes: int = 64 * MIB
    tmp_bytes: int = 64 * MIB
    stderr_log_bytes: int = 1_000_000

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if not isinstance(value, int) or value <= 0:
                raise ValueError(f"sandbox limit {name} must be a positive integer, not {value!r}")

    def for_build(self) -> Limits:
        """A build's limits: compilers and package managers need more than a bot that
        plays (rustc and Maven pass 1 GiB easily; cargo and javac run many threads)."""
        return replace(self, memory_bytes=max(self.memory_bytes, 4 * GIB),
                       max_tasks=max(self.max_tasks, 2048),
                       file_size_bytes=max(self.file_size_bytes, 2 * GIB),
                       tmp_bytes=max(self.tmp_bytes, 1 * GIB))


DEFAULT_LIMITS = Limits()
DEFAULT_BUILD_TIMEOUT = 600.0
