"""Run deploy/README.md's "One host, step by step" exactly as written, then two failure
drills, then stop everything it started. CI runs this (``python deploy/walkthrough.py``).

Every ```sh block of the README runs, in order, in one bash shell with ``set -euo
pipefail``; a block after ``<!-- walkthrough: skip -->`` is left out, and the block after
``<!-- walkthrough: ports -->`` is replaced by free loopback ports and a fresh directory,
so the walk-through never disturbs other services on the machine. ``HOME`` points into
that directory too, so Ray's files under ``~/.ray`` stay private.

Drills, against the running cluster: a driver without the Ray token must fail within
seconds with one line, and ``arena play --workers 3`` on the 2-CPU cluster must be an
error rather than a wait.

Processes are stopped by id: those whose pid files the README writes, and every process
whose command line names the walk-through's directory (the Ray nodes), with their
children.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "deploy" / "README.md"
SECTION = "## One host, step by step"
STEP_TIMEOUT = 900
DRILL_SECONDS = 30


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def blocks(text: str) -> list[tuple[str, str]]:
    """(marker, code) of each ```sh block in the walk-through section; marker is the
    ``walkthrough:`` word of an HTML comment right before the block, or ''."""
    section = text[text.index(SECTION) :]
    section = section[: section.index("\n## ", len(SECTION))]
    found = []
    for match in re.finditer(r"(?:<!-- walkthrough: (\w+)[^>]*-->\s*)?```sh\n(.*?)```", section,
                             re.S):
        found.append((match.group(1) or "", match.group(2)))
    return found


def script(home: Path, ports: dict[str, int]) -> str:
    lines = ["set -euo pipefail", f"cd {ROOT}"]
    steps = blocks(README.read_text())
    assert any(marker == "ports" for marker, _ in steps), "the README lost its ports block"
    for number, (marker, code) in enumerate(steps, start=1):
        if marker == "skip":
            continue
        if marker == "ports":
            code = f"export ARENA_HOME={home}\n" + "".join(
                f"export {name}={port}\n" for name, port in ports.items()
            )
        first = code.strip().splitlines()[0]
        lines.append(f"echo {_quote(f'== step {number}: {first}')}")
        lines.append(code)
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\"'\"'") + "'"


def drills(home: Path, ports: dict[str, int], env: dict[str, str]) -> list[str]:
    """Failure checks on the running cluster; returns the problems found."""
    arena = str(ROOT / ".venv" / "bin" / "arena")
    play = [arena, "play", "--game", "monster-my-neighbor", "--players", "3", "--bots",
            "random", "--games", "2", "--ray-address", f"127.0.0.1:{ports['RAY_PORT']}"]
    problems = []
    tokenless = {k: v for k, v in env.items() if not k.startswith("RAY_AUTH")}
    tokenless["HOME"] = str(home / "no-token-home")
    checks = [
        ("a driver without the Ray token", play, tokenless, 1, "requires token authentication"),
        ("three workers on two CPUs", [*play, "--workers", "3"], env, 2,
         "--workers 3 needs 3 CPUs but the Ray cluster has 2"),
    ]
    for what, argv, run_env, code, message in checks:
        began = time.monotonic()
        done = subprocess.run(argv, env=run_env, capture_output=True, text=True,
                              timeout=120, check=False)
        seconds = time.monotonic() - began
        errors = [line for line in done.stderr.splitlines() if "error" in line]
        print(f"== drill: {what}: exit {done.returncode} in {seconds:.1f} s: "
              f"{errors[0] if errors else done.stderr.strip()[:200]}")
        if done.returncode != code or len(errors) != 1 or message not in errors[0]:
            problems.append(f"{what}: expected exit {code} and one line with {message!r}")
        if seconds > DRILL_SECONDS:
            problems.append(f"{what}: took {seconds:.0f} s, more than {DRILL_SECONDS}")
    return problems


def stop_everything(home: Path) -> None:
    """Stop what the walk-through started, by process id."""
    pids = set()
    for pid_file in home.glob("*.pid"):
        with contextlib.suppress(OSError, ValueError):
            pids.add(int(pid_file.read_text().strip()))
    marker = str(home).encode()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker in (entry / "cmdline").read_bytes():
                    pids.add(int(entry.name))
            except OSError:
                pass
    pids.discard(os.getpid())
    pids |= {child for pid in pids for child in _children(pid)}
    _signal_all(pids, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(pid) for pid in pids):
        time.sleep(0.2)
    _signal_all({pid for pid in pids if _alive(pid)}, signal.SIGKILL)


def _children(pid: int) -> set[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return set()
    found = {int(child) for child in text.split()}
    return found | {grandchild for child in found for grandchild in _children(child)}


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _signal_all(pids: set[int], sig: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)


def main() -> int:
    began = time.monotonic()
    home = Path(tempfile.mkdtemp(prefix="arena-walk-"))
    ports = {name: free_port() for name in
             ("REDIS_PORT", "RAY_PORT", "GRPC_PORT", "PROXY_PORT", "METRICS_PORT", "PROM_PORT")}
    env = {**os.environ, "HOME": str(home / "home")}
    env.pop("RAY_ADDRESS", None)
    (home / "home").mkdir()
    (home / "walkthrough.sh").write_text(script(home, ports))
    problems: list[str] = []
    try:
        done = subprocess.run(["bash", str(home / "walkthrough.sh")], env=env, cwd=ROOT,
                              timeout=STEP_TIMEOUT, check=False)
        if done.returncode != 0:
            problems.append(f"a README step failed (exit {done.returncode})")
            for log in ("gateway.log", "prometheus.log"):
                path = home / log
                if path.exists():
                    print(f"--- last lines of {log}:\n" + "\n".join(
                        path.read_text(errors="replace").splitlines()[-20:]))
        else:
            drill_env = {**env, "RAY_AUTH_MODE": "token",
                         "RAY_AUTH_TOKEN_PATH": str(home / "ray_auth_token")}
            problems += drills(home, ports, drill_env)
    except subprocess.TimeoutExpired:
        problems.append(f"the walk-through did not finish in {STEP_TIMEOUT} s")
    finally:
        stop_everything(home)
        shutil.rmtree(home, ignore_errors=True)
    seconds = time.monotonic() - began
    for problem in problems:
        print(f"FAILED: {problem}", file=sys.stderr)
    print(f"deploy walk-through: {'FAILED' if problems else 'passed'} in {seconds:.0f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
