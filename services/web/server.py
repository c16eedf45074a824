"""Serving the web front end with uvicorn on a thread of its own.

``arena serve --web-port`` runs it beside the gateway (whose event loop stays free of
page rendering), ``arena web`` on its own. Port 0 picks a free port; :meth:`start`
returns the bound one.
"""

from __future__ import annotations

import threading
import time

import uvicorn
from starlette.applications import Starlette


class WebServer:
    def __init__(self, app: Starlette, host: str = "127.0.0.1", port: int = 0) -> None:
        config = uvicorn.Config(
            app, host=host, port=port, log_level="warning", access_log=False,
            lifespan="off", timeout_graceful_shutdown=1,
        )
        self.host = host
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, name="web", daemon=True)

    def start(self, timeout: float = 30.0) -> int:
        """Start serving; return the bound port."""
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the web server did not start on {self.host}")
            time.sleep(0.02)
        return int(self._server.servers[0].sockets[0].getsockname()[1])

    def url(self, port: int) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{port}/"

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)
