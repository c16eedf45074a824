"""The docs stand alone in a clone: every repository path they name exists, and none
points outside the repository (``../shared/...`` is on developers' machines only)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOP = ("engine/", "services/", "docs/", "proto/", "clients/", "tests/", "bench/", "deploy/",
       ".ci/")
GAMES = ("monster_my_neighbor", "epic_resort", "ark_nova")
# Placeholders the docs use for "each of these" (None: every starter kit).
PLACEHOLDERS = {"<game>": GAMES, "<kit>": None, "<lang>": None, "<language>": None}
BRACES = re.compile(r"\{([^{}]*)\}")
CODE = re.compile(r"`([^`\s]+)`")


def _documents() -> list[Path]:
    found = [ROOT / "README.md", *ROOT.glob("docs/**/*.md"), *ROOT.glob("clients/*.md"),
             *ROOT.glob("clients/*/README.md"), *ROOT.glob("deploy/**/*.md"),
             *ROOT.glob("engine/**/README.md")]
    return sorted(p for p in found if "node_modules" not in p.parts)


def _expand(path: str) -> list[str]:
    """Every path ``path`` stands for: placeholders and ``{a,b}`` alternatives expanded."""
    kits = [p.name for p in (ROOT / "clients").iterdir() if (p / "run").exists()]
    if braces := BRACES.search(path):
        return [x for alt in braces.group(1).split(",")
                for x in _expand(path[:braces.start()] + alt + path[braces.end():])]
    for mark, values in PLACEHOLDERS.items():
        if mark in path:
            return [x for value in (values or kits) for x in _expand(path.replace(mark, value))]
    return [path]


def _exists(path: str) -> bool:
    path = re.sub(r":\d+$", "", path.split("::")[0].rstrip(".,;:)"))
    if any(ch in path for ch in "*?["):
        return any(ROOT.glob(path))
    return (ROOT / path).exists()


def _inside(document: Path, relative: str) -> bool:
    """Whether ``relative`` names an existing path of the repository from the document's
    directory or one below it (the kits' README speaks from a kit's directory)."""
    bases = [document.parent, *(p for p in document.parent.iterdir() if p.is_dir())]
    for base in bases:
        target = (base / relative).resolve()
        if target.is_relative_to(ROOT) and target.exists():
            return True
    return False


@pytest.mark.parametrize("document", _documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_a_document_names_is_in_the_repository(document: Path) -> None:
    outside, missing = [], []
    for token in CODE.findall(document.read_text(encoding="utf-8")):
        named_outside = "shared/rules" in token or "shared/data" in token
        if named_outside or (token.startswith("../") and not _inside(document, token)):
            outside.append(token)
        elif token.startswith(TOP) and "/" in token.rstrip("/"):
            missing += [p for p in _expand(token) if not _exists(p)]
    assert outside == [], f"{document.name} points outside the repository: {outside}"
    assert missing == [], f"{document.name} names paths a clone does not have: {missing}"
