"""Built-in bots of this game: ``heuristic`` (``random`` and ``mcts`` come from the core)."""

from __future__ import annotations

from engine.monster_my_neighbor.heuristic import HeuristicBot

__all__ = ["HeuristicBot"]
