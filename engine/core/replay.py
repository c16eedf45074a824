"""Replays: (game, config, seed, choices) reproduce a match exactly."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.game import GameConfig, GameState
from engine.core.registry import get_game
from engine.core.result import Result

REPLAY_FORMAT = 1


@dataclass(frozen=True, slots=True)
class Replay:
    """Everything needed to re-simulate a match, plus the recorded result to check."""

    game_id: str
    config: GameConfig
    seed: int
    choices: tuple[tuple[int, int], ...]
    result: Result | None = None
    labels: Sequence[str] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "format": REPLAY_FORMAT,
            "game": self.game_id,
            "config": self.config.to_json(),
            "seed": self.seed,
            "choices": [list(c) for c in self.choices],
            "result": self.result.to_json() if self.result else None,
            "labels": list(self.labels),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Replay:
        if data.get("format") != REPLAY_FORMAT:
            raise ValueError(f"unsupported replay format {data.get('format')!r}")
        return cls(
            game_id=data["game"],
            config=GameConfig.from_json(data["config"]),
            seed=int(data["seed"]),
            choices=tuple((int(s), int(i)) for s, i in data["choices"]),
            result=Result.from_json(data["result"]) if data.get("result") else None,
            labels=tuple(data.get("labels", ())),
        )

    def save(self, path: str | Path) -> None:
        """Write the replay to ``path`` atomically: a reader (the web site lists replay
        files as they appear) sees either no file, the old one, or the whole new one."""
        path = Path(path)
        text = json.dumps(self.to_json(), separators=(",", ":"))
        partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
        try:
            partial.write_text(text)
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        return cls.from_json(json.loads(Path(path).read_text()))


StepHook = Callable[[GameState, int, int], None]


def replay_match(replay: Replay, before_step: StepHook | None = None) -> GameState:
    """Re-simulate a replay and return the final state.

    ``before_step(state, seat, index)`` is called before each choice is applied (for
    printing logs). Raises ValueError if the recorded result does not match.
    """
    game = get_game(replay.game_id)
    state = game.new_state(replay.config, replay.seed)
    for seat, index in replay.choices:
        if before_step is not None:
            before_step(state, seat, index)
        state.apply(seat, index)
    if replay.result is not None:
        if not state.is_terminal():
            raise ValueError("replay ended before the game did")
        got = _normalised(state.result())
        if got != _normalised(replay.result):
            raise ValueError(f"result mismatch: recorded {replay.result}, re-simulated {got}")
    return state


def _normalised(result: Result) -> dict[str, Any]:
    """A result as it reads back from JSON (tuples become lists), for comparison."""
    return json.loads(json.dumps(result.to_json()))
