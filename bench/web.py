"""Web benchmark: how long the ladder pages take with 1,000 rated bots (``--bots``).

A private redis-server (or ``--redis URL``) gets ``--bots`` bots rated over ``--matches``
five-player Monster My Neighbor matches through the real ladder store; the web front end
then serves it on loopback, from a process of its own (as ``arena web`` and
``arena serve --web-port`` run it). Timed: the JSON ladder (``/api/ladder/GAME``, every bot),
the home page (``/``: each game's leaders, live and finished matches) and the first page
of the whole ladder (``/ladders/GAME``) as the server answers them, first with the
ladder unchanged between requests (the site reuses what it built), then with one more
match rated before each request (median, p99 and worst of ``--after-match-runs``:
the site moves only that match's rows); and, where Debian's chromium is installed, the
home page's load in headless Chromium (navigation start to the load event). Then a
four-player Ark Nova replay between random bots: its first page (the whole match
re-simulated once), a page at a decision near the end (from the kept
checkpoints) and that page's load in Chromium. ``make bench`` runs it with 1,000 bots;
``python -m bench.web --bots 10000`` gives the larger figure.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import secrets
import shutil
import statistics
import tempfile
import time
import urllib.request
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

from bench.loopback import RedisServer
from bench.quantiles import quantile
from engine.core import GameConfig, Replay, get_game, play_match
from engine.toolkit.bots import make_bot
from services.ladder.factory import open_store
from services.spectate.redis_feed import RedisFeed
from services.web.app import create_app
from services.web.queries import WebData
from services.web.server import WebServer

GAME = "monster-my-neighbor"


def _serve_site(url: str, prefix: str, replays: Path, conn: Connection) -> None:
    """The site in a process of its own, as ``arena web`` and ``arena serve --web-port``
    run it: the timing client's threads do not compete for its interpreter."""
    store = open_store(url, key_prefix=prefix)
    feed = RedisFeed(url, key_prefix=prefix)
    server = WebServer(create_app(WebData(store, feed, replays)))
    conn.send(server.start())
    conn.recv()
    server.stop()
    feed.close()
    store.close()


class _Site:
    def __init__(self, url: str, prefix: str, replays: Path) -> None:
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve_site, args=(url, prefix, replays, child),
                                        daemon=True)

    def start(self) -> _Site:
        self._process.start()
        if not self._conn.poll(120):
            raise RuntimeError("the web site did not start")
        self.base = f"http://127.0.0.1:{self._conn.recv()}"
        return self

    def stop(self) -> None:
        self._conn.send("stop")
        self._process.join(30)
        if self._process.is_alive():
            self._process.kill()


def _timed(url: str, runs: int) -> tuple[float, float, int]:
    """Median and worst seconds of ``runs`` GETs (after two warm-ups), and the size."""
    size = 0
    for _ in range(2):
        size = len(urllib.request.urlopen(url, timeout=60).read())
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        urllib.request.urlopen(url, timeout=60).read()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples), max(samples), size


def _timed_after_match(
    url: str, runs: int, apply_one: Callable[[int], None]
) -> tuple[float, float, float]:
    """Median, p99 and worst seconds of ``runs`` GETs, each right after one more match is
    rated (untimed): what a reader pays when the ladder has just moved."""
    samples = []
    for run in range(runs):
        apply_one(run)
        started = time.perf_counter()
        urllib.request.urlopen(url, timeout=60).read()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples), quantile(samples, 0.99), max(samples)


def _ark_nova_replay(directory: Path, seed: int = 7) -> Replay:
    """A four-player Ark Nova match between random bots, saved as ``an-bench.json``."""
    game = "ark-nova"
    config = GameConfig(4, dict(get_game(game).default_options))
    outcome = play_match(game, config, seed, [make_bot(game, "random") for _ in range(4)])
    labels = ("alice", "bob", "carol", "dave")
    replay = Replay(game, config, seed, outcome.replay.choices, outcome.result, labels)
    replay.save(directory / "an-bench.json")
    return replay


