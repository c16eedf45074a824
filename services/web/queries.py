"""The data behind every page, as plain JSON-ready dictionaries.

Each page of the site renders one of these, and the matching ``/api`` endpoint returns
it as JSON, so a page never shows anything its API does not. Everything here only
reads: the ladder store, the spectator feed and the replay directory.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from engine.core import SPECTATOR, Replay, available_games, get_game
from services.ladder.records import AppliedMatch
from services.ladder.store import LadderStore
from services.spectate.feed import LIVE, FeedMatch, MatchFeed
from services.spectate.view import SpectatorView
from services.web.history import HistoryPoint, rating_history
from services.web.ladders import LadderCache
from services.web.replays import (
    DEFAULT_MAX_BUILDS,
    ReplayShelf,
    load_replay_file,
    valid_match_id,
)

HOME_ROWS = 20  # each ladder's leaders on the home page; the rest on /ladders/GAME
LADDER_PAGE = 100  # rows per page of /ladders/GAME
HISTORY_POINTS = 1000  # rating-history points a bot page reads per game
RECENT_MATCHES = 20
HOME_READERS = 4  # threads reading the home page's parts at once (besides the caller's)
OPPONENT_MATCHES = 100  # matches the results-by-opponent table counts
QUEUES_SECONDS = 5.0  # how long the list of registered queues is kept between reads


class NotFound(Exception):
    """The page's subject does not exist (answered with 404)."""


