"""What a tournament is: game, table size, entrants, format, games and seed.

A :class:`TournamentConfig` is everything that decides the schedule and the results;
it is stored in the results file, so ``arena report`` and ``--resume`` know the run.
How the run is executed (workers, Ray address, output directory) is not part of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import ConfigError, GameConfig, get_game
from engine.toolkit.checks import check_players
from services.tournament.entrants import Entrant

FORMATS = ("round-robin", "gauntlet", "swiss", "sprt")


@dataclass(frozen=True, slots=True)
class SprtParams:
    """H0: the challenger is ``elo0`` stronger; H1: ``elo1``; error rates alpha, beta."""

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05

    def validate(self) -> None:
        if not self.elo0 < self.elo1:
            raise ConfigError(f"--elo0 must be below --elo1 ({self.elo0} >= {self.elo1})")
        for label, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < value < 0.5:
                raise ConfigError(f"--{label} must be between 0 and 0.5, not {value}")

    def to_json(self) -> dict[str, float]:
        return {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta}


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """A tournament. For ``sprt`` the entrants are (challenger, baseline); for
    ``gauntlet`` the first entrant is the challenger."""

    game: str
    players: int
    format: str
    entrants: tuple[Entrant, ...]
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    cards: str | None = None
    sprt: SprtParams | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(entrant.name for entrant in self.entrants)

    @property
    def bot_specs(self) -> dict[str, str]:
        """Entrant name -> the spec a worker resolves."""
        return {entrant.name: entrant.worker_spec for entrant in self.entrants}

    def game_config(self) -> GameConfig:
        return GameConfig(self.players, dict(self.options), self.cards)

    def validate(self, min_entrants: int = 2) -> None:
        """Raise ConfigError naming the first problem. A comparison needs two entrants;
        ``arena play`` also plays one bot against itself (``min_entrants=1``)."""
        if self.format not in FORMATS:
            raise ConfigError(f"--format must be one of {', '.join(FORMATS)}, not {self.format!r}")
        game = get_game(self.game)
        info = game.info
        check_players(self.game, self.players, info.min_players, info.max_players)
        game.validate_config(self.game_config())
        if self.games < 1:
            raise ConfigError(f"--games must be at least 1, not {self.games}")
        if len(self.entrants) < min_entrants:
            wanted = "two entrants" if min_entrants == 2 else f"{min_entrants} entrant(s)"
            raise ConfigError(f"{self.format} needs at least {wanted}")
        if self.format == "swiss" and len(self.entrants) < self.players:
            raise ConfigError(
                f"swiss needs at least as many entrants as seats ({self.players}), "
                f"not {len(self.entrants)}"
            )
        if self.format == "sprt":
            if self.sprt is None or len(self.entrants) != 2:
                raise ConfigError("sprt needs --challenger and --baseline")
            self.sprt.validate()

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "format": self.format,
            "entrants": [entrant.to_json() for entrant in self.entrants],
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "cards": self.cards,
            "sprt": self.sprt.to_json() if self.sprt else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TournamentConfig:
        """The stored config; entrants keep their specs but are not re-resolved."""
        entrants = tuple(
            Entrant(e["name"], e["spec"], e["spec"], None, e.get("fingerprint"))
            for e in data["entrants"]
        )
        sprt = data.get("sprt")
        return cls(
            game=data["game"],
            players=int(data["players"]),
            format=data["format"],
            entrants=entrants,
            games=int(data["games"]),
            seed=int(data["seed"]),
            options=dict(data.get("options") or {}),
            cards=data.get("cards"),
            sprt=SprtParams(**sprt) if sprt else None,
        )
