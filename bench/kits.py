"""The starter kits in clients/, driven as a bot author runs them: through clients/<kit>/run.

Every kit follows one contract (clients/README.md): ``run --build-only`` builds it;
``run --server HOST:PORT --token T --matches N --seed S [--strategy example]`` plays and
prints, as its last stdout line, ``SUMMARY matches=N decisions=N wins=N strikes=N
errors=N reconnects=N``. Used by the kit test in CI and by ``clients/bench``.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLIENTS = ROOT / "clients"
SUMMARY_FIELDS = ("matches", "decisions", "wins", "strikes", "errors", "reconnects")
# wins may be fractional (a k-way tie for first counts 1/k); the other fields are counts.
_SUMMARY = re.compile(r"^SUMMARY " + " ".join(rf"{k}=(\d+(?:\.\d+)?)" for k in SUMMARY_FIELDS)
                      + r"\s*$")


@dataclass(frozen=True, slots=True)
class Kit:
    name: str
    run: Path


@dataclass(frozen=True, slots=True)
class Played:
    """A finished kit process: its exit code, SUMMARY counts and output."""

    kit: str
    returncode: int
    summary: dict[str, float] | None
    stdout: str
    stderr: str


def discover(names: list[str] | None = None) -> list[Kit]:
    """Every kit with an executable clients/<name>/run (or only ``names``)."""
    kits = [Kit(p.parent.name, p) for p in sorted(CLIENTS.glob("*/run")) if os.access(p, os.X_OK)]
    if names:
        unknown = set(names) - {k.name for k in kits}
        if unknown:
            raise ValueError(f"no kit {sorted(unknown)}; found {[k.name for k in kits]}")
        kits = [k for k in kits if k.name in names]
    return kits


def build(kit: Kit, env: dict[str, str] | None = None, timeout: float = 1800) -> float:
    """Build ``kit`` if needed; return the seconds it took. RuntimeError with its output
    if the build fails."""
    started = time.perf_counter()
    done = subprocess.run([str(kit.run), "--build-only"], capture_output=True, text=True,
                          timeout=timeout, env=env, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise RuntimeError(f"kit {kit.name} failed to build (exit {done.returncode}):\n"
                           f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return time.perf_counter() - started


def cold_build(kit: Kit) -> float:
    """Seconds to build ``kit`` from nothing: its ignored files (build outputs, local
    dependencies) removed and an empty Go build cache. Download caches stay warm, so this
    times compiling, not the network."""
    subprocess.run(["git", "clean", "-fdXq", "--", str(kit.run.parent)], check=True, cwd=ROOT)
    with tempfile.TemporaryDirectory(prefix=f"cold-{kit.name}-") as cache:
        return build(kit, env={**os.environ, "GOCACHE": cache})


def start(kit: Kit, server: str, token: str, matches: int, seed: int,
          strategy: str = "random", extra: list[str] | None = None) -> subprocess.Popen[str]:
    """Start the kit's bot; ``extra`` flags (e.g. --tls-ca FILE) are passed on."""
    args = [str(kit.run), "--server", server, "--token", token, "--matches", str(matches),
            "--seed", str(seed), *(extra or [])]
    if strategy != "random":
        args += ["--strategy", strategy]
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL)


def finish(kit: Kit, process: subprocess.Popen[str], timeout: float) -> Played:
    """Wait for a kit process (killed after ``timeout`` seconds) and read its SUMMARY."""
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        stdout, stderr = process.communicate()
        stderr += f"\n[killed after {timeout:.0f} s]"
    return Played(kit.name, process.returncode, parse_summary(stdout), stdout, stderr)


def parse_summary(stdout: str) -> dict[str, float] | None:
    for line in reversed(stdout.splitlines()):
        if match := _SUMMARY.match(line):
            return {key: float(value) if key == "wins" else int(value)
                    for key, value in zip(SUMMARY_FIELDS, match.groups(), strict=True)}
    return None
