"""Every kit plays over TLS with ``--tls-ca``: the gateway's certificate is signed by a CA
made for the test (openssl), which the kit trusts through that flag."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from bench import kits
from bench.clients import start_gateway
from bench.kits import Kit
from bench.loopback import free_port
from services.ladder.factory import open_store
from services.metrics import ArenaMetrics
from services.wire import transport
from tests.clients.test_kits import ALL_KITS, BUILD_TIMEOUT, built  # noqa: F401 (fixture)


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """ca.pem, and server.pem/server.key for 127.0.0.1 and localhost signed by it."""
    if shutil.which("openssl") is None:
        pytest.fail("openssl is not installed (apt-get install openssl)")
    folder = tmp_path_factory.mktemp("tls")
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
             "/CN=arena kit test CA", "-keyout", "ca.key", "-out", "ca.pem", cwd=folder)
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
             "-keyout", "server.key", "-out", "server.csr", cwd=folder)
    (folder / "san.ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    _openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
             "-CAcreateserial", "-days", "2", "-extfile", "san.ext", "-out", "server.pem",
             cwd=folder)
    return folder


@pytest.mark.timeout(BUILD_TIMEOUT + 120)
@pytest.mark.parametrize("kit", ALL_KITS, ids=[k.name for k in ALL_KITS])
def test_kit_plays_over_tls_with_its_ca_flag(
    built: list[Kit], kit: Kit, certificates: Path  # noqa: F811
) -> None:
    store = open_store(None)
    token = store.register_bot("tls")
    tls = transport.TlsFiles(cert=certificates / "server.pem", key=certificates / "server.key")
    thread, port = start_gateway("monster-my-neighbor", 3, store, ArenaMetrics(),
                                 port=free_port(), tls=tls)
    try:
        process = kits.start(kit, f"127.0.0.1:{port}", token, 2, seed=1,
                             extra=["--tls-ca", str(certificates / "ca.pem")])
        result = kits.finish(kit, process, timeout=120)
    finally:
        thread.stop()
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.summary is not None and result.summary["matches"] == 2