@dataclass
class WebData:
    store: LadderStore
    feed: MatchFeed
    replays: Path | None = None
    games: Sequence[str] = ()
    max_builds: int = DEFAULT_MAX_BUILDS  # replays re-simulated at once

    def __post_init__(self) -> None:
        self.games = tuple(self.games) or available_games()
        self.shelf = ReplayShelf(max_builds=self.max_builds)
        self.ladders = LadderCache(self.store)
        self._titles: tuple[float, dict[str, str]] | None = None
        self._titles_lock = threading.Lock()
        self._readers = ThreadPoolExecutor(HOME_READERS, thread_name_prefix="web-read")

    # -- ladders -------------------------------------------------------------------------

    def titles(self) -> dict[str, str]:
        """Every ladder shown, by its id, with its title: each game's (the ladder of
        ``arena serve --game``) and each queue's that a gateway registered (read again
        after :data:`QUEUES_SECONDS`)."""
        now = time.monotonic()
        with self._titles_lock:
            if self._titles is not None and now - self._titles[0] < QUEUES_SECONDS:
                return self._titles[1]
        titles = {game: get_game(game).info.name for game in self.games}
        for queue, about in self.store.queues().items():
            game = about.get("game")
            if queue in titles or not isinstance(game, str) or game not in self.games:
                continue
            title = f"{get_game(game).info.name}, {about.get('players')} players"
            titles[queue] = f"{title} ({queue})" if about.get("options") or about.get(
                "custom_cards") else title
        with self._titles_lock:
            self._titles = (now, titles)
        return titles

    def _check_game(self, game: str) -> None:
        if game not in self.games and game not in self.titles():
            raise NotFound(f"unknown game or queue {game!r}")

    def ladder(self, game: str) -> list[dict[str, Any]]:
        """Every rated bot of ``game``, best first (shared rows: read them only)."""
        self._check_game(game)
        return self.ladders.get(game).rows

    def ladder_json(self, game: str) -> bytes:
        """:meth:`ladder` as JSON, encoded once per change of the ladder."""
        self._check_game(game)
        return self.ladders.get(game).body

    def ladder_page(self, game: str, page: int | None) -> dict[str, Any]:
        """One page of :data:`LADDER_PAGE` rows of the whole ladder (page 1 first)."""
        self._check_game(game)
        built = self.ladders.get(game)
        pages = max(1, -(-len(built) // LADDER_PAGE))
        page = 1 if page is None else page
        if not 1 <= page <= pages:
            raise NotFound(f"the {game} ladder has pages 1 to {pages}, not {page}")
        return {
            "game": game, "game_name": self.titles()[game], "page": page,
            "pages": pages, "total": len(built), "page_size": LADDER_PAGE,
            "rows": built.page((page - 1) * LADDER_PAGE, page * LADDER_PAGE),
        }

    def solo(self, game: str) -> list[dict[str, Any]]:
        """The game's solo standings (one-seat matches, not rated), best mean first."""
        self._check_game(game)
        return [{"rank": rank, "bot": entry.name, "games": entry.games,
                 "mean_score": entry.mean, "best_score": entry.best, "wins": entry.wins}
                for rank, entry in enumerate(self.store.solo_standings(game), start=1)]

    def home(self) -> dict[str, Any]:
        """Each ladder's leaders (each game's and each registered queue's) and solo
        standings, live and finished matches: independent reads (one to three Redis round
        trips each), made at once on :data:`HOME_READERS` threads so that the page waits
        for the slowest, not for their sum (a round trip's tail on a busy machine is
        several milliseconds)."""
        titles = self.titles()
        games = list(titles)
        reads: list[Callable[[], Any]] = [
            *(partial(self.ladders.get, game) for game in games),
            *(partial(self.solo, game) for game in games),
            self.feed.live, partial(self.feed.finished, 20)]
        futures = [self._readers.submit(read) for read in reads[1:]]
        first = reads[0]()  # this thread reads too
        done = [first, *(future.result() for future in futures)]
        built = dict(zip(games, done[:len(games)], strict=True))
        solo = dict(zip(games, done[len(games):2 * len(games)], strict=True))
        live, finished = done[2 * len(games):]
        return {
            "ladders": {game: ladder.page(0, HOME_ROWS) for game, ladder in built.items()},
            "ladder_sizes": {game: len(ladder) for game, ladder in built.items()},
            "solo": {game: rows for game, rows in solo.items() if rows},
            "games": titles,
            "live": [m.summary() for m in live],
            "finished": [m.summary() for m in finished],
        }

    # -- bots ----------------------------------------------------------------------------

    def bot(self, name: str) -> dict[str, Any]:
        ladders = []
        history: list[dict[str, Any]] = []
        for game, title in self.titles().items():
            entry = self.store.bot_stats(game, name)
            if entry is None:
                continue
            points = rating_history(self.store, game, name, HISTORY_POINTS)
            matches = self._applied(game, points[-OPPONENT_MATCHES:])
            standing = self.ladders.get(game)
            ladders.append({
                "game": game,
                "game_name": title,
                "rank": (rank := standing.rank_of(name)),
                "ladder_page": None if rank is None else (rank - 1) // LADDER_PAGE + 1,
                "bots": len(standing),
                "rating": entry.rating,
                "games": entry.games,
                "wins": entry.wins,
                "mean_rank": round(entry.mean_rank, 3),
                "mu": round(entry.mu, 3),
                "sigma": round(entry.sigma, 3),
                "provisional": entry.provisional,
                "history": [p.to_json() for p in points],
                "recent": self._recent(name, points[-RECENT_MATCHES:], matches),
                "opponents": opponents(name, matches),
            })
            history += [{**p.to_json(), "game": game} for p in points]
        if not ladders:
            raise NotFound(f"no rated match of a bot named {name!r}")
        return {"bot": name, "history": history, "ladders": ladders}

    def _applied(self, game: str, points: Sequence[HistoryPoint]) -> list[AppliedMatch]:
        records = (self.store.applied_match(game, p.match_id) for p in points)
        return [r for r in records if r is not None]

    def _recent(
        self, name: str, points: Sequence[HistoryPoint], matches: Sequence[AppliedMatch]
    ) -> list[dict[str, Any]]:
        by_id = {m.match_id: m for m in matches}
        rows = []
        for point in reversed(points):
            match = by_id.get(point.match_id)
            seats = [] if match is None else [
                s for s, who in enumerate(match.participants) if who == name
            ]
            rows.append({
                "match_id": point.match_id,
                "rating": point.rating,
                "at": point.at,
                "change": None if match is None else match.deltas.get(name),
                "rank": min((match.ranks[s] for s in seats), default=None) if match else None,
                "players": None if match is None else len(match.participants),
                "opponents": [] if match is None else sorted(
                    set(match.participants) - {name}),
                "viewable": self.match_exists(point.match_id),
            })
        return rows

    # -- matches -------------------------------------------------------------------------

    def match_exists(self, match_id: str) -> bool:
        if not valid_match_id(match_id):
            return False
        if self.feed.match(match_id) is not None:
            return True
        return self.replays is not None and (self.replays / f"{match_id}.json").is_file()

    def live(self) -> list[dict[str, Any]]:
        return [m.summary() for m in self.feed.live()]

    def find(self, match_id: str) -> tuple[FeedMatch | None, Replay | None]:
        """The feed's record and the replay of a match (either may be None)."""
        if not valid_match_id(match_id):
            raise NotFound(f"no match {match_id!r}")
        match = self.feed.match(match_id)
        replay = None
        if match is None or match.status != LIVE:
            replay = self.feed.replay(match_id) if match is not None else None
            replay = replay or load_replay_file(self.replays, match_id)
        if match is None and replay is None:
            raise NotFound(f"no match {match_id!r}")
        return match, replay

    def live_view(self, match: FeedMatch) -> dict[str, Any]:
        """The public view of a live match: the summary and its current frame."""
        view = SpectatorView(match.game, match.config, match.seed, match.labels)
        view.follow(self.feed.choices(match.match_id))
        frame = view.frame()
        return {
            **match.summary(),
            "interrupted": match.interrupted,
            "public_view": get_game(match.game).info.spectator,
            "frame": {"number": frame.number, "board": frame.board, "log": list(frame.log)},
        }

    def replay_view(
        self, match_id: str, match: FeedMatch | None, replay: Replay, after: int | None,
        hidden: bool,
    ) -> dict[str, Any]:
        """A finished match after ``after`` decisions (default: all of them, the end),
        with the next decision (number ``after + 1``) and the choice made there."""
        cursor = self.shelf.cursor(match_id, replay)
        after = cursor.turns if after is None else max(0, min(after, cursor.turns))
        state = cursor.state_at(after)
        game = get_game(replay.game_id)
        labels = tuple(replay.labels) or tuple(f"seat {s}" for s in range(replay.config.players))
        decision = None
        if after < cursor.turns:
            seat, chosen = replay.choices[after]
            asked = state.decision(seat)
            decision = {
                "number": after + 1, "seat": seat, "label": labels[seat], "kind": asked.kind,
                "chosen": chosen,
                "options": [state.describe_option(seat, i) for i in range(len(asked.options))],
            }
        board = ""
        if game.board is not None and game.info.spectator:
            seats = [state.observation(s) for s in range(len(labels))] if hidden else None
            board = game.board().render(state.observation(SPECTATOR), labels, seats)
        summary: dict[str, Any] = match.summary() if match is not None else {
            "match_id": match_id, "game": replay.game_id, "players": replay.config.players,
            "labels": list(labels), "status": "completed", "started_at": None,
            "ended_at": None, "result": None,
        }
        if replay.result is not None:
            summary["result"] = {
                "scores": list(replay.result.scores), "ranks": list(replay.result.ranks)
            }
        return {
            **summary,
            "after": after,
            "decisions": cursor.turns,
            "hidden": hidden,
            "decision": decision,
            "board": board,
            "log": list(state.public_log()),
            "replay": replay.to_json(),
        }


def opponents(name: str, matches: Sequence[AppliedMatch]) -> list[dict[str, Any]]:
    """Per opponent: matches together, and how often ``name`` finished ahead of it,
    behind it or tied with it (each side's best seat when one holds several)."""
    table: dict[str, dict[str, Any]] = {}
    for match in matches:
        best: dict[str, int] = {}
        for who, rank in zip(match.participants, match.ranks, strict=True):
            best[who] = min(rank, best.get(who, rank))
        if name not in best:
            continue
        mine = best.pop(name)
        for who, rank in best.items():
            row = table.setdefault(who, {"opponent": who, "matches": 0, "ahead": 0,
                                         "behind": 0, "tied": 0})
            row["matches"] += 1
            row["ahead" if mine < rank else "behind" if mine > rank else "tied"] += 1
    return sorted(table.values(), key=lambda r: (-r["matches"], r["opponent"]))
