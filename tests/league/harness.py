"""Running a league in tests: its YAML written, read as ``arena league`` reads it, and
played in this process on the Ray the test started, rating into the test's Redis."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import yaml

from services.cli.league_config import Submitted, read_league
from services.gateway.result_log import DurableResults, ResultStream
from services.gateway.results import ResultQueue
from services.hosted.options import HostingOptions
from services.ladder.factory import open_store
from services.league.plan import LeaguePlan
from services.league.run import Counts, League, LeagueOptions
from services.metrics.league import LeagueMetrics
from services.sandbox import bwrap_available

SANDBOX = "bwrap" if bwrap_available() else "none"
QUEUE = "monster-my-neighbor-4p"


def league_plan(tmp_path: Path, queues: list[dict[str, object]], redis_url: str,
                prefix: str, **matchmaking: object) -> LeaguePlan:
    config = tmp_path / "league.yaml"
    data: dict[str, object] = {"queues": queues}
    if matchmaking:
        data["matchmaking"] = matchmaking
    config.write_text(yaml.safe_dump(data))
    submitted = Submitted(redis_url, prefix)
    try:
        plan, _directories = read_league(config, submitted)
    finally:
        submitted.close()
    return plan


def play_league(plan: LeaguePlan, redis_url: str, prefix: str, *, workers: int = 2,
                matches: int | None = None, tmp_path: Path,
                during: Callable[[League, asyncio.Event], Awaitable[None]] | None = None,
                ) -> tuple[League, Counts]:
    """Run the league until ``matches`` finished (or ``during`` sets stop), drained."""

    async def main() -> tuple[League, Counts]:
        store = open_store(redis_url, key_prefix=prefix)
        results = ResultQueue(store, DurableResults(ResultStream(redis_url, prefix), None))
        results.start()
        hosting = HostingOptions(sandbox=SANDBOX, log_dir=str(tmp_path / "bot-logs"))
        league = League(plan, store, results,
                        LeagueOptions(workers=workers, matches=matches, seed=5,
                                      hosting=hosting, redis_url=redis_url,
                                      key_prefix=prefix),
                        LeagueMetrics())
        side = None
        try:
            await league.start()
            stop = asyncio.Event()
            if during is not None:
                side = asyncio.create_task(during(league, stop))
            counts = await league.run(stop)
            if side is not None:
                await side
            return league, counts
        finally:
            if side is not None:
                side.cancel()
            await league.close()
            await results.close()
            store.close()

    return asyncio.run(main())
