"""A bot directory's build in the sandbox: failures report their last lines, a timeout
ends the whole build, an unchanged directory is not built again, and the build writes
only its own directory and cache."""

from __future__ import annotations

import importlib
import logging
import os
import shutil
import socket
import time
from pathlib import Path

import pytest
import redis

from bench.loopback import RedisServer
from services.sandbox import BuildFailed, build, bwrap_available, directory_digest
from services.sandbox import process as process_module
from services.sandbox.process import NETWORK_ATTEMPTS, SandboxError

# The module, not the function ``services.sandbox.build`` that the package exports.
build_module = importlib.import_module("services.sandbox.build")

pytestmark = [
    pytest.mark.timeout(120),
    pytest.mark.skipif(shutil.which("bwrap") is None or not bwrap_available(),
                       reason="bubblewrap is not installed or cannot run here"),
]


def bot_dir(tmp_path: Path, script: str) -> Path:
    directory = tmp_path / "bot"
    directory.mkdir()
    (directory / "build.sh").write_text(script)
    return directory


def test_failing_build_reports_its_last_lines(tmp_path: Path) -> None:
    directory = bot_dir(tmp_path, "for i in $(seq 100); do echo step $i; done\n"
                                  "echo 'main.c:3: error: expected ;' >&2\nexit 2\n")
    with pytest.raises(BuildFailed) as failed:
        build(directory, "sh build.sh", timeout=60, cache_dir=tmp_path / "cache")
    assert failed.value.reason == "build failed (exited with code 2)"
    assert failed.value.tail.splitlines()[-1] == "main.c:3: error: expected ;"
    assert "step 100" in failed.value.tail and "step 1\n" not in failed.value.tail
    assert "main.c:3: error" in str(failed.value)
    assert not (tmp_path / "cache" / "built.sha256").exists()  # tried again next time