def _browser_load(url: str, runs: int) -> float | None:
    """Median navigation-to-load time in headless Chromium, or None without it."""
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        return None
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or ""
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="arena-bench-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    try:
        samples = []
        for run in range(runs + 1):
            driver.get(url)
            timing = driver.execute_script(
                "const t = performance.getEntriesByType('navigation')[0];"
                "return t.loadEventEnd - t.startTime;")
            if run:
                samples.append(float(timing) / 1000)
        return statistics.median(samples)
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _time_ark_nova_replay(base: str, replays: Path, runs: int) -> None:
    replay = _ark_nova_replay(replays)
    after = len(replay.choices) * 9 // 10
    url = f"{base}/matches/an-bench?after={after}"
    started = time.perf_counter()
    urllib.request.urlopen(f"{base}/matches/an-bench?after=0", timeout=120).read()
    first = time.perf_counter() - started
    print(f"web: Ark Nova replay, 4 players, {len(replay.choices)} decisions")
    print(f"  first page (the match re-simulated once)  {first * 1000:7.1f} ms")
    median, worst, size = _timed(url, runs)
    print(f"  page after {after:<5} decisions  median {median * 1000:7.1f} ms  worst "
          f"{worst * 1000:7.1f} ms  {size / 1024:7.1f} KiB")
    load = _browser_load(url, 5)
    if load is not None:
        print(f"  that page's load in headless Chromium: median {load * 1000:.0f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--redis", help="use this Redis instead of a private redis-server")
    parser.add_argument("--bots", type=int, default=1000)
    parser.add_argument("--matches", type=int, default=None,
                        help="matches rated before timing (default: enough to rate every "
                        "bot, at least 1,000)")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--after-match-runs", type=int, default=100,
                        help="requests timed right after a rated match, per page")
    parser.add_argument("--ladder-only", action="store_true",
                        help="time the ladder pages only (no browser, no replay)")
    args = parser.parse_args(argv)
    if args.matches is None:
        args.matches = max(1000, -(-args.bots // 5))
    redis = None if args.redis else RedisServer(appendonly=False).start()
    url: str = args.redis if redis is None else redis.url
    prefix = f"bench-web-{secrets.token_hex(4)}"
    store = open_store(url, key_prefix=prefix)
    feed = RedisFeed(url, key_prefix=prefix)
    site: _Site | None = None
    replays = Path(tempfile.mkdtemp(prefix="arena-bench-replays-"))
    try:
        rng = random.Random(1)
        names = [f"bot{i:04d}" for i in range(args.bots)]
        started = time.perf_counter()
        for k in range(args.matches):
            seated = names[(5 * k) % args.bots:][:5] if args.bots >= 5 else names
            store.apply_match(GAME, f"bench-{k}", seated, rng.sample(range(1, 6), 5))
        filled = time.perf_counter() - started
        rated = len(store.ladder(GAME))
        site = _Site(url, prefix, replays).start()
        base = site.base
        print(f"web: {rated} bots rated over {args.matches} matches ({filled:.1f} s to rate)")
        pages = (("JSON ladder", f"/api/ladder/{GAME}"), ("home page", "/"),
                 ("ladder page", f"/ladders/{GAME}"))
        for label, path in pages:
            median, worst, size = _timed(base + path, args.runs)
            print(f"  {label:<12} {path:<32} median {median * 1000:7.1f} ms  "
                  f"worst {worst * 1000:7.1f} ms  {size / 1024:7.1f} KiB")

        applied = iter(range(10**9))

        def apply_one(_run: int) -> None:
            seated = rng.sample(names, min(5, args.bots))
            store.apply_match(GAME, f"bench-new-{next(applied)}", seated,
                              rng.sample(range(1, len(seated) + 1), len(seated)))

        print("  the same, each request right after one more rated match:")
        for label, path in pages:
            median, p99, worst = _timed_after_match(base + path, args.after_match_runs,
                                                    apply_one)
            print(f"  {label:<12} {path:<32} median {median * 1000:7.1f} ms  "
                  f"p99 {p99 * 1000:7.1f} ms  worst {worst * 1000:7.1f} ms")
        if args.ladder_only:
            return
        load = _browser_load(base + "/", 5)
        if load is None:
            print("  (no chromium: browser page load not measured)")
        else:
            print(f"  home page load in headless Chromium: median {load * 1000:.0f} ms")
        _time_ark_nova_replay(base, replays, args.runs)
    finally:
        shutil.rmtree(replays, ignore_errors=True)
        if site is not None:
            site.stop()
        feed.close()
        store.close()
        if redis is not None:
            redis.close()


if __name__ == "__main__":
    main()
