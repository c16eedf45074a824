"""Unpack a CPython distribution from the Go module github.com/kluctl/go-embed-python.

The module (fetched through the Go module proxy, checksum-verified by ``go mod
download``) holds a python-build-standalone build per platform under
``python/internal/data/<os>-<arch>``, with some files gzipped and a ``files.json``
listing every file with its permissions and symlinks. This rebuilds the install tree.

Usage: python3 unpack-embedded-python.py SOURCE_DIR DEST_DIR
"""

from __future__ import annotations

import gzip
import json
import shutil
import sys
from pathlib import Path

_DIRECTORY = 1 << 31  # Go's fs.ModeDir in "perm"


def unpack(source: Path, dest: Path) -> int:
    """Rebuild the tree listed in ``source/files.json`` under ``dest``; returns the
    number of entries."""
    listing = json.loads((source / "files.json").read_text())["files"]
    partial = dest.with_name(dest.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    for entry in listing:
        name, perm = entry["name"], entry["perm"]
        target = partial / name
        if perm & _DIRECTORY:
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if "symlink" in entry:
            target.symlink_to(entry["symlink"])
            continue
        plain, packed = source / name, source / (name + ".gz")
        if plain.exists():
            shutil.copyfile(plain, target)
        elif packed.exists():
            with gzip.open(packed) as data, target.open("wb") as out:
                shutil.copyfileobj(data, out)
        else:
            raise SystemExit(f"{source}: files.json lists {name}, which is missing")
        target.chmod(perm & 0o777)
    shutil.rmtree(dest, ignore_errors=True)
    partial.rename(dest)  # a complete tree or none: an interrupted run leaves no half install
    return len(listing)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    count = unpack(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"unpacked {count} entries into {sys.argv[2]}")
