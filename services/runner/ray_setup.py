"""Starting a local Ray instance, or joining a cluster, for a run of matches.

Joining fails fast with one clear line (:class:`RayUnavailable`) instead of Ray's
minutes of retries: the head's address is probed first, and a cluster that demands
token authentication is detected before ``ray.init``. Token auth (Ray 2.52+) is
switched on for this process when a token is at hand, as every node of a cluster must
agree on it; see deploy/README.md.
"""

from __future__ import annotations

import logging
import os
import socket
from pathlib import Path
from typing import Any

import ray

from services.wire.addresses import ray_address

AUTH_MODE = "RAY_AUTH_MODE"
TOKEN = "RAY_AUTH_TOKEN"
TOKEN_PATH = "RAY_AUTH_TOKEN_PATH"
PROBE_SECONDS = 3.0
# A read-only GCS method (Ray pinned to 2.60.*) asked to learn whether auth is required.
_GCS_PROBE = "/ray.rpc.NodeInfoGcsService/GetClusterId"

log = logging.getLogger(__name__)


class RayUnavailable(RuntimeError):
    """Ray cannot be started or reached, or cannot give what the run needs."""


def ensure_ray(
    workers: int, address: str | None = None, runtime_env: dict[str, Any] | None = None
) -> bool:
    """Make Ray available; return True if this call started it (so the caller shuts it down).

    An already initialised Ray (a test session, an embedding service) is reused. With an
    ``address`` (or ``RAY_ADDRESS`` in the environment) the driver joins that cluster;
    otherwise a private local instance with ``workers`` CPUs is started. ``runtime_env``
    becomes the job's runtime environment (Ray uploads local ``py_modules`` only at the
    job level). Ray's own driver logging is limited to errors so the output stays readable.
    """
    if ray.is_initialized():
        return False
    address = address or os.environ.get("RAY_ADDRESS") or None
    if address:
        _join(address, runtime_env)
    else:
        start_local(workers, runtime_env)
    return True


# Ray gives its raylet a fixed 30 s to register with the GCS; on a loaded machine that is
# sometimes too short, and a second try (after shutting the half-started node down) starts.
START_ATTEMPTS = 3


def start_local(workers: int, runtime_env: dict[str, Any] | None = None) -> None:
    """Start a private local Ray instance with ``workers`` CPUs, retrying a start that
    timed out; raise RayUnavailable with Ray's reason when every attempt failed."""
    for attempt in range(1, START_ATTEMPTS + 1):
        try:
            ray.init(
                # "local": always a private instance, never a cluster some other
                # process left recorded in /tmp/ray (that join would then refuse num_cpus)
                address="local",
                num_cpus=workers,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
                runtime_env=runtime_env,
            )
            return
        except Exception as exc:  # Ray raises many kinds (RuntimeError, ValueError...)
            ray.shutdown()
            if attempt == START_ATTEMPTS or "timed out during startup" not in str(exc):
                raise RayUnavailable(
                    f"cannot start a local Ray instance: {_first_line(exc)}") from exc


def _join(address: str, runtime_env: dict[str, Any] | None) -> None:
    try:
        ray_address(address)
    except Exception as exc:  # argparse.ArgumentTypeError
        raise RayUnavailable(f"RAY_ADDRESS: {exc}") from None
    use_token_if_available()
    if address != "auto":
        host, _, port = address.removeprefix("ray://").rpartition(":")
        _probe(address, host.strip("[]"), int(port))
        if not address.startswith("ray://"):
            _check_auth(address)
    try:
        ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR,
                 runtime_env=runtime_env)
    except Exception as exc:
        if address == "auto":
            raise RayUnavailable(
                "no Ray cluster runs on this machine (start one with `ray start --head`, "
                "or pass --ray-address HOST:PORT)"
            ) from exc
        reason = _first_line(exc)
        raise RayUnavailable(f"cannot join the Ray cluster at {address}: {reason}") from exc


def _probe(address: str, host: str, port: int) -> None:
    """Raise RayUnavailable unless a TCP connection to the head opens within seconds."""
    try:
        with socket.create_connection((host, port), timeout=PROBE_SECONDS):
            pass
    except OSError as exc:
        reason = "timed out" if isinstance(exc, TimeoutError) else (exc.strerror or str(exc))
        raise RayUnavailable(
            f"cannot reach the Ray cluster at {address}: {reason} "
            "(is `ray start --head` running there, and is its port open?)"
        ) from None


def _check_auth(address: str) -> None:
    """Ask the head's GCS one harmless question with the token this process would send;
    raise RayUnavailable at once if it answers UNAUTHENTICATED (Ray itself would retry
    for about 20 seconds, then fail with a generic ConnectionError)."""
    import grpc

    token = read_token() if os.environ.get(AUTH_MODE) == "token" else None
    metadata = (("authorization", f"Bearer {token}"),) if token else ()
    with grpc.insecure_channel(address) as channel:
        ask: Any = channel.unary_unary(_GCS_PROBE)
        try:
            ask(b"", timeout=PROBE_SECONDS, metadata=metadata)
        except grpc.RpcError as exc:
            if exc.code() != grpc.StatusCode.UNAUTHENTICATED:
                return  # anything else is for ray.init to report
            problem = "rejects this process's token" if token else "requires token authentication"
            raise RayUnavailable(
                f"the Ray cluster at {address} {problem}: set {AUTH_MODE}=token and "
                f"{TOKEN_PATH} to the cluster's token file (see deploy/README.md)"
            ) from None


def read_token() -> str | None:
    """The token Ray would use: $RAY_AUTH_TOKEN, the file named by $RAY_AUTH_TOKEN_PATH,
    or ~/.ray/auth_token; None if there is none."""
    if os.environ.get(TOKEN):
        return os.environ[TOKEN].strip()
    path = os.environ.get(TOKEN_PATH)
    candidate = Path(path) if path else Path.home() / ".ray" / "auth_token"
    try:
        return candidate.read_text().strip() or None
    except OSError:
        return None


def token_available() -> bool:
    """True if Ray would find an auth token (see :func:`read_token`)."""
    return read_token() is not None


def use_token_if_available() -> None:
    """Set RAY_AUTH_MODE=token when it is unset and a token is at hand; raise
    RayUnavailable when token mode is asked for but there is no token."""
    mode = os.environ.get(AUTH_MODE)
    if mode is None and token_available():
        os.environ[AUTH_MODE] = "token"
        log.info("Ray token authentication on (a token was found)")
    elif mode == "token" and not token_available():
        raise RayUnavailable(
            f"{AUTH_MODE}=token but no token: set {TOKEN_PATH} to the cluster's token file "
            "(`ray get-auth-token` on the head prints it) or copy it to ~/.ray/auth_token"
        )


def check_cpus(workers: int) -> None:
    """Raise RayUnavailable if the cluster has fewer CPUs than ``workers`` (each worker
    holds one CPU; Ray would otherwise wait forever for the missing ones)."""
    cpus = ray.cluster_resources().get("CPU", 0.0)
    if workers > cpus:
        fit = int(cpus)
        hint = f"use --workers {fit} or add nodes" if fit else "add nodes with CPUs"
        raise RayUnavailable(
            f"--workers {workers} needs {workers} CPUs but the Ray cluster has {cpus:g}; {hint}"
        )


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]
