"""The client commands import no server stack, so the client install (``pip install
tabletop-arena``, without the ``server`` extra) runs them. CI also installs the client
alone in a fresh venv and runs them (.ci/run, "client-only install")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.loopback import free_port
from tests.gateway.certs import make_pki

SERVER_STACK = ("ray", "prometheus_client", "services.gateway.server", "services.runner",
                "services.metrics", "starlette", "uvicorn", "jinja2", "services.web",
                # the eval extra and what needs it (`arena tournament`, `arena report`)
                "pyarrow", "numpy", "scipy", "matplotlib", "services.tournament")

_PROBE = """
import json, sys
from services.cli.main import main
code = main(json.loads(sys.argv[1]))
print(json.dumps([code, sorted(m for m in {stack} if m in sys.modules)]))
"""


def imported_after(argv: list[str]) -> tuple[int, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE.format(stack=SERVER_STACK), json.dumps(argv)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    code, modules = json.loads(done.stdout.strip().splitlines()[-1])
    return code, modules


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["tournament", "--help"],
        ["report", "--help"],
        ["ladder", "--game", "monster-my-neighbor", "--json"],
        ["bots", "list"],
        ["replay", "/nonexistent/replay.json"],
        ["bot", "--server", "127.0.0.1:{port}", "--token", "t", "--matches", "1"],
        ["bot", "--server", "127.0.0.1:{port}", "--token", "t", "--matches", "1",
         "--tls-ca", "{ca}"],
    ],
)
def test_client_commands_import_no_server_stack(argv: list[str], tmp_path: Path) -> None:
    pki = make_pki(tmp_path)
    argv = [arg.format(port=free_port(), ca=pki.ca) for arg in argv]
    code, modules = imported_after(argv)
    assert modules == [], f"arena {argv[0]} imported {modules}"
    assert code in (0, 1, 2)


_WITHOUT = """
import sys
for name in {blocked!r}:
    sys.modules[name] = None  # as if not installed: importlib finds no spec
from services.cli.main import main
sys.exit(main({argv!r}))
"""


@pytest.mark.parametrize(
    ("argv", "blocked", "line"),
    [
        (["serve"], ["grpc_health"], "arena serve needs the server extra (module "
         "'grpc_health' is not installed): pip install 'tabletop-arena[server]' (make setup "
         "installs it)"),
        (["serve", "--web-port", "0"], ["jinja2"], "arena serve --web-port needs the server "
         "and web extras (module 'jinja2' is not installed): pip install "
         "'tabletop-arena[server,web]' (make setup installs them)"),
        (["play", "--game", "epic-resort", "--players", "2", "--bots", "random", "--games",
          "1"], ["ray"], "arena play needs the server and eval extras (module 'ray' is not "
         "installed): pip install 'tabletop-arena[server,eval]' (make setup installs them)"),
        (["web", "--redis", "redis://127.0.0.1:1/0"], ["starlette"], "arena web needs the "
         "web extra (module 'starlette' is not installed): pip install "
         "'tabletop-arena[web]' (make setup installs it)"),
    ],
)
def test_a_command_whose_extra_is_missing_says_which_in_one_line(
    argv: list[str], blocked: list[str], line: str
) -> None:
    """The client install has no server, web or eval extra: each command that needs one
    names it (CI's client-only install runs these commands for real)."""
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT.format(blocked=blocked, argv=argv)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == f"error: {line}"


def test_serve_web_defaults_are_the_web_packages_own() -> None:
    """``arena serve`` writes the web defaults out (importing services.web at parser build
    would load the web stack); they must stay the web package's."""
    from services.cli import serve_web
    from services.web.process import DEFAULT_NICE
    from services.web.replays import DEFAULT_MAX_BUILDS

    assert (serve_web.DEFAULT_NICE, serve_web.DEFAULT_MAX_BUILDS) == (
        DEFAULT_NICE, DEFAULT_MAX_BUILDS)
