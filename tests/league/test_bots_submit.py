"""``arena bots submit``: a bot directory stored in Redis under its content hash as a new
version of its name (the same content again adds none), capped in size with a clear
error, listed by ``arena bots list``, and fetched back on a node to the same content."""

from __future__ import annotations

import io
import os
import tarfile
from pathlib import Path

import pytest

from services.botdir import content_hash, load_bot_dir
from services.botstore import MAX_SNAPSHOT_BYTES, BotStore, SnapshotError, pack, unpack
from services.botstore.cache import node_copy
from services.cli.main import main as arena


def bot_dir(root: Path, body: str = "print('hi')\n") -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "arena-bot.toml").write_text(
        'name = "tiny"\nrun = "./bot"\nbuild = "true"\nignore = ["out/"]\n')
    (root / "bot").write_text(f"#!/bin/sh\n{body}")
    (root / "bot").chmod(0o755)
    (root / "lib").mkdir(exist_ok=True)
    (root / "lib" / "data.txt").write_text("data\n")
    os.symlink("lib/data.txt", root / "link")
    return root


def test_submit_versions_hash_list_and_fetch(
        tmp_path: Path, redis_url: str, key_prefix: str, node_cache: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    source = bot_dir(tmp_path / "tiny")
    (source / "out").mkdir()
    (source / "out" / "build-output").write_bytes(os.urandom(1000))  # ignored
    store = ["--redis", redis_url, "--key-prefix", key_prefix]
    assert arena(["bots", "submit", "tiny", str(source), *store]) == 0
    assert "version 1 (plays as tiny:v1" in capsys.readouterr().out
    assert arena(["bots", "submit", "tiny", str(source), *store]) == 0
    assert "nothing new stored" in capsys.readouterr().out
    first_hash = content_hash(load_bot_dir(source))
    (source / "bot").write_text("#!/bin/sh\necho v2\n")
    assert arena(["bots", "submit", "tiny", str(source), *store]) == 0
    assert "version 2 (plays as tiny:v2" in capsys.readouterr().out
    with BotStore(redis_url, key_prefix) as bots:
        versions = bots.versions("tiny")
        assert [(v.version, v.label) for v in versions] == [(1, "tiny:v1"), (2, "tiny:v2")]
        assert versions[0].hash == first_hash
        assert versions[1].hash == content_hash(load_bot_dir(source)) != first_hash
        # Both snapshots stay: the old version's content is still there to play.
        copy = node_copy(versions[0].hash, bots.snapshot)
        again = node_copy(versions[0].hash, lambda digest: None)  # cached: not fetched
    assert copy == again == node_cache / "arena-submitted" / first_hash
    assert content_hash(load_bot_dir(copy)) == first_hash
    assert (copy / "link").is_symlink() and (copy / "link").read_text() == "data\n"
    assert not (copy / "out").exists()
    assert os.access(copy / "bot", os.X_OK)
    assert arena(["bots", "list", *store]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"tiny:v2  hash {versions[1].hash[:12]}  {versions[1].bytes:,} bytes  (2 versions)"]


def test_a_snapshot_over_the_cap_is_refused_and_nothing_is_stored(
        tmp_path: Path, redis_url: str, key_prefix: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    source = bot_dir(tmp_path / "big")
    (source / "weights.bin").write_bytes(os.urandom(MAX_SNAPSHOT_BYTES + 1))
    store = ["--redis", redis_url, "--key-prefix", key_prefix]
    assert arena(["bots", "submit", "big", str(source), *store]) == 2
    err = capsys.readouterr().err
    assert "over the cap of 8,388,608 (8 MiB) per snapshot" in err
    assert "ignore" in err
    with BotStore(redis_url, key_prefix) as bots:
        assert bots.bots() == {}
    assert arena(["bots", "submit", "big", str(tmp_path / "nowhere"), *store]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert arena(["bots", "submit", "bad:name", str(source), *store]) == 2
    assert "invalid bot name" in capsys.readouterr().err


def test_unpack_refuses_what_leaves_the_directory_or_is_not_as_named(tmp_path: Path) -> None:
    source = bot_dir(tmp_path / "tiny")
    bot = load_bot_dir(source)
    data = pack(bot)
    assert pack(bot) == data  # reproducible bytes
    with pytest.raises(SnapshotError, match="unpacked to content"):
        unpack(data, "0" * 64, tmp_path / "wrong")

    def archive(*members: tarfile.TarInfo) -> bytes:
        out = io.BytesIO()
        with tarfile.open(fileobj=out, mode="w:gz") as tar:
            for member in members:
                tar.addfile(member, io.BytesIO(b"x" * member.size) if member.isfile() else None)
        return out.getvalue()

    escape = tarfile.TarInfo("../evil")
    escape.size = 1
    with pytest.raises(SnapshotError, match="not a plain relative path"):
        unpack(archive(escape), "0" * 64, tmp_path / "a")
    link = tarfile.TarInfo("l")
    link.type, link.linkname = tarfile.SYMTYPE, "../../etc"
    with pytest.raises(SnapshotError, match="leaves the directory"):
        unpack(archive(link), "0" * 64, tmp_path / "b")
    dot = tarfile.TarInfo("d")
    dot.type, dot.linkname = tarfile.SYMTYPE, "."
    through = tarfile.TarInfo("d/x")
    through.size = 1
    with pytest.raises(SnapshotError, match="goes through a link"):
        unpack(archive(dot, through), "0" * 64, tmp_path / "c")
    assert not (tmp_path / "evil").exists()
