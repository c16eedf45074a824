"""How hosted bots are run (deadlines, sandbox, limits) and how a bot directory is named
to the workers: ``botdir:<content hash>:<absolute path>``."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FAILURES", "STATUSES", "HostingOptions", "hosted_spec", "is_hosted_spec",
           "parse_hosted_spec"]

from services.sandbox import DEFAULT_BUILD_TIMEOUT, DEFAULT_LIMITS, Limits, SandboxMode

HOSTED_PREFIX = "botdir:"

# A seat's status in one game, recorded per game and seat in results.parquet.
OK, TIMEOUT, CRASH, ILLEGAL = "ok", "timeout", "crash", "illegal"
STATUSES = (OK, TIMEOUT, CRASH, ILLEGAL)
FAILURES = (TIMEOUT, CRASH, ILLEGAL)


@dataclass(frozen=True, slots=True)
class HostingOptions:
    """The server's per-decision rules (``move_timeout`` seconds plus what is left of a
    ``time_bank`` per seat and game, both in the bot's CPU time, with a wall-clock
    backstop of ``wall_backstop`` times the deadline; ``max_strikes`` late or illegal
    replies forfeit the game), the sandbox and its limits, the built-in bot that stands
    in for a seat (``fill``), how long a bot may take to connect, and where bots' logs
    go."""

    move_timeout: float = 5.0
    time_bank: float = 0.0
    # A decision ends after this many times its (CPU-time) deadline of wall time too.
    wall_backstop: float = 10.0
    max_strikes: int = 3
    sandbox: SandboxMode = "bwrap"
    limits: Limits = DEFAULT_LIMITS
    build_timeout: float = DEFAULT_BUILD_TIMEOUT
    fill: str = "random"
    connect_timeout: float = 60.0
    seed: int = 0
    log_dir: str | None = None
    # Consecutive failed starts after which a bot is not started again in this run.
    max_failed_starts: int = 3
    # The Ray node id of the driver (set by the pool): a worker elsewhere uses its node's
    # shipped copy of a bot directory, not the driver's path.
    driver_node: str = ""


def hosted_spec(digest: str, path: str) -> str:
    """The worker spec of a bot directory."""
    return f"{HOSTED_PREFIX}{digest}:{path}"


def is_hosted_spec(spec: str) -> bool:
    """Whether ``spec`` names a bot directory, played by a hosted process."""
    return spec.startswith(HOSTED_PREFIX)


def parse_hosted_spec(spec: str) -> tuple[str, str]:
    """(content hash, path) of a worker spec made by :func:`hosted_spec`."""
    digest, _, path = spec.removeprefix(HOSTED_PREFIX).partition(":")
    return digest, path
