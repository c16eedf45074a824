"""Monster My Neighbor's ``boss``: the core's mcts (:mod:`engine.toolkit.boss`) with
defaults tuned against its predecessors (``docs/strength.md``); no root pruning, as
decisions here are small."""

from __future__ import annotations

from typing import Any

from engine.toolkit.boss import boss_factory

BOSS_DEFAULTS: dict[str, Any] = {"iterations": 100, "tree": "self", "crn": True}

BossBot = boss_factory(BOSS_DEFAULTS)
