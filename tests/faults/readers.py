"""Replay readers in a process of their own, switched on and off from the test, so their
threads do not share an interpreter with the bots whose turnaround is measured.

``python -m tests.faults.readers BASE THREADS ID...`` starts THREADS threads that, while
on, ask ``BASE/matches/ID?after=N`` for random replays and decisions as fast as they are
answered. Commands on stdin, one a line: ``on``; ``off`` (answered ``idle`` once no
request is in flight); ``quit`` (answered with one JSON line: the count of each HTTP
status, and the ``Retry-After`` values of the 503s).
"""

from __future__ import annotations

import json
import random
import sys
import threading
import urllib.error
import urllib.request


def fetch(url: str) -> tuple[int, str]:
    """The status and ``Retry-After`` of a GET (0 if refused or timed out)."""
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            response.read()
            return response.status, ""
    except urllib.error.HTTPError as exc:
        exc.read()
        return exc.code, exc.headers.get("retry-after", "")
    except OSError:
        return 0, ""


class Readers:
    def __init__(self, base: str, ids: list[str], threads: int) -> None:
        self.base, self.ids = base, ids
        self.on = threading.Event()
        self.stop = threading.Event()
        self.busy = 0
        self.idle = threading.Condition()
        self.statuses: dict[int, int] = {}
        self.retry_after: set[str] = set()
        self.workers = [threading.Thread(target=self.read, args=(k,), daemon=True)
                        for k in range(threads)]
        for worker in self.workers:
            worker.start()

    def read(self, seed: int) -> None:
        rng = random.Random(seed)
        while not self.stop.is_set():
            if not self.on.wait(0.1):
                continue
            with self.idle:
                if not self.on.is_set():
                    continue
                self.busy += 1
            url = f"{self.base}/matches/{rng.choice(self.ids)}?after={rng.randrange(900)}"
            status, retry_after = fetch(url)
            with self.idle:
                self.statuses[status] = self.statuses.get(status, 0) + 1
                if status == 503:
                    self.retry_after.add(retry_after)
                self.busy -= 1
                self.idle.notify_all()

    def switch_off(self) -> None:
        with self.idle:
            self.on.clear()
            self.idle.wait_for(lambda: self.busy == 0)


def main(base: str, threads: int, ids: list[str]) -> None:
    readers = Readers(base, ids, threads)
    for line in sys.stdin:
        command = line.strip()
        if command == "on":
            readers.on.set()
        elif command == "off":
            readers.switch_off()
            print("idle", flush=True)
        elif command == "quit":
            readers.switch_off()
            readers.stop.set()
            print(json.dumps({"statuses": readers.statuses,
                              "retry_after": sorted(readers.retry_after)}), flush=True)
            return


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
