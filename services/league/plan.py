"""What a league plays: queues, each with its entrants and matchmaking policy.

An entrant's ``label`` is its ladder identity: ``builtin:SPEC`` for a built-in bot (the
label the gateway's fill seats are rated under, so they are one row), the entrant's
name for a bot directory (as a house bot is), ``NAME:vN`` for version N of a submitted
bot. Its ``spec`` is what a worker plays: a built-in spec, a hosted bot directory
(``botdir:HASH:PATH``) or a submitted snapshot (``submitted:HASH``, fetched and unpacked
on the worker's node first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.core import GameConfig, get_game
from services.gateway.match import FILL_LABEL_PREFIX
from services.gateway.queues import QueueSpec
from services.matchmaking.policy import MATCH_RATINGS, Policy

SUBMITTED_PREFIX = "submitted:"
# What the policy reads as a bot's rating: the skill's mean mu (the league's default),
# or Elo.
RATINGS = MATCH_RATINGS
Rating = Literal["elo", "mu"]


def builtin_label(spec: str) -> str:
    return FILL_LABEL_PREFIX + spec


def submitted_spec(digest: str) -> str:
    return SUBMITTED_PREFIX + digest


@dataclass(frozen=True, slots=True)
class LeagueEntrant:
    label: str
    spec: str


@dataclass(frozen=True, slots=True)
class LeagueQueue:
    """One queue of the league: its spec (id, game, players, options, fill), its
    entrants and its matchmaking policy."""

    spec: QueueSpec
    entrants: tuple[LeagueEntrant, ...]
    policy: Policy

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def fill_label(self) -> str:
        return builtin_label(self.spec.fill)

    def game_config(self) -> GameConfig:
        game = get_game(self.spec.game)
        return GameConfig(self.spec.players, {**game.default_options, **self.spec.options},
                          self.spec.cards)

    def worker_specs(self) -> dict[str, str]:
        """Label -> spec of every entrant and of the fill bot."""
        specs = {entrant.label: entrant.spec for entrant in self.entrants}
        specs.setdefault(self.fill_label, self.spec.fill)
        return specs


@dataclass(frozen=True, slots=True)
class LeaguePlan:
    """The league's queues, and whether the policy groups by μ or by Elo."""

    queues: tuple[LeagueQueue, ...]
    rating: Rating = "mu"