def test_a_sandbox_whose_loopback_bwrap_could_not_set_up_is_started_again(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    # Under load bwrap sometimes ends with code 1 and only "bwrap: loopback: Failed
    # RTM_NEWADDR" before the command runs. A build printing exactly that shows the retry.
    directory = bot_dir(tmp_path, "echo 'bwrap: loopback: Failed RTM_NEWADDR: x' >&2\n"
                                  "exit 1\n")
    with caplog.at_level(logging.WARNING, logger="arena.sandbox"), \
            pytest.raises(BuildFailed) as failed:
        build(directory, "sh build.sh", timeout=60, cache_dir=tmp_path / "cache")
    assert failed.value.tail == "bwrap: loopback: Failed RTM_NEWADDR: x"
    retries = [r for r in caplog.records if "could not set up the build" in r.message]
    assert len(retries) == NETWORK_ATTEMPTS - 1


@pytest.mark.parametrize("script", ["echo 'bwrap: other: failure' >&2\nexit 1\n",
                                    "echo 'bwrap: loopback: x' >&2\nexit 2\n",
                                    "echo compiled\necho 'bwrap: loopback: x' >&2\nexit 1\n"])
def test_a_build_that_ran_and_failed_is_not_started_again(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, script: str) -> None:
    directory = bot_dir(tmp_path, script)
    with caplog.at_level(logging.WARNING, logger="arena.sandbox"), \
            pytest.raises(BuildFailed):
        build(directory, "sh build.sh", timeout=60, cache_dir=tmp_path / "cache")
    assert not [r for r in caplog.records if "could not set up the build" in r.message]


def test_build_over_its_time_limit_is_killed(tmp_path: Path) -> None:
    directory = bot_dir(tmp_path, "echo compiling; sleep 1000 & sleep 1000\n")
    with pytest.raises(BuildFailed, match=r"build timed out after 2 s") as failed:
        build(directory, "sh build.sh", timeout=2, cache_dir=tmp_path / "cache")
    assert "compiling" in failed.value.tail


def test_build_runs_once_then_is_skipped_until_a_file_changes(tmp_path: Path) -> None:
    directory = bot_dir(tmp_path, "mkdir -p bin && date +%s%N > bin/built\n"
                                  "echo cached > $HOME/download\n")
    cache = tmp_path / "cache"
    first = build(directory, "sh build.sh", timeout=60, cache_dir=cache)
    assert first.built and (directory / "bin" / "built").exists()
    assert (cache / "home" / "download").read_text() == "cached\n"  # the persistent cache
    stamp = (directory / "bin" / "built").read_text()
    second = build(directory, "sh build.sh", timeout=60, cache_dir=cache)
    assert not second.built and second.digest == first.digest
    assert (directory / "bin" / "built").read_text() == stamp
    (directory / "main.py").write_text("changed\n")
    third = build(directory, "sh build.sh", timeout=60, cache_dir=cache)
    assert third.built and third.digest != first.digest
    assert third.digest == directory_digest(directory)


def test_a_settled_unchanged_directory_is_skipped_without_reading_its_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second check of a settled directory matches its metadata only; a file then
    rewritten with its old size and mtime is still seen (its ctime moved) and rebuilt."""
    directory = bot_dir(tmp_path, "mkdir -p bin && echo built-once > bin/out\n")
    (directory / "main.py").write_text("print(1)\n")
    cache = tmp_path / "cache"
    first = build(directory, "sh build.sh", timeout=60, cache_dir=cache)
    monkeypatch.setattr(build_module, "SETTLED_NS", 0)  # as if minutes had passed
    assert not build(directory, "sh build.sh", timeout=60, cache_dir=cache).built  # hashed
    assert (cache / "seen.sha256").exists()

    def no_reading(directory: Path) -> str:
        raise AssertionError("read every file of a directory whose metadata is unchanged")

    with monkeypatch.context() as patch:
        patch.setattr(build_module, "directory_digest", no_reading)
        again = build(directory, "sh build.sh", timeout=60, cache_dir=cache)
    assert not again.built and again.digest == first.digest
    main = directory / "main.py"
    before = main.stat()
    main.write_text("print(2)\n")  # same size
    os.utime(main, ns=(before.st_atime_ns, before.st_mtime_ns))
    changed = build(directory, "sh build.sh", timeout=60, cache_dir=cache)
    assert changed.built and changed.digest != first.digest


def test_a_directory_changed_just_now_is_always_hashed(tmp_path: Path) -> None:
    """Metadata taken within the settling time could miss a change made in the same
    clock tick, so it is not recorded: the next check reads the files."""
    directory = bot_dir(tmp_path, "true\n")
    assert build_module.metadata_signature(directory) is None
    old = time.time_ns() - 2 * build_module.SETTLED_NS
    os.utime(directory / "build.sh", ns=(old, old))
    # ctime cannot be set back: a file written now stays unsettled for SETTLED_NS
    assert build_module.metadata_signature(directory) is None


def test_build_sees_no_tokens_no_arena_files_and_writes_only_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_SECRET_TOKEN", "not-for-builds")
    secret = tmp_path / "secret.txt"
    secret.write_text("secret\n")
    directory = bot_dir(tmp_path, f"env > env.txt\n"
                                  f"cat {secret} > seen.txt 2>&1 || echo hidden > seen.txt\n"
                                  f"echo x > {tmp_path}/escaped.txt 2>/dev/null || true\n"
                                  f"ls /work /root/.ssh > ls.txt 2>&1 || true\n")
    build(directory, "sh build.sh", timeout=60, cache_dir=tmp_path / "cache")
    assert "not-for-builds" not in (directory / "env.txt").read_text()
    assert (directory / "seen.txt").read_text() == "hidden\n"
    assert not (tmp_path / "escaped.txt").exists()
    assert "No such file" in (directory / "ls.txt").read_text()


def test_cache_inside_the_bot_directory_is_refused(tmp_path: Path) -> None:
    directory = bot_dir(tmp_path, "true\n")
    with pytest.raises(ValueError, match="outside the bot directory"):
        build(directory, "true", cache_dir=directory / ".cache")


@pytest.mark.skipif(shutil.which("slirp4netns") is None, reason="slirp4netns is not installed")
def test_build_network_cannot_reach_the_hosts_loopback(tmp_path: Path) -> None:
    """A build has a network (through slirp4netns) but not the host's 127.0.0.1: the
    test's Redis and another loopback port refuse it. (Tests send nothing beyond
    loopback, so reaching a registry is not tried here.)"""
    server = RedisServer(appendonly=False).start()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    try:
        client = redis.Redis(port=server.port)
        before = client.info("stats")["total_connections_received"]
        probe = ("import socket, sys\n"
                 "for port in sys.argv[1:]:\n"
                 "    try:\n"
                 "        socket.create_connection(('127.0.0.1', int(port)), timeout=3)\n"
                 "        print(port, 'connected')\n"
                 "    except OSError as error:\n"
                 "        print(port, type(error).__name__)\n")
        directory = bot_dir(tmp_path, "")
        (directory / "probe.py").write_text(probe)
        ports = f"{server.port} {listener.getsockname()[1]}"
        build(directory, f"cat /etc/resolv.conf > dns.txt; python3 probe.py {ports} > net.txt",
              timeout=60, cache_dir=tmp_path / "cache")
        lines = (directory / "net.txt").read_text().splitlines()
        assert len(lines) == 2 and all("connected" not in line for line in lines), lines
        assert (directory / "dns.txt").read_text() == "nameserver 10.0.2.3\n"
        assert client.info("stats")["total_connections_received"] == before
        redis.Redis(port=server.port).ping()  # from the host it works: the test can fail
        assert client.info("stats")["total_connections_received"] == before + 1
    finally:
        listener.close()
        server.close()


@pytest.mark.parametrize("said, attempts", [
    ("bwrap: loopback: Failed RTM_NEWADDR: No child processes", NETWORK_ATTEMPTS),
    ("bwrap: Creating new namespace failed: Operation not permitted", 1),
])
def test_a_sandbox_bwrap_could_not_set_up_before_it_began_is_started_again_only_for_loopback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        said: str, attempts: int) -> None:
    # Seen in CI: bwrap ended during set-up, before it reported its pid or read the
    # go-ahead, saying only that the loopback was refused. A stand-in bwrap does that.
    fake = tmp_path / "bwrap"
    fake.write_text(f"#!/bin/sh\necho '{said}' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setattr(process_module, "BWRAP", str(fake))
    directory = bot_dir(tmp_path, "echo never\n")
    with caplog.at_level(logging.WARNING, logger="arena.sandbox"), \
            pytest.raises(SandboxError, match="the sandbox did not start") as failed:
        build(directory, "sh build.sh", timeout=60, cache_dir=tmp_path / "cache")
    assert said in str(failed.value)
    retries = [r for r in caplog.records if "network setup failed" in r.message]
    assert len(retries) == attempts - 1
