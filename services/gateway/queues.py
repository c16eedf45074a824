"""Queues: what one gateway hosts, a (game, players, options) each with a ladder of its own.

A queue's id names it in Hello (beside game ids) and is the key of its ladder in the
store. ``arena serve --game G --players N`` (the one-queue shorthand) hosts one queue
whose id is the bare game id, ``G``: the key every single-queue ladder had before
queues existed, so those ladders keep reading. A queue given with ``--queue`` or
``--config`` gets ``GAME-Np`` (``monster-my-neighbor-4p``), followed by ``-`` and eight
hex digits of a digest of its options and card file when it has any, unless it names its
own ``id`` (``id=monster-my-neighbor`` carries on a ladder the shorthand started).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

QUEUE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
# Keys of a --queue spec that are about the queue, not engine options.
QUEUE_KEYS = ("id", "fill", "cards")


@dataclass(frozen=True, slots=True)
class QueueSpec:
    """One hosted queue: matches of ``game`` with ``players`` seats and engine ``options``
    (over the game's defaults), ``cards`` the text of a card file (None: the embedded
    defaults), empty seats played by the built-in bot ``fill``; ``id`` names it and its
    ladder."""

    id: str
    game: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    fill: str = "random"
    cards: str | None = None

    def describe(self) -> str:
        """``monster-my-neighbor-4p (monster-my-neighbor, 4 players)``."""
        extra = ", options " + json.dumps(dict(self.options), sort_keys=True) \
            if self.options else ""
        cards = ", custom cards" if self.cards is not None else ""
        return f"{self.id} ({self.game}, {self.players} players{extra}{cards})"


def default_queue_id(game: str, players: int, options: Mapping[str, Any],
                     cards: str | None) -> str:
    """``GAME-Np``, plus ``-`` and 8 hex digits of the options and cards when there are any."""
    base = f"{game}-{players}p"
    if not options and cards is None:
        return base
    text = json.dumps({"options": dict(options), "cards": cards}, sort_keys=True,
                      default=str)
    return f"{base}-{hashlib.blake2b(text.encode(), digest_size=4).hexdigest()}"


def check_queue_id(queue_id: str, game: str, games: Iterable[str]) -> None:
    """Raise ValueError unless ``queue_id`` can key a ladder and is not another game's id."""
    if not QUEUE_ID.fullmatch(queue_id):
        raise ValueError(f"queue id {queue_id!r} must be 1-64 lowercase letters, digits "
                         "and dashes, starting with a letter or digit")
    if queue_id != game and queue_id in set(games):
        raise ValueError(f"queue id {queue_id!r} is the id of another game")


def check_distinct(queues: Sequence[QueueSpec]) -> None:
    """Raise ValueError if two queues share an id (and so a ladder)."""
    seen: set[str] = set()
    for queue in queues:
        if queue.id in seen:
            raise ValueError(f"two queues have the id {queue.id!r} (give one another id=)")
        seen.add(queue.id)


def admitted(queues: Sequence[QueueSpec], asked: Sequence[str]) -> list[QueueSpec]:
    """The queues a Hello naming ``asked`` (game ids or queue ids) is admitted to: every
    queue when it names none."""
    if not asked:
        return list(queues)
    wanted = set(asked)
    return [q for q in queues if q.id in wanted or q.game in wanted]


def hosted_text(queues: Sequence[QueueSpec]) -> str:
    """What the server hosts, for a refusal: its games, and its queue ids when a game has
    several queues or a queue is not named by its game."""
    games = list(dict.fromkeys(q.game for q in queues))
    ids = [q.id for q in queues if q.id != q.game]
    return ", ".join(games) + (f" (queues {', '.join(ids)})" if ids else "")
