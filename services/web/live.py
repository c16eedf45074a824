"""Server-sent events of a live match: the spectator feed of ``/api/matches/{id}/events``.

Each ``frame`` event carries a new public view (the board SVG and the public log lines
added since the previous event); an ``end`` event closes the stream with the match's
summary, or says that the live view was interrupted. Everything sent is built by
:class:`~services.spectate.view.SpectatorView` from the spectator observation; the
seed and the choices never leave the server while the match runs.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool

from services.spectate.feed import LIVE, FeedMatch, MatchFeed
from services.spectate.view import SpectatorView

POLL_SECONDS = 0.2
HEARTBEAT_SECONDS = 15.0


def sse(event: str, data: dict[str, Any], event_id: int | None = None) -> str:
    head = f"event: {event}\n" + (f"id: {event_id}\n" if event_id is not None else "")
    return head + f"data: {json.dumps(data, separators=(',', ':'))}\n\n"


async def spectator_events(
    feed: MatchFeed, match: FeedMatch, disconnected: Callable[[], Awaitable[bool]]
) -> AsyncIterator[str]:
    """The event stream of one match, from its current public view to its end."""
    view = await run_in_threadpool(
        SpectatorView, match.game, match.config, match.seed, match.labels
    )
    match_id = match.match_id
    log_sent = 0
    first = True
    quiet = 0.0
    while True:
        if await disconnected():
            return
        current = await run_in_threadpool(feed.match, match_id)
        if current is None:
            yield sse("end", {"match_id": match_id, "status": "gone"})
            return
        if current.interrupted:
            yield sse("end", {**current.summary(), "status": "interrupted"})
            return
        choices = await run_in_threadpool(feed.choices, match_id, view.applied)
        changed = await run_in_threadpool(view.follow, choices)
        if changed or first:
            frame = await run_in_threadpool(view.frame)
            yield sse("frame", {
                "match_id": match_id, "frame": frame.number, "board": frame.board,
                "log": list(frame.log[log_sent:]), "log_start": log_sent,
            }, frame.number)
            log_sent = len(frame.log)
            first = False
            quiet = 0.0
        if current.status != LIVE:
            yield sse("end", current.summary())
            return
        await asyncio.sleep(POLL_SECONDS)
        quiet += POLL_SECONDS
        if quiet >= HEARTBEAT_SECONDS:
            quiet = 0.0
            yield ": still live\n\n"
