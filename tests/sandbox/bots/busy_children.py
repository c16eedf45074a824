"""Once asked to decide, starts two child processes that spin, and waits for them: the
bot's own process uses no CPU, its tree uses two cores."""

import subprocess
import sys

from _line import connect, requests

sock = connect()
next(requests(sock))
spin = [sys.executable, "-c", "while True: pass"]
children = [subprocess.Popen(spin) for _ in range(2)]
for child in children:
    child.wait()
