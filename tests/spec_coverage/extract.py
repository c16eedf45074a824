"""Rebuild ``<game>.sections``, the committed list of rule ids of a spec.

Run it after a spec changes (``python -m tests.spec_coverage.extract /path/to/rules``); CI never
runs it, because the specs live outside the repository. An id is
- a numbered heading (``## 8.``, ``### 7.5``, ``#### 12.4.1``) or a numbered paragraph
  (``4.3 **Send workers.**``);
- a numbered list item at the start of a line, as ``<enclosing id>.<n>`` (``5.4.3``, FAQ ``10.7``);
- a row of the tables listed in ``TABLES`` (decisions ``D-12``, ability keywords ``19.venom``, ...).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

GAMES = ("monster_my_neighbor", "epic_resort", "ark_nova")
HERE = Path(__file__).parent

# Tables whose rows are separate rules: game -> {section id: id prefix ("" for ids like D-01)}.
TABLES: dict[str, dict[str, str]] = {
    "monster_my_neighbor": {"7.13": "7.13."},
    "epic_resort": {"13": "13.", "16": "16."},
    "ark_nova": {"16": "16.", "18": "18.", "19": "19.", "20.2": "20.2.", "22": ""},
}

# Bulleted rules listed one by one: game -> {section id: id prefix}; the key is "Map N".
BULLETS: dict[str, dict[str, str]] = {"ark_nova": {"21.4": "21.4.map"}}
BULLET = re.compile(r"^- \*\*Map (\d+)")

HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)*)\.? +(.*)$")
PARAGRAPH = re.compile(r"^(\d+\.\d+(?:\.\d+)*) +([A-Z*].*)$")
LIST_ITEM = re.compile(r"^(\d+)\. +(.*)$")
ROW = re.compile(r"^\| *([^|]+?) *\|(.*)$")
SEPARATOR = re.compile(r"^\|[ :|-]+\|\s*$")


def _clean(text: str) -> str:
    return re.sub(r"[*`]", "", text).strip()[:70]


def _row_key(cell: str) -> str:
    """The id part of a table row's first cell: a backticked word, a number or a D-number."""
    if " / " in cell:  # "Vampiro / Vampire": the English name
        cell = cell.split(" / ", 1)[1]
    tick = re.search(r"`([a-z_-]+)", cell)
    if tick:
        return tick.group(1)
    word = re.match(r"(D-\d+|\d+|[A-Za-z]+)", cell.strip())
    if not word:
        return ""
    return word.group(1) if word.group(1).startswith("D-") else word.group(1).lower()


def extract(text: str, tables: dict[str, str], bullets: dict[str, str]) -> list[tuple[str, str]]:
    """Every rule id of a spec with a short title, in document order."""
    out: list[tuple[str, str]] = []
    section = heading = ""
    in_code = False
    lines = text.splitlines()
    for n, line in enumerate(lines):
        header_row = n + 1 < len(lines) and SEPARATOR.match(lines[n + 1]) is not None
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            continue
        if m := HEADING.match(line):
            section = heading = m.group(1)
            out.append((section, _clean(m.group(2))))
        elif m := PARAGRAPH.match(line):
            section = m.group(1)
            out.append((section, _clean(m.group(2))))
        elif m := LIST_ITEM.match(line):
            out.append((f"{section}.{m.group(1)}", _clean(m.group(2))))
        elif heading in bullets and (m := BULLET.match(line)):
            out.append((f"{bullets[heading]}{m.group(1)}", _clean(line[2:])))
        elif heading in tables and not header_row and (m := ROW.match(line)):
            key = _row_key(m.group(1))
            if key and not set(m.group(1)) <= set("-: "):
                out.append((f"{tables[heading]}{key}", _clean(m.group(1) + " " + m.group(2))))
    ids = [i for i, _ in out]
    dupes = {i for i in ids if ids.count(i) > 1}
    if dupes:
        raise ValueError(f"duplicate rule ids: {sorted(dupes)}")
    return out


def main(rules_dir: str) -> None:
    for game in GAMES:
        spec = Path(rules_dir, f"{game}.md").read_text(encoding="utf-8")
        rows = extract(spec, TABLES[game], BULLETS.get(game, {}))
        lines = [f"{rule_id}\t{title}" for rule_id, title in rows]
        (HERE / f"{game}.sections").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(game, len(rows), "rule ids")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m tests.spec_coverage.extract RULES_DIR (the directory of "
                 "the specs, <game>.md each; they are not in this repository)")
    main(sys.argv[1])
