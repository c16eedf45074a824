"""Misbehaving bot directories beside normal entrants in one tournament, hosted in the
real bubblewrap sandbox: each gets its status (crash, timeout, illegal; ok for a bot
whose escapes the sandbox stops), every game still ends with a result for every seat,
the normal entrants' seats are all ok, and nothing escapes: no process outlives the
run, no connection reaches Redis or a TCP port on 127.0.0.1, no secret is read, no file
is written outside, the stderr log stays capped. A failing build stops the run at once
with its last lines (exit 2)."""

from __future__ import annotations

import os
import shutil
import socket
import uuid
from pathlib import Path

import pytest
import redis

from bench.loopback import RedisServer
from services.cli.main import main as arena
from services.hosted.bots import BotBuildFailed
from services.sandbox import MIB, Limits, bwrap_available
from tests.hosted.harness import GAME, misbehaving_dir, play, rows, seat_statuses, summary

pytestmark = [
    pytest.mark.timeout(300),
    pytest.mark.usefixtures("restore_logging"),
    pytest.mark.skipif(shutil.which("bwrap") is None or not bwrap_available(),
                       reason="bubblewrap is not installed or cannot run here"),
]

LIMITS = Limits(memory_bytes=256 * MIB, max_tasks=64)


def processes_with(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if text.encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def test_misbehaving_bots_get_their_status_and_nothing_escapes(tmp_path: Path) -> None:
    marker = f"orphan-{uuid.uuid4().hex}"
    secret = tmp_path / "secret.txt"
    secret.write_text("the-secret-value\n")
    outside = tmp_path / "escaped.txt"
    listener = socket.create_server(("127.0.0.1", 0))
    listener.setblocking(False)
    redis_server = RedisServer().start()
    try:
        bots = tmp_path / "bots"
        cases = {
            "forker": ("fork_bomb",), "hog": ("big_alloc",), "spinner": ("busy_loop",),
            "quitter": ("exit_orphan", marker), "cheater": ("illegal",),
            "escaper": ("escape", str(redis_server.port), str(listener.getsockname()[1]),
                        str(secret), str(outside)),
        }
        entrants: list[tuple[str | None, str]] = [
            (name, str(misbehaving_dir(bots, name, *args))) for name, args in cases.items()]
        entrants += [(None, "random"), (None, "heuristic")]
        out = tmp_path / "out"
        play(out, entrants, players=8, games=2, move_timeout=2.0, max_strikes=2,
             limits=LIMITS, connect_timeout=30)
        statuses = {name: set(found) for name, found in seat_statuses(out).items()}
        assert statuses == {
            "forker": {"crash"}, "hog": {"crash"}, "spinner": {"timeout"},
            "quitter": {"crash"}, "cheater": {"illegal"}, "escaper": {"ok"},
            "random": {"ok"}, "heuristic": {"ok"}}, statuses
        # Every game ended with a result for every seat; each failing seat forfeited
        # (a crash at once, the others at their second strike) and is ranked last.
        for row in rows(out):
            assert len(row["scores"]) == 8 and row["decisions"] > 0
            last = max(row["ranks"])
            for rank, status in zip(row["ranks"], row["status"], strict=True):
                assert status == "ok" or rank == last, row
        failures = {name: entry["failures"] for name, entry in summary(out)["entrants"].items()}
        assert failures["forker"]["crash"] == failures["quitter"]["crash"] == 2
        assert failures["spinner"]["timeout"] == 2 and failures["cheater"]["illegal"] == 2
        assert failures["random"] == {"timeout": 0, "crash": 0, "illegal": 0}
        # Nothing escaped.
        log = "".join(p.read_text(errors="replace")
                      for p in (out / "bot-logs").glob("escaper-*.log"))
        for attempt in ("redis", "tcp", "secret", "write own dir"):
            assert f"ESCAPE {attempt}: refused" in log, log[:3000]
        # (A write under /tmp lands in the sandbox's private /tmp, never on the host.)
        assert "the-secret-value" not in log
        assert not outside.exists() and not (bots / "escaper" / "planted.txt").exists()
        assert redis.Redis(port=redis_server.port).get("escaped") is None
        with pytest.raises(BlockingIOError):
            listener.accept()
        assert all(p.stat().st_size <= LIMITS.stderr_log_bytes + 4096
                   for p in (out / "bot-logs").glob("*.log"))
        assert processes_with(marker) == []
        assert processes_with(str(bots)) == []
    finally:
        listener.close()
        redis_server.close()


def test_a_failing_build_stops_the_run_with_its_last_lines(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "arena-bot.toml").write_text(
        'name = "broken"\nbuild = "sh -c \'echo compiling bot.c; echo bot.c:3: error: '
        'expected semicolon >&2; exit 1\'"\nrun = "./bot"\n')
    with pytest.raises(BotBuildFailed, match=r"(?s)build of .* failed.*expected semicolon"):
        play(tmp_path / "out", [("broken", str(broken)), (None, "random")], players=3)
    code = arena(["tournament", "--game", GAME, "--players", "3", "--format",
                  "round-robin", "--entrants", f"{broken},random", "--games", "3",
                  "--workers", "0", "--out", str(tmp_path / "cli")])
    assert code == 2
    err = capsys.readouterr().err
    assert "the build of" in err and "bot.c:3: error: expected semicolon" in err
    assert not (tmp_path / "cli" / "results.parquet").exists()
