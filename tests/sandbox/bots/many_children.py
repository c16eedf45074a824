"""Once asked to decide, starts up to 1000 sleeping child processes, one by one (a slow,
bounded fork bomb), and never answers."""

import subprocess
import time

from _line import connect, requests

sock = connect()
next(requests(sock))
children = [subprocess.Popen(["sleep", "1000"]) for _ in range(1000)]
time.sleep(1000)
