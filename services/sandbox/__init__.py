"""The sandbox of hosted (untrusted) bots: bubblewrap namespaces, a pids cgroup, rlimits
and a memory watchdog around a bot directory's ``run`` and ``build`` commands.

Pure process and I/O code: nothing here imports the engine or the gateway. The hosting
code calls ``Sandbox(bot_dir, limits, mode).start(argv, endpoint_socket)`` and ``build``;
the commands that host bots add ``add_sandbox_arguments`` to their parsers and call
``resolve_mode``. What is enforced and how: docs/bots.md, "The sandbox".
"""

from services.sandbox.build import BuildFailed, BuildResult, build, directory_digest
from services.sandbox.limits import (
    DEFAULT_BUILD_TIMEOUT,
    DEFAULT_LIMITS,
    GIB,
    MIB,
    Limits,
    format_size,
    parse_size,
)
from services.sandbox.mode import (
    SANDBOX_MODES,
    SandboxMode,
    add_sandbox_arguments,
    bwrap_available,
    limits_from_args,
    resolve_mode,
)
from services.sandbox.mounts import ENDPOINT_INSIDE
from services.sandbox.process import Sandbox, SandboxedProcess, SandboxError

__all__ = ["DEFAULT_BUILD_TIMEOUT", "DEFAULT_LIMITS", "ENDPOINT_INSIDE", "GIB", "MIB",
           "SANDBOX_MODES",
           "BuildFailed", "BuildResult", "Limits", "Sandbox", "SandboxError", "SandboxMode",
           "SandboxedProcess", "add_sandbox_arguments", "build", "bwrap_available",
           "directory_digest", "format_size", "limits_from_args", "parse_size",
           "resolve_mode"]
