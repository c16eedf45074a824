"""deploy/nginx/arena-grpc.conf run by a private nginx in front of a test gateway: the
file as shipped, with only its ports and certificate directory replaced."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from bench.loopback import free_port
from tests.faults.harness import until

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "deploy" / "nginx" / "arena-grpc.conf"
PUBLIC, GATEWAY, TLS_DIR = "listen 50051", "127.0.0.1:50061", "/etc/tabletop-arena/tls"
MAIN = """daemon off;
worker_processes 1;
pid nginx.pid;
error_log stderr warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path tmp/body;
    proxy_temp_path tmp/proxy;
    fastcgi_temp_path tmp/fastcgi;
    uwsgi_temp_path tmp/uwsgi;
    scgi_temp_path tmp/scgi;
    include {site};
}}
"""


def render_site(gateway_port: int, public_port: int, tls_dir: Path) -> str:
    text = SITE.read_text()
    for old in (PUBLIC, GATEWAY, TLS_DIR):
        assert old in text, f"{SITE} no longer has {old!r}"
    return (text.replace(PUBLIC, f"listen 127.0.0.1:{public_port}")
            .replace(GATEWAY, f"127.0.0.1:{gateway_port}").replace(TLS_DIR, str(tls_dir)))


@dataclass
class FrontProxy:
    """nginx on a free loopback port passing gRPC to ``gateway_port``; its TLS files
    are ``tls_dir``/server.pem and server.key."""

    directory: Path
    gateway_port: int
    tls_dir: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[str] | None = None

    @staticmethod
    def available() -> bool:
        return shutil.which("nginx") is not None

    def start(self) -> FrontProxy:
        (self.directory / "tmp").mkdir(parents=True, exist_ok=True)
        site = self.directory / "arena-grpc.conf"
        site.write_text(render_site(self.gateway_port, self.port, self.tls_dir))
        (self.directory / "nginx.conf").write_text(MAIN.format(site=site))
        self.process = subprocess.Popen(
            ["nginx", "-p", str(self.directory), "-c", "nginx.conf", "-e", "stderr"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        until(lambda: self._listening() or self.process.poll() is not None, 30, "nginx")
        assert self.process.poll() is None, self.process.communicate()[0]
        return self

    def _listening(self) -> bool:
        port = f":{self.port:04X} "
        lines = Path("/proc/net/tcp").read_text().splitlines()
        return any(port in line and line.split()[3] == "0A" for line in lines)

    def rss_mb(self) -> float:
        """nginx's resident memory, master and workers."""
        assert self.process is not None
        pids = [self.process.pid, *map(int, Path(
            f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split())]
        total = 0
        for pid in pids:
            status = Path(f"/proc/{pid}/status").read_text()
            total += int(re.findall(r"VmRSS:\s+(\d+) kB", status)[0])
        return total / 1024

    def stop(self) -> str:
        if self.process is None:
            return ""
        self.process.terminate()
        try:
            output, _ = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            output, _ = self.process.communicate()
        return output
