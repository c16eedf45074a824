"""Where a worker finds a bot directory: the driver's path when it holds the same files
(on the driver's node only), else the copy Ray's runtime environment unpacked onto the
node (a ``py_modules`` entry on ``sys.path``), matched by content hash; a copy with other
content is not used. Copies of one bot share a download cache, not a build record."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from engine.core import ConfigError
from services.botdir import content_hash, load_bot_dir
from services.hosted.bots import build_cache, build_home, locate
from services.hosted.options import hosted_spec


def _bot(directory: Path) -> Path:
    directory.mkdir(parents=True)
    (directory / "arena-bot.toml").write_text('name = "mine"\nrun = "./bot"\n'
                                              'ignore = ["out/"]\n')
    (directory / "bot").write_text("#!/bin/sh\nexit 0\n")
    (directory / "bot").chmod(0o755)
    return directory


def test_a_worker_finds_the_driver_path_or_the_shipped_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = _bot(tmp_path / "driver" / "mine")
    spec = hosted_spec(content_hash(load_bot_dir(original)), str(original))
    assert locate(spec) == original.resolve()
    # Another node: the driver's path is not there; Ray unpacked the directory (without
    # its ignored build outputs) below a py_modules entry on sys.path.
    unpacked = tmp_path / "ray" / "_ray_pkg_0123"
    shutil.copytree(original, unpacked / "mine")
    (original / "out").mkdir()
    (original / "out" / "built").write_text("a build output: ignored by the hash")
    monkeypatch.setattr(sys, "path", [str(unpacked), *sys.path])
    assert locate(spec) == original.resolve()  # same content (outputs ignored)
    shutil.rmtree(original)
    assert locate(spec) == (unpacked / "mine").resolve()
    # A copy with other content is some other bot: refused, never played in its place.
    (unpacked / "mine" / "bot").write_text("#!/bin/sh\nexit 1\n")
    with pytest.raises(ConfigError, match="is not on this node"):
        locate(spec)


def test_a_worker_off_the_drivers_node_uses_its_shipped_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # On a shared filesystem the driver's path is there on every node; only the driver's
    # node may use (and build) it, the others build their own copies.
    original = _bot(tmp_path / "driver" / "mine")
    spec = hosted_spec(content_hash(load_bot_dir(original)), str(original))
    unpacked = tmp_path / "ray" / "_ray_pkg_4567"
    shutil.copytree(original, unpacked / "mine")
    # Ray puts the driver's sys.path, its working directory included, on the workers'.
    monkeypatch.setattr(sys, "path", [str(original.parent), str(unpacked), *sys.path])
    assert locate(spec, original_allowed=True) == original.resolve()
    assert locate(spec, original_allowed=False) == (unpacked / "mine").resolve()


def test_copies_of_one_bot_share_a_download_cache_and_keep_their_own_builds(
        tmp_path: Path) -> None:
    first = load_bot_dir(_bot(tmp_path / "a" / "mine"))
    second = load_bot_dir(shutil.copytree(first.path, tmp_path / "b" / "mine"))
    digest = content_hash(first)
    assert content_hash(second) == digest
    assert build_home(first, digest) == build_home(second, digest)
    assert build_cache(first, digest) != build_cache(second, digest)
    assert build_home(first, "0" * 64) != build_home(first, digest)  # other content
