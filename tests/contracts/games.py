"""What the contract tests need from each installed game, and where they find it.

Every game of the registry (``available_games()``, the test-only ``toy`` aside) supplies a
``CONTRACT`` in ``tests/<package>/contract.py``: the options and card file of a served
match, the requests its seats must be sent, bad ``serve`` arguments, seeded states and a
function that changes what a seat cannot see. The contract files in this package
(``test_gateway.py``, ``test_cli.py``, ``test_spectator.py``, ``test_web_leak.py``) are
parametrized over :data:`GAMES`, so a new game gets their coverage by writing its
``contract.py``, not by copying a test file.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from arena.v1 import arena_pb2

from engine.core import GameState, Replay, available_games

# (replay, which seats are remote) -> per remote seat, the requests it must be sent.
ExpectedRequests = Callable[[Replay, Sequence[bool]], dict[int, list[arena_pb2.DecisionRequest]]]
# (state, seat, rng) -> copies of the state that differ only in what ``seat`` cannot see.
HiddenVariants = Callable[[Any, int, random.Random], list[GameState]]


@dataclass(frozen=True)
class ServedMatch:
    """A rated two-remote-bot match through the gateway with engine options and a card file."""

    options: dict[str, Any]
    cards: str  # a card file text that differs from the packaged one
    expected_requests: ExpectedRequests
    kinds: frozenset[str]  # decision kinds the match must ask
    # Game-specific checks of the remote requests (the custom cards reached the seats ...).
    check_requests: Callable[[list[arena_pb2.DecisionRequest]], None] = lambda _r: None
    players: int = 2
    timeout: float = 600


@dataclass(frozen=True)
class PlayRuns:
    """``arena play`` runs (``test_cli.py``): one per seat count, and one with a card file."""

    bots: dict[int, str]  # players -> --bots of a two-game run with replays
    replay_marks: tuple[str, ...]  # text ``arena replay`` prints for such a match
    card_players: int
    card_suffix: str  # the card file's name ends so
    card_options: dict[str, Any]  # --option values of the card run, as the replay holds them
    # The re-simulated state of the card run (its options and cards took effect).
    check_card_state: Callable[[Any], None]
    card_replay_text: str = ""  # a renamed card's name ``arena replay`` prints, if any
    # Bad ``arena play`` arguments of this game: (extra args, error wording).
    bad_args: tuple[tuple[tuple[str, ...], str], ...] = ()


@dataclass(frozen=True)
class WebLeak:
    """A live match watched through the spectator endpoints (``test_web_leak.py``)."""

    players: int
    bot_delay: float  # seconds the remote bot waits after each decision
    bot_seed: int
    # More copies of a true state the public drawing must not tell apart (beyond the
    # hidden-information variants), e.g. the Monster moved to another hand; when given,
    # the match must produce some.
    more_variants: Callable[[Any, random.Random], list[GameState]] | None = None
    # Game-specific checks of one board sent, given a true state that draws it; returns
    # how many facts it checked (the match must give it some).
    check_board: Callable[[str, Any], int] | None = None


@dataclass(frozen=True)
class GameContract:
    game: str
    served: ServedMatch
    bad_serve_args: tuple[tuple[tuple[str, ...], str], ...]  # (extra args, error wording)
    hidden_variants: HiddenVariants
    # States to probe the spectator view at (a fixed, seeded sample of random play).
    spectator_states: Callable[[], Iterator[GameState]]
    web_leak: WebLeak
    play: PlayRuns


GAMES = [g for g in available_games() if g != "toy"]


def contract(game_id: str) -> GameContract:
    """The game's ``CONTRACT`` from ``tests/<package>/contract.py``."""
    module = importlib.import_module(f"tests.{game_id.replace('-', '_')}.contract")
    found = module.CONTRACT
    assert isinstance(found, GameContract) and found.game == game_id
    return found
