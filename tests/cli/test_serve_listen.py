"""``arena serve --listen unix:PATH``: the address is checked, and a socket another
server answers on (or a path that is no socket) stops the command in one line."""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.cli.serve import MAX_SOCKET_PATH, check_socket_free, unix_address


@pytest.fixture
def short_dir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="listen-", dir="/tmp") as directory:
        yield Path(directory)


def test_only_a_unix_socket_path_that_can_exist_is_accepted(short_dir: Path) -> None:
    assert unix_address(f"unix:{short_dir}/a.sock") == f"unix:{short_dir}/a.sock"
    for bad, said in [("127.0.0.1:5000", "is not unix:PATH"), ("unix:", "is not unix:PATH"),
                      ("unix:///abs.sock", "is not unix:PATH"),
                      (f"unix:{short_dir}/no/such/dir/a.sock", "does not exist"),
                      ("unix:/tmp/" + "x" * MAX_SOCKET_PATH, "longer than a Unix socket path")]:
        with pytest.raises(argparse.ArgumentTypeError, match=said):
            unix_address(bad)


def test_a_live_socket_or_a_plain_file_is_refused_and_a_stale_socket_is_not(
        short_dir: Path) -> None:
    path = short_dir / "a.sock"
    check_socket_free(f"unix:{path}")  # nothing there
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
        listener.bind(str(path))
        listener.listen()
        with pytest.raises(OSError, match=f"another server is listening on {path}"):
            check_socket_free(f"unix:{path}")
    check_socket_free(f"unix:{path}")  # stale: bound once, nobody listens
    plain = short_dir / "plain"
    plain.write_text("keep me")
    with pytest.raises(OSError, match="exists and is not a socket"):
        check_socket_free(f"unix:{plain}")
    assert plain.read_text() == "keep me"


@pytest.mark.timeout(120)
def test_serve_on_a_socket_another_server_answers_on_exits_1_in_one_line(
        short_dir: Path) -> None:
    path = short_dir / "taken.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
        listener.bind(str(path))
        listener.listen()
        done = subprocess.run(
            [sys.executable, "-m", "services.cli.main", "serve", "--listen", f"unix:{path}",
             "--game", "monster-my-neighbor", "--players", "3"],
            capture_output=True, text=True, timeout=100, stdin=subprocess.DEVNULL)
    assert done.returncode == 1, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert errors == [f"error: --listen unix:{path}: another server is listening on {path}"]
