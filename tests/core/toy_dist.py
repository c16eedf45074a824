"""Install the toy game as a real distribution: a directory with the module and a
``.dist-info`` whose ``entry_points.txt`` names it in group ``tabletop_arena.games``.

Putting the directory on ``sys.path`` (or ``PYTHONPATH`` of a subprocess) is exactly how
Python finds an installed package's metadata, so the registry discovers the game the way
it discovers a pip-installed one; nothing in ``engine/core`` is told about it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.core import toygame

GAME_ID = "toy-duel"


def install_toy_game(root: Path) -> Path:
    """Write the distribution under ``root`` and return the directory to put on the path."""
    site = root / "site"
    site.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(toygame.__file__, site / "toygame.py")
    info = site / "toy_duel-0.1.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-duel\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[tabletop_arena.games]\n{GAME_ID} = toygame:GAME\n")
    return site
