"""What a spectator of a live match is shown: built from ``observation(SPECTATOR)``.

:class:`SpectatorView` follows a match's choices on a private copy of the game (the
feed gives config, seed and choices) and exposes only the public side: the game's board
drawn from the spectator observation, and the public log. A new frame exists only when
the public view changed, so a hidden choice (a card passed face down) shows nothing,
not even that someone chose. Games that do not declare a spectator view show no board
and no log while they run.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import SPECTATOR, GameConfig, get_game


@dataclass(frozen=True, slots=True)
class PublicFrame:
    """The public view at one moment. ``number`` counts the frames since the start (the
    opening position is frame 1); ``log`` is the whole public log so far."""

    number: int
    board: str
    log: tuple[str, ...]
    over: bool


class SpectatorView:
    def __init__(
        self, game_id: str, config: GameConfig, seed: int, labels: Sequence[str]
    ) -> None:
        game = get_game(game_id)
        self._public = game.info.spectator
        self._board = game.board() if self._public and game.board is not None else None
        self._labels = tuple(labels)
        self._state = game.new_state(config, seed)
        self.applied = 0
        self._seen: Any = self._observe()
        self._frames = 1

    def _observe(self) -> Any:
        return self._state.observation(SPECTATOR) if self._public else None

    def follow(self, choices: Iterable[tuple[int, int]]) -> bool:
        """Apply the next choices; True if the public view changed."""
        changed = False
        for seat, index in choices:
            self._state.apply(seat, index)
            self.applied += 1
            seen = self._observe()
            if seen != self._seen:
                self._seen = seen
                self._frames += 1
                changed = True
        return changed

    def frame(self) -> PublicFrame:
        board = "" if self._board is None else self._board.render(self._seen, self._labels)
        log = self._state.public_log() if self._public else ()
        return PublicFrame(self._frames, board, tuple(log), self._state.is_terminal())
