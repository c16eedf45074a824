"""Starts a detached grandchild (double fork, new session) that would outlive the bot,
says so, and exits at the next request: the child is left running."""

import os
import subprocess
import sys

from _line import answer, connect, requests

marker = sys.argv[2]
sock = connect()
stream = requests(sock)
next(stream)
child = subprocess.Popen(
    [sys.executable, "-c", "import time; print('up', flush=True); time.sleep(1000)",
     f"{marker}-child"],
    start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
    stderr=subprocess.DEVNULL)
child.stdout.readline()  # it runs (its command line is the marker's) before we say so
answer(sock, "child started")
next(stream)
os._exit(0)
