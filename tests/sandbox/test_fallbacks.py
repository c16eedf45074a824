"""The sandbox where the machine gives less: without a pids cgroup (the watchdog counts
tasks and finds the processes by pid namespace) and without bwrap (``--sandbox none``)."""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path

import pytest

from services.sandbox import Limits, Sandbox, bwrap_available
from services.sandbox import process as process_module
from tests.sandbox.harness import PYTHON, Endpoint, decide, host_pids_with, make_bot_dir

pytestmark = [
    pytest.mark.timeout(120),
    pytest.mark.skipif(shutil.which("bwrap") is None or not bwrap_available(),
                       reason="bubblewrap is not installed or cannot run here"),
]


@pytest.fixture(params=["cgroup", "no-cgroup"])
def cgroup(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "no-cgroup":
        monkeypatch.setattr(process_module.PidsCgroup, "create",
                            classmethod(lambda cls, max_tasks: None))
    return str(request.param)


def start(tmp_path: Path, script: str, *args: str, mode: str = "bwrap",
          limits: Limits | None = None):
    bot_dir = make_bot_dir(tmp_path, script)
    endpoint = Endpoint(tmp_path / "ep.sock")
    sandbox = Sandbox(bot_dir, limits or Limits(), mode=mode,  # type: ignore[arg-type]
                      log_dir=tmp_path / "logs")
    process = sandbox.start([PYTHON, "bot.py", sandbox.endpoint_address(endpoint.path), *args],
                            endpoint.path)
    endpoint.accept(process)
    return process, endpoint


def test_cpu_time_counts_the_whole_process_tree(tmp_path: Path, cgroup: str) -> None:
    process, endpoint = start(tmp_path, "busy_children.py")
    try:
        decision = decide(process, endpoint, "go", cpu_deadline=0.6, wall_cap=30)
        assert decision.status == "timeout"
        assert decision.cpu_seconds > 0.6  # the children's time: the bot's own is ~0
        assert len(process.members()) >= 3
    finally:
        process.kill()
        endpoint.close()
    assert process.members() == []


def test_task_limit_holds_without_a_cgroup(tmp_path: Path, cgroup: str) -> None:
    process, endpoint = start(tmp_path, "many_children.py", limits=Limits(max_tasks=32))
    try:
        decision = decide(process, endpoint, "go", cpu_deadline=30, wall_cap=30)
        assert decision.status == "crash"
        process.wait(30)
        assert process.ended_by == "tasks"
        assert "more than 32 processes and threads" in process.exit_reason()
    finally:
        process.kill()
        endpoint.close()
    assert process.members() == []


def test_unsandboxed_mode_still_caps_the_log_and_kills_the_tree(tmp_path: Path) -> None:
    marker = f"orphan-{uuid.uuid4().hex}"
    process, endpoint = start(tmp_path, "orphan_child.py", marker, mode="none")
    try:
        assert endpoint.path.exists()  # the real path: no namespace to bind it into
        assert decide(process, endpoint, "go").answer == "child started"
        assert len(host_pids_with(f"{marker}-child")) == 1
    finally:
        process.kill()
        endpoint.close()
    assert host_pids_with(f"{marker}-child") == []
    assert process.status() == "killed"
