"""Board views: a game's observations drawn as SVG, for people watching a match.

A game may offer a :class:`BoardView` through ``Game.board`` (built lazily, like the
wire codec; only the web front end uses it). It draws from observations alone: the
public view of a live match comes from ``observation(SPECTATOR)``, so the drawing can
show nothing the observation gate withholds. After the match, every seat's observation
may be passed too, and the view then also shows what was hidden (hands, private notes).
A game usually draws with :class:`engine.toolkit.svg.Svg`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class BoardView(Protocol):
    def render(
        self, public: Any, labels: Sequence[str], seats: Sequence[Any] | None = None
    ) -> str:
        """The SVG of ``public`` (a spectator observation) with seat ``labels``; with
        ``seats`` (every seat's observation, after the match) also the hidden parts."""
        ...
