"""Finished matches, turn by turn: where replays are found, and fast access to any turn.

A replay is looked up in the spectator feed (which keeps the newest finished matches)
and then in the replay directory of the gateways (``--replays DIR``, one
``MATCH_ID.json`` per match). :class:`ReplayCursor` re-simulates a replay once, keeping
a copy of the state every :data:`CHECKPOINT` choices, so any turn is at most that many
choices away; :class:`ReplayShelf` keeps the cursors of recently viewed matches and
caps how many replays are re-simulated at once (past the cap, :class:`ReplayBusy`: the
site answers 503 with ``Retry-After``), so readers cannot take every core from play.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from pathlib import Path

from engine.core import GameState, Replay, get_game

CHECKPOINT = 64
DEFAULT_MAX_BUILDS = 2  # replays re-simulated at once
RETRY_AFTER_SECONDS = 1


class BrokenReplay(Exception):
    """A replay that cannot be read or does not re-simulate."""


class ReplayBusy(Exception):
    """Every re-simulation slot is taken; ask again in ``retry_after`` seconds."""

    def __init__(self, match_id: str, builds: int) -> None:
        super().__init__(f"{builds} replay(s) are being re-simulated already, the most "
                         f"this site runs at once; ask for {match_id} again in "
                         f"{RETRY_AFTER_SECONDS} s")
        self.retry_after = RETRY_AFTER_SECONDS

_MATCH_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}")


def valid_match_id(match_id: str) -> bool:
    return bool(_MATCH_ID.fullmatch(match_id)) and ".." not in match_id


def load_replay_file(directory: Path | None, match_id: str) -> Replay | None:
    """The replay saved as ``directory/MATCH_ID.json``, or None."""
    if directory is None or not valid_match_id(match_id):
        return None
    path = directory / f"{match_id}.json"
    if not path.is_file():
        return None
    try:
        return Replay.load(path)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BrokenReplay(f"the replay file of {match_id} cannot be read: {exc}") from exc


class ReplayCursor:
    """Any turn (choices applied so far) of one replay."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.turns = len(replay.choices)
        state = get_game(replay.game_id).new_state(replay.config, replay.seed)
        self._checkpoints: list[GameState] = []
        for turn, (seat, index) in enumerate(replay.choices):
            if turn % CHECKPOINT == 0:
                self._checkpoints.append(state.clone())
            state.apply(seat, index)
        if self.turns % CHECKPOINT == 0:
            self._checkpoints.append(state.clone())
        if replay.result is not None and state.result().ranks != tuple(replay.result.ranks):
            raise ValueError("the replay does not reproduce its recorded result")

    def state_at(self, turn: int) -> GameState:
        """A fresh state after ``turn`` choices (0 = the opening, ``turns`` = the end)."""
        turn = max(0, min(turn, self.turns))
        base = turn // CHECKPOINT
        state = self._checkpoints[base].clone()
        for seat, index in self.replay.choices[base * CHECKPOINT:turn]:
            state.apply(seat, index)
        return state


class ReplayShelf:
    """The cursors of the ``size`` most recently viewed matches; at most ``max_builds``
    replays are re-simulated at once (one more raises :class:`ReplayBusy`)."""

    def __init__(self, size: int = 16, max_builds: int = DEFAULT_MAX_BUILDS) -> None:
        if max_builds < 1:
            raise ValueError("at least one replay must be allowed to re-simulate")
        self._size = size
        self.max_builds = max_builds
        self.building = 0  # re-simulations in progress
        self._lock = threading.Lock()
        self._cursors: OrderedDict[str, ReplayCursor] = OrderedDict()

    def cursor(self, match_id: str, replay: Replay) -> ReplayCursor:
        with self._lock:
            cursor = self._cursors.get(match_id)
            if cursor is not None and cursor.replay == replay:
                self._cursors.move_to_end(match_id)
                return cursor
            if self.building >= self.max_builds:
                raise ReplayBusy(match_id, self.max_builds)
            self.building += 1
        try:
            cursor = ReplayCursor(replay)
        except Exception as exc:  # an unknown game, an illegal choice, another result
            raise BrokenReplay(f"the replay of {match_id} does not re-simulate: {exc}") from exc
        finally:
            with self._lock:
                self.building -= 1
        with self._lock:
            self._cursors[match_id] = cursor
            while len(self._cursors) > self._size:
                self._cursors.popitem(last=False)
        return cursor
