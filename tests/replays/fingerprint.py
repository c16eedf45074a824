"""What a recorded replay must reproduce bit for bit, computed by re-simulating it.

Only the public game interface is used, as the services call it: ``get_game``, the
state's ``decision``/``describe_options``/``observation``/``apply``/``result``/
``public_log``, and the game's wire codec (``observation_bytes``, ``log_mark``,
``option``). So the fingerprint does not depend on where a game keeps its modules.

The fingerprint of a replay:

- ``result``: the final scores, ranks and details;
- ``decisions``: how many choices the game asked for before it ended (each recorded
  choice must be asked for, and the game must end with the last one);
- ``requests``: a digest of every decision request as the gateway sends it to a remote
  bot, in order: seat, decision kind, option labels, the seat's observation bytes (with
  its log resumed from the seat's previous request, as the gateway does) and each
  option's message bytes;
- ``observations``: a digest per seat of its final observation bytes (whole log), and
  of the spectator's final view where the game has one;
- ``public_log``: a digest of the final public log text.
"""

from __future__ import annotations

import hashlib
from typing import Any

from engine.core import SPECTATOR, Replay, get_game


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return h.hexdigest()


def fingerprint(replay: Replay) -> dict[str, Any]:
    """Re-simulate ``replay`` and return its fingerprint (a JSON-ready dict).

    Raises AssertionError if a recorded choice is not asked for or the game does not end
    exactly with the last choice.
    """
    game = get_game(replay.game_id)
    codec = game.wire() if game.wire is not None else None
    state = game.new_state(replay.config, replay.seed)
    marks: dict[int, Any] = {}
    requests = hashlib.sha256()
    for step, (seat, index) in enumerate(replay.choices):
        pending = state.pending_seats()
        assert seat in pending, f"choice #{step}: seat {seat} is not pending ({pending})"
        decision = state.decision(seat)
        labels = state.describe_options(seat)
        parts = [str(seat).encode(), decision.kind.encode(), "\n".join(labels).encode()]
        if codec is not None:
            seen = state.observation(seat)
            since = marks.get(seat)
            parts.append(codec.observation_bytes(seen, since))
            marks[seat] = codec.log_mark(seen)
            parts.extend(
                codec.option(seen, decision.kind, option).SerializeToString()
                for option in decision.options
            )
        requests.update(_digest(*parts).encode())
        state.apply(seat, index)
    assert state.is_terminal(), f"the game is not over after {len(replay.choices)} choices"
    result = state.result()
    seats = list(range(replay.config.players))
    if game.info.spectator:
        seats.append(SPECTATOR)
    observations = {}
    for seat in seats:
        seen = state.observation(seat)
        data = codec.observation_bytes(seen) if codec is not None else repr(seen).encode()
        observations[str(seat)] = _digest(data)
    return {
        "result": result.to_json(),  # as a replay file records it (a solo verdict too)
        "decisions": len(replay.choices),
        "requests": requests.hexdigest(),
        "observations": observations,
        "public_log": _digest("\n".join(state.public_log()).encode()),
    }
