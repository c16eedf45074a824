"""What the core's ``mcts`` bot needs from Monster My Neighbor: sampling a state from an
observation (:mod:`determinize`); rollouts play to the end of the game."""

from __future__ import annotations

from engine.core import Search
from engine.monster_my_neighbor.determinize import determinize

SEARCH = Search(sample=determinize, defaults={"iterations": 100})
