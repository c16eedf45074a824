"""The ASGI application: pages (Jinja2 templates) and the JSON API behind them.

Only GET (and HEAD) routes exist, so nothing on the web port can change a rating or act
for a bot. Pages answer with JSON too when asked for ``application/json``. Blocking
reads (Redis, re-simulating a match) run in Starlette's thread pool.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from services.ladder.skill import PROVISIONAL_SIGMA
from services.ladder.store import StoreError
from services.spectate.feed import LIVE, FeedUnavailable
from services.web.charts import rating_chart
from services.web.ladder_html import ladder_rows_html
from services.web.live import spectator_events
from services.web.queries import NotFound, WebData
from services.web.replays import BrokenReplay, ReplayBusy

HERE = Path(__file__).parent
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]


class SecurityHeaders:
    """Adds the headers above to every HTTP response (streams included)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def ago(at: float | None) -> str:
    """'5 s ago', '3 min ago'... for a Unix time; '—' if unknown."""
    if at is None:
        return "—"
    seconds = max(0, int(time.time() - at))
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return f"{seconds // size} {unit} ago"
    return f"{seconds} s ago"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place(rank: int, ranks: Sequence[int]) -> str:
    """A seat's finishing place in words: '1st', or 'tied 2nd' when shared."""
    return ("tied " if list(ranks).count(rank) > 1 else "") + ordinal(rank)


def share(value: float) -> str:
    """A count that ties split (wins: 1/3 each for a three-way tie for first) to two
    places at most: 2, 0.5, 0.33, 12.67."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def skill_interval(mu: float, sigma: float) -> str:
    """A skill as its 99.7% interval: '25.0 ± 25.0'."""
    return f"{mu:.1f} ± {3 * sigma:.1f}"


def wants_json(request: Request) -> bool:
    accept = request.headers.get("accept", "")
    return "application/json" in accept and "text/html" not in accept


def _int_param(request: Request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    try:
        return int(raw)
    except ValueError:
        raise NotFound(f"{name} must be a whole number, got {raw!r}") from None


def _replay_step(request: Request) -> int | None:
    """How many decisions a replay page shows made: ``?after=N``, or ``?decision=N`` (the
    page of decision N, i.e. after N - 1), or ``?turn=N`` (the old name of ``after``,
    kept so old links still work); None for the end."""
    decision = _int_param(request, "decision")
    if decision is not None:
        return max(decision - 1, 0)
    after = _int_param(request, "after")
    return after if after is not None else _int_param(request, "turn")


def create_app(data: WebData) -> Starlette:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"])
    )
    env.filters["ago"] = ago
    env.filters["place"] = place
    env.filters["share"] = share
    env.filters["skill_interval"] = skill_interval
    env.globals["rating_chart"] = rating_chart
    env.globals["ladder_rows"] = lambda rows: ladder_rows_html(rows, share, ago)
    env.globals["provisional_sigma"] = f"{PROVISIONAL_SIGMA:g}"

    def page(template: str, http_status: int = 200, **context: Any) -> HTMLResponse:
        html = env.get_template(template).render(**context)
        return HTMLResponse(html, status_code=http_status)

    def answer(request: Request, template: str, build: Callable[[], Any]) -> Response:
        """The page, or its data as JSON; errors become 404/503 pages or JSON."""
        as_json = wants_json(request) or request.url.path.startswith("/api/")
        try:
            body = build()
        except NotFound as exc:
            return _error(as_json, 404, str(exc))
        except (StoreError, FeedUnavailable) as exc:
            return _error(as_json, 503, f"the ladder or feed is unavailable: {exc}")
        except BrokenReplay as exc:
            return _error(as_json, 500, str(exc))
        except ReplayBusy as exc:
            return _error(as_json, 503, str(exc), {"retry-after": str(exc.retry_after)})
        if as_json:
            return JSONResponse(body)
        return page(template, **body)

    def _error(
        as_json: bool, status: int, message: str, headers: dict[str, str] | None = None
    ) -> Response:
        response: Response
        if as_json:
            response = JSONResponse({"error": message}, status_code=status)
        else:
            response = page("error.html", http_status=status, status_code=status,
                            message=message)
        response.headers.update(headers or {})
        return response

    def home(request: Request) -> Response:
        return answer(request, "home.html", data.home)

    def bot(request: Request) -> Response:
        return answer(request, "bot.html", lambda: data.bot(request.path_params["name"]))

    def match(request: Request) -> Response:
        match_id = request.path_params["match_id"]

        def build() -> dict[str, Any]:
            found, replay = data.find(match_id)
            if found is not None and found.status == LIVE:
                return {"view": "live", **data.live_view(found)}
            if replay is None:
                assert found is not None
                return {"view": "ended", **found.summary()}
            hidden = request.query_params.get("hidden") == "1"
            after = _replay_step(request)
            return {"view": "replay", **data.replay_view(match_id, found, replay, after, hidden)}

        return answer(request, "match.html", build)

    def ladder_page(request: Request) -> Response:
        return answer(request, "ladder.html", lambda: data.ladder_page(
            request.path_params["game"], _int_param(request, "page")))

    def api_ladder(request: Request) -> Response:
        try:  # the encoded rows, kept until the ladder moves
            body = data.ladder_json(request.path_params["game"])
        except NotFound as exc:
            return _error(True, 404, str(exc))
        except StoreError as exc:
            return _error(True, 503, f"the ladder or feed is unavailable: {exc}")
        return Response(body, media_type="application/json")

    def api_solo(request: Request) -> Response:
        return answer(request, "", lambda: data.solo(request.path_params["game"]))

    def api_live(request: Request) -> Response:
        return answer(request, "", data.live)

    async def api_events(request: Request) -> Response:
        match_id = request.path_params["match_id"]
        try:
            found, _ = await run_in_threadpool(data.find, match_id)
        except NotFound as exc:
            return JSONResponse({"error": str(exc)}, status_code=404)
        except FeedUnavailable as exc:
            return JSONResponse({"error": f"the feed is unavailable: {exc}"}, status_code=503)
        if found is None:
            return JSONResponse(
                {"error": f"match {match_id!r} is over and has no live feed; see its replay"},
                status_code=404,
            )
        stream = spectator_events(data.feed, found, request.is_disconnected)
        return StreamingResponse(
            stream, media_type="text/event-stream",
            headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
        )

    routes = [
        Route("/", home),
        Route("/ladders/{game}", ladder_page),
        Route("/bots/{name}", bot),
        Route("/matches/{match_id}", match),
        Route("/api/ladder/{game}", api_ladder),
        Route("/api/solo/{game}", api_solo),
        Route("/api/bots/{name}", bot),
        Route("/api/matches/live", api_live),
        Route("/api/matches/{match_id}", match),
        Route("/api/matches/{match_id}/events", api_events),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes)
    app.add_middleware(SecurityHeaders)
    return app
